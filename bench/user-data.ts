// A database of 1,000,000 users across 5,000 organisations for the user-list and bulk-edit
// benchmarks: made once per engine by `npm run seed:bench` (SQLite file under data/bench/,
// PostgreSQL database staff_console_bench or BENCH_PG_DB) and reused while it holds the full set.
// The benches never seed or drop a database themselves: they say what is missing and skip. The
// rows are pseudo-random from a fixed seed, so every run and both engines see the same users.
import { existsSync, rmSync } from 'node:fs';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import pg from 'pg';
import { openDatabase, type DatabaseTarget, type Engine } from '../server/db/connect';
import { migrateToLatest } from '../server/db/migrate';
import type { Database, NewUser } from '../server/db/schema';
import { seededRandom } from '../server/db/seed';
import { withDatabaseName } from '../server/db/test-database';
import { ensureBenchBrokers } from './broker-data';
import { warmCache } from './warm-cache';
import { ensureBenchGroups } from './group-data';
import { ensureBenchGroupsV2 } from './groups-v2-data';

export const BENCH_USERS = 1_000_000;
export const BENCH_ORGS = 5_000;
const BENCH_DIR = path.resolve('data/bench');
/** The PostgreSQL bench database: BENCH_PG_DB, so a copy can be benched without touching the original. */
const benchPgName = () => process.env['BENCH_PG_DB'] || 'staff_console_bench';
/** Every seeded username starts so, and nothing else does: how a run finds what it seeded. */
export const BENCH_USERNAME_PREFIX = 'b.';

export function benchTarget(engine: Engine): DatabaseTarget {
  if (engine === 'sqlite') return { engine, file: path.join(BENCH_DIR, 'users-1m.db') };
  const server = process.env['BENCH_PG_URL'] ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  return { engine, url: withDatabaseName(server, benchPgName()) };
}

export const FIRST_NAMES = [
  'James',
  'Mary',
  'Robert',
  'Patricia',
  'John',
  'Jennifer',
  'Michael',
  'Linda',
  'David',
  'Elizabeth',
  'William',
  'Barbara',
  'Richard',
  'Susan',
  'Joseph',
  'Jessica',
  'Thomas',
  'Sarah',
  'Charles',
  'Karen',
  'Christopher',
  'Lisa',
  'Daniel',
  'Nancy',
  'Matthew',
  'Betty',
  'Anthony',
  'Margaret',
  'Mark',
  'Sandra',
  'Donald',
  'Ashley',
  'Steven',
  'Kimberly',
  'Paul',
  'Emily',
  'Andrew',
  'Donna',
  'Joshua',
  'Michelle',
  'Kenneth',
  'Carol',
  'Kevin',
  'Amanda',
  'Brian',
  'Dorothy',
  'George',
  'Melissa',
  'Timothy',
  'Deborah',
  'Ronald',
  'Stephanie',
  'Edward',
  'Rebecca',
  'Jason',
  'Sharon',
  'Jeffrey',
  'Laura',
  'Ryan',
  'Cynthia',
  'Jacob',
  'Kathleen',
  'Gary',
  'Amy',
  'Nicholas',
  'Angela',
  'Eric',
  'Shirley',
  'Jonathan',
  'Anna',
  'Stephen',
  'Brenda',
  'Larry',
  'Pamela',
  'Justin',
  'Emma',
  'Scott',
  'Nicole',
  'Brandon',
  'Helen',
  'Benjamin',
  'Samantha',
  'Samuel',
  'Katherine',
  'Gregory',
  'Christine',
  'Alexander',
  'Debra',
  'Frank',
  'Rachel',
  'Patrick',
  'Carolyn',
  'Raymond',
  'Janet',
  'Jack',
  'Catherine',
  'Dennis',
  'Maria',
  'Jerry',
  'Heather',
  'Tyler',
  'Diane',
  'Aaron',
  'Ruth',
  'Jose',
  'Julie',
  'Adam',
  'Olivia',
  'Nathan',
  'Joyce',
  'Henry',
  'Virginia',
  'Zachary',
  'Victoria',
  'Douglas',
  'Kelly',
  'Peter',
  'Lauren',
  'Kyle',
  'Christina',
  'Noah',
  'Joan',
  'Ethan',
  'Evelyn',
  'Jeremy',
  'Judith',
  'Walter',
  'Megan',
  'Christian',
  'Andrea',
  'Keith',
  'Cheryl',
  'Roger',
  'Hannah',
  'Terry',
  'Jacqueline',
  'Austin',
  'Martha',
  'Sean',
  'Gloria',
  'Gerald',
  'Teresa',
  'Carl',
  'Ann',
  'Harold',
  'Sara',
  'Dylan',
  'Madison',
  'Arthur',
  'Frances',
  'Lawrence',
  'Kathryn',
  'Jordan',
  'Janice',
  'Jesse',
  'Jean',
  'Bryan',
  'Abigail',
  'Billy',
  'Alice',
  'Bruce',
  'Judy',
  'Gabriel',
  'Sophia',
  'Joe',
  'Grace',
  'Logan',
  'Denise',
  'Albert',
  'Amber',
  'Willie',
  'Doris',
  'Alan',
  'Marilyn',
  'Eugene',
  'Danielle',
  'Russell',
  'Beverly',
  'Vincent',
  'Isabella',
  'Philip',
  'Theresa',
  'Bobby',
  'Diana',
  'Johnny',
  'Natalie',
  'Bradley',
  'Brittany',
  'Roy',
  'Charlotte',
  'Ralph',
  'Marie',
  'Louis',
  'Kayla',
  'Émile',
  'Zoë',
  'Søren',
  'Aoife',
  'Chloé',
  'Renée',
];

