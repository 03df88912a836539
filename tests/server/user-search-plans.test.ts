// A search page's plans hold with statistics present (decision 110). A production database may
// have them: `ANALYZE`, or `PRAGMA optimize` run by an operator, writes them, and with them SQLite
// once read a kind's matches through migration 008's narrow unique index on lower(email) instead of
// migration 010's covering one. Here the statistics are those ANALYZE wrote on the bench database
// of a million users (SQLite), or PostgreSQL's own ANALYZE of the test's users; for the commonest
// first names and each other kind of search, in every order, with deleted users in and out, gathered
// and walked, every query reads the index it was written for.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engineOf } from '../../server/db/connect';
import { countKindsQuery, searchPageQueries } from '../../server/users/search-kinds';
import { DELETED_FILTERS, SORT_KEYS } from '../../src/domain/user-kinds';
import { TOTAL_CAP, userFilter, type UserFilter } from '../../src/domain/users';
import { FIRST_NAMES, seedBenchUsers } from '../../bench/user-data';
import { createTestServer, type TestServer } from '../support/server';
import { explain } from './support/query-plans';

/** sqlite_stat1's rows for users and organizations after ANALYZE on the million-user bench database. */
const MILLION_USERS_STATS: [table: string, index: string, stat: string][] = [
  ['organizations', 'organizations_name_id_idx', '5000 1 1'],
  ['organizations', 'organizations_name_key_idx', '5000 5000'],
  ['organizations', 'organizations_name_lower_idx', '5000 1'],
  ['organizations', 'sqlite_autoindex_organizations_1', '5000 1'],
  ['users', 'sqlite_autoindex_users_1', '1000000 1'],
  ['users', 'sqlite_autoindex_users_2', '1000000 1'],
  ['users', 'users_email_domain_idx', '1000000 190 1'],
  ['users', 'users_email_lower_uq', '1000000 1'],
  ['users', 'users_organization_idx', '1000000 190'],
  ['users', 'users_search_email_idx', '1000000 1 1 1 1 1 1 1 1 1 1 1 1 1 1'],
  ['users', 'users_search_first_last_idx', '1000000 5 1 1 1 1 1 1 1 1 1 1 1 1 1'],
  ['users', 'users_search_last_first_idx', '1000000 5 1 1 1 1 1 1 1 1 1 1 1 1 1'],
  ['users', 'users_search_phone_idx', '1000000 2 1 1 1 1 1 1 1 1 1 1 1 1 1'],
  ['users', 'users_search_username_idx', '1000000 1 1 1 1 1 1 1 1 1 1 1 1 1 1'],
  ['users', 'users_sort_created_idx', '1000000 1 1 1 1 1 1 1 1 1 1 1 1 1 1'],
  ['users', 'users_sort_expiry_idx', '1000000 388 1 1 1 1 1 1 1 1 1 1 1 1 1'],
  ['users', 'users_type_idx', '1000000 142857'],
  ['users', 'users_username_lower_uq', '1000000 1'],
];

let server: TestServer;
let postgres: boolean;

beforeAll(async () => {
  server = await createTestServer();
  await seedBenchUsers(server.db, { users: 600, orgs: 3 });
  const { db } = server;
  postgres = engineOf(db) === 'postgres';
  await sql`analyze`.execute(db);
  if (!postgres) {
    await sql`delete from sqlite_stat1 where tbl in ('users', 'organizations')`.execute(db);
    for (const [tbl, idx, stat] of MILLION_USERS_STATS)
      await sql`insert into sqlite_stat1 (tbl, idx, stat) values (${tbl}, ${idx}, ${stat})`.execute(db);
    // Loads the statistics into the planner, as opening the database would.
    await sql`analyze sqlite_schema`.execute(db);
  }
}, 60_000);
afterAll(async () => {
  await server.close();
});

const filterOf = userFilter;

/** Every query of a search's first page (its counts, then its reads), gathered or, with `walkAt` 0, walked. */
async function pagePlans(filter: UserFilter, sort: (typeof SORT_KEYS)[number], walkAt?: number): Promise<string[]> {
  const { db } = server;
  const countsQuery = countKindsQuery(db, filter, sort, TOTAL_CAP);
  // The counts a million users would give: every kind matching, each above the walk's threshold when walked.
  const counts = countsQuery.sql.split(' cross join ').map(() => (walkAt === 0 ? TOTAL_CAP + 1 : 1));
  const { queries } = searchPageQueries(db, filter, { sort, dir: 'desc' }, 20, null, counts, walkAt);
  return explain(db, [countsQuery, ...queries.map((q) => q.compile())]);
}

/** What each plan may read: migration 010's covering indexes, the table in id order for a walk, the id itself. */
function readsItsIndex(plan: string): boolean {
  if (postgres)
    return (
      !/users_email_lower_uq|users_username_lower_uq|users_email_key|users_username_key|BitmapOr/.test(plan) &&
      (/Index Only Scan using users_(search|sort)_/.test(plan) ||
        /Index Scan using users_pkey on users[^\n]*\n\s*Index Cond: \(id = \d+\)/.test(plan) ||
        !/Sort Key/.test(plan))
    );
  return plan
    .split('\n')
    .filter((line) => /\busers\b/.test(line) && /^(SEARCH|SCAN)/.test(line))
    .every(
      (line) =>
        /USING COVERING INDEX users_(search|sort)_[a-z_]+_idx\b/.test(line) ||
        /USING INTEGER PRIMARY KEY/.test(line) ||
        line === 'SCAN users',
    );
}

const SEARCHES = [
  ...FIRST_NAMES.slice(0, 22).map((n) => n.toLowerCase()),
  'smith',
  'mary smith',
  'james.smi',
  'b.jam',
  '555 12',
  '4711',
];

describe.each(DELETED_FILTERS)('with statistics present, deleted users %s', (deleted) => {
  it.each(SORT_KEYS)('every query of a search in the %s order reads the index written for it', async (sort) => {
    for (const q of SEARCHES) {
      for (const walkAt of [undefined, 0]) {
        for (const plan of await pagePlans(filterOf({ q, deleted }), sort, walkAt))
          expect(readsItsIndex(plan), `${q} (${walkAt === 0 ? 'walked' : 'gathered'}):\n${plan}`).toBe(true);
      }
    }
  });
});
