// Fulfillments from Other Sources (spec §2; decision 060): entitlements that arrive from outside
// the platform, such as a distributor's file. A CSV with a header row names, per row, a user, a
// broker and the dates; the upload as a whole names its source and its distributor. The panel
// reads the file in a Web Worker with these rules (the read report), the server reads the same
// bytes with the same rules and then judges every row against the database (the verify report),
// and an apply takes the rows that pass in one transaction. One rule set, both sides.
import * as v from 'valibot';
import { decodeCsvText, problemsCsv, type CsvRow, type CsvRowProblem } from './csv-upload';
import { papaRows } from './identifier-file';
import { Id, Text } from './wire';
import { oneLine } from './wire-input';
import { countText } from './format';

// ── limits ────────────────────────────────────────────────────────────
/** Data rows one file may hold. */
export const OTHER_SOURCE_MAX_ROWS = 100_000;
/** Bytes one file may hold (100,000 rows of an email, a broker name and two dates fit). */
export const OTHER_SOURCE_FILE_MAX_BYTES = 8_000_000;
/** The request around the file: the file and two short fields. */
export const OTHER_SOURCE_MAX_BODY_BYTES = OTHER_SOURCE_FILE_MAX_BYTES + 64 * 1024;
export const SOURCE_NAME_MAX = 120;
export const FILE_NAME_MAX = 255;
/** Longest user or broker cell: an email's limit. */
export const OTHER_SOURCE_CELL_MAX = 254;
/** Rows of a report a screen lists; every row is in the downloadable CSV. */
export const OTHER_SOURCE_REPORT_SHOWN = 100;
/** Imports one page of the list holds. */
export const IMPORTS_PAGE_SIZE = 25;
/** Fulfillments one page of an import holds. */
export const IMPORT_FULFILLMENTS_PAGE_SIZE = 50;

// ── the file ──────────────────────────────────────────────────────────
/** The columns a file may name in its header, in any order, each once. */
export const OTHER_SOURCE_COLUMNS = ['user', 'broker', 'starts', 'ends'] as const;
export type OtherSourceColumn = (typeof OTHER_SOURCE_COLUMNS)[number];
export const REQUIRED_COLUMNS: readonly OtherSourceColumn[] = ['user', 'broker', 'starts'];
export const OTHER_SOURCE_HEADER_HELP =
  'The first row names the columns: user, broker, starts and, if the file has end dates, ends.';
/** A file a person can start from. */
export const OTHER_SOURCE_TEMPLATE =
  'user,broker,starts,ends\r\nana@example.com,Apex Securities,2026-12-01,2027-11-30\r\n';

/** One data row that passed the file's rules; the server then judges it against the database. */
export interface OtherSourceRow {
  /** 1-based line of the file, the header counted. */
  row: number;
  /** The row's text, for the report. */
  value: string;
  user: string;
  broker: string;
  /** YYYY-MM-DD */
  starts: string;
  ends: string | null;
}

export type OtherSourceRead =
  | { ok: true; header: OtherSourceColumn[]; rows: OtherSourceRow[]; problems: CsvRowProblem[] }
  | { ok: false; reason: string; problems: CsvRowProblem[] };

const DAY_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;
/** Midnight UTC of a real calendar day written YYYY-MM-DD (years 1900–2999), or null. */
export function dayStart(text: string): number | null {
  const m = DAY_PATTERN.exec(text);
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (y < 1900 || y > 2999 || mo < 1 || mo > 12 || d < 1) return null;
  const at = Date.UTC(y, mo - 1, d);
  return new Date(at).getUTCDate() === d ? at : null;
}
/** YYYY-MM-DD of a time (UTC). */

