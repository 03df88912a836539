// FulFillments (decision 058): the list of entitlements and ending one.
//
// The list reads newest first on (created_at, id) in keyset pages. Every filter of migration 021
// has an index leading with it and ending with (created_at, id), so a page is one index range
// whatever the depth, and a date range (on created_at) narrows that same range. With several
// filters one index leads: the most selective by nature (user, then organization, broker, source,
// status), with its partner where migration 027 pairs them (broker and status, broker and source,
// organization and broker); the others are written so no engine takes their index instead
// (`+col`, `col || ''`), since without statistics SQLite may pick the index of 'active', which
// nine rows in ten hold.
// A page's keys are read from fulfillments alone, then their rows joined to users, organizations
// and brokers by primary key; the export reads whole rows in batches and names them by lookups
// (fulfillments-export.ts).
//
// Ending is one conditional UPDATE from the version the person saw, with its audit row in the
// same transaction; of two staff ending one fulfillment, the second is told who did it first.
import { sql, type Kysely, type RawBuilder, type Selectable, type SqlBool } from 'kysely';
import { BR_AUDIT_CATEGORY } from '../../src/domain/broker-research';
import {
  DAY_MS,
  dayStart,
  FULFILLMENT_MESSAGES,
  FULFILLMENT_TOTAL_CAP,
  type FulfillmentFilter,
  type FulfillmentListReply,
  type FulfillmentRow,
} from '../../src/domain/broker-research-fulfillments';
import { writeAudit } from '../audit';
import { boundedPage, cappedCount, isDirection, readCursor, refuseOtherSearch, writeCursor } from '../db/keyset';
import type { Database, FulfillmentsTable } from '../db/schema';

/** A place in the list: the row a page starts after (next) or before (prev). */
export interface Position {
  dir: 'next' | 'prev';
  created_at: number;
  id: number;
}

// ── cursors ───────────────────────────────────────────────────────────────
/** The filter as one stable text: a cursor names the filter it belongs to. */
const filterKey = (f: FulfillmentFilter) =>
  [f.status, f.source, f.broker_id, f.organization_id, f.user_id, f.from, f.to].join('|');

export function encodeCursor(filter: FulfillmentFilter, at: Position): string {
  return writeCursor([at.dir, at.created_at, at.id, filterKey(filter)]);
}

export function decodeCursor(cursor: string, filter: FulfillmentFilter): Position {
  const [dir, createdAt, id, key] = readCursor(
    cursor,
    4,
    ([dir, createdAt, id, key]) =>
      isDirection(dir) && Number.isSafeInteger(createdAt) && Number.isSafeInteger(id) && typeof key === 'string',
  );
  refuseOtherSearch(key === filterKey(filter), 'other filters');
  return { dir: dir as Position['dir'], created_at: createdAt as number, id: id as number };
}

// ── the filter as SQL ─────────────────────────────────────────────────────
/** Which filter's index leads when several are set: the most selective first. */
const LEAD_ORDER = ['user_id', 'organization_id', 'broker_id', 'source', 'status'] as const;
type FilterColumn = (typeof LEAD_ORDER)[number];
/** The second filter an index of migration 027 carries after the lead (broker's status before its source). */
const PAIRED: Partial<Record<FilterColumn, readonly FilterColumn[]>> = {
  broker_id: ['status', 'source'],
  organization_id: ['broker_id'],
};

/** The WHERE of a filter (and of a position in it), over fulfillments aliased f. */
export function filterWhere(filter: FulfillmentFilter, at: Position | null): RawBuilder<SqlBool> {
  const values: Record<FilterColumn, string | number> = {
    user_id: filter.user_id,
    organization_id: filter.organization_id,
    broker_id: filter.broker_id,
    source: filter.source,
    status: filter.status,
  };
  const set = LEAD_ORDER.filter((column) => values[column] !== '');
  const lead = set[0];
  const partner = lead ? PAIRED[lead]?.find((column) => set.includes(column)) : undefined;
  const parts: RawBuilder<SqlBool>[] = [];
  for (const column of set) {
    const value = values[column];
    const ref = sql.ref(`f.${column}`);
    if (column === lead || column === partner) parts.push(sql<SqlBool>`${ref} = ${value}`);
    // Not this column's index: the expression hides the column from the planner, not the value.
    else if (column === 'source' || column === 'status') parts.push(sql<SqlBool>`(${ref} || '') = ${value}`);
    else parts.push(sql<SqlBool>`+${ref} = ${value}`);
  }
  if (filter.from !== '') parts.push(sql<SqlBool>`f.created_at >= ${dayStart(filter.from)}`);
  if (filter.to !== '') parts.push(sql<SqlBool>`f.created_at < ${dayStart(filter.to) + DAY_MS}`);
  if (at) {
    parts.push(
      at.dir === 'next'
        ? sql<SqlBool>`(f.created_at, f.id) < (${at.created_at}, ${at.id})`
        : sql<SqlBool>`(f.created_at, f.id) > (${at.created_at}, ${at.id})`,
    );
  }
  return parts.length === 0 ? sql<SqlBool>`1 = 1` : (sql.join(parts, sql` and `) as RawBuilder<SqlBool>);
}

