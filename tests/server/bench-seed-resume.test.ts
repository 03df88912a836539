// The cost curve's large seeds can stop part way: seeding again with `resume` writes the users
// still missing, the same ones a seed from empty writes, and keeps the organisations there. On
// PostgreSQL the seed drops the plain indexes while rows go in; a stop leaves them to the next run.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../server/db/schema';
import { seedBenchUsers, seededCount } from '../../bench/user-data';
import { buildDeferredIndexes, withIndexesDeferred } from '../../bench/deferred-indexes';
import { migratedDatabase } from '../support/server';

let whole: { db: Kysely<Database>; drop: () => Promise<void> };
let resumed: { db: Kysely<Database>; drop: () => Promise<void> };

beforeAll(async () => {
  whole = await migratedDatabase();
  resumed = await migratedDatabase();
});

afterAll(async () => {
  for (const d of [whole, resumed]) {
    await d.db.destroy();
    await d.drop();
  }
});

const usersOf = (db: Kysely<Database>) =>
  db
    .selectFrom('users')
    .innerJoin('organizations', 'organizations.id', 'users.organization_id')
    .select([
      'username',
      'email',
      'first_name',
      'last_name',
      'phone',
      'user_type',
      'user_category',
      'active',
      'deleted',
      'expiry_dt',
      'users.created_at',
      'organizations.name as organization',
    ])
    .orderBy('username')
    .execute();

it('a resumed seed holds the users and organisations of one made in one go', async () => {
  await seedBenchUsers(whole.db, { users: 90, orgs: 3 });
  await seedBenchUsers(resumed.db, { users: 40, orgs: 3 });
  await seedBenchUsers(resumed.db, { users: 90, orgs: 3, resume: true });
  expect(await seededCount(resumed.db)).toBe(90);
  expect((await resumed.db.selectFrom('organizations').select('id').execute()).length).toBe(3);
  expect(await usersOf(resumed.db)).toEqual(await usersOf(whole.db));
  // A full one is left as it is.
  await seedBenchUsers(resumed.db, { users: 90, orgs: 3, resume: true });
  expect(await seededCount(resumed.db)).toBe(90);
});

const onPostgres = /^postgres(ql)?:\/\//.test(process.env['TEST_DATABASE_URL'] ?? '');

it.runIf(onPostgres)('a seed stopped with the indexes dropped builds them on its next run, as they were', async () => {
  const { db } = resumed;
  const indexes = async () =>
    (
      await sql<{ name: string; definition: string }>`
        select indexname as name, indexdef as definition from pg_indexes where tablename = 'users' order by 1`.execute(
        db,
      )
    ).rows;
  const before = await indexes();
  const said: string[] = [];
  const stop = new Error('stopped');
  await expect(
    withIndexesDeferred(
      db,
      'users',
      async () => {
        await seedBenchUsers(db, { users: 120, orgs: 3, resume: true });
        throw stop;
      },
      (line) => said.push(line),
    ),
  ).rejects.toBe(stop);
  // Stopped: only the primary key and the unique constraints' indexes are left.
  expect((await indexes()).map((i) => i.name)).toEqual(['users_email_key', 'users_pkey', 'users_username_key']);
  await buildDeferredIndexes(db, (line) => said.push(line));
  expect(await indexes()).toEqual(before);
  expect(said.filter((l) => l.includes('built in'))).toHaveLength(before.length - 3);
  await buildDeferredIndexes(db, () => expect.unreachable('nothing left to build'));
});
