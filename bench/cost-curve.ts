// How the user list's cost grows with the number of users: `npm run bench -- cost-curve`.
// PostgreSQL at 100,000, 1,000,000 and 10,000,000 users (a database of its own a size,
// staff_console_cost_100k, _1m, _10m: created and seeded when missing, resumed when a seed was
// interrupted, reused when full) and SQLite at 1,000,000 (the bench file `npm run seed:bench`
// made, never seeded here). Per size, over HTTP against the server run as its own process: list
// page 1 with its total, a page half-way down, the commonest-name search, an export's rows/s, and
// what the data costs on disk (the database, the users table, each of its indexes; per user).
//   npm run bench -- cost-curve [--sizes 100000,1000000,10000000] [--engines postgres,sqlite]
import { existsSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { sql, type Kysely } from 'kysely';
import pg from 'pg';
import * as v from 'valibot';
import { openDatabase, type DatabaseTarget, type Engine } from '../server/db/connect';
import { migrateToLatest } from '../server/db/migrate';
import type { Database } from '../server/db/schema';
import { withDatabaseName } from '../server/db/test-database';
import type { SearchUsersReply } from '../src/domain/users';
import { removeHttpStaff, signInOverHttp, startServerProcess, type HttpClient } from './http';
import {
  concurrentTimes,
  count,
  latencyRow,
  loadNow,
  median,
  RUNS_PER_ROW,
  summary,
  timedPost,
  verdict,
} from './support';
import { commonNames, deepCursor } from './user-list';
import { buildDeferredIndexes, withIndexesDeferred } from './deferred-indexes';
import { EXPORT_ROWS_PER_S } from './export';
import { warmCache } from './warm-cache';
import { BENCH_USERS, benchTarget, refreshStatistics, seedBenchUsers, seededCount } from './user-data';

const STAFF = 'bench.cost';
const PG_SIZES = [100_000, 1_000_000, 10_000_000];
/** SQLite's one size: the bench file of `npm run seed:bench`. */
const SQLITE_SIZE = BENCH_USERS;
const REQUESTS = 40;
const P95_MS = 20;

const Sizes = v.pipe(
  v.string(),
  v.transform((s) => s.split(',').map((x) => Number(x.trim().replace(/_/g, '')))),
  v.array(v.pipe(v.number(), v.integer(), v.minValue(1_000), v.maxValue(100_000_000))),
);
const Engines = v.pipe(
  v.string(),
  v.transform((s) => s.split(',').map((x) => x.trim())),
  v.array(v.picklist(['postgres', 'sqlite'])),
);

/** 100k, 1m, 10m: the suffix of a size's database name. */
export const sizeLabel = (n: number) => (n % 1_000_000 === 0 ? `${n / 1_000_000}m` : `${Math.round(n / 1_000)}k`);
const mb = (bytes: number) => `${(bytes / 1e6).toFixed(1)} MB`;
const say = (line: string) => console.log(line);

/** The PostgreSQL database of `size` users, created, seeded or resumed as needed; every step announced. */
async function costDatabasePg(size: number): Promise<{ db: Kysely<Database>; target: DatabaseTarget }> {
  const server = process.env['BENCH_PG_URL'] ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const name = `staff_console_cost_${sizeLabel(size)}`;
  const maintenance = new pg.Client({ connectionString: withDatabaseName(server, 'postgres') });
  await maintenance.connect();
  try {
    const found = await maintenance.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount === 0) {
      say(`postgres ${count(size)}: creating database ${name}.`);
      await maintenance.query(`CREATE DATABASE "${name}"`);
    }
  } finally {
    await maintenance.end();
  }
  const target: DatabaseTarget = { engine: 'postgres', url: withDatabaseName(server, name) };
  const db = openDatabase(target);
  await migrateToLatest(db);
  await buildDeferredIndexes(db, say); // a seed stopped before it built them
  const there = await seededCount(db);
  if (there > size) {
    await db.destroy();
    throw new Error(`${name} holds ${count(there)} bench users, more than ${count(size)}: drop it to seed it again`);
  }
  if (there === size) {
    say(`postgres ${count(size)}: ${name} holds the ${count(size)} users; reused.`);
    return { db, target };
  }
  say(
    `postgres ${count(size)}: seeding ${name}, ${count(there)} of ${count(size)} users there; ` +
      `stopping is safe, a later run goes on from where it stopped.`,
  );
  const step = Math.max(50_000, Math.round(size / 20 / 50_000) * 50_000);
  const seconds = await withIndexesDeferred(
    db,
    'users',
    () =>
      seedBenchUsers(db, {
        users: size,
        resume: true,
        progress: (done) => {
          if (done % step === 0 || done === size) say(`  ${count(done)} users (${loadNow()})`);
        },
      }),
    say,
  );
  say(`  seeded in ${seconds.toFixed(0)} s; VACUUM ANALYZE…`);
  await refreshStatistics(db, 'postgres');
  return { db, target };
}

