// The SQLite driver whose connections live in worker threads (decision 041): errors come back as
// the code catches them, a dead thread fails only what it held and is replaced, a transaction is
// all or nothing on the writer, and closing the database ends every thread (a throwaway
// database's threads wait parked for the next one, which sees only its own file).
import { existsSync } from 'node:fs';
import { Kysely, sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SqliteThreadsDialect } from '../../server/db/sqlite-driver';
import { parkedThreads } from '../../server/db/sqlite-thread';

interface Db {
  items: { id: number; name: string };
}
let dialect: SqliteThreadsDialect;
let db: Kysely<Db>;
const onSqlite = !/^postgres/.test(process.env['TEST_DATABASE_URL'] ?? '');

beforeEach(async () => {
  dialect = new SqliteThreadsDialect({ file: ':memory:', minReaders: 1, maxReaders: 4 });
  db = new Kysely<Db>({ dialect });
  await sql`create table items (id integer primary key, name text not null unique)`.execute(db);
});
afterEach(async () => {
  await db.destroy();
});

describe.runIf(onSqlite)('SQLite in worker threads', () => {
  it('surfaces a unique violation with the code and message better-sqlite3 gives', async () => {
    await db.insertInto('items').values({ id: 1, name: 'a' }).execute();
    const err = await db
      .insertInto('items')
      .values({ id: 2, name: 'a' })
      .execute()
      .catch((e: unknown) => e);
    expect(err).toMatchObject({
      code: 'SQLITE_CONSTRAINT_UNIQUE',
      message: expect.stringMatching(/UNIQUE constraint failed: items\.name/),
    });
  });

  it('keeps a transaction all or nothing, and lets reads outside it see only what was committed', async () => {
    await db.transaction().execute(async (trx) => {
      await trx.insertInto('items').values({ id: 1, name: 'kept' }).execute();
    });
    let seenDuring: unknown[] = [];
    const failed = await db
      .transaction()
      .execute(async (trx) => {
        await trx.insertInto('items').values({ id: 2, name: 'dropped' }).execute();
        expect(await trx.selectFrom('items').select('name').orderBy('id').execute()).toHaveLength(2);
        seenDuring = await db.selectFrom('items').select('name').execute();
        throw new Error('changed my mind');
      })
      .catch((e: Error) => e.message);
    expect(failed).toBe('changed my mind');
    expect(seenDuring).toEqual([{ name: 'kept' }]);
    expect(await db.selectFrom('items').select('name').execute()).toEqual([{ name: 'kept' }]);
  });

  it('sends a raw statement that writes to the writer, however it starts', async () => {
    await sql`with n(x) as (select 5) insert into items (id, name) select x, 'five' from n`.execute(db);
    expect(await db.selectFrom('items').select('name').execute()).toEqual([{ name: 'five' }]);
  });

  it('fails the transaction whose writer died, then works on a new writer', async () => {
    const err = await db
      .transaction()
      .execute(async (trx) => {
        await trx.insertInto('items').values({ id: 1, name: 'lost' }).execute();
        await dialect.threads().writer!.kill();
        await trx.insertInto('items').values({ id: 2, name: 'also lost' }).execute();
      })
      .catch((e: unknown) => e);
    expect(err).toMatchObject({ code: 'SQLITE_THREAD_STOPPED' });
    await db.insertInto('items').values({ id: 3, name: 'after' }).execute();
    expect(await db.selectFrom('items').select('name').execute()).toEqual([{ name: 'after' }]);
  });

  it('starts readers while all are busy, up to the cap', async () => {
    await db.insertInto('items').values({ id: 1, name: 'x' }).execute();
    const slow = sql`with recursive c(x) as (select 1 union all select x + 1 from c where x < 300000) select count(*) as n from c`;
    const results = await Promise.all(Array.from({ length: 6 }, () => slow.execute(db)));
    expect(results.every((r) => (r.rows[0] as { n: number }).n === 300000)).toBe(true);
    expect(dialect.threads().readers).toBeGreaterThan(1);
    expect(dialect.threads().readers).toBeLessThanOrEqual(4);
  });

  it('closes every connection and removes the temporary file when the database is closed', async () => {
    await db.insertInto('items').values({ id: 1, name: 'x' }).execute();
    const file = (await sql<{ file: string }>`select file from pragma_database_list where name = 'main'`.execute(db))
      .rows[0]!.file;
    expect(existsSync(file)).toBe(true);
    await db.destroy();
    expect(dialect.threads()).toEqual({ writer: null, readers: 0 });
    expect(existsSync(file)).toBe(false);
    db = new Kysely<Db>({ dialect: new SqliteThreadsDialect({ file: ':memory:' }) });
  });

  it('parks a throwaway database’s threads for the next one, which sees only its own file', async () => {
    await db.insertInto('items').values({ id: 1, name: 'first' }).execute();
    expect(await db.selectFrom('items').select('name').execute()).toEqual([{ name: 'first' }]);
    await db.destroy();
    const parked = parkedThreads();
    expect(parked).toBeGreaterThanOrEqual(2); // the writer and the reader
    dialect = new SqliteThreadsDialect({ file: ':memory:', minReaders: 1, maxReaders: 4 });
    db = new Kysely<Db>({ dialect });
    const tables = await sql<{ name: string }>`select name from sqlite_master where type = 'table'`.execute(db);
    expect(tables.rows).toEqual([]);
    expect(parkedThreads()).toBe(parked - 2);
    await sql`create table items (id integer primary key, name text not null unique)`.execute(db);
    await db.insertInto('items').values({ id: 2, name: 'second' }).execute();
    expect(await db.selectFrom('items').select('name').execute()).toEqual([{ name: 'second' }]);
  });
});
