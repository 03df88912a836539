// The strict reader of an uploaded CSV of one identifier per row (emails, usernames or user ids):
// bulk edit's file, and any list of people a section takes as a file. Pure: the server reads the
// upload with it and the panel checks a file's name, type and size with it before sending.
// A file that is not text is refused whole; a text file is read row by row, and every row not
// taken is reported with its number, its value and why, so the person can fix the file.
import * as v from 'valibot';
import { csvLine } from './csv-cell';
import { countText } from './format';

/** Bytes one file may hold: under the server's 1 MiB body cap, with room for the form around it. */
export const CSV_UPLOAD_MAX_BYTES = 1_000_000;
/** Identifier rows one file may hold (a bulk edit changes at most 100,000 users). */
export const CSV_UPLOAD_MAX_ROWS = 100_000;
/** Longest identifier: an email's limit. */
export const CSV_IDENTIFIER_MAX = 254;
/** Names a first row may give the column; such a row is a header, skipped and said so. */
export const CSV_HEADER_NAMES: readonly string[] = [
  'email',
  'emails',
  'e-mail',
  'username',
  'usernames',
  'user_name',
  'user_id',
  'userid',
  'user id',
  'id',
  'ids',
  'identifier',
  'identifiers',
];
const EXTENSIONS = ['.csv', '.txt'];
/** What browsers and mail clients call a CSV (Windows sends the Excel type); '' when unknown. */
const TYPES = [
  '',
  'text/csv',
  'text/plain',
  'application/csv',
  'application/vnd.ms-excel',
  'text/comma-separated-values',
];

export const NOT_TEXT = 'This is not a text CSV file.';

export const CsvRowProblem = v.object({
  /** 1-based row of the file, the header counted. */
  row: v.number(),
  value: v.string(),
  reason: v.string(),
});
export type CsvRowProblem = v.InferOutput<typeof CsvRowProblem>;

export interface CsvIdentifier {
  row: number;
  value: string;
}

export type CsvUpload =
  | {
      ok: true;
      /** Each identifier once (case-insensitively), in file order. */
      identifiers: CsvIdentifier[];
      /** The first row's text when it was read as a header. */
      header: string | null;
      /** Rows not taken, in row order. */
      problems: CsvRowProblem[];
    }
  | { ok: false; reason: string; problems: CsvRowProblem[] };

/**
 * Why a file cannot be a CSV upload by its name, type and size, or null. `maxBytes` is the
 * server's upload cap by default; a file read in the browser (bulk tag upload) may be larger.
 */
export function csvFileProblem(
  file: { name: string; type: string; size: number },
  maxBytes = CSV_UPLOAD_MAX_BYTES,
): string | null {
  const name = file.name.toLowerCase();
  if (!EXTENSIONS.some((e) => name.endsWith(e))) return `${NOT_TEXT} Choose a .csv (or .txt) file.`;
  if (!TYPES.includes(file.type.split(';')[0]!.trim().toLowerCase())) return `${NOT_TEXT} Its type is ${file.type}.`;
  if (file.size === 0) return 'The file is empty.';
  if (file.size > maxBytes) return `The file holds ${countText(file.size)} bytes; send at most ${countText(maxBytes)}.`;
  return null;
}

// Control characters other than tab, CR and LF (a binary file has them; no CSV of names does).
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

/** The file's text: valid UTF-8, its byte-order mark dropped, no NUL or other control bytes. */
export function decodeCsvText(bytes: Uint8Array): { ok: true; text: string } | { ok: false; reason: string } {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return { ok: false, reason: `${NOT_TEXT} It is not UTF-8 text.` };
  }
  if (CONTROL.test(text)) return { ok: false, reason: `${NOT_TEXT} It holds control bytes (as binary files do).` };
  return { ok: true, text };
}

export interface CsvRow {
  row: number;
  cells: string[];
}

/**
 * RFC 4180 rows: fields split by commas, quoted fields may hold commas, quotes ("") and line
 * breaks; rows end with CRLF, LF or CR. `error` names the first row that breaks the quoting;
 * the rows before it are returned. With `stopAfter`, splitting stops once that many rows holding
 * a value are read, and `more` says text was left unread: a file over a row limit is refused
 * from its first rows, its rest never split.
 */
