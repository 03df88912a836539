// The Requests list and one request (decision 057). The list reads research_requests newest first
// on (created_at, id) in keyset pages: each filter has an index of migration 021 that leads with it
// and ends with (created_at, id), and the dates are a range inside it, so every page, first or
// deep, is one index range of a page's length; the planner takes the most selective filter's
// index (user, organization, broker, status). The names on a page (user, organization, broker)
// are read for its rows alone. The total is counted to REQUEST_TOTAL_CAP + 1 and then said as
// "more than". One request's history is the audit rows naming it (record research_request),
// one range of the index of migration 022.
import { sql, type Kysely, type SqlBool, type Transaction } from 'kysely';
import type { RequestStatus } from '../../src/domain/broker-research';
import {
  REQUEST_RECORD_KIND,
  REQUEST_TOTAL_CAP,
  type HistoryEntry,
  type ListRequestsReply,
  type OneRequestReply,
  type RequestFilters,
  type RequestRow,
} from '../../src/domain/broker-research-requests';
import { boundedPage, cappedCount, isDirection, readCursor, refuseOtherSearch, writeCursor } from '../db/keyset';
import type { Database } from '../db/schema';

type Db = Kysely<Database> | Transaction<Database>;
const DAY = 24 * 60 * 60 * 1000;

export interface Position {
  dir: 'next' | 'prev';
  at: number;
  id: number;
}

/** The filters as one text, so a cursor made under other filters is refused. */
const filterKey = (f: RequestFilters) => [f.status, f.broker, f.org, f.user, f.from, f.to].join('|');

export function encodeRequestCursor(filters: RequestFilters, p: Position): string {
  return writeCursor([p.dir, p.at, p.id, filterKey(filters)]);
}

export function decodeRequestCursor(cursor: string, filters: RequestFilters): Position {
  const [dir, at, id, key] = readCursor(
    cursor,
    4,
    ([dir, at, id, key]) =>
      isDirection(dir) && Number.isSafeInteger(at) && Number.isSafeInteger(id) && typeof key === 'string',
  );
  refuseOtherSearch(key === filterKey(filters), 'other filters');
  return { dir: dir as Position['dir'], at: at as number, id: id as number };
}

/** The day's first and last millisecond, UTC. */
const dayStart = (day: string) => Date.parse(`${day}T00:00:00Z`);

/** research_requests as r, narrowed by the filters. */
export function matchingRequests(db: Db, f: RequestFilters) {
  let q = db.selectFrom('research_requests as r');
  if (f.status !== '') q = q.where('r.status', '=', f.status);
  if (f.broker !== '') q = q.where('r.broker_id', '=', f.broker);
  if (f.org !== '') q = q.where('r.organization_id', '=', f.org);
  if (f.user !== '') q = q.where('r.user_id', '=', f.user);
  if (f.from !== '') q = q.where('r.created_at', '>=', dayStart(f.from));
  if (f.to !== '') q = q.where('r.created_at', '<', dayStart(f.to) + DAY);
  return q;
}

const ROW_COLUMNS = [
  'r.id',
  'r.status',
  'r.user_id',
  'r.broker_id',
  'r.organization_id',
  'r.note',
  'r.reason',
  'r.created_at',
  'r.sent_at',
  'r.decided_at',
  'r.decided_by',
  'r.version',
] as const;

/** Rows of research_requests with the names a person reads, in the order of `ids`. */
export async function requestRowsByIds(db: Db, ids: readonly number[]): Promise<RequestRow[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('research_requests as r')
    .innerJoin('users as u', 'u.id', 'r.user_id')
    .innerJoin('brokers as b', 'b.id', 'r.broker_id')
    .leftJoin('organizations as o', 'o.id', 'r.organization_id')
    .select([...ROW_COLUMNS, 'u.first_name', 'u.last_name', 'u.email', 'b.name as broker_name', 'o.name as org_name'])
    .where('r.id', 'in', ids)
    .execute();
  const byId = new Map(rows.map((r) => [Number(r.id), r]));
  return ids.flatMap((id) => {
    const r = byId.get(id);
    if (!r) return [];
    return [
      {
        id: Number(r.id),
        status: r.status as RequestStatus,
        user: { id: Number(r.user_id), name: `${r.first_name} ${r.last_name}`.trim(), email: r.email },
        organization:
          r.organization_id === null || r.org_name === null
            ? null
            : { id: Number(r.organization_id), name: r.org_name },
        broker: { id: Number(r.broker_id), name: r.broker_name },
        note: r.note,
        reason: r.reason,
        created_at: Number(r.created_at),
        sent_at: r.sent_at === null ? null : Number(r.sent_at),
        decided_at: r.decided_at === null ? null : Number(r.decided_at),
        decided_by: r.decided_by,
        version: Number(r.version),
      },
    ];
  });
}

