// The user list's query building blocks (decision 021): prefix matching on indexed, ASCII-folded
// expressions, keyset pages behind an opaque cursor, and an exact total read from the counts table
// when only the cheap filters apply. A page without search text, and every export batch, is one
// query here; a page with search text is one bounded query per kind of match
// (search-kinds.ts, decision 043). The expressions are those of migrations 007 and 010's
// indexes, written the same way, so both engines answer every query from an index range.
import { createHash } from 'node:crypto';
import { sql, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import type { SortKey } from '../../src/domain/user-kinds';
import type { UserFilter, UserRow } from '../../src/domain/users';
import { engineOf, type Engine } from '../db/connect';
import {
  boundedPage,
  isCursorText,
  isLastOrDirection,
  LAST,
  readCursor,
  refuseOtherSearch,
  writeCursor,
} from '../db/keyset';
import { normaliseQuery, prefixMatch } from '../db/prefix-match';
import type { Database } from '../db/schema';
import { toUserRow, USER_ROW_COLUMNS } from './records';

export type SortDir = 'asc' | 'desc';

export interface ListOrder {
  sort: SortKey;
  dir: SortDir;
}

/** The counts table of migration 007 (the shared schema type does not list it). */
type CountsDb = {
  user_counts: { user_type: string; user_category: string; active: number; deleted: number; n: number };
};

/** Stands for "no expiry" in the expiry order: after every real date. */
const NO_EXPIRY = 253402300799999;

// ── expressions (as migration 007 indexes them) ───────────────────────────
function folded(engine: Engine, text: string): RawBuilder<string> {
  return sql.raw(engine === 'postgres' ? `lower((${text}) collate "C")` : `lower(${text})`);
}

const PHONE_DIGITS = "replace(replace(replace(users.phone, ' ', ''), '-', ''), '.', '')";

export function searchExpressions(engine: Engine) {
  return {
    firstLast: folded(engine, "users.first_name || ' ' || users.last_name"),
    lastFirst: folded(engine, "users.last_name || ' ' || users.first_name"),
    email: folded(engine, 'users.email'),
    username: folded(engine, 'users.username'),
    phone: sql.raw<string>(engine === 'postgres' ? `(${PHONE_DIGITS} collate "C")` : PHONE_DIGITS),
  };
}

export function sortExpression(engine: Engine, sort: SortKey): RawBuilder<string | number> {
  const e = searchExpressions(engine);
  switch (sort) {
    case 'id':
      return sql.raw('users.id');
    case 'name':
      return e.lastFirst;
    case 'email':
      return e.email;
    case 'username':
      return e.username;
    case 'created':
      return sql.raw('users.created_at');
    case 'expiry':
      return sql.raw(`coalesce(users.expiry_dt, ${NO_EXPIRY})`);
  }
}

export const TEXT_SORTS: readonly SortKey[] = ['name', 'email', 'username'];

// ── the search text ───────────────────────────────────────────────────────
export type Condition = RawBuilder<SqlBool>;

/**
 * What `q` matches: a prefix of a name, email, username or phone (digits), or the exact id.
 * `unindexed` writes each term `+expression` on SQLite, which keeps the planner walking the
 * sort index instead (see `pageQuery`).
 */
function searchCondition(engine: Engine, q: string, unindexed = false): Condition | null {
  const text = normaliseQuery(q);
  if (text === '') return null;
  const e = searchExpressions(engine);
  const term = <T>(x: RawBuilder<T>): RawBuilder<T> => (unindexed && engine === 'sqlite' ? sql<T>`+${x}` : x);
  const terms: Condition[] = [
    prefixMatch(term(e.firstLast), text),
    prefixMatch(term(e.lastFirst), text),
    prefixMatch(term(e.email), text),
    prefixMatch(term(e.username), text),
  ];
  const digits = text.replace(/[ .-]/g, '');
  if (/^\d{3,}$/.test(digits)) terms.push(prefixMatch(term(e.phone), digits));
  if (/^\d{1,15}$/.test(text)) terms.push(sql`${term(sql.raw('users.id'))} = ${Number(text)}`);
  return sql<SqlBool>`(${sql.join(terms, sql` or `)})`;
}

// ── filters ───────────────────────────────────────────────────────────────
/**
 * On SQLite the low-cardinality filters are written `+column`, which keeps the planner (it has no
 * statistics unless someone ran ANALYZE) off their single-column indexes: scanning the sort index
 * and skipping non-matching rows fills a page after a few rows, where sorting every 'trial' user
 * would read a seventh of the table. PostgreSQL keeps statistics and chooses by itself.
 */
function filterColumn(
  engine: Engine,
  column: 'user_type' | 'user_category' | 'active' | 'deleted',
): RawBuilder<unknown> {
  return sql.raw(engine === 'sqlite' ? `+users.${column}` : `users.${column}`);
}

export function cheapFilterConditions(engine: Engine, filter: UserFilter, sort: SortKey | null): Condition[] {
  const out: Condition[] = [];
  // Except in id order without search text: users_type_idx holds (user_type, rowid), so it serves
  // the filter and that order at once (and the export of one type reads only that type's rows).
  const typeIndexServes = sort === 'id' && normaliseQuery(filter.q) === '';
  if (filter.user_type !== '')
    out.push(
      sql`${typeIndexServes ? sql.raw('users.user_type') : filterColumn(engine, 'user_type')} = ${filter.user_type}`,
    );
  if (filter.user_category !== '') out.push(sql`${filterColumn(engine, 'user_category')} = ${filter.user_category}`);
  if (filter.active !== '') out.push(sql`${filterColumn(engine, 'active')} = ${filter.active === 'true' ? 1 : 0}`);
  if (filter.deleted === 'exclude') out.push(sql`${filterColumn(engine, 'deleted')} = 0`);
  if (filter.deleted === 'only') out.push(sql`${filterColumn(engine, 'deleted')} = 1`);
  return out;
}

/** Every condition of the filter, to be joined with AND. */
function filterConditions(engine: Engine, filter: UserFilter, sort: SortKey | null = null, walk = false): Condition[] {
  const out: Condition[] = [];
  const search = searchCondition(engine, filter.q, walk);
  if (search) out.push(search);
  if (filter.organization_id !== '') out.push(sql`users.organization_id = ${filter.organization_id}`);
  return [...out, ...cheapFilterConditions(engine, filter, sort)];
}

export function allOf(conditions: readonly Condition[]): Condition {
  return conditions.length === 0 ? sql<SqlBool>`1 = 1` : sql<SqlBool>`${sql.join(conditions, sql` and `)}`;
}

/** Whether a filter needs deleted_user (spec §6: deleted users are shown only to those holding it). */
export function filterNeedsDeletedUser(filter: Pick<UserFilter, 'deleted'>): boolean {
  return filter.deleted !== 'exclude';
}

// ── the total ─────────────────────────────────────────────────────────────
/**
 * Users matching the filter, exactly. Without search text or organisation, the counts table
 * answers from at most 84 rows; otherwise the matching rows are few enough to count through the
 * same indexes the page uses.
 */
export function countsTableAnswers(filter: UserFilter): boolean {
  return normaliseQuery(filter.q) === '' && filter.organization_id === '';
}

export async function countUsers(db: Kysely<Database>, filter: UserFilter): Promise<number> {
  if (countsTableAnswers(filter)) {
    let q = db
      .withTables<CountsDb>()
      .selectFrom('user_counts')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('n'), sql<number>`0`).as('total'));
    if (filter.user_type !== '') q = q.where('user_type', '=', filter.user_type);
    if (filter.user_category !== '') q = q.where('user_category', '=', filter.user_category);
    if (filter.active !== '') q = q.where('active', '=', filter.active === 'true' ? 1 : 0);
    if (filter.deleted !== 'include') q = q.where('deleted', '=', filter.deleted === 'only' ? 1 : 0);
    return Number((await q.executeTakeFirstOrThrow()).total);
  }
  const engine = engineOf(db);
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .where(allOf(filterConditions(engine, filter)))
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