/** The SQLite bench file when it holds the 1,000,000 users; null (said why) otherwise. */
async function costDatabaseSqlite(): Promise<{ db: Kysely<Database>; target: DatabaseTarget } | null> {
  const target = benchTarget('sqlite');
  if (target.engine !== 'sqlite' || !existsSync(target.file)) {
    say(
      `sqlite ${count(SQLITE_SIZE)}: skipped (${target.engine === 'sqlite' ? target.file : ''} missing; run \`npm run seed:bench\`)`,
    );
    return null;
  }
  const db = openDatabase(target);
  await migrateToLatest(db);
  const there = await seededCount(db);
  if (there !== SQLITE_SIZE) {
    await db.destroy();
    say(
      `sqlite ${count(SQLITE_SIZE)}: skipped (${target.file} holds ${count(there)} bench users; run \`npm run seed:bench\`)`,
    );
    return null;
  }
  say(`sqlite ${count(SQLITE_SIZE)}: ${target.file} reused.`);
  return { db, target };
}

interface Storage {
  database: number;
  table: number;
  indexes: { name: string; bytes: number }[];
}

/** Bytes on disk: the whole database, the users table's rows, and each of its indexes. */
export async function storageOf(db: Kysely<Database>, engine: Engine): Promise<Storage> {
  if (engine === 'postgres') {
    const [totals] = (
      await sql<{ database: string; table: string }>`
        select pg_database_size(current_database()) as database, pg_relation_size('users') as table`.execute(db)
    ).rows;
    const indexes = (
      await sql<{ name: string; bytes: string }>`
        select indexrelid::regclass::text as name, pg_relation_size(indexrelid) as bytes
        from pg_index where indrelid = 'users'::regclass`.execute(db)
    ).rows;
    return {
      database: Number(totals!.database),
      table: Number(totals!.table),
      indexes: indexes.map((i) => ({ name: i.name, bytes: Number(i.bytes) })).sort((a, b) => b.bytes - a.bytes),
    };
  }
  const [pages] = (
    await sql<{
      bytes: number;
    }>`select page_count * page_size as bytes from pragma_page_count, pragma_page_size`.execute(db)
  ).rows;
  // dbstat (compiled into better-sqlite3) sums each b-tree's pages; an index on users is one of
  // sqlite_master's rows of type 'index' whose tbl_name is users (autoindexes included).
  const objects = (
    await sql<{ name: string; type: string; bytes: number }>`
      select m.name as name, m.type as type, sum(d.pgsize) as bytes
      from dbstat d join sqlite_master m on m.name = d.name
      where m.tbl_name = 'users' group by m.name, m.type`.execute(db)
  ).rows;
  return {
    database: Number(pages!.bytes),
    table: Number(objects.find((o) => o.type === 'table')?.bytes ?? 0),
    indexes: objects
      .filter((o) => o.type === 'index')
      .map((o) => ({ name: o.name, bytes: Number(o.bytes) }))
      .sort((a, b) => b.bytes - a.bytes),
  };
}

/** RUNS_PER_ROW runs of REQUESTS sequential calls with `form`: each run's p50/p95 and the mean reply size. */
async function latency(
  client: HttpClient,
  form: Record<string, string>,
): Promise<{ runs: { p50: number; p95: number }[]; bytes: number; total: number | null }> {
  const runs: { p50: number; p95: number }[] = [];
  let bytes = 0;
  let replies = 0;
  let total: number | null = null;
  for (let r = 0; r < RUNS_PER_ROW; r++) {
    const times = await concurrentTimes(1, REQUESTS, async () => {
      const timed = await timedPost<SearchUsersReply>(client, '/user/search_user/', form);
      bytes += timed.bytes;
      replies++;
      total = timed.reply.total_users;
      return timed.ms;
    });
    runs.push(summary(times));
  }
  return { runs, bytes: bytes / replies, total };
}

