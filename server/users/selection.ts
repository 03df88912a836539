// Which users a bulk call names (decision 024): ids, emails, usernames or user ids of a CSV
// (identifiers, read by src/domain/csv-upload.ts), or the user list's filter ("all matching").
// Lookups go through unique indexes in batches, so 100,000 identifiers cost a few dozen indexed
// queries. Deleted users never match: bulk calls do not touch them.
import { sql, type Kysely, type Transaction } from 'kysely';
import { UNMATCHED_REASON, type CsvRowProblem, type CsvUpload } from '../../src/domain/csv-upload';
import type { BulkSelection, UserFilter } from '../../src/domain/users';
import { foldAscii } from '../db/prefix-match';
import type { Database } from '../db/schema';
import { chunks, LOOKUP_BATCH, oneOf } from '../db/value-lists';
import { userBatches } from './search';

type Db = Kysely<Database> | Transaction<Database>;

export interface MatchedUser {
  id: number;
  username: string;
  email: string;
  /** The identifier as it was given. */
  identifier: string;
}

export interface Resolution {
  matched: MatchedUser[];
  /** Identifiers that matched no (live) user, in the order given. */
  unmatched: string[];
}

const ID_TEXT = /^\d{1,15}$/;

/** Trimmed, blanks dropped, each identifier once (case-insensitively), in the order given. */
export function cleanIdentifiers(raw: readonly string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const value of raw) {
    const text = value.trim();
    const key = text.toLowerCase();
    if (text === '' || seen.has(key)) continue;
    seen.add(key);
    out.push(text);
  }
  return out;
}

type Found = { id: number; username: string; email: string };

/**
 * Case-insensitive keys of a text: SQLite's lower() folds A–Z only, PostgreSQL's may fold more, so
 * both foldings are looked up and matched.
 */
function folds(text: string): string[] {
  const ascii = foldAscii(text);
  const full = text.toLowerCase();
  return ascii === full ? [ascii] : [ascii, full];
}

async function lookup(
  db: Db,
  key: 'id' | 'email' | 'username',
  values: readonly (string | number)[],
): Promise<Found[]> {
  const found: Found[] = [];
  // lower(email) and lower(username) are unique indexes (migration 008): one index probe each.
  // Sorted, the probes walk the index in order.
  const column = key === 'id' ? sql.ref('id') : sql`lower(${sql.ref(key)})`;
  const sorted = [...new Set(values)].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  for (const batch of chunks(sorted, LOOKUP_BATCH)) {
    const rows = await db
      .selectFrom('users')
      .select(['id', 'username', 'email'])
      .where(oneOf(db, column, batch, key === 'id' ? 'bigint' : 'text'))
      .where('deleted', '=', 0)
      .execute();
    for (const r of rows) found.push({ id: Number(r.id), username: r.username, email: r.email });
  }
  return found;
}

function byFolds(users: readonly Found[], key: 'email' | 'username'): Map<string, Found> {
  const map = new Map<string, Found>();
  for (const u of users) for (const k of folds(u[key])) if (!map.has(k)) map.set(k, u);
  return map;
}

/**
 * Each identifier is a user id (digits), an email (has '@') or a username, the last two in any
 * case. An identifier of digits that is no live user's id may still be a username. The first user
 * an identifier names wins; a user named twice is listed once.
 */