// ── the cursor ────────────────────────────────────────────────────────────
/** A position in one search's order: the sort value and id of a row, and which way to read. */
export interface Position {
  /** The row's sort value; for the last page, how many rows it holds. */
  value: string | number;
  id: number;
  /** 'next' reads the rows after the position, 'prev' those before it, 'last' the list's last rows. */
  towards: 'next' | 'prev' | typeof LAST;
}

/** The last page's position: its `rows` read from the end (keyset.ts `lastPage`). */
export const lastPosition = (rows: number): Position => ({ towards: LAST, value: rows, id: 1 });

/** Ties a cursor to the filter and order it was made for. */
function fingerprint(filter: UserFilter, order: ListOrder): string {
  const key = JSON.stringify([
    normaliseQuery(filter.q),
    filter.user_type,
    filter.user_category,
    String(filter.organization_id),
    filter.active,
    filter.deleted,
    order.sort,
    order.dir,
  ]);
  return createHash('sha256').update(key).digest('base64url').slice(0, 12);
}

/**
 * base64url of JSON [fingerprint, towards, value, id]. Not signed: it holds a position within
 * rows the caller may list anyway, and the fingerprint only catches a cursor sent with another
 * search (a client bug), which then starts over from a clear 400 rather than a wrong page.
 */
export function encodeCursor(filter: UserFilter, order: ListOrder, position: Position): string {
  return writeCursor([fingerprint(filter, order), position.towards, position.value, position.id]);
}