/** Why a row is not taken: the file's rules here, the database's on the server. */
export const OTHER_SOURCE_REASONS = {
  cells: (got: number, want: number) => `${got} values in the row; the header names ${want} columns.`,
  noUser: 'No user: give an email, a username or a user id.',
  noBroker: 'No broker: give the broker id or its exact name.',
  tooLong: (what: string) => `The ${what} is longer than ${OTHER_SOURCE_CELL_MAX} characters.`,
  starts: (text: string) =>
    text === '' ? 'No start date: write it as YYYY-MM-DD.' : `Starts “${text}” is not a date: write YYYY-MM-DD.`,
  ends: (text: string) => `Ends “${text}” is not a date: write YYYY-MM-DD, or leave it empty.`,
  endsBeforeStarts: 'Ends on or before it starts.',
  endsPast: (today: string) => `Ends before today (${today}): there is nothing to entitle.`,
  noSuchUser: 'No such user: no user has this email, username or user id.',
  userDeleted: (id: number) => `User #${id} is deleted.`,
  userInactive: (id: number) => `User #${id} is deactivated.`,
  noSuchBroker: 'No such broker: no broker has this id or exactly this name.',
  twoBrokers: (n: number) => `${n} brokers have this name; give the broker id.`,
  repeat: (row: number) => `The same user and broker as row ${countText(row)}.`,
  alreadyActive: (id: number, since: string) => `Already entitled: active fulfillment #${id} since ${since}. Skipped.`,
  addedMeanwhile: 'Already entitled: an active fulfillment of this broker was added meanwhile. Skipped.',
} as const;

const headerKey = (cell: string) => cell.trim().toLowerCase();

/** Why the first row is not the header, or the columns it names. */
function readHeader(
  cells: readonly string[],
): { ok: true; columns: OtherSourceColumn[] } | { ok: false; reason: string } {
  const named = cells.map(headerKey);
  while (named.length > 0 && named.at(-1) === '') named.pop();
  const unknown = named.filter((c) => !(OTHER_SOURCE_COLUMNS as readonly string[]).includes(c));
  if (unknown.length > 0) {
    const shown = unknown.map((c) => (c === '' ? '(an empty name)' : `“${c.slice(0, 40)}”`)).join(', ');
    return {
      ok: false,
      reason: `The header names ${unknown.length === 1 ? 'a column' : 'columns'} this upload does not know: ${shown}. ${OTHER_SOURCE_HEADER_HELP}`,
    };
  }
  const twice = named.find((c, i) => named.indexOf(c) !== i);
  if (twice) return { ok: false, reason: `The header names the column ${twice} twice. ${OTHER_SOURCE_HEADER_HELP}` };
  const missing = REQUIRED_COLUMNS.filter((c) => !named.includes(c));
  if (missing.length > 0)
    return { ok: false, reason: `The header has no ${missing.join(', ')} column. ${OTHER_SOURCE_HEADER_HELP}` };
  return { ok: true, columns: named as OtherSourceColumn[] };
}

/** The columns the header names and the data rows after it, or why the file is refused whole (no header, a wrong header, no data rows, too many). */
export function splitOtherSourceRows(
  rows: readonly CsvRow[],
  maxRows = OTHER_SOURCE_MAX_ROWS,
):
  | { ok: true; columns: OtherSourceColumn[]; data: CsvRow[] }
  | { ok: false; reason: string; problems: CsvRowProblem[] } {
  const filled = rows.filter((r) => r.cells.some((c) => c.trim() !== ''));
  const first = filled[0];
  if (!first) return { ok: false, reason: 'The file is empty.', problems: [] };
  const header = readHeader(first.cells);
  if (!header.ok) return { ok: false, reason: header.reason, problems: [] };
  const data = filled.slice(1);
  if (data.length === 0) return { ok: false, reason: 'The file holds only its header and no rows.', problems: [] };
  if (data.length > maxRows)
    return {
      ok: false,
      reason: `The file holds ${countText(data.length)} rows; send at most ${countText(maxRows)}.`,
      problems: [],
    };
  return { ok: true, columns: header.columns, data };
}