export async function resolveIdentifiers(db: Db, raw: readonly string[]): Promise<Resolution> {
  const identifiers = cleanIdentifiers(raw);
  const isEmail = (text: string) => text.includes('@');
  // One after the other: inside a transaction they share one connection anyway. Ids first, so
  // only the digits that are no user's id are looked up again as usernames.
  const byId = new Map(
    (await lookup(db, 'id', identifiers.filter((t) => !isEmail(t) && ID_TEXT.test(t)).map(Number))).map((u) => [
      u.id,
      u,
    ]),
  );
  const idMatch = (text: string) => (ID_TEXT.test(text) ? byId.get(Number(text)) : undefined);
  const byEmail = byFolds(await lookup(db, 'email', identifiers.filter(isEmail).flatMap(folds)), 'email');
  const byUsername = byFolds(
    await lookup(db, 'username', identifiers.filter((t) => !isEmail(t) && !idMatch(t)).flatMap(folds)),
    'username',
  );
  const named = (map: Map<string, Found>, text: string) =>
    folds(text)
      .map((k) => map.get(k))
      .find(Boolean);

  const matched: MatchedUser[] = [];
  const unmatched: string[] = [];
  const taken = new Set<number>();
  for (const text of identifiers) {
    const user = isEmail(text) ? named(byEmail, text) : (idMatch(text) ?? named(byUsername, text));
    if (!user) unmatched.push(text);
    else if (!taken.has(user.id)) {
      taken.add(user.id);
      matched.push({ ...user, identifier: text });
    }
  }
  return { matched, unmatched };
}

/** An uploaded CSV's identifiers resolved, with the per-row report the panel shows. */
export interface CsvResolution extends Resolution {
  /** Rows not taken (csv-upload.ts) and rows that matched nobody, in row order. */
  report: CsvRowProblem[];
}

export async function resolveCsvIdentifiers(db: Db, read: Extract<CsvUpload, { ok: true }>): Promise<CsvResolution> {
  const { matched, unmatched } = await resolveIdentifiers(
    db,
    read.identifiers.map((i) => i.value),
  );
  // The reader keeps each identifier once (case-insensitively), so a value names one row.
  const rowOf = new Map(read.identifiers.map((i) => [i.value.trim().toLowerCase(), i.row]));
  const report = [
    ...read.problems,
    ...unmatched.map((value) => ({ row: rowOf.get(value.toLowerCase()) ?? 0, value, reason: UNMATCHED_REASON })),
  ];
  report.sort((a, b) => a.row - b.row);
  return { matched, unmatched, report };
}

export type SelectedUsers =
  { ok: true; ids: number[]; unmatched: string[] } | { ok: false; tooMany: true; limit: number };

/**
 * The ids (ascending) of the live users a selection names, or tooMany when more than `limit`
 * match. Ids that name no live user are reported as unmatched, like identifiers.
 */
export async function selectedUsers(db: Db, selection: BulkSelection, limit: number): Promise<SelectedUsers> {
  switch (selection.by) {
    case 'ids': {
      const wanted = [...new Set(selection.ids)];
      const found = new Set((await lookup(db, 'id', wanted)).map((u) => u.id));
      const ids = wanted.filter((id) => found.has(id)).sort((a, b) => a - b);
      if (ids.length > limit) return { ok: false, tooMany: true, limit };
      return { ok: true, ids, unmatched: wanted.filter((id) => !found.has(id)).map(String) };
    }
    case 'identifiers': {
      const { matched, unmatched } = await resolveIdentifiers(db, selection.identifiers);
      if (matched.length > limit) return { ok: false, tooMany: true, limit };
      return { ok: true, ids: matched.map((m) => m.id).sort((a, b) => a - b), unmatched };
    }
    case 'filter': {
      const ids = await filteredIds(db, selection.filter, limit + 1);
      if (ids.length > limit) return { ok: false, tooMany: true, limit };
      return { ok: true, ids, unmatched: [] };
    }
  }
}

/** Ids the list shows for this filter, in id order, live users only, at most `max`. */
async function filteredIds(db: Db, filter: UserFilter, max: number): Promise<number[]> {
  // The list's own search (server/users/search.ts), so "all matching" means what the list shows.
  if (filter.deleted === 'only') return [];
  const ids: number[] = [];
  for await (const rows of userBatches(
    db,
    { ...filter, deleted: 'exclude' },
    { sort: 'id', dir: 'asc' },
    FILTER_BATCH,
  )) {
    for (const r of rows) ids.push(r.id);
    if (ids.length >= max) return ids.slice(0, max);
  }
  return ids;
}

/** Rows per keyset read of "all matching". */
const FILTER_BATCH = 5_000;