async function namedFilters(db: Db, f: RequestFilters): Promise<ListRequestsReply['named']> {
  const [broker, org, user] = await Promise.all([
    f.broker === ''
      ? null
      : db.selectFrom('brokers').select(['id', 'name']).where('id', '=', f.broker).executeTakeFirst(),
    f.org === ''
      ? null
      : db.selectFrom('organizations').select(['id', 'name']).where('id', '=', f.org).executeTakeFirst(),
    f.user === ''
      ? null
      : db
          .selectFrom('users')
          .select(['id', 'first_name', 'last_name', 'email'])
          .where('id', '=', f.user)
          .executeTakeFirst(),
  ]);
  return {
    broker: broker ? { id: Number(broker.id), name: broker.name } : null,
    org: org ? { id: Number(org.id), name: org.name } : null,
    user: user ? { id: Number(user.id), name: `${user.first_name} ${user.last_name}`.trim(), email: user.email } : null,
  };
}

/** The keys of one page: `limit` rows after (or, going back, before) `at`, newest first (oldest first going back). */
export function requestPageQuery(db: Db, filters: RequestFilters, at: Position | null, limit: number) {
  const backwards = at?.dir === 'prev';
  const dir = backwards ? 'asc' : 'desc';
  let page = matchingRequests(db, filters).select(['r.id', 'r.created_at']);
  if (at) {
    page = page.where(
      backwards
        ? sql<SqlBool>`(r.created_at, r.id) > (${at.at}, ${at.id})`
        : sql<SqlBool>`(r.created_at, r.id) < (${at.at}, ${at.id})`,
    );
  }
  return page.orderBy('r.created_at', dir).orderBy('r.id', dir).limit(limit);
}

/** The requests matching, counted in the database up to REQUEST_TOTAL_CAP + 1 (an index range of that length at most). */
async function countMatching(db: Db, filters: RequestFilters): Promise<number> {
  return cappedCount(db, matchingRequests(db, filters).select('r.id'), REQUEST_TOTAL_CAP);
}

export async function listRequests(
  db: Kysely<Database>,
  input: RequestFilters & { cursor: string; pageSize: number },
): Promise<Omit<ListRequestsReply, 'status'>> {
  const at = input.cursor === '' ? null : decodeRequestCursor(input.cursor, input);
  const backwards = at?.dir === 'prev';
  const [keys, counted, named] = await Promise.all([
    requestPageQuery(db, input, at, input.pageSize + 1).execute(),
    countMatching(db, input),
    namedFilters(db, input),
  ]);
  const { page, more } = boundedPage(keys, input.pageSize);
  const shown = page.map((k) => ({ id: Number(k.id), at: Number(k.created_at) }));
  if (backwards) shown.reverse();
  const first = shown[0];
  const last = shown.at(-1);
  const edge = (k: typeof first, d: Position['dir']) =>
    k ? encodeRequestCursor(input, { dir: d, at: k.at, id: k.id }) : null;
  // Forward, there is a page before whenever we came from a cursor; backward, when more were found.
  const next = backwards ? (at ? edge(last, 'next') : null) : more ? edge(last, 'next') : null;
  const prev = backwards ? (more ? edge(first, 'prev') : null) : at ? edge(first, 'prev') : null;
  return {
    items: await requestRowsByIds(
      db,
      shown.map((k) => k.id),
    ),
    total: Math.min(counted, REQUEST_TOTAL_CAP),
    total_capped: counted > REQUEST_TOTAL_CAP,
    next_cursor: next,
    prev_cursor: prev,
    named,
  };
}

interface AuditCurrent {
  from?: RequestStatus;
  to?: RequestStatus;
  reason?: string | null;
  fulfillment_id?: number | null;
  bulk?: boolean;
}

/** The audit rows naming the request, oldest first. */
export async function requestHistory(db: Db, id: number): Promise<HistoryEntry[]> {
  const rows = await db
    .selectFrom('audit_log')
    .select(['created_at', 'author', 'action', 'current_data', 'id'])
    .where('record_kind', '=', REQUEST_RECORD_KIND)
    .where('record_id', '=', id)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return rows.map((r) => {
    const c = (r.current_data ? JSON.parse(r.current_data) : {}) as AuditCurrent;
    return {
      at: Number(r.created_at),
      by: r.author,
      action: r.action,
      from: c.from ?? null,
      to: c.to ?? null,
      reason: c.reason ?? null,
      fulfillment_id: c.fulfillment_id ?? null,
      bulk: c.bulk === true,
    };
  });
}

export async function oneRequest(db: Kysely<Database>, id: number): Promise<Omit<OneRequestReply, 'status'> | null> {
  const [[request], history, fulfillment] = await Promise.all([
    requestRowsByIds(db, [id]),
    requestHistory(db, id),
    db
      .selectFrom('fulfillments')
      .select(['id', 'status', 'starts_at', 'ended_at'])
      .where('request_id', '=', id)
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst(),
  ]);
  if (!request) return null;
  return {
    request,
    history,
    fulfillment: fulfillment
      ? {
          id: Number(fulfillment.id),
          status: fulfillment.status,
          starts_at: Number(fulfillment.starts_at),
          ended_at: fulfillment.ended_at === null ? null : Number(fulfillment.ended_at),
        }
      : null,
  };
}