/** One size on one engine: the figures, then the storage. */
async function measureSize(engine: Engine, size: number, db: Kysely<Database>, target: DatabaseTarget): Promise<void> {
  const label = `${engine} ${count(size)}`;
  const server = await startServerProcess(target);
  try {
    const client = await signInOverHttp(db, server.base, STAFF);
    for (let i = 0; i < 10; i++) await timedPost(client, '/user/search_user/', {});
    say(
      `${label}: over HTTP, 1 client, ${REQUESTS} requests a run, p50/p95 the median of ${RUNS_PER_ROW} runs (${loadNow()})`,
    );
    const row = (name: string, r: Awaited<ReturnType<typeof latency>>, note?: string) =>
      say(`  ${latencyRow({ name, engine, clients: 1, runs: r.runs, p95TargetMs: P95_MS, bytes: r.bytes, note })}`);

    const first = await latency(client, {});
    row('list page 1 + total', first, `total ${count(first.total ?? 0)}`);
    const cursor = await deepCursor(db, engine, { sort: 'id', dir: 'desc' }, Math.floor(size / 2));
    row(
      'list page half-way (cursor)',
      await latency(client, { cursor, with_total: 'false' }),
      `${count(Math.floor(size / 2))} rows in`,
    );
    const [commonest] = [...(await commonNames(db, 'first_name')), ...(await commonNames(db, 'last_name'))].sort(
      (a, b) => b.matches - a.matches,
    );
    row(
      `search commonest name '${commonest!.name}'`,
      await latency(client, { q: commonest!.name }),
      `${count(commonest!.matches)} match`,
    );

    // The export of one user type (about a tenth of the users), streamed to the end.
    const rows = Number(
      (
        await db
          .selectFrom('users')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('user_type', '=', 'grace_customer')
          .where('deleted', '=', 0)
          .executeTakeFirstOrThrow()
      ).n,
    );
    const rates: number[] = [];
    let bytes = 0;
    for (let r = 0; r < RUNS_PER_ROW; r++) {
      const t = performance.now();
      const res = await client.post('/user/export_users/', { format: 'csv', user_type: 'grace_customer' });
      if (res.status !== 200) throw new Error(`export answered ${res.status}`);
      bytes = (await res.arrayBuffer()).byteLength;
      rates.push(rows / ((performance.now() - t) / 1000));
    }
    const rate = median(rates);
    say(
      `  ${engine.padEnd(8)} export csv of ${count(rows)} rows (${mb(bytes)}): median ${count(Math.round(rate))} rows/s of ${RUNS_PER_ROW} ` +
        `(target ≥ ${count(EXPORT_ROWS_PER_S)}) ${verdict(rate >= EXPORT_ROWS_PER_S)} (${loadNow()})`,
    );
  } finally {
    await server.stop();
    await removeHttpStaff(db, STAFF).catch(() => {});
  }
  const s = await storageOf(db, engine);
  const indexBytes = s.indexes.reduce((a, i) => a + i.bytes, 0);
  const per = (bytes: number) => `${count(Math.round(bytes / size))} B/user`;
  say(
    `${label} on disk: database ${mb(s.database)} (${per(s.database)}); users rows ${mb(s.table)} (${per(s.table)}), ` +
      `its ${s.indexes.length} indexes ${mb(indexBytes)} (${per(indexBytes)})`,
  );
  for (const i of s.indexes) say(`  ${i.name.padEnd(36)} ${mb(i.bytes).padStart(10)} ${per(i.bytes).padStart(12)}`);
}

/** A command-line value read through `schema`, or an error naming the form it takes. */
function parsed<T extends v.GenericSchema<string, unknown>>(
  schema: T,
  value: string,
  example: string,
): v.InferOutput<T> {
  const result = v.safeParse(schema, value);
  if (!result.success) throw new Error(`'${value}': ${result.issues[0].message}; e.g. ${example}`);
  return result.output;
}

export async function costCurveMain(args: string[]): Promise<void> {
  const { values } = parseArgs({
    args,
    options: { sizes: { type: 'string' }, engines: { type: 'string' } },
    strict: true,
  });
  const sizes = values.sizes ? parsed(Sizes, values.sizes, '--sizes 100000,1000000') : [...PG_SIZES];
  const engines: Engine[] = values.engines
    ? parsed(Engines, values.engines, '--engines postgres,sqlite')
    : ['postgres', 'sqlite'];
  say(`User list cost curve — sizes ${sizes.map(count).join(', ')} on ${engines.join(' and ')}; ${loadNow()}`);
  for (const size of sizes) {
    for (const engine of engines) {
      if (engine === 'sqlite' && size !== SQLITE_SIZE) continue;
      const opened = engine === 'postgres' ? await costDatabasePg(size) : await costDatabaseSqlite();
      if (!opened) continue;
      try {
        const seconds = await warmCache(opened.db, opened.target);
        say(`${engine} ${count(size)}: read into the page cache in ${seconds.toFixed(0)} s`);
        await measureSize(engine, size, opened.db, opened.target);
      } finally {
        await opened.db.destroy();
      }
    }
  }
}