/** One data row by the file's own rules: taken, or reported with its number, its text and why. */
export function judgeFileRow(
  columns: readonly OtherSourceColumn[],
  { row, cells: raw }: CsvRow,
): OtherSourceRow | CsvRowProblem {
  const cells = raw.map((c) => c.trim());
  while (cells.length > columns.length && cells.at(-1) === '') cells.pop();
  const value = cells.join(',').slice(0, 200);
  const refuse = (reason: string) => ({ row, value, reason });
  if (cells.length !== columns.length) return refuse(OTHER_SOURCE_REASONS.cells(cells.length, columns.length));
  const cell = (c: OtherSourceColumn) => (columns.indexOf(c) >= 0 ? cells[columns.indexOf(c)]! : '');
  const [user, broker, starts, ends] = [cell('user'), cell('broker'), cell('starts'), cell('ends')];
  if (user === '') return refuse(OTHER_SOURCE_REASONS.noUser);
  if (user.length > OTHER_SOURCE_CELL_MAX) return refuse(OTHER_SOURCE_REASONS.tooLong('user'));
  if (broker === '') return refuse(OTHER_SOURCE_REASONS.noBroker);
  if (broker.length > OTHER_SOURCE_CELL_MAX) return refuse(OTHER_SOURCE_REASONS.tooLong('broker'));
  const startAt = dayStart(starts);
  if (startAt === null) return refuse(OTHER_SOURCE_REASONS.starts(starts));
  if (ends !== '') {
    const endAt = dayStart(ends);
    if (endAt === null) return refuse(OTHER_SOURCE_REASONS.ends(ends));
    if (endAt <= startAt) return refuse(OTHER_SOURCE_REASONS.endsBeforeStarts);
  }
  return { row, value, user, broker, starts, ends: ends === '' ? null : ends };
}

export const isProblem = (judged: OtherSourceRow | CsvRowProblem): judged is CsvRowProblem => 'reason' in judged;

/**
 * The rows after the header, judged by the file's own rules: blank rows skipped, every other
 * row either taken or reported with its number, its text and why.
 */
export function classifyOtherSourceRows(rows: readonly CsvRow[], maxRows = OTHER_SOURCE_MAX_ROWS): OtherSourceRead {
  const split = splitOtherSourceRows(rows, maxRows);
  if (!split.ok) return split;
  const taken: OtherSourceRow[] = [];
  const problems: CsvRowProblem[] = [];
  for (const r of split.data) {
    const judged = judgeFileRow(split.columns, r);
    if (isProblem(judged)) problems.push(judged);
    else taken.push(judged);
  }
  return { ok: true, header: split.columns, rows: taken, problems };
}

/** The whole read of the file's bytes: refused (not UTF-8 text, broken quoting, a wrong header …) or row by row. */
export function readOtherSourceFile(bytes: Uint8Array, maxRows = OTHER_SOURCE_MAX_ROWS): OtherSourceRead {
  const decoded = decodeCsvText(bytes);
  if (!decoded.ok) return { ok: false, reason: decoded.reason, problems: [] };
  const { rows, error } = papaRows(decoded.text);
  if (error) return { ok: false, reason: `Row ${countText(error.row)}: ${error.reason}`, problems: [error] };
  return classifyOtherSourceRows(rows, maxRows);
}

/** What the browser's reader hands the page: counts, the first rows not taken, the whole report as CSV. */
export type OtherSourceFileSummary =
  | { ok: true; rows: number; taken: number; problemCount: number; problems: CsvRowProblem[]; problemsCsv: string }
  | { ok: false; reason: string; problems: CsvRowProblem[] };

export function summariseOtherSourceFile(read: OtherSourceRead): OtherSourceFileSummary {
  if (!read.ok) return read;
  return {
    ok: true,
    rows: read.rows.length + read.problems.length,
    taken: read.rows.length,
    problemCount: read.problems.length,
    problems: read.problems.slice(0, OTHER_SOURCE_REPORT_SHOWN),
    problemsCsv: read.problems.length > 0 ? problemsCsv(read.problems) : '',
  };
}

// ── the calls ─────────────────────────────────────────────────────────
export const SourceName = v.pipe(
  Text(SOURCE_NAME_MAX),
  v.nonEmpty('Name the source, for example Refinitiv entitlement file.'),
);
export const Distributor = v.pipe(
  v.string(),
  v.trim(),
  v.nonEmpty('Choose the distributor.'),
  v.maxLength(40, 'Choose the distributor.'),
  oneLine(),
);

/** other_sources/verify/ and other_sources/apply/: the file, where it came from, which distributor. */
/** A file of the form, whichever realm made it (the checked shape, not the class). */
const UploadedFile = v.custom<File>(
  (x) =>
    typeof x === 'object' &&
    x !== null &&
    typeof (x as File).arrayBuffer === 'function' &&
    typeof (x as File).name === 'string' &&
    typeof (x as File).size === 'number',
  'Choose a CSV file.',
);

