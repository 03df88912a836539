// One CSV cell for every file the panel writes, on the server (user, FulFillments and audit log
// exports) and in the browser (upload reports, chart tables): RFC 4180 quoting plus the OWASP
// defence against CSV injection, so a spreadsheet never runs a cell as a formula.

/** Characters a spreadsheet reads as the start of a formula, the fullwidth forms included (some spreadsheets read them as the ASCII ones). */
const FORMULA_CHARS = '=+\\-@\\uFF1D\\uFF0B\\uFF0D\\uFF20';

/**
 * A cell to defuse: one that starts with a formula character (after spaces), a tab or a CR; or one
 * where a formula character follows a character a spreadsheet may split on (',' ';' tab, or a line
 * break for a reader that splits lines first), since the split would start a new cell with it.
 */
const NEEDS_DEFUSING = new RegExp(`^[\\t\\r]|(?:^|[,;\\t\\r\\n])[ \\t]*[${FORMULA_CHARS}]`);

/** Quoted so no reader splits it: the RFC 4180 specials, and ';' and tab, which other locales split on. */
const NEEDS_QUOTES = /[",;\t\r\n]/;

export type CsvValue = string | number | boolean | null;

/**
 * The cell as written to the file. Text to defuse gets a leading apostrophe (OWASP: the spreadsheet
 * then shows text) and, holding a separator, double quotes around it all, so the part after the
 * separator stays inside this cell. Numbers and booleans are written as they are: a negative
 * number is data, not a formula.
 */
export function csvCell(value: CsvValue): string {
  if (value === null) return '';
  if (typeof value !== 'string') return String(value);
  const text = NEEDS_DEFUSING.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One CSV line (CRLF ended) of these cells. */
export const csvLine = (cells: readonly CsvValue[]): string => `${cells.map(csvCell).join(',')}\r\n`;
