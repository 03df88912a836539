// The FulFillments export (user/export_br_fulfill_info/, decision 058): every fulfillment the
// filters match, in the list's order, as CSV or XLSX through the spreadsheet writers the user
// export uses. Batches are read by keyset only when the download asks for more, so a million rows
// hold one batch in memory and a slow download slows the reads.
import type { Kysely } from 'kysely';
import {
  FULFILLMENT_EXPORT_COLUMNS, type FulfillmentExportFormat, type FulfillmentFilter, type FulfillmentRow,
} from '../../src/domain/broker-research-fulfillments';
import type { Database } from '../db/schema';
import { isoTime, spreadsheetStream, writerFor, type Cell, type SheetLayout } from '../export/spreadsheet';
import { keysOf, rowsOf, type Position } from './fulfillments';

/** Rows read per batch. */
export const FULFILLMENT_EXPORT_BATCH = 5_000;

const TIME_COLUMNS = new Set<string>(['starts_at', 'ends_at', 'ended_at', 'created_at']);

const cellOf = (row: FulfillmentRow, column: (typeof FULFILLMENT_EXPORT_COLUMNS)[number]): Cell => {
  const value = row[column];
  return TIME_COLUMNS.has(column) && typeof value === 'number' ? isoTime(value) : value;
};

export const FULFILLMENT_SHEET: SheetLayout<FulfillmentRow> = {
  header: FULFILLMENT_EXPORT_COLUMNS,
  cells: (row) => FULFILLMENT_EXPORT_COLUMNS.map((column) => cellOf(row, column)),
  sheetName: 'Fulfillments',
};

/** fulfillments-2026-11-27.csv, by the server's UTC date. */
export const fulfillmentExportFilename = (format: FulfillmentExportFormat, now: number): string =>
  `fulfillments-${new Date(now).toISOString().slice(0, 10)}.${format}`;

/** Every matching row, a batch at a time, newest first. */
export async function* fulfillmentBatches(db: Kysely<Database>, filter: FulfillmentFilter, batch: number): AsyncGenerator<FulfillmentRow[]> {
  let at: Position | null = null;
  for (;;) {
    const keys = await keysOf(db, filter, at, batch);
    if (keys.length === 0) return;
    yield await rowsOf(db, keys.map((k) => k.id));
    if (keys.length < batch) return;
    const last = keys.at(-1)!;
    at = { dir: 'next', created_at: last.created_at, id: last.id };
  }
}

export function fulfillmentExportStream(db: Kysely<Database>, filter: FulfillmentFilter, format: FulfillmentExportFormat,
  opts: { batch?: number; rowsPerSheet?: number } = {}): ReadableStream<Uint8Array> {
  return spreadsheetStream(fulfillmentBatches(db, filter, opts.batch ?? FULFILLMENT_EXPORT_BATCH), writerFor(format, FULFILLMENT_SHEET, opts.rowsPerSheet));
}
