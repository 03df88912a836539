// A page of the user list with search text (decision 043): one bounded query per kind of match
// (first-last, last-first, email, username, phone, id), merged in the page's order, and a total
// counted apart from the page, from the indexes alone and capped at TOTAL_CAP.
//
// One query with the kinds OR-ed together costs what its matches cost: the planner reads every
// match to sort and count them (a common last name, 16,000 rows, ≈70 ms). Here each kind reads at
// most a page and one row after the cursor:
// - in its own index's order when the list is sorted by that expression (the name order and the
//   last-first kind, email and email, username and username): one index range of page + 1 rows;
// - otherwise, when the kind matches at most WALK_AT users, those entries of its prefix index
//   (which carries every column a page tests and sorts by: migration 010), sorted, the first
//   page + 1 kept;
// - a kind matching more than that is read instead by walking the sort index from the cursor and
//   testing each row, which meets a match every N/matches rows: page + 1 matches after fewer than
//   page × N / WALK_AT rows.
// The first page + 1 rows of the merge are the page: each kind's first page + 1 hold every row of
// the union's first page + 1 (deduplicated by id, as a user can match as two kinds).
import { sql, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import type { SortKey } from '../../src/domain/user-kinds';
import { TOTAL_CAP, type UserFilter } from '../../src/domain/users';
import { engineOf, type Engine } from '../db/connect';
import { normaliseQuery, prefixMatch } from '../db/prefix-match';
import type { Database } from '../db/schema';
import {
  allOf,
  beyond as beyondPosition,
  cheapFilterConditions,
  countUsers,
  finishPage,
  readDirection,
  readPage,
  searchExpressions,
  sortExpression,
  type Condition,
  type ListOrder,
  type Page,
  type Position,
  type SortDir,
} from './search';
import { USER_ROW_COLUMNS } from './records';

/**
 * Matches above which a kind is walked rather than gathered. Both read index entries only
 * (migration 010): gathering reads every match of the kind, walking about page × N / matches
 * entries; they cost the same near √(page × N) ≈ 4,600 matches at a million users, so each stays
 * under about 5,000 entries. The counts that choose are taken to this many (the total's cap is lower).
 */
const WALK_AT = 5_000;

interface Kind {
  /** The match written on the index expression (a range, or the id). */
  condition: Condition;
  /** The same match written so SQLite's planner does not use an index for it (a walk's test). */
  test: Condition;
  /** The order this kind's index reads in, if it is one of the list's orders. */
  order: SortKey | null;
}

/** What `q` can match, each kind with its condition; none for empty text. */
export function searchKinds(engine: Engine, q: string): Kind[] {
  const text = normaliseQuery(q);
  if (text === '') return [];
  const e = searchExpressions(engine);
  // A walk's test must not look like an index range to the planner, or it would gather instead:
  // SQLite skips an index for `+expr`; PostgreSQL, whose estimates for these expressions are
  // far too low, gets the same test as `left(expr, n) = prefix`, which no index serves.
  const test = (x: RawBuilder<string>, p: string): Condition =>
    engine === 'sqlite' ? prefixMatch(sql<string>`+${x}`, p) : sql<SqlBool>`left(${x}, ${[...p].length}) = ${p}`;
  const prefix = (x: RawBuilder<string>, p: string, order: SortKey | null): Kind => ({
    condition: prefixMatch(x, p),
    test: test(x, p),
    order,
  });
  const kinds = [
    prefix(e.firstLast, text, null),
    prefix(e.lastFirst, text, 'name'),
    prefix(e.email, text, 'email'),
    prefix(e.username, text, 'username'),
  ];
  const digits = text.replace(/[ .-]/g, '');
  if (/^\d{3,}$/.test(digits)) kinds.push(prefix(e.phone, digits, null));
  if (/^\d{1,15}$/.test(text)) {
    const id = Number(text);
    kinds.push({
      condition: sql`users.id = ${id}`,
      test: sql`${sql.raw(engine === 'sqlite' ? '+users.id' : 'users.id')} = ${id}`,
      order: 'id',
    });
  }
  return kinds;
}

/** The filter's conditions other than the search text (written as the prefix indexes can answer them). */
function otherConditions(engine: Engine, filter: UserFilter, sort: SortKey | null): Condition[] {
  const out = cheapFilterConditions(engine, { ...filter, q: 'x' }, sort);
  if (filter.organization_id !== '')
    out.push(
      sql`${sql.raw(engine === 'sqlite' ? '+users.organization_id' : 'users.organization_id')} = ${filter.organization_id}`,
    );
  return out;
}

/**
 * How many users each kind matches with the filters, each counted to at most `cap + 1`, and
 * among them how many match no earlier kind: one pass over each kind's index range, all in one
 * round trip. The second figures add up to the union's size, each user counted once, in the
 * first kind it matches ("mary" is a first name and the start of an email).
 */
async function kindCounts(
  db: Kysely<Database>,
  kinds: readonly Kind[],
  others: readonly Condition[],
  cap: number,
): Promise<{ n: number; fresh: number }[]> {
  const counts = kinds.map((k, i) => {
    const earlier = kinds.slice(0, i).map((e) => e.condition);
    const fresh = earlier.length === 0 ? sql`1` : sql`case when ${sql.join(earlier, sql` or `)} then 0 else 1 end`;
    return sql`(select count(*) as ${sql.raw(`n${i}`)}, coalesce(sum(f), 0) as ${sql.raw(`f${i}`)} from (select ${fresh} as f from users where ${allOf([k.condition, ...others])} limit ${cap + 1}) ${sql.raw(`i${i}`)}) ${sql.raw(`k${i}`)}`;
  });
  const { rows } = await sql<
    Record<string, string | number>
  >`select * from ${sql.join(counts, sql` cross join `)}`.execute(db);
  return kinds.map((_, i) => ({ n: Number(rows[0]![`n${i}`]), fresh: Number(rows[0]![`f${i}`]) }));
}

/** Users matching any kind: exact up to TOTAL_CAP, else TOTAL_CAP + 1 and capped. */
function cappedTotal(counts: readonly { n: number; fresh: number }[]): { total: number; capped: boolean } {
  const total = counts.reduce((a, c) => a + c.fresh, 0);
  return counts.some((c) => c.n > TOTAL_CAP) || total > TOTAL_CAP
    ? { total: TOTAL_CAP + 1, capped: true }
    : { total, capped: false };
}

interface Hit {
  id: number;
  sort_value: string | number;
}

/** Code-point order for text (UTF-8 bytes, as SQLite's binary and PostgreSQL's "C" collation compare), numeric otherwise. */
function compareHits(a: Hit, b: Hit): number {
  const [x, y] = [a.sort_value, b.sort_value];
  const c = typeof x === 'string' ? Buffer.compare(Buffer.from(x), Buffer.from(String(y))) : Number(x) - Number(y);
  return c !== 0 ? c : a.id - b.id;
}

/** Up to `limit` ids and sort values of the rows meeting `where`, after the position, in the read order. */
function hitsQuery(
  db: Kysely<Database>,
  engine: Engine,
  where: Condition[],
  sortBy: RawBuilder<unknown>,
  readDir: SortDir,
  limit: number,
  useSortIndex: boolean,
) {
  // SQLite: `+expr` keeps the planner on the prefix index, gathering its matches, rather than on the sort index.
  const ordered = (x: RawBuilder<unknown>) => (engine === 'sqlite' && !useSortIndex ? sql`+${x}` : x);
  return db
    .selectFrom('users')
    .select(['users.id', sql<string | number>`${sortBy}`.as('sort_value')])
    .where(allOf(where))
    .orderBy(ordered(sortBy), readDir)
    .orderBy(ordered(sql.raw('users.id')), readDir)
    .limit(limit);
}

/**
 * The queries of one search page, given how many users each kind matches (`kindCounts`): one per
 * kind that matches, except that the kinds past `walkAt` share one walk of the sort index.
 */
export function searchPageQueries(
  db: Kysely<Database>,
  filter: UserFilter,
  order: ListOrder,
  size: number,
  at: Position | null,
  counts: readonly number[],
  walkAt = WALK_AT,
) {
  const engine = engineOf(db);
  const kinds = searchKinds(engine, filter.q);
  const others = otherConditions(engine, filter, order.sort);
  const sortBy = sortExpression(engine, order.sort);
  const readDir = readDirection(order, at);
  const beyond = beyondPosition(order.sort, sortBy, readDir, at);
  const queries = [];
  const walked: Kind[] = [];
  kinds.forEach((kind, i) => {
    if (counts[i] === 0) return;
    if (kind.order === order.sort)
      queries.push(hitsQuery(db, engine, [kind.condition, ...others, ...beyond], sortBy, readDir, size + 1, true));
    else if (counts[i]! <= walkAt)
      queries.push(hitsQuery(db, engine, [kind.condition, ...others, ...beyond], sortBy, readDir, size + 1, false));
    else walked.push(kind);
  });
  if (walked.length > 0) {
    const test = sql<SqlBool>`(${sql.join(
      walked.map((k) => k.test),
      sql` or `,
    )})`;
    queries.push(hitsQuery(db, engine, [test, ...others, ...beyond], sortBy, readDir, size + 1, true));
  }
  return { queries, readDir };
}

/** How many users each kind of `filter.q` matches with the other filters, each counted to at most `cap + 1`. */
export async function countKinds(
  db: Kysely<Database>,
  filter: UserFilter,
  sort: SortKey,
  cap: number,
): Promise<number[]> {
  const engine = engineOf(db);
  return (await kindCounts(db, searchKinds(engine, filter.q), otherConditions(engine, filter, sort), cap)).map(
    (c) => c.n,
  );
}

/**
 * The total the list shows for a filter, without reading a page: with search text counted from the
 * indexes and capped at TOTAL_CAP (as a page's total is), otherwise exact (`countUsers`).
 */
export async function listTotal(db: Kysely<Database>, filter: UserFilter): Promise<{ total: number; capped: boolean }> {
  const engine = engineOf(db);
  const kinds = searchKinds(engine, filter.q);
  if (kinds.length === 0) return { total: await countUsers(db, filter), capped: false };
  return cappedTotal(await kindCounts(db, kinds, otherConditions(engine, filter, 'id'), TOTAL_CAP));
}

/** A page of a search (non-empty text): see the head of this file. Without text, `readPage`. */
export async function readSearchPage(
  db: Kysely<Database>,
  filter: UserFilter,
  order: ListOrder,
  size: number,
  at: Position | null,
  opts: { withTotal?: boolean; walkAt?: number } = {},
): Promise<Page> {
  const engine = engineOf(db);
  const kinds = searchKinds(engine, filter.q);
  if (kinds.length === 0) {
    // Without text, an organisation's users are few (an index range), counted exactly.
    return readPage(db, filter, order, size, at, { withTotal: opts.withTotal });
  }
  const others = otherConditions(engine, filter, order.sort);
  const walkAt = opts.walkAt ?? WALK_AT;
  const counts = await kindCounts(db, kinds, others, opts.withTotal ? Math.max(TOTAL_CAP, walkAt) : walkAt);
  const total = opts.withTotal ? cappedTotal(counts) : null;
  const { queries, readDir } = searchPageQueries(
    db,
    filter,
    order,
    size,
    at,
    counts.map((c) => c.n),
    walkAt,
  );
  const found = new Map<number, Hit>();
  for (const rows of await Promise.all(queries.map((q) => q.execute()))) {
    for (const r of rows) found.set(Number(r.id), { id: Number(r.id), sort_value: r.sort_value });
  }
  const sign = readDir === 'asc' ? 1 : -1;
  const hits = [...found.values()].sort((a, b) => sign * compareHits(a, b)).slice(0, size + 1);
  const rows =
    hits.length === 0
      ? []
      : await db
          .selectFrom('users')
          .select(USER_ROW_COLUMNS)
          .where(
            'users.id',
            'in',
            hits.map((h) => h.id),
          )
          .execute();
  const byId = new Map(rows.map((r) => [Number(r.id), r]));
  // A row deleted between the two reads drops out of the page.
  const pageRows = hits.flatMap((h) => {
    const r = byId.get(h.id);
    return r ? [{ ...r, sort_value: h.sort_value, matching: null }] : [];
  });
  const page = await finishPage(db, pageRows, size, order, at, total?.total ?? null);
  return { ...page, totalCapped: total?.capped ?? false };
}