interface Key {
  id: number;
  created_at: number;
}

/** Up to `limit` keys after (or before) `at`, in list order (reversed going back). */
export async function keysOf(
  db: Kysely<Database>,
  filter: FulfillmentFilter,
  at: Position | null,
  limit: number,
): Promise<Key[]> {
  const dir = at?.dir === 'prev' ? 'asc' : 'desc';
  const rows = await db
    .selectFrom('fulfillments as f')
    .select(['f.id', 'f.created_at'])
    .where(filterWhere(filter, at))
    .orderBy('f.created_at', dir)
    .orderBy('f.id', dir)
    .limit(limit)
    .execute();
  return rows.map((r) => ({ id: Number(r.id), created_at: Number(r.created_at) }));
}

/** The fulfillment's own columns a row shows. */
export const FULFILLMENT_COLUMNS = [
  'f.id',
  'f.user_id',
  'f.organization_id',
  'f.broker_id',
  'f.source',
  'f.request_id',
  'f.source_name',
  'f.dist',
  'f.starts_at',
  'f.ends_at',
  'f.status',
  'f.ended_at',
  'f.ended_by',
  'f.ended_reason',
  'f.created_at',
  'f.version',
] as const;

type Stored = Pick<
  Selectable<FulfillmentsTable>,
  | 'id'
  | 'user_id'
  | 'organization_id'
  | 'broker_id'
  | 'source'
  | 'request_id'
  | 'source_name'
  | 'dist'
  | 'starts_at'
  | 'ends_at'
  | 'status'
  | 'ended_at'
  | 'ended_reason'
  | 'created_at'
  | 'version'
> & { ended_by: string | null };
export interface RowNames {
  first_name: string;
  last_name: string;
  email: string;
  organization: string | null;
  broker: string;
}

/** A stored fulfillment with the names of its user, organization and broker, as the list and the export show it. */
export function fulfillmentRowOf(r: Stored, names: RowNames): FulfillmentRow {
  return {
    id: Number(r.id),
    user_id: Number(r.user_id),
    user_name: `${names.first_name} ${names.last_name}`.trim(),
    user_email: names.email,
    organization_id: r.organization_id === null ? null : Number(r.organization_id),
    organization: names.organization,
    broker_id: Number(r.broker_id),
    broker: names.broker,
    source: r.source,
    request_id: r.request_id === null ? null : Number(r.request_id),
    source_name: r.source_name,
    dist: r.dist,
    starts_at: Number(r.starts_at),
    ends_at: r.ends_at === null ? null : Number(r.ends_at),
    status: r.status,
    ended_at: r.ended_at === null ? null : Number(r.ended_at),
    ended_by: r.ended_by ?? null,
    ended_reason: r.ended_reason,
    created_at: Number(r.created_at),
    version: Number(r.version),
  };
}

/** The rows of these ids, in the order of the ids. */
export async function rowsOf(db: Kysely<Database>, ids: readonly number[]): Promise<FulfillmentRow[]> {
  if (ids.length === 0) return [];
  const found = await db
    .selectFrom('fulfillments as f')
    .innerJoin('users as u', 'u.id', 'f.user_id')
    .innerJoin('brokers as b', 'b.id', 'f.broker_id')
    .leftJoin('organizations as o', 'o.id', 'f.organization_id')
    .select([
      ...FULFILLMENT_COLUMNS,
      'u.first_name',
      'u.last_name',
      'u.email',
      'o.name as organization',
      'b.name as broker',
    ])
    .where('f.id', 'in', ids)
    .execute();
  const byId = new Map(found.map((r) => [Number(r.id), r]));
  const rows: FulfillmentRow[] = [];
  for (const id of ids) {
    const r = byId.get(id);
    // Gone between the two reads (a user deleted): the page is shorter, never wrong.
    if (!r) continue;
    rows.push(fulfillmentRowOf(r, { ...r, organization: r.organization ?? null }));
  }
  return rows;
}

/** Matches counted to FULFILLMENT_TOTAL_CAP + 1: the count stops where a person stops reading it. */
async function countMatches(db: Kysely<Database>, filter: FulfillmentFilter): Promise<number> {
  return cappedCount(
    db,
    db.selectFrom('fulfillments as f').select('f.id').where(filterWhere(filter, null)),
    FULFILLMENT_TOTAL_CAP,
  );
}

