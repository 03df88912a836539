// The index each of a search page's queries is written for (migration 010), named to SQLite with
// INDEXED BY. SQLite without statistics plans these queries as written; after ANALYZE (or
// `PRAGMA optimize`, which a production database may run) it may read a kind's matches through
// migration 008's narrow unique index instead, or walk another order, and a page's cost moves with
// the statistics. Named, the plan holds whatever the statistics say, and a query the named index
// cannot serve fails to prepare rather than quietly reading the table (decision 110). PostgreSQL
// has no hints: its expressions are in the "C" collation, which only migration 010's indexes hold,
// and its planner's choices between them are bounded either way (tests/server/user-search-kinds).
import { sql, type RawBuilder } from 'kysely';
import type { SortKey } from '../../src/domain/user-kinds';
import type { Engine } from '../db/connect';

export type SearchIndex =
  | 'users_search_first_last_idx'
  | 'users_search_last_first_idx'
  | 'users_search_email_idx'
  | 'users_search_username_idx'
  | 'users_search_phone_idx'
  | 'users_sort_created_idx'
  | 'users_sort_expiry_idx';

/** The table itself, read in id order (its rowid). */
export const TABLE = 'table';

/** What a walk in each order reads: the order's covering index, or the table in id order. */
export const SORT_INDEX: Record<SortKey, SearchIndex | typeof TABLE> = {
  id: TABLE,
  name: 'users_search_last_first_idx',
  email: 'users_search_email_idx',
  username: 'users_search_username_idx',
  created: 'users_sort_created_idx',
  expiry: 'users_sort_expiry_idx',
};

/** `users` as raw SQL's FROM, read through `index` on SQLite (`null`: as the planner likes, for the id's own key). */
export function usersThroughSql(engine: Engine, index: SearchIndex | typeof TABLE | null): RawBuilder<unknown> {
  if (engine !== 'sqlite' || index === null) return sql.raw('users');
  return index === TABLE ? sql.raw('users not indexed') : sql.raw(`users indexed by ${index}`);
}

/**
 * The same for Kysely's builder, typed as the table's name, which `selectFrom` takes: what it
 * compiles is the same table under the same name, with the hint after it.
 */
export function usersThrough(engine: Engine, index: SearchIndex | typeof TABLE | null): 'users' {
  if (engine !== 'sqlite' || index === null) return 'users';
  return usersThroughSql(engine, index) as unknown as 'users';
}