const LAST_ROOTS = [
  'Smith',
  'Johnson',
  'Williams',
  'Brown',
  'Jones',
  'Garcia',
  'Miller',
  'Davis',
  'Rodriguez',
  'Martinez',
  'Hernandez',
  'Lopez',
  'Gonzalez',
  'Wilson',
  'Anderson',
  'Thomas',
  'Taylor',
  'Moore',
  'Jackson',
  'Martin',
  'Lee',
  'Perez',
  'Thompson',
  'White',
  'Harris',
  'Sanchez',
  'Clark',
  'Ramirez',
  'Lewis',
  'Robinson',
  'Walker',
  'Young',
  'Allen',
  'King',
  'Wright',
  'Scott',
  'Torres',
  'Nguyen',
  'Hill',
  'Flores',
  'Green',
  'Adams',
  'Nelson',
  'Baker',
  'Hall',
  'Rivera',
  'Campbell',
  'Mitchell',
  'Carter',
  'Roberts',
  "O'Brien",
  'Müller',
  'Kowalski',
  'Okafor',
  'Tanaka',
  'Silva',
  'Novak',
  'Dubois',
  'Rossi',
  'Jensen',
];
const LAST_ENDINGS = [
  '',
  'son',
  'ton',
  'ley',
  'field',
  'man',
  'er',
  'worth',
  'by',
  'well',
  'ford',
  'stone',
  'wood',
  'berg',
  'ski',
  'land',
  'more',
];
/** 1,020 last names: roots with endings (Smith, Smithson, Smithley …), a realistic spread of rare and common. */
export const LAST_NAMES = LAST_ROOTS.flatMap((root) => LAST_ENDINGS.map((end) => root + end));

const USER_TYPE_MIX: readonly [string, number][] = [
  ['trial', 0.4],
  ['customer', 0.3],
  ['grace_customer', 0.1],
  ['churn_customer', 0.12],
  ['test_user', 0.05],
  ['journalist', 0.02],
  ['is_staff', 0.01],
];
const CATEGORY_MIX: readonly [string, number][] = [
  ['general', 0.8],
  ['ir', 0.15],
  ['workiva', 0.05],
];

function pick<T>(random: () => number, list: readonly T[]): T {
  return list[Math.floor(random() * list.length)]!;
}

function pickWeighted(random: () => number, mix: readonly [string, number][]): string {
  let r = random();
  for (const [value, weight] of mix) {
    if ((r -= weight) < 0) return value;
  }
  return mix[mix.length - 1]![0];
}

const ascii = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[^A-Za-z]/g, '')
    .toLowerCase();
const DAY = 86_400_000;
const START = Date.UTC(2021, 0, 1);
const SPAN = Date.UTC(2026, 0, 1) - START;