/** The count of every match, for the export's audit row. */
export async function countAll(db: Kysely<Database>, filter: FulfillmentFilter): Promise<number> {
  const row = await db
    .selectFrom('fulfillments as f')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where(filterWhere(filter, null))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The names of the filter's broker, organization and user, for the chips above the list. */
async function namedFilters(db: Kysely<Database>, filter: FulfillmentFilter): Promise<FulfillmentListReply['named']> {
  const [broker, organization, user] = await Promise.all([
    filter.broker_id === ''
      ? undefined
      : db.selectFrom('brokers').select(['id', 'name']).where('id', '=', filter.broker_id).executeTakeFirst(),
    filter.organization_id === ''
      ? undefined
      : db
          .selectFrom('organizations')
          .select(['id', 'name'])
          .where('id', '=', filter.organization_id)
          .executeTakeFirst(),
    filter.user_id === ''
      ? undefined
      : db
          .selectFrom('users')
          .select(['id', 'first_name', 'last_name', 'email'])
          .where('id', '=', filter.user_id)
          .executeTakeFirst(),
  ]);
  return {
    broker: broker ? { id: Number(broker.id), name: broker.name } : null,
    organization: organization ? { id: Number(organization.id), name: organization.name } : null,
    user: user
      ? { id: Number(user.id), name: `${`${user.first_name} ${user.last_name}`.trim()} (${user.email})` }
      : null,
  };
}

export interface ListInput {
  filter: FulfillmentFilter;
  cursor: string;
  pageSize: number;
  withTotal: boolean;
}

/** One page of the list. Throws BadCursor for a cursor of another filter or none at all. */
export async function listFulfillments(
  db: Kysely<Database>,
  input: ListInput,
): Promise<Omit<FulfillmentListReply, 'status'>> {
  const { filter, pageSize } = input;
  const at = input.cursor === '' ? null : decodeCursor(input.cursor, filter);
  const backwards = at?.dir === 'prev';
  const [keys, named] = await Promise.all([keysOf(db, filter, at, pageSize + 1), namedFilters(db, filter)]);
  const { page, more } = boundedPage(keys, pageSize);
  if (backwards) page.reverse();
  const items = await rowsOf(
    db,
    page.map((k) => k.id),
  );

  const first = page[0];
  const last = page.at(-1);
  const edge = (k: Key | undefined, dir: Position['dir']) =>
    k ? encodeCursor(filter, { dir, created_at: k.created_at, id: k.id }) : null;
  // Going forward there is a page before whenever we started from a cursor; going back, when more were found.
  // A page emptied meanwhile still leads back the way it came: from just past its own position.
  const beside = (dir: Position['dir']) =>
    at ? encodeCursor(filter, { dir, created_at: at.created_at, id: dir === 'prev' ? at.id - 1 : at.id + 1 }) : null;
  const next_cursor = backwards
    ? at
      ? (edge(last, 'next') ?? beside('next'))
      : null
    : more
      ? edge(last, 'next')
      : null;
  const prev_cursor = backwards
    ? more
      ? edge(first, 'prev')
      : null
    : at
      ? (edge(first, 'prev') ?? beside('prev'))
      : null;

  let total: number | null = null;
  if (input.withTotal) total = !at && !more ? page.length : await countMatches(db, filter);
  return {
    items,
    count: items.length,
    total: total === null ? null : Math.min(total, FULFILLMENT_TOTAL_CAP + 1),
    total_capped: total !== null && total > FULFILLMENT_TOTAL_CAP,
    next_cursor,
    prev_cursor,
    named,
  };
}

// ── ending one ────────────────────────────────────────────────────────────
export type EndResult =
  | { kind: 'ended'; row: FulfillmentRow }
  | { kind: 'gone' }
  /** Someone else ended or changed it first: the row as it is now, and what to tell the person. */
  | { kind: 'conflict'; row: FulfillmentRow; msg: string };

export function endFulfillment(
  db: Kysely<Database>,
  input: { id: number; version: number; reason: string },
  author: string,
  now: number,
): Promise<EndResult> {
  return db.transaction().execute(async (trx) => {
    // The version and the status in the WHERE decide: an end or change committed since the
    // person's read leaves nothing to update.
    const updated = await trx
      .updateTable('fulfillments')
      .set({
        status: 'ended',
        ended_at: now,
        ended_by: author,
        ended_reason: input.reason,
        version: sql<number>`version + 1`,
      })
      .where('id', '=', input.id)
      .where('version', '=', input.version)
      .where('status', '=', 'active')
      .returning('id')
      .executeTakeFirst();
    const [row] = await rowsOf(trx, [input.id]);
    if (!row) return { kind: 'gone' };
    if (!updated) {
      const msg = row.status === 'ended' ? FULFILLMENT_MESSAGES.endedBy(row.ended_by) : FULFILLMENT_MESSAGES.changed;
      return { kind: 'conflict', row, msg };
    }
    await writeAudit(trx, {
      category: BR_AUDIT_CATEGORY,
      author,
      at: now,
      success: true,
      action: `ended fulfillment ${row.id}: ${row.user_email} → ${row.broker}`,
      previous: { id: row.id, status: 'active', version: input.version },
      current: { id: row.id, status: row.status, ended_at: now, ended_reason: input.reason, version: row.version },
    });
    return { kind: 'ended', row };
  });
}
