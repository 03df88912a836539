// The user list at 1,000,000 users, through the real HTTP handler (app.request with a signed-in
// session): page 1 and a deep page (a cursor half a million rows in) for the list and a mix of
// searches, the exact total, and export throughput. On SQLite, and on PostgreSQL when reachable.
import { sql, type Kysely } from 'kysely';
import type { Engine } from '../server/db/connect';
import type { Database } from '../server/db/schema';
import { encodeCursor, type ListOrder } from '../server/users/search';
import type { SearchUsersReply, UserFilter } from '../src/domain/users';
import type { BenchClient } from './setup';
import { count, onBothEngines, openBenchDatabase, summary, timedPost, verdict, withSignedInApp } from './support';
import { FIRST_NAMES, LAST_NAMES } from './user-data';

const STAFF = 'bench.lister';
const RUNS = 60;
const LIST_P95_MS = 50;
const EXPORT_ROWS_PER_S = 50_000;

/** Deterministic choices for the search mix. */
function chooser(seed: number) {
  let a = seed;
  const next = () => ((a = (a * 1103515245 + 12345) % 2147483648) / 2147483648);
  return <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!;
}
const ascii = (s: string) => s.normalize('NFD').replace(/[^A-Za-z]/g, '').toLowerCase();

type Form = Record<string, string>;

/** The searches people make, each a function of a random pick: text, often with a filter or an order. */
function searchMix(): { name: string; form: () => Form }[] {
  const pick = chooser(42);
  const digits = (n: number) => Array.from({ length: n }, () => pick('0123456789'.split(''))).join('');
  return [
    { name: 'email prefix', form: () => ({ q: `${ascii(pick(FIRST_NAMES))}.${ascii(pick(LAST_NAMES)).slice(0, 4)}` }) },
    { name: 'last name', form: () => ({ q: pick(LAST_NAMES) }) },
    { name: '"first last"', form: () => ({ q: `${pick(FIRST_NAMES)} ${pick(LAST_NAMES)}` }) },
    { name: 'phone prefix', form: () => ({ q: `${1 + Number(digits(1)) % 9}${digits(2)} ${digits(2)}` }) },
    { name: 'user id', form: () => ({ q: String(1 + Math.floor(Number(digits(6)) % 1_000_000)) }) },
    { name: 'last name, customers, by email', form: () => ({ q: pick(LAST_NAMES), user_type: 'customer', sort: 'email', dir: 'asc' }) },
    { name: 'first name, active, by name', form: () => ({ q: pick(FIRST_NAMES), active: 'true', sort: 'name', dir: 'asc' }) },
    { name: 'username prefix, by created', form: () => ({ q: `b.${ascii(pick(FIRST_NAMES)).slice(0, 3)}`, sort: 'created' }) },
  ];
}

const LISTS: { name: string; form: Form }[] = [
  { name: 'all, newest first', form: {} },
  { name: 'all, by name', form: { sort: 'name', dir: 'asc' } },
  { name: 'all, by expiry', form: { sort: 'expiry', dir: 'asc' } },
  { name: 'customers, active, by created', form: { user_type: 'customer', active: 'true', sort: 'created' } },
  { name: 'ir category, by email', form: { user_category: 'ir', sort: 'email', dir: 'asc' } },
  { name: 'one organisation', form: { organization_id: '2500' } },
];

function timed(client: BenchClient, form: Form): Promise<{ ms: number; reply: SearchUsersReply }> {
  return timedPost<SearchUsersReply>(client, '/user/search_user/', form);
}

const fmt = (ms: number) => `${ms.toFixed(1)} ms`;

/** A cursor at the row `offset` rows into the order, as the server would have issued it. */
async function deepCursor(db: Kysely<Database>, order: ListOrder, offset: number): Promise<string> {
  const filter: UserFilter = { q: '', user_type: '', user_category: '', organization_id: '', active: '', deleted: 'exclude' };
  const expr = order.sort === 'name'
    ? sql.raw(db.getExecutor().adapter.constructor.name.startsWith('Postgres') ? `lower((last_name || ' ' || first_name) collate "C")` : `lower(last_name || ' ' || first_name)`)
    : sql.raw('id');
  const row = await db.selectFrom('users').select([sql<string | number>`${expr}`.as('v'), 'id']).where('deleted', '=', 0)
    .orderBy(expr, order.dir).orderBy('id', order.dir).offset(offset).limit(1).executeTakeFirstOrThrow();
  return encodeCursor(filter, order, { value: order.sort === 'name' ? String(row.v) : Number(row.v), id: Number(row.id), towards: 'next' });
}