/** The i-th bench user (i from 0); ids follow i when the table starts empty. */
export function benchUser(i: number, orgIds: readonly number[], random: () => number): NewUser {
  const first = pick(random, FIRST_NAMES);
  const last = pick(random, LAST_NAMES);
  const created = START + Math.floor((i / BENCH_USERS) * SPAN) + Math.floor(random() * DAY);
  const phone =
    random() < 0.6
      ? `${100 + Math.floor(random() * 900)} ${100 + Math.floor(random() * 900)} ${String(Math.floor(random() * 10000)).padStart(4, '0')}`
      : null;
  const org = pick(random, orgIds);
  return {
    username: `${BENCH_USERNAME_PREFIX}${ascii(first)}${ascii(last)}${i}`,
    email: `${ascii(first)}.${ascii(last)}${i}@org${org}.example.com`,
    first_name: first,
    last_name: last,
    phone,
    organization_id: org,
    user_type: pickWeighted(random, USER_TYPE_MIX),
    user_category: pickWeighted(random, CATEGORY_MIX),
    user_role: null,
    owner: null,
    product_configuration: 'product_basic',
    data_plan: '[]',
    expiry_dt: random() < 0.85 ? Math.floor((created + (15 + random() * 715) * DAY) / DAY) * DAY : null,
    active: random() < 0.9 ? 1 : 0,
    deleted: random() < 0.03 ? 1 : 0,
    is_account_admin: 0,
    allowed_st: '[]',
    flags: '{}',
    password_hash: null,
    created_at: created,
    updated_at: created,
  };
}

/**
 * Inserts the organisations and users, batched in transactions of 50,000 users; answers the
 * seconds taken. With `resume`, a database already holding some of them (an interrupted run: each
 * transaction lands whole) keeps its organisations and users and gets the rest, the same rows a
 * run from empty would have written.
 */
export async function seedBenchUsers(
  db: Kysely<Database>,
  opts: { users?: number; orgs?: number; progress?: (done: number) => void; resume?: boolean } = {},
): Promise<number> {
  const users = opts.users ?? BENCH_USERS;
  const orgs = opts.orgs ?? BENCH_ORGS;
  const started = performance.now();
  const random = seededRandom(20261121);
  const orgRows = Array.from({ length: orgs }, (_, i) => ({
    name: `Bench Org ${i + 1}`,
    salesforce_id: `SF${100000 + i}`,
    sf_acc_id: null,
    created_at: START,
  }));
  const orgIds: number[] = [];
  const from = opts.resume ? await seededCount(db) : 0;
  if (opts.resume) {
    const made = await db
      .selectFrom('organizations')
      .select('id')
      .where('name', 'like', 'Bench Org %')
      .orderBy('id')
      .limit(orgs)
      .execute();
    orgIds.push(...made.map((r) => r.id));
  }
  for (let i = orgIds.length; i < orgRows.length; i += 1000) {
    const ids = await db
      .insertInto('organizations')
      .values(orgRows.slice(i, i + 1000))
      .returning('id')
      .execute();
    orgIds.push(...ids.map((r) => r.id));
  }
  // The users already there are drawn again (not written), so the random sequence goes on as it was.
  for (let i = 0; i < from; i++) benchUser(i, orgIds, random);
  // ~22 values a row: 1,000 rows stay under SQLite's 32,766 parameters, 2,000 under PostgreSQL's 65,535.
  const perInsert = db.getExecutor().adapter.constructor.name.startsWith('Postgres') ? 2_000 : 1_000;
  const perTransaction = 50_000;
  for (let done = from; done < users; done = Math.min(users, done + perTransaction)) {
    const end = Math.min(users, done + perTransaction);
    await db.transaction().execute(async (trx) => {
      for (let i = done; i < end; i += perInsert) {
        const rows = Array.from({ length: Math.min(perInsert, end - i) }, (_, k) => benchUser(i + k, orgIds, random));
        await trx.insertInto('users').values(rows).execute();
      }
    });
    opts.progress?.(end);
  }
  return (performance.now() - started) / 1000;
}

