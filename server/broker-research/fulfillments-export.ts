// The FulFillments export (user/export_br_fulfill_info/, decision 058): every fulfillment the
// filters match, in the list's order, as CSV or XLSX through the spreadsheet writers the user
// export uses. Batches are read by keyset only when the download asks for more, so a million rows
// hold one batch in memory and a slow download slows the reads.
import { sql, type Kysely } from 'kysely';
import {
  FULFILLMENT_EXPORT_COLUMNS,
  type FulfillmentExportFormat,
  type FulfillmentFilter,
  type FulfillmentRow,
} from '../../src/domain/broker-research-fulfillments';
import type { Database } from '../db/schema';
import { moment, spreadsheetStream, writerFor, type Cell, type SheetLayout } from '../export/spreadsheet';
import { chunks, LOOKUP_BATCH, oneOf } from '../db/value-lists';
import { FULFILLMENT_COLUMNS, filterWhere, fulfillmentRowOf, type Position } from './fulfillments';

/** Rows read per batch. */
export const FULFILLMENT_EXPORT_BATCH = 5_000;

const TIME_COLUMNS = new Set<string>(['starts_at', 'ends_at', 'ended_at', 'created_at']);

const cellOf = (row: FulfillmentRow, column: (typeof FULFILLMENT_EXPORT_COLUMNS)[number]): Cell => {
  const value = row[column];
  return TIME_COLUMNS.has(column) && typeof value === 'number' ? moment(value) : value;
};

export const FULFILLMENT_SHEET: SheetLayout<FulfillmentRow> = {
  header: FULFILLMENT_EXPORT_COLUMNS,
  cells: (row) => FULFILLMENT_EXPORT_COLUMNS.map((column) => cellOf(row, column)),
  sheetName: 'Fulfillments',
};

/** fulfillments-2026-11-27.csv, by the server's UTC date. */
export const fulfillmentExportFilename = (format: FulfillmentExportFormat, now: number): string =>
  `fulfillments-${new Date(now).toISOString().slice(0, 10)}.${format}`;

/**
 * Every matching row, a batch at a time, newest first. Each batch is one keyset read of the
 * fulfillments themselves; the names come from one lookup of the batch's users and from brokers and
 * organizations remembered across batches (a few thousand of each), which reads far fewer pages than
 * joining every row.
 */
export async function* fulfillmentBatches(
  db: Kysely<Database>,
  filter: FulfillmentFilter,
  batch: number,
): AsyncGenerator<FulfillmentRow[]> {
  const brokers = new Map<number, string>();
  const organizations = new Map<number, string>();
  let at: Position | null = null;
  for (;;) {
    const stored = await db
      .selectFrom('fulfillments as f')
      .select([...FULFILLMENT_COLUMNS])
      .where(filterWhere(filter, at))
      .orderBy('f.created_at', 'desc')
      .orderBy('f.id', 'desc')
      .limit(batch)
      .execute();
    if (stored.length === 0) return;
    const users = await namesOf(db, stored, brokers, organizations);
    const rows: FulfillmentRow[] = [];
    for (const r of stored) {
      const user = users.get(Number(r.user_id));
      // Gone between the two reads (a user deleted): the file is shorter, never wrong.
      if (!user) continue;
      const organization = r.organization_id === null ? null : (organizations.get(Number(r.organization_id)) ?? null);
      rows.push(fulfillmentRowOf(r, { ...user, organization, broker: brokers.get(Number(r.broker_id)) ?? '' }));
    }
    yield rows;
    if (stored.length < batch) return;
    const last: { created_at: number; id: number } = stored.at(-1)!;
    at = { dir: 'next', created_at: Number(last.created_at), id: Number(last.id) };
  }
}

/** The batch's users by id; the brokers and organizations not yet known are added to their maps. */
async function namesOf(
  db: Kysely<Database>,
  stored: readonly { user_id: number; broker_id: number; organization_id: number | null }[],
  brokers: Map<number, string>,
  organizations: Map<number, string>,
) {
  const missing = (ids: Iterable<number>, known: Map<number, string>) =>
    [...new Set(ids)].filter((id) => !known.has(id));
  const brokerIds = missing(
    stored.map((r) => Number(r.broker_id)),
    brokers,
  );
  const organizationIds = missing(
    stored.flatMap((r) => (r.organization_id === null ? [] : [Number(r.organization_id)])),
    organizations,
  );
  const userIds = [...new Set(stored.map((r) => Number(r.user_id)))];
  const [users] = await Promise.all([
    lookup(userIds, (ids) =>
      db
        .selectFrom('users')
        .select(['id', 'first_name', 'last_name', 'email'])
        .where(oneOf(db, sql.ref('id'), ids, 'bigint'))
        .execute(),
    ),
    lookup(brokerIds, (ids) =>
      db
        .selectFrom('brokers')
        .select(['id', 'name'])
        .where(oneOf(db, sql.ref('id'), ids, 'bigint'))
        .execute(),
    ).then((rows) => rows.forEach((b) => brokers.set(Number(b.id), b.name))),
    lookup(organizationIds, (ids) =>
      db
        .selectFrom('organizations')
        .select(['id', 'name'])
        .where(oneOf(db, sql.ref('id'), ids, 'bigint'))
        .execute(),
    ).then((rows) => rows.forEach((o) => organizations.set(Number(o.id), o.name))),
  ]);
  return new Map(users.map((u) => [Number(u.id), u]));
}

async function lookup<T>(ids: readonly number[], read: (ids: number[]) => Promise<T[]>): Promise<T[]> {
  const out: T[] = [];
  for (const batch of chunks(ids, LOOKUP_BATCH)) out.push(...(await read(batch)));
  return out;
}

export function fulfillmentExportStream(
  db: Kysely<Database>,
  filter: FulfillmentFilter,
  format: FulfillmentExportFormat,
  opts: { batch?: number; rowsPerSheet?: number } = {},
): ReadableStream<Uint8Array> {
  return spreadsheetStream(
    fulfillmentBatches(db, filter, opts.batch ?? FULFILLMENT_EXPORT_BATCH),
    writerFor(format, FULFILLMENT_SHEET, opts.rowsPerSheet),
  );
}
