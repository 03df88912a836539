// An uploaded CSV of one identifier per row (email, username or user id), read in the browser:
// Segments & Tags' bulk tag upload reads files of up to 100,000 rows in a Web Worker with
// papaparse (src/services/identifier-file.worker.ts is the thread; this is all it runs). Pure, so
// Node tests and the bench run the same code. The rows papaparse splits are judged by the
// server's own rules (classifyIdentifierRows of csv-upload.ts, decision 031): one rule set.
import Papa from 'papaparse';
import {
  classifyIdentifierRows,
  CSV_UPLOAD_MAX_ROWS,
  decodeCsvText,
  problemsCsv,
  type CsvRow,
  type CsvRowProblem,
  type CsvUpload,
} from './csv-upload';
import { countText } from './format';

/** Bytes a bulk tag file may hold: read in the browser, so above the 1 MB upload cap (decision 045). */
export const IDENTIFIER_FILE_MAX_BYTES = 8_000_000;
/** Rows not taken that a screen lists; the rest are in the downloadable report. */
export const PROBLEMS_SHOWN = 100;

/** A cell papaparse left as text because spaces came before its quote (csvRows reads it as quoted). */
const LOOSE_QUOTED = /^\s+"((?:[^"]|"")*)"\s*$/;

function cellValue(cell: string): string {
  if (cell === '' || cell[0] === '"' || !/^\s/.test(cell)) return cell;
  const quoted = LOOSE_QUOTED.exec(cell);
  return quoted ? quoted[1]!.replaceAll('""', '"') : cell;
}

/**
 * The file's rows as csvRows gives them: papaparse splits (commas only, quotes per RFC 4180),
 * each row numbered by the line it starts on. CRLF and CR become LF first, so a file mixing line
 * ends splits as csvRows splits it.
 */
export function papaRows(text: string): { rows: CsvRow[]; error: CsvRowProblem | null } {
  const parsed = Papa.parse<string[]>(text.replace(/\r\n?/g, '\n'), {
    delimiter: ',',
    newline: '\n',
    quoteChar: '"',
    skipEmptyLines: false,
  });
  const rows: CsvRow[] = new Array(parsed.data.length);
  let line = 1;
  for (let i = 0; i < parsed.data.length; i++) {
    const cells = parsed.data[i]!;
    rows[i] = { row: line, cells: cells.map(cellValue) };
    line += 1;
    for (const cell of cells) if (cell.includes('\n')) line += cell.split('\n').length - 1;
  }
  const first = parsed.errors.filter((e) => e.type === 'Quotes').sort((a, b) => (a.row ?? 0) - (b.row ?? 0))[0];
  if (!first) return { rows, error: null };
  const at = rows[first.row ?? 0] ?? { row: line, cells: [''] };
  const value = at.cells.join(',').slice(0, 80);
  const reason =
    first.code === 'InvalidQuotes'
      ? 'Text follows a closing quote; quote the whole value and double the quotes inside it.'
      : `The quote opened in row ${countText(at.row)} is never closed.`;
  return { rows: rows.slice(0, first.row ?? 0), error: { row: at.row, value, reason } };
}

/** The whole read: refused (not text, broken quoting, nothing in it, too many rows) or row by row. */
export function parseIdentifierFile(bytes: Uint8Array, maxRows = CSV_UPLOAD_MAX_ROWS): CsvUpload {
  const decoded = decodeCsvText(bytes);
  if (!decoded.ok) return { ok: false, reason: decoded.reason, problems: [] };
  const { rows, error } = papaRows(decoded.text);
  if (error) return { ok: false, reason: `Row ${countText(error.row)}: ${error.reason}`, problems: [error] };
  return classifyIdentifierRows(rows, { maxRows });
}

/**
 * What the worker hands the page: the identifiers and their rows as two flat arrays, the first
 * rows not taken and the whole report as one CSV text. Copying 100,000 small objects between
 * threads costs the page ~150 ms; these cost ~20 ms.
 */
export type IdentifierFile =
  | {
      ok: true;
      /** Each identifier once, in file order. */
      values: string[];
      /** The row of each value. */
      rows: Uint32Array;
      header: string | null;
      problemCount: number;
      /** The first PROBLEMS_SHOWN rows not taken. */
      problems: CsvRowProblem[];
      /** Every row not taken, as the CSV a person downloads ('' when none). */
      problemsCsv: string;
    }
  | { ok: false; reason: string; problems: CsvRowProblem[] };

export function packIdentifierFile(read: CsvUpload): IdentifierFile {
  if (!read.ok) return read;
  const values = new Array<string>(read.identifiers.length);
  const rows = new Uint32Array(read.identifiers.length);
  read.identifiers.forEach((id, i) => {
    values[i] = id.value;
    rows[i] = id.row;
  });
  return {
    ok: true,
    values,
    rows,
    header: read.header,
    problemCount: read.problems.length,
    problems: read.problems.slice(0, PROBLEMS_SHOWN),
    problemsCsv: read.problems.length ? problemsCsv(read.problems) : '',
  };
}

/** The file read and packed: what the worker runs, and what tests and the bench run without one. */
export function readIdentifierFile(bytes: Uint8Array): IdentifierFile {
  return packIdentifierFile(parseIdentifierFile(bytes));
}
