// The user export (decision 021): every matching row as CSV or XLSX, streamed through the
// spreadsheet writers (server/export/spreadsheet.ts). Rows are read in keyset batches only when
// the response stream asks for more.
import type { Kysely } from 'kysely';
import { EXPORT_COLUMNS, type UserRow, type UserFilter } from '../../src/domain/users';
import type { Database } from '../db/schema';
import {
  moment,
  spreadsheetStream,
  writerFor,
  type Cell,
  type ExportFormat,
  type SheetLayout,
} from '../export/spreadsheet';
import { userBatches, type ListOrder } from './search';

export { csvField, EXPORT_CONTENT_TYPES, XLSX_ROWS_PER_SHEET, xmlText, type ExportFormat } from '../export/spreadsheet';

/** Rows read per database query. */
export const EXPORT_BATCH = 5_000;

/** users-2026-11-21.csv, by the server's UTC date. */
export function exportFilename(format: ExportFormat, now: number): string {
  return `users-${new Date(now).toISOString().slice(0, 10)}.${format}`;
}

/** An export cell: created_at a moment (ISO 8601, UTC, in a CSV; a date-time in an XLSX). */
function cellOf(row: UserRow, column: (typeof EXPORT_COLUMNS)[number]): Cell {
  if (column === 'created_at') return moment(row.created_at);
  return row[column];
}

const USER_SHEET: SheetLayout<UserRow> = {
  header: EXPORT_COLUMNS,
  cells: (row) => EXPORT_COLUMNS.map((c) => cellOf(row, c)),
  sheetName: 'Users',
};

/** The export as a byte stream, a keyset batch per pull. */
export function exportStream(
  db: Kysely<Database>,
  filter: UserFilter,
  order: ListOrder,
  format: ExportFormat,
  opts: { batch?: number; rowsPerSheet?: number; matching?: number } = {},
): ReadableStream<Uint8Array> {
  const batches = userBatches(db, filter, order, opts.batch ?? EXPORT_BATCH, opts.matching ?? null);
  return spreadsheetStream(batches, writerFor(format, USER_SHEET, opts.rowsPerSheet));
}
