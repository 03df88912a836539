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
import { SORT_INDEX, TABLE, usersThrough, usersThroughSql, type SearchIndex } from './search-indexes';

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
  /** The index that condition reads (migration 010); null for the id, which is the table's own key. */
  index: SearchIndex | null;
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
  const prefix = (x: RawBuilder<string>, p: string, index: SearchIndex, order: SortKey | null): Kind => ({
    condition: prefixMatch(x, p),
    index,
    test: test(x, p),
    order,
  });
  const kinds = [
    prefix(e.firstLast, text, 'users_search_first_last_idx', null),
    prefix(e.lastFirst, text, 'users_search_last_first_idx', 'name'),
    prefix(e.email, text, 'users_search_email_idx', 'email'),
    prefix(e.username, text, 'users_search_username_idx', 'username'),
  ];
  const digits = text.replace(/[ .-]/g, '');
  if (/^\d{3,}$/.test(digits)) kinds.push(prefix(e.phone, digits, 'users_search_phone_idx', null));
  if (/^\d{1,15}$/.test(text)) {
    const id = Number(text);
    kinds.push({
      condition: sql`users.id = ${id}`,
      index: null,
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
 * How many users each kind matches with the filters, each counted to at most `cap + 1`, and, with
 * `fresh`, among them how many match no earlier kind: one pass over each kind's index range, all
 * in one round trip. The second figures add up to the union's size, each user counted once, in the
 * first kind it matches ("mary" is a first name and the start of an email). Testing the earlier
 * kinds' expressions on every entry is most of a count's cost, so it is asked only when needed.
 */
function kindCountsQuery(
  engine: Engine,
  kinds: readonly Kind[],
  others: readonly Condition[],
  cap: number,
  fresh = true,
) {
  const counts = kinds.map((k, i) => {
    const earlier = kinds.slice(0, i).map((e) => e.condition);
    const isFresh =
      earlier.length === 0 || !fresh ? sql`1` : sql`case when ${sql.join(earlier, sql` or `)} then 0 else 1 end`;
    return sql`(select count(*) as ${sql.raw(`n${i}`)}, coalesce(sum(f), 0) as ${sql.raw(`f${i}`)} from (select ${isFresh} as f from ${usersThroughSql(engine, k.index)} where ${allOf([k.condition, ...others])} limit ${cap + 1}) ${sql.raw(`i${i}`)}) ${sql.raw(`k${i}`)}`;
  });
  return sql<Record<string, string | number>>`select * from ${sql.join(counts, sql` cross join `)}`;
}

/**
 * Each kind's count to `cap + 1` and, with `distinct`, its users matching no earlier kind (else
 * `fresh` is `n`). The union's size is needed only for a total, and only while every kind alone is
 * within TOTAL_CAP (otherwise the total is capped whatever it is): the plain counts come first, and
 * only then a second pass over at most TOTAL_CAP + 1 entries a kind tells the users apart. A
 * common first name's counts went from 5.5 to 1.6 ms.
 */
async function kindCounts(
  db: Kysely<Database>,
  kinds: readonly Kind[],
  others: readonly Condition[],
  cap: number,
  distinct: boolean,
): Promise<{ n: number; fresh: number }[]> {
  const engine = engineOf(db);
  const plain = (await kindCountsQuery(engine, kinds, others, cap, false).execute(db)).rows[0]!;
  const n = kinds.map((_, i) => Number(plain[`n${i}`]));
  if (!distinct || kinds.length === 1 || n.some((x) => x > TOTAL_CAP)) return n.map((x) => ({ n: x, fresh: x }));
  const { rows } = await kindCountsQuery(engine, kinds, others, TOTAL_CAP).execute(db);
  return kinds.map((_, i) => ({ n: n[i]!, fresh: Number(rows[0]![`f${i}`]) }));
}

/** The query `countKinds` runs, to read its plan. */
export function countKindsQuery(db: Kysely<Database>, filter: UserFilter, sort: SortKey, cap: number) {
  const engine = engineOf(db);
  return kindCountsQuery(engine, searchKinds(engine, filter.q), otherConditions(engine, filter, sort), cap).compile(db);
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
  index: SearchIndex | typeof TABLE | null,
  useSortIndex: boolean,
) {
  // SQLite: `+expr` keeps the planner on the prefix index, gathering its matches, rather than on the sort index.
  const ordered = (x: RawBuilder<unknown>) => (engine === 'sqlite' && !useSortIndex ? sql`+${x}` : x);
  return db
    .selectFrom(usersThrough(engine, index))
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
      queries.push(
        hitsQuery(db, engine, [kind.condition, ...others, ...beyond], sortBy, readDir, size + 1, kind.index, true),
      );
    else if (counts[i]! <= walkAt)
      queries.push(
        hitsQuery(db, engine, [kind.condition, ...others, ...beyond], sortBy, readDir, size + 1, kind.index, false),
      );
    else walked.push(kind);
  });
  if (walked.length > 0) {
    const test = sql<SqlBool>`(${sql.join(
      walked.map((k) => k.test),
      sql` or `,
    )})`;
    queries.push(
      hitsQuery(db, engine, [test, ...others, ...beyond], sortBy, readDir, size + 1, SORT_INDEX[order.sort], true),
    );
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
  return (await kindCounts(db, searchKinds(engine, filter.q), otherConditions(engine, filter, sort), cap, false)).map(
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
  return cappedTotal(await kindCounts(db, kinds, otherConditions(engine, filter, 'id'), TOTAL_CAP, true));
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
  // A page without a total (one reached by its cursor) needs only each kind's count, to plan its reads.
  const counts = opts.withTotal
    ? await kindCounts(db, kinds, others, Math.max(TOTAL_CAP, walkAt), true)
    : await kindCounts(db, kinds, others, walkAt, false);
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