export function csvRows(
  text: string,
  options: { stopAfter?: number } = {},
): { rows: CsvRow[]; error: CsvRowProblem | null; more: boolean } {
  const rows: CsvRow[] = [];
  const stopAfter = options.stopAfter ?? Infinity;
  let filled = 0;
  let cells: string[] = [];
  let cell = '';
  let line = 1;
  let rowStart = 1;
  let i = 0;
  const endRow = () => {
    cells.push(cell);
    rows.push({ row: rowStart, cells });
    if (cells.some((c) => c.trim() !== '')) filled++;
    cells = [];
    cell = '';
  };
  while (i < text.length) {
    const ch = text[i]!;
    if (ch === '"' && cell.trim() === '') {
      // A quoted field: up to the closing quote, "" standing for one quote.
      const startLine = line;
      let value = '';
      i++;
      for (;;) {
        if (i >= text.length)
          return {
            rows,
            error: {
              row: rowStart,
              value: value.slice(0, 80),
              reason: `The quote opened in row ${startLine} is never closed.`,
            },
            more: false,
          };
        const c = text[i]!;
        if (c === '"') {
          if (text[i + 1] === '"') {
            value += '"';
            i += 2;
            continue;
          }
          i++;
          break;
        }
        if (c === '\n' || (c === '\r' && text[i + 1] !== '\n')) line++;
        value += c;
        i++;
      }
      // Only spaces may follow the closing quote before the comma or the line's end.
      while (text[i] === ' ' || text[i] === '\t') i++;
      const next = text[i];
      if (next !== undefined && next !== ',' && next !== '\r' && next !== '\n') {
        return {
          rows,
          error: {
            row: rowStart,
            value: value.slice(0, 80),
            reason: 'Text follows a closing quote; quote the whole value and double the quotes inside it.',
          },
          more: false,
        };
      }
      cell = value;
      continue;
    }
    if (ch === ',') {
      cells.push(cell);
      cell = '';
      i++;
      continue;
    }
    if (ch === '\r' || ch === '\n') {
      i += ch === '\r' && text[i + 1] === '\n' ? 2 : 1;
      endRow();
      line++;
      rowStart = line;
      if (filled >= stopAfter && i < text.length) return { rows, error: null, more: true };
      continue;
    }
    cell += ch;
    i++;
  }
  if (cell !== '' || cells.length > 0) endRow();
  return { rows, error: null, more: false };
}

export interface IdentifierCsvOptions {
  maxRows?: number;
  headerNames?: readonly string[];
  /** The rows given are the first of a file read no further (csvRows' `more`): it holds more. */
  more?: boolean;
}

/**
 * A CSV of one identifier per row, read strictly: blank rows are skipped, blank cells (a trailing
 * comma) do not count as columns, a first row naming the column is a header, a row with more
 * than one value is reported (never read as one), a repeated identifier is reported and counted
 * once, an over-long one is reported. More rows than the limit refuse the whole file.
 */
export function readIdentifierCsv(bytes: Uint8Array, options: IdentifierCsvOptions = {}): CsvUpload {
  const decoded = decodeCsvText(bytes);
  if (!decoded.ok) return { ok: false, reason: decoded.reason, problems: [] };
  // A header and one row over the limit are all it takes to refuse the file, so the rows after
  // them are never split: the largest files allowed are refused as fast as small ones.
  const { rows, error, more } = csvRows(decoded.text, { stopAfter: (options.maxRows ?? CSV_UPLOAD_MAX_ROWS) + 2 });
  if (error) return { ok: false, reason: `Row ${countText(error.row)}: ${error.reason}`, problems: [error] };
  return classifyIdentifierRows(rows, { ...options, more });
}

/**
 * The per-row rules of an identifier CSV, whoever split the rows (csvRows on the server,
 * papaparse in the browser's worker: src/domain/identifier-file.ts), so one rule set decides.
 */
export function classifyIdentifierRows(rows: readonly CsvRow[], options: IdentifierCsvOptions = {}): CsvUpload {
  const maxRows = options.maxRows ?? CSV_UPLOAD_MAX_ROWS;
  const headerNames = options.headerNames ?? CSV_HEADER_NAMES;
  const filled: CsvRow[] = [];
  for (const r of rows) {
    const cells = r.cells.map((c) => c.trim()).filter((c) => c !== '');
    if (cells.length > 0) filled.push({ row: r.row, cells });
  }
  if (filled.length === 0) return { ok: false, reason: 'The file holds no identifiers.', problems: [] };
  let header: string | null = null;
  const first = filled[0]!;
  if (first.cells.length === 1 && headerNames.includes(first.cells[0]!.toLowerCase())) {
    header = first.cells[0]!;
    filled.shift();
  }
  if (filled.length === 0)
    return { ok: false, reason: `The file holds only its header (${header}) and no identifiers.`, problems: [] };
  if (filled.length > maxRows) {
    const held = options.more ? `more than ${countText(maxRows)}` : countText(filled.length);
    return { ok: false, reason: `The file holds ${held} rows; send at most ${countText(maxRows)}.`, problems: [] };
  }

  const identifiers: CsvIdentifier[] = [];
  const problems: CsvRowProblem[] = [];
  const firstRow = new Map<string, number>();
  for (const { row, cells } of filled) {
    const value = cells.join(',');
    if (cells.length > 1) {
      problems.push({
        row,
        value,
        reason: `${cells.length} values in one row; put one email, username or user id per row.`,
      });
      continue;
    }
    const text = cells[0]!;
    if (text.length > CSV_IDENTIFIER_MAX) {
      problems.push({ row, value: `${text.slice(0, 80)}…`, reason: `Longer than ${CSV_IDENTIFIER_MAX} characters.` });
      continue;
    }
    const key = text.toLowerCase();
    const seen = firstRow.get(key);
    if (seen !== undefined) {
      problems.push({ row, value: text, reason: `Repeats row ${countText(seen)}; counted once.` });
      continue;
    }
    firstRow.set(key, row);
    identifiers.push({ row, value: text });
  }
  return { ok: true, identifiers, header, problems };
}

/** Why an identifier that was read names nobody. */
export const UNMATCHED_REASON = 'No live user has this email, username or user id.';

/** The per-row report as a CSV a person downloads: row, value, reason (cells as csv-cell.ts writes them). */
export function problemsCsv(problems: readonly CsvRowProblem[]): string {
  return `row,value,reason\r\n${problems.map((p) => csvLine([p.row, p.value, p.reason])).join('')}`;
}