export const OtherSourceUploadForm = v.object({
  file: UploadedFile,
  source_name: SourceName,
  dist: Distributor,
});
export type OtherSourceUploadForm = v.InferOutput<typeof OtherSourceUploadForm>;

/** 'refused': the row is wrong; 'skipped': the row is right but already holds (an active fulfillment). */
export const ReportOutcome = v.picklist(['refused', 'skipped']);
export type ReportOutcome = v.InferOutput<typeof ReportOutcome>;
export const ReportRow = v.object({ row: v.number(), value: v.string(), reason: v.string(), outcome: ReportOutcome });
export type ReportRow = v.InferOutput<typeof ReportRow>;

/** What a file held and what became of its rows: in the verify and apply replies and in each import listed. */
const ImportCounts = {
  file_name: v.string(),
  source_name: v.string(),
  dist: v.string(),
  /** Data rows of the file (blank rows not counted). */
  rows: v.number(),
  /** Rows that would be (verify) or were (apply) entitled. */
  taken: v.number(),
  skipped: v.number(),
  refused: v.number(),
};
const UploadCounts = {
  ...ImportCounts,
  /** Every row not taken, in row order. */
  report: v.array(ReportRow),
};
export const VerifyReply = v.object({ status: v.literal(true), ...UploadCounts });
export type VerifyReply = v.InferOutput<typeof VerifyReply>;
export const ApplyReply = v.object({
  status: v.literal(true),
  msg: v.string(),
  import_id: v.number(),
  ...UploadCounts,
});
export type ApplyReply = v.InferOutput<typeof ApplyReply>;

/** The report as the CSV a person downloads: row, value, outcome, reason. */
export function reportCsv(report: readonly ReportRow[]): string {
  return problemsCsv(
    report.map((r) => ({
      row: r.row,
      value: r.value,
      reason: `${r.outcome === 'skipped' ? 'Skipped' : 'Refused'}: ${r.reason}`,
    })),
  );
}

const counted = (n: number, one: string, many = `${one}s`) => `${countText(n)} ${n === 1 ? one : many}`;
/** "1,204 fulfillments added; 3 rows skipped, 12 refused." */
export function applyMessage(r: { taken: number; skipped: number; refused: number }): string {
  const head = r.taken > 0 ? `${counted(r.taken, 'fulfillment')} added` : 'No fulfillment added';
  const rest = [
    r.skipped > 0 ? `${countText(r.skipped)} skipped` : '',
    r.refused > 0 ? `${countText(r.refused)} refused` : '',
  ].filter(Boolean);
  return rest.length > 0
    ? `${head}; ${counted(r.skipped + r.refused, 'row')} not taken (${rest.join(', ')}).`
    : `${head}.`;
}

// ── the imports ───────────────────────────────────────────────────────
export const ImportItem = v.object({
  id: v.number(),
  ...ImportCounts,
  created_by: v.string(),
  created_at: v.number(),
});
export type ImportItem = v.InferOutput<typeof ImportItem>;

/** Newest first; `after` is the last id of the page before (ids grow with time). */
export const ImportsQuery = v.object({ after: v.optional(v.union([v.literal(''), Id]), '') });
export const ImportsReply = v.object({
  status: v.literal(true),
  imports: v.array(ImportItem),
  next: v.nullable(v.number()),
});
export type ImportsReply = v.InferOutput<typeof ImportsReply>;
/** An apply's reply with the latest imports read after it (absent when they could not be read). */
export type AppliedFile = ApplyReply & { imports?: ImportItem[] };

export const ImportFulfillmentsQuery = v.object({ import: Id, after: v.optional(v.union([v.literal(''), Id]), '') });
export const ImportFulfillment = v.object({
  id: v.number(),
  user_id: v.number(),
  username: v.string(),
  email: v.string(),
  broker_id: v.number(),
  broker: v.string(),
  starts_at: v.number(),
  ends_at: v.nullable(v.number()),
  status: v.picklist(['active', 'ended']),
});
export type ImportFulfillment = v.InferOutput<typeof ImportFulfillment>;
export const ImportFulfillmentsReply = v.object({
  status: v.literal(true),
  import: ImportItem,
  fulfillments: v.array(ImportFulfillment),
  next: v.nullable(v.number()),
});
export type ImportFulfillmentsReply = v.InferOutput<typeof ImportFulfillmentsReply>;