export function decodeCursor(cursor: string, filter: UserFilter, order: ListOrder): Position {
  const textSort = TEXT_SORTS.includes(order.sort);
  const [print, towards, value, id] = readCursor(
    cursor,
    4,
    ([, towards, value, id]) =>
      isLastOrDirection(towards) &&
      (towards === LAST
        ? typeof value === 'number' && Number.isSafeInteger(value) && value >= 1
        : textSort
          ? isCursorText(value, 1000)
          : typeof value === 'number' && Number.isSafeInteger(value)) &&
      typeof id === 'number' &&
      Number.isSafeInteger(id) &&
      id >= 1,
  );
  refuseOtherSearch(print === fingerprint(filter, order), 'another search');
  return { towards: towards as Position['towards'], value: value as string | number, id: id as number };
}

// ── pages ─────────────────────────────────────────────────────────────────
export interface Page {
  rows: UserRow[];
  /** Where the next page starts, when rows follow this one. */
  next: Position | null;
  /** Where the previous page ends, when rows precede this one. */
  prev: Position | null;
  /** Every row matching the filter, when asked for. */
  total: number | null;
  /** The total stopped counting at TOTAL_CAP: more than that many match. */
  totalCapped?: boolean;
}

/**
 * With search text, the matching rows are few and come from the prefix indexes; SQLite, which has
 * no statistics to know that, would rather walk the sort index and test every row against the
 * text (a full scan when few match). Ordering by `+expression` takes the sort index out of the
 * running, so it unions the prefix ranges and sorts what they hold.
 */
function orderable(
  engine: Engine,
  filter: UserFilter,
  walk: boolean,
  expression: RawBuilder<unknown>,
): RawBuilder<unknown> {
  return engine === 'sqlite' && !walk && normaliseQuery(filter.q) !== '' ? sql`+${expression}` : expression;
}

/**
 * Rows beyond a position in the read direction. Written as a range on the sort expression plus a
 * tie-break rather than as a row value `(expr, id) > (?, ?)`: SQLite uses row values only on
 * plain columns, and read the name order half a million rows deep by scanning up to the cursor.
 */
export function after(sort: SortKey, sortBy: RawBuilder<unknown>, readDir: SortDir, at: Position): Condition {
  const [beyond, reach] = readDir === 'asc' ? [sql.raw('>'), sql.raw('>=')] : [sql.raw('<'), sql.raw('<=')];
  if (sort === 'id') return sql`users.id ${beyond} ${at.id}`;
  return sql`(${sortBy} ${reach} ${at.value} and (${sortBy} ${beyond} ${at.value} or users.id ${beyond} ${at.id}))`;
}

/** The bound a position puts on a read: none for the last page, which reads from the end. */
export function beyond(sort: SortKey, sortBy: RawBuilder<unknown>, readDir: SortDir, at: Position | null): Condition[] {
  return at && at.towards !== LAST ? [after(sort, sortBy, readDir, at)] : [];
}

/** How many rows a read at this position takes: the last page takes only its own. */
export function readSize(size: number, at: Position | null): number {
  return at?.towards === LAST ? Math.min(size, Number(at.value)) : size;
}

/** Which way the index is read for a page: the list's order, or against it to go back (or from the end). */
export function readDirection(order: ListOrder, at: Position | null): SortDir {
  const backwards = at?.towards === 'prev' || at?.towards === LAST;
  return backwards === (order.dir === 'asc') ? 'desc' : 'asc';
}

/**
 * The query of one page (one row more than the page, to know whether another follows).
 * `walk` (SQLite): read the sort index from the position and test each row against the search
 * text, rather than union the prefix ranges and sort them. The export asks for it when the
 * search matches many rows: reading batch after batch, a union would sort every match again for
 * each batch, where the walk goes through the index once in all.
 */
export function pageQuery(
  db: Kysely<Database>,
  filter: UserFilter,
  order: ListOrder,
  size: number,
  at: Position | null,
  opts: { withTotal?: boolean; walk?: boolean } = {},
) {
  const engine = engineOf(db);
  const walk = opts.walk ?? false;
  const sortBy = sortExpression(engine, order.sort);
  const readDir = readDirection(order, at);
  const conditions = [
    ...filterConditions(engine, filter, order.sort, walk),
    ...beyond(order.sort, sortBy, readDir, at),
  ];
  return (
    db
      .selectFrom('users')
      .select(USER_ROW_COLUMNS)
      .select(sql<string | number>`${sortBy}`.as('sort_value'))
      // The matching rows are gathered for the sort anyway; counting them there saves a second pass.
      .select(sql<number | null>`${opts.withTotal ? sql`count(*) over ()` : sql`null`}`.as('matching'))
      .where(allOf(conditions))
      .orderBy(orderable(engine, filter, walk, sortBy), readDir)
      .orderBy(orderable(engine, filter, walk, sql.raw('users.id')), readDir)
      .limit(size + 1)
  );
}