/** How many bench users (usernames `b.…`) the database holds. */
export async function seededCount(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('username', '>=', BENCH_USERNAME_PREFIX)
    .where('username', '<', 'b/')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

async function recreatePostgres(url: string): Promise<void> {
  const name = new URL(url).pathname.slice(1);
  const client = new pg.Client({ connectionString: withDatabaseName(url, 'postgres') });
  await client.connect();
  try {
    await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await client.query(`CREATE DATABASE "${name}"`);
  } finally {
    await client.end();
  }
}

/** Where the bench database of `engine` lives, for messages (no password). */
export function benchWhere(engine: Engine): string {
  const target = benchTarget(engine);
  return target.engine === 'sqlite' ? target.file : `PostgreSQL database ${new URL(target.url).pathname.slice(1)}`;
}

/** The bench database is missing or not full: the bench says so and skips the engine. */
export class BenchDatabaseMissing extends Error {}

/**
 * The bench database of `engine`, migrated, when it holds the 1,000,000 users; otherwise
 * BenchDatabaseMissing (nothing is seeded or dropped). The caller destroys the Kysely instance.
 */
export async function openSeededBenchDatabase(engine: Engine): Promise<Kysely<Database>> {
  const target = benchTarget(engine);
  const missing = (why: string) =>
    new BenchDatabaseMissing(
      `${benchWhere(engine)} ${why}; run \`npm run seed:bench\`${engine === 'postgres' ? ' with DATABASE_URL=postgres://…' : ''} first`,
    );
  if (target.engine === 'sqlite' && !existsSync(target.file)) throw missing('does not exist');
  const db = target.engine === 'sqlite' ? openDatabase(target) : await tryOpenPostgres(target.url);
  if (!db) throw missing('cannot be reached');
  await migrateToLatest(db);
  const n = await seededCount(db);
  if (n === BENCH_USERS) {
    await warmCache(db, target);
    return db;
  }
  await db.destroy();
  throw missing(`holds ${n.toLocaleString('en-US')} bench users, not ${BENCH_USERS.toLocaleString('en-US')}`);
}

/**
 * `npm run seed:bench`: the bench database of `engine`, made anew unless it already holds the
 * 1,000,000 users. Every step that drops or writes is announced through `log`.
 */
export async function seededBenchDatabase(
  engine: Engine,
  log: (line: string) => void = () => {},
): Promise<Kysely<Database>> {
  try {
    const db = await openSeededBenchDatabase(engine);
    const brokersAdded = await ensureBenchBrokers(db, log);
    const groupOrgAdded = await ensureBenchGroups(db, log);
    if ((await ensureBenchGroupsV2(db, log)) || groupOrgAdded || brokersAdded) await refreshStatistics(db, engine);
    return db;
  } catch (err) {
    if (!(err instanceof BenchDatabaseMissing)) throw err;
    log(`${err.message.split(';')[0]}.`);
  }
  const target = benchTarget(engine);
  if (target.engine === 'sqlite') {
    log(`Removing ${target.file} (if any) to seed it afresh.`);
    for (const suffix of ['', '-wal', '-shm']) rmSync(target.file + suffix, { force: true });
  } else {
    log(`Dropping and creating ${benchWhere(engine)}.`);
    await recreatePostgres(target.url);
  }
  const db = openDatabase(target);
  await migrateToLatest(db);
  log(`Seeding ${BENCH_USERS.toLocaleString('en-US')} users into ${benchWhere(engine)}…`);
  const seconds = await seedBenchUsers(db, {
    progress: (done) => {
      if (done % 200_000 === 0) log(`  ${done.toLocaleString('en-US')} users`);
    },
  });
  log(`  seeded in ${seconds.toFixed(0)} s`);
  await ensureBenchBrokers(db, log);
  await ensureBenchGroups(db, log);
  await ensureBenchGroupsV2(db, log);
  await refreshStatistics(db, engine);
  return db;
}

/**
 * Statistics, as a production database has them once someone runs ANALYZE (or `PRAGMA optimize`):
 * PostgreSQL plans from them and answers index-only scans from the visibility map, which
 * autovacuum would bring up to date in a while; a fresh bulk load gets both now. SQLite gets them
 * too, so the benches measure the plans a production file may meet: the user search names its
 * indexes (decision 110) and holds its plans with them.
 */
export async function refreshStatistics(db: Kysely<Database>, engine: Engine): Promise<void> {
  if (engine === 'postgres') await sql`vacuum analyze`.execute(db);
  else await sql`analyze`.execute(db);
}

async function tryOpenPostgres(url: string): Promise<Kysely<Database> | null> {
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
    await client.end();
    return openDatabase({ engine: 'postgres', url });
  } catch {
    return null;
  }
}
