// Reading invite requests (decision 064): newest first a page at a time from a keyset cursor on
// (created_at, id) — the status filter reads the (status, created_at, id, search_text) index from
// the cursor, the whole list the (created_at, id, search_text) one, and a search walks the same
// index testing `search_text` and stops at a page's worth (migration 030's search indexes). Each
// open request of a page is told whether its email belongs to a user or to another open request
// already (one indexed read of each per page).
import { sql, type Kysely, type Transaction } from 'kysely';
import {
  INVITE_PAGE_SIZE,
  type InviteCursor,
  type InviteDuplicate,
  type InviteRequestItem,
  type InviteStatus,
} from '../../src/domain/invite-requests';
import { boundedPage } from '../db/keyset';
import type { Database } from '../db/schema';
import { contains } from '../db/like';
import { requestsHolding } from './text-search';

export type Db = Kysely<Database> | Transaction<Database>;

/** What the search reads: name, email and organization guess in lower case. */
export function searchTextOf(r: {
  first_name: string;
  last_name: string;
  email: string;
  organization_guess: string;
}): string {
  return `${r.first_name} ${r.last_name} ${r.email} ${r.organization_guess}`.toLowerCase();
}

/** What a listed request shows, with the organization it was given and the user it became, if any. */
const REQUEST_COLUMNS = [
  'r.id',
  'r.first_name',
  'r.last_name',
  'r.email',
  'r.email_key',
  'r.organization_guess',
  'r.organization_id',
  'o.name as organization_name',
  'r.message',
  'r.status',
  'r.created_at',
  'r.decided_by',
  'r.decided_at',
  'r.reason',
  'r.user_id',
  'u.username',
  'r.invited_at',
  'r.invitations',
  'r.version',
] as const;

function baseQuery(db: Db) {
  return db
    .selectFrom('invite_requests as r')
    .leftJoin('organizations as o', 'o.id', 'r.organization_id')
    .leftJoin('users as u', 'u.id', 'r.user_id')
    .select([...REQUEST_COLUMNS]);
}
type Row = Awaited<ReturnType<ReturnType<typeof baseQuery>['executeTakeFirstOrThrow']>>;

function itemOf(r: Row, duplicate: InviteDuplicate | null): InviteRequestItem {
  return {
    id: Number(r.id),
    first_name: r.first_name,
    last_name: r.last_name,
    email: r.email,
    organization_guess: r.organization_guess,
    organization:
      r.organization_id === null || r.organization_name === null
        ? null
        : { id: Number(r.organization_id), name: r.organization_name },
    message: r.message,
    status: r.status,
    created_at: Number(r.created_at),
    decided_by: r.decided_by,
    decided_at: r.decided_at === null ? null : Number(r.decided_at),
    reason: r.reason,
    user: r.user_id === null || r.username === null ? null : { id: Number(r.user_id), username: r.username },
    invited_at: r.invited_at === null ? null : Number(r.invited_at),
    invitations: Number(r.invitations),
    version: Number(r.version),
    duplicate,
  };
}

/** Users holding any of these lower-case emails: email key → the user. */
export async function usersByEmail(
  db: Db,
  keys: readonly string[],
): Promise<Map<string, { id: number; username: string }>> {
  const out = new Map<string, { id: number; username: string }>();
  const wanted = [...new Set(keys)];
  for (let i = 0; i < wanted.length; i += 500) {
    const rows = await db
      .selectFrom('users')
      .select(['id', 'username', sql<string>`lower(email)`.as('email_key')])
      .where(sql<string>`lower(email)`, 'in', wanted.slice(i, i + 500))
      .execute();
    for (const r of rows) out.set(r.email_key, { id: Number(r.id), username: r.username });
  }
  return out;
}

/** Open (new) requests holding any of these emails: email key → their ids, oldest first. */
export async function openRequestsByEmail(db: Db, keys: readonly string[]): Promise<Map<string, number[]>> {
  const out = new Map<string, number[]>();
  const wanted = [...new Set(keys)];
  for (let i = 0; i < wanted.length; i += 500) {
    const rows = await db
      .selectFrom('invite_requests')
      .select(['id', 'email_key'])
      .where('email_key', 'in', wanted.slice(i, i + 500))
      .where('status', '=', 'new')
      .orderBy('id')
      .execute();
    for (const r of rows) out.set(r.email_key, [...(out.get(r.email_key) ?? []), Number(r.id)]);
  }
  return out;
}