/** One page in the list's order, read from the index in the direction asked. */
export async function readPage(
  db: Kysely<Database>,
  filter: UserFilter,
  order: ListOrder,
  size: number,
  at: Position | null,
  opts: { withTotal?: boolean; walk?: boolean; organizations?: Map<number, string> } = {},
): Promise<Page> {
  // With search text or an organisation, SQLite's first page counts the rows it sorts (one pass
  // over them); every other total comes from the counts table or its own count. Not on
  // PostgreSQL: where its planner walks the sort index for a page, the window would make it walk
  // all of it (seconds), while its count alone runs on a bitmap of the prefix ranges.
  const countHere = opts.withTotal === true && !at && !countsTableAnswers(filter) && engineOf(db) === 'sqlite';
  const found = await pageQuery(db, filter, order, size, at, { withTotal: countHere, walk: opts.walk }).execute();
  const total = !opts.withTotal ? null : countHere ? Number(found[0]?.matching ?? 0) : await countUsers(db, filter);
  return finishPage(db, found, size, order, at, total, opts.organizations);
}

type FoundRow = Awaited<ReturnType<ReturnType<typeof pageQuery>['execute']>>[number];

/**
 * A page from up to `size + 1` rows read in the read direction (the extra one tells whether
 * another page follows): turned round when read backwards, with the cursors at its edges.
 */
export async function finishPage(
  db: Kysely<Database>,
  found: FoundRow[],
  size: number,
  order: ListOrder,
  at: Position | null,
  total: number | null,
  organizations?: Map<number, string>,
): Promise<Page> {
  const fromEnd = at?.towards === LAST;
  const backwards = at?.towards === 'prev' || fromEnd;
  const { page: rows, more } = boundedPage(found, readSize(size, at));
  if (backwards) rows.reverse();
  const positionOf = (r: (typeof rows)[number], towards: Position['towards']): Position => ({
    value: TEXT_SORTS.includes(order.sort) ? String(r.sort_value) : Number(r.sort_value),
    id: Number(r.id),
    towards,
  });
  const first = rows[0];
  const last = rows[rows.length - 1];
  // With no rows left at a position (deleted meanwhile), the position itself still leads back.
  const edge = at && !fromEnd ? { value: at.value, id: at.id } : null;
  let next: Position | null;
  let prev: Position | null;
  if (backwards) {
    prev = more && first ? positionOf(first, 'prev') : null;
    // Nothing follows the last page.
    next = fromEnd ? null : last ? positionOf(last, 'next') : edge && { ...edge, towards: 'next' };
  } else {
    next = more && last ? positionOf(last, 'next') : null;
    prev = !at ? null : first ? positionOf(first, 'prev') : edge && { ...edge, towards: 'prev' };
  }
  const names = await organizationNames(
    db,
    rows.map((r) => r.organization_id),
    organizations,
  );
  return {
    // The driver's row objects are ours: completed in place (an export maps millions of them).
    rows: rows.map((r) =>
      toUserRow(
        Object.assign(r, {
          id: Number(r.id),
          organization: r.organization_id === null ? null : (names.get(r.organization_id) ?? null),
        }),
      ),
    ),
    next,
    prev,
    total,
  };
}

/**
 * Organisation names for a page's rows, read after the page is chosen: joined in the page's
 * query, the name would be looked up for every matching row before the sort keeps a few.
 */
export async function organizationNames(
  db: Kysely<Database>,
  ids: readonly (number | null)[],
  known = new Map<number, string>(),
): Promise<Map<number, string>> {
  const wanted = [...new Set(ids.filter((id): id is number => id !== null && !known.has(id)))];
  if (wanted.length === 0) return known;
  const rows = await db.selectFrom('organizations').select(['id', 'name']).where('id', 'in', wanted).execute();
  for (const r of rows) known.set(r.id, r.name);
  return known;
}

/**
 * Every matching row in the list's order, `batch` at a time, each batch read by its own keyset
 * query: memory holds one batch whatever the total. `matching` (the count, when known) chooses
 * the plan: a search matching more than a few batches walks the sort index (see `pageQuery`).
 */
export async function* userBatches(
  db: Kysely<Database>,
  filter: UserFilter,
  order: ListOrder,
  batch: number,
  matching: number | null = null,
): AsyncGenerator<UserRow[]> {
  const walk = matching !== null && matching > 4 * batch;
  // Names already read are kept for the next batches (an export may run long; renames meanwhile
  // are not picked up, as the rows read earlier would not show them either).
  const organizations = new Map<number, string>();
  let at: Position | null = null;
  for (;;) {
    const page = await readPage(db, filter, order, batch, at, { walk, organizations });
    if (page.rows.length > 0) yield page.rows;
    if (!page.next) return;
    at = page.next;
  }
}