export async function benchEngine(engine: Engine): Promise<string[]> {
  const lines: string[] = [];
  const db = await openBenchDatabase(engine);
  // What-if: SQLite's page cache is 2 MB unless the connection sets more (server/db/connect.ts).
  const cacheMb = Number(process.env['BENCH_SQLITE_CACHE_MB'] ?? 0);
  if (engine === 'sqlite' && cacheMb > 0) {
    await sql.raw(`pragma cache_size = -${cacheMb * 1024}`).execute(db);
    lines.push(`sqlite: page cache ${cacheMb} MB for this run (BENCH_SQLITE_CACHE_MB)`);
  }
  return withSignedInApp(db, { username: STAFF, lastName: 'Lister' }, async ({ client }) => {
    for (let i = 0; i < 10; i++) await timed(client, {});

    // The list: page 1 with its exact total, then a page half a million rows in.
    const listTimes: number[] = [];
    let total = 0;
    for (const list of LISTS) {
      const times: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        const { ms, reply } = await timed(client, list.form);
        times.push(ms);
        if (list.name === 'all, newest first') total = reply.total_users ?? 0;
      }
      listTimes.push(...times);
      const s = summary(times);
      lines.push(`${engine} list "${list.name}" page 1 with total: p50 ${fmt(s.p50)}, p95 ${fmt(s.p95)}`);
    }
    const list = summary(listTimes);
    lines.push(`${engine} list page 1, all lists: p50 ${fmt(list.p50)}, p95 ${fmt(list.p95)} (target p95 ≤ ${LIST_P95_MS} ms${engine === 'sqlite' ? '' : ', set for SQLite'}) ${verdict(list.p95 <= LIST_P95_MS)}`);
    lines.push(`${engine} total_users: ${count(total)} (exact; every page 1 above counted it)`);

    for (const order of [{ sort: 'id', dir: 'desc' }, { sort: 'name', dir: 'asc' }] as const) {
      const cursor = await deepCursor(db, order, 500_000);
      const first: number[] = [];
      const deep: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        first.push((await timed(client, { ...order, with_total: 'false' })).ms);
        const { ms, reply } = await timed(client, { ...order, cursor, with_total: 'false' });
        if (reply.count !== 20) throw new Error('deep page came back short');
        deep.push(ms);
      }
      const [a, b] = [summary(first), summary(deep)];
      lines.push(`${engine} list by ${order.sort} ${order.dir}: page 1 p50 ${fmt(a.p50)}; page 25,001 (cursor 500,000 rows in) p50 ${fmt(b.p50)}, p95 ${fmt(b.p95)} `
        + `(target: no slower than twice page 1) ${verdict(b.p50 <= 2 * Math.max(a.p50, 1))}`);
    }

    // The search mix, page 1 with the total.
    const all: number[] = [];
    for (const kind of searchMix()) {
      const times: number[] = [];
      let matched = 0;
      for (let i = 0; i < RUNS; i++) {
        const { ms, reply } = await timed(client, kind.form());
        times.push(ms);
        matched += reply.total_users ?? 0;
      }
      all.push(...times);
      const s = summary(times);
      lines.push(`${engine} search ${kind.name}: p50 ${fmt(s.p50)}, p95 ${fmt(s.p95)} (${count(Math.round(matched / RUNS))} matches on average)`);
    }
    const search = summary(all);
    lines.push(`${engine} search, whole mix: p50 ${fmt(search.p50)}, p95 ${fmt(search.p95)} (target p95 ≤ ${LIST_P95_MS} ms${engine === 'sqlite' ? '' : ', set for SQLite'}) ${verdict(search.p95 <= LIST_P95_MS)}`);

    // Export: the grace_customer users (about 97,000), streamed to the end.
    for (const format of ['csv', 'xlsx'] as const) {
      const t = performance.now();
      const res = await client.post('/user/export_users/', { format, user_type: 'grace_customer' });
      const bytes = (await res.arrayBuffer()).byteLength;
      const seconds = (performance.now() - t) / 1000;
      const rows = Number((await db.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('n'))
        .where('user_type', '=', 'grace_customer').where('deleted', '=', 0).executeTakeFirstOrThrow()).n);
      const rate = rows / seconds;
      lines.push(`${engine} export ${format}: ${count(rows)} rows, ${(bytes / 1e6).toFixed(1)} MB in ${seconds.toFixed(2)} s = `
        + `${count(Math.round(rate))} rows/s (target ≥ ${count(EXPORT_ROWS_PER_S)}) ${verdict(rate >= EXPORT_ROWS_PER_S)}`);
    }
    return lines;
  });
}

export function benchUserList(): Promise<string[]> {
  return onBothEngines(benchEngine);
}