/** Why approving an open request would be refused, or null; other statuses have none. */
export function duplicateOf(
  r: { id: number; email_key: string; status: InviteStatus },
  users: Map<string, { id: number; username: string }>,
  open: Map<string, number[]>,
): InviteDuplicate | null {
  if (r.status !== 'new') return null;
  const user = users.get(r.email_key);
  if (user) return { kind: 'user', id: user.id, username: user.username };
  const other = open.get(r.email_key)?.find((id) => id !== r.id);
  return other === undefined ? null : { kind: 'request', id: other };
}

async function withDuplicates(db: Db, rows: readonly Row[]): Promise<InviteRequestItem[]> {
  const keys = rows.filter((r) => r.status === 'new').map((r) => r.email_key);
  const [users, open] = keys.length
    ? await Promise.all([usersByEmail(db, keys), openRequestsByEmail(db, keys)])
    : [new Map(), new Map()];
  return rows.map((r) =>
    itemOf(r, duplicateOf({ id: Number(r.id), email_key: r.email_key, status: r.status }, users, open)),
  );
}

export interface InviteSearch {
  status: InviteStatus | null;
  /** Part of a name, an email or an organization guess, any case. */
  q: string;
  after: InviteCursor | null;
}

export async function listInvites(
  db: Db,
  s: InviteSearch,
): Promise<{ requests: InviteRequestItem[]; next: InviteCursor | null }> {
  // The page's ids first, from the order index alone (it carries search_text), or from the few
  // requests the trigram index names; then their rows.
  let q = db.selectFrom('invite_requests').select(['id', 'created_at']);
  if (s.status) q = q.where('status', '=', s.status);
  const text = s.q.trim().replace(/\s+/g, ' ').toLowerCase();
  if (text !== '') {
    q = q.where(contains(sql`search_text`, text));
    const holding = await requestsHolding(db, text);
    if (holding?.length === 0) return { requests: [], next: null };
    if (holding) q = q.where('id', 'in', holding);
  }
  // A row value, so both engines read the index range from the cursor.
  if (s.after) q = q.where(sql`(created_at, id)`, '<', sql`(${s.after.at}, ${s.after.id})`);
  const keys = await q
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(INVITE_PAGE_SIZE + 1)
    .execute();
  const { page: kept, more } = boundedPage(keys, INVITE_PAGE_SIZE);
  const page = kept.map((k) => Number(k.id));
  const rows = page.length ? await baseQuery(db).where('r.id', 'in', page).execute() : [];
  const byId = new Map(rows.map((r) => [Number(r.id), r]));
  const ordered = page.map((id) => byId.get(id)!).filter(Boolean);
  const last = keys[INVITE_PAGE_SIZE - 1];
  return {
    requests: await withDuplicates(db, ordered),
    next: more && last ? { at: Number(last.created_at), id: Number(last.id) } : null,
  };
}

export async function findInvite(db: Db, id: number): Promise<InviteRequestItem | null> {
  const row = await baseQuery(db).where('r.id', '=', id).executeTakeFirst();
  return row ? (await withDuplicates(db, [row]))[0]! : null;
}

/** The stored rows of these requests, for the checks of an approval: id → row. */
export async function invitesByIds(db: Db, ids: readonly number[]) {
  const out = new Map<
    number,
    {
      id: number;
      first_name: string;
      last_name: string;
      email: string;
      email_key: string;
      status: InviteStatus;
      version: number;
      decided_by: string | null;
    }
  >();
  for (let i = 0; i < ids.length; i += 500) {
    const rows = await db
      .selectFrom('invite_requests')
      .select(['id', 'first_name', 'last_name', 'email', 'email_key', 'status', 'version', 'decided_by'])
      .where('id', 'in', ids.slice(i, i + 500))
      .execute();
    for (const r of rows) out.set(Number(r.id), { ...r, id: Number(r.id), version: Number(r.version) });
  }
  return out;
}
