// The user list at 1,000,000 users over real HTTP: the server runs as its own process
// (`tsx server/main.ts`) on the bench database and 1 or 8 keep-alive clients in this process
// send requests, each waiting for its reply before the next. Rows: page 1 of six lists with the
// total, a page half a million rows in, a mix of searches, and the common names as their own rows
// (the ten first names and the ten last names that, as a prefix, match the most users), then the
// export streamed to the end. Every measure runs REPEATS times and prints the median of each
// percentile beside its target. SQLite, then PostgreSQL (BENCH_PG_DB names the database).
import { sql, type Kysely } from 'kysely';
import type { Engine } from '../server/db/connect';
import type { Database } from '../server/db/schema';
import { encodeCursor, type ListOrder } from '../server/users/search';
import { NO_USER_FILTER, type SearchUsersReply } from '../src/domain/users';
import { removeHttpStaff, signInOverHttp, startServerProcess, type HttpClient } from './http';
import {
  concurrentTimes,
  count,
  latencyRow,
  median,
  medianSummary,
  onBothEngines,
  openBenchDatabase,
  RUNS_PER_ROW,
  summary,
  timedPost,
  verdict,
} from './support';
import { benchTarget, FIRST_NAMES, LAST_NAMES } from './user-data';

const STAFF = 'bench.lister';
const REPEATS = RUNS_PER_ROW;
/** Requests per measure: 40 for one client (its p95 is the second slowest), 20 a client for eight (160). */
const perClient = (clients: number) => (clients === 1 ? 40 : 20);
const CLIENT_COUNTS = [1, 8] as const;
const P95_MS: Record<(typeof CLIENT_COUNTS)[number], number> = { 1: 20, 8: 50 };
const EXPORT_ROWS_PER_S = 100_000;

/** Deterministic choices for the search mix. */
function chooser(seed: number) {
  let a = seed;
  const next = () => (a = (a * 1103515245 + 12345) % 2147483648) / 2147483648;
  return <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!;
}
const ascii = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[^A-Za-z]/g, '')
    .toLowerCase();

type Form = Record<string, string>;
export interface Measure {
  name: string;
  form: (i: number) => Form;
}

/** The searches people make, each a function of a random pick: text, often with a filter or an order. */
export function searchMix(): Measure[] {
  const pick = chooser(42);
  const digits = (n: number) => Array.from({ length: n }, () => pick('0123456789'.split(''))).join('');
  return [
    { name: 'email prefix', form: () => ({ q: `${ascii(pick(FIRST_NAMES))}.${ascii(pick(LAST_NAMES)).slice(0, 4)}` }) },
    { name: 'last name (any)', form: () => ({ q: pick(LAST_NAMES) }) },
    { name: '"first last"', form: () => ({ q: `${pick(FIRST_NAMES)} ${pick(LAST_NAMES)}` }) },
    { name: 'phone prefix', form: () => ({ q: `${1 + (Number(digits(1)) % 9)}${digits(2)} ${digits(2)}` }) },
    { name: 'user id', form: () => ({ q: String(1 + Math.floor(Number(digits(6)) % 1_000_000)) }) },
    {
      name: 'last name, customers, by email',
      form: () => ({ q: pick(LAST_NAMES), user_type: 'customer', sort: 'email', dir: 'asc' }),
    },
    {
      name: 'first name, active, by name',
      form: () => ({ q: pick(FIRST_NAMES), active: 'true', sort: 'name', dir: 'asc' }),
    },
    {
      name: 'username prefix, by created',
      form: () => ({ q: `b.${ascii(pick(FIRST_NAMES)).slice(0, 3)}`, sort: 'created' }),
    },
  ];
}

/** The ten names of `column` that, typed as a search, match the most users (a name is a prefix of longer ones). */
export async function commonNames(
  db: Kysely<Database>,
  column: 'first_name' | 'last_name',
): Promise<{ name: string; matches: number }[]> {
  const rows = await db
    .selectFrom('users')
    .select([column, (eb) => eb.fn.countAll<number>().as('n')])
    .groupBy(column)
    .execute();
  const counts = rows.map((r) => ({ name: String(r[column]), n: Number(r.n) }));
  return counts
    .map(({ name }) => ({
      name,
      matches: counts.filter((o) => o.name.toLowerCase().startsWith(name.toLowerCase())).reduce((a, o) => a + o.n, 0),
    }))
    .sort((a, b) => b.matches - a.matches || a.name.localeCompare(b.name))
    .slice(0, 10);
}

const LISTS: { name: string; form: Form }[] = [
  { name: 'all, newest first', form: {} },
  { name: 'all, by name', form: { sort: 'name', dir: 'asc' } },
  { name: 'all, by expiry', form: { sort: 'expiry', dir: 'asc' } },
  { name: 'customers, active, by created', form: { user_type: 'customer', active: 'true', sort: 'created' } },
  { name: 'ir category, by email', form: { user_category: 'ir', sort: 'email', dir: 'asc' } },
  { name: 'one organisation', form: { organization_id: '2500' } },
];

const fmt = (ms: number) => `${ms.toFixed(1)} ms`;

/** A cursor at the row `offset` rows into the order, as the server would have issued it. */
export async function deepCursor(
  db: Kysely<Database>,
  engine: Engine,
  order: ListOrder,
  offset: number,
): Promise<string> {
  const filter = NO_USER_FILTER;
  const expr =
    order.sort === 'name'
      ? sql.raw(
          engine === 'postgres'
            ? `lower((last_name || ' ' || first_name) collate "C")`
            : `lower(last_name || ' ' || first_name)`,
        )
      : sql.raw('id');
  const row = await db
    .selectFrom('users')
    .select([sql<string | number>`${expr}`.as('v'), 'id'])
    .where('deleted', '=', 0)
    .orderBy(expr, order.dir)
    .orderBy('id', order.dir)
    .offset(offset)
    .limit(1)
    .executeTakeFirstOrThrow();
  return encodeCursor(filter, order, {
    value: order.sort === 'name' ? String(row.v) : Number(row.v),
    id: Number(row.id),
    towards: 'next',
  });
}

/** p50 and p95 of `measure` with `clients` at once, each of the RUNS_PER_ROW runs; the mean total matched and reply size. */
async function measure(
  client: HttpClient,
  clients: number,
  m: Measure,
): Promise<{
  runs: { p50: number; p95: number }[];
  p50: number;
  p95: number;
  matched: number;
  capped: boolean;
  bytes: number;
}> {
  const runs: { p50: number; p95: number }[] = [];
  let matched = 0;
  let replies = 0;
  let bytes = 0;
  let capped = false;
  for (let r = 0; r < RUNS_PER_ROW; r++) {
    const times = await concurrentTimes(clients, clients * perClient(clients), async (i) => {
      const timed = await timedPost<SearchUsersReply & { total_capped?: boolean }>(
        client,
        '/user/search_user/',
        m.form(i),
      );
      matched += timed.reply.total_users ?? 0;
      capped ||= timed.reply.total_capped === true;
      bytes += timed.bytes;
      replies++;
      return timed.ms;
    });
    runs.push(summary(times));
  }
  return { runs, ...medianSummary(runs), matched: Math.round(matched / replies), capped, bytes: bytes / replies };
}

export async function benchEngine(engine: Engine): Promise<string[]> {
  const lines: string[] = [];
  // Each line also goes to stderr as it is measured: a run takes minutes per engine.
  const push = lines.push.bind(lines);
  lines.push = (...items: string[]) => {
    for (const l of items) process.stderr.write(`  … ${l}\n`);
    return push(...items);
  };
  const db = await openBenchDatabase(engine);
  const server = await startServerProcess(benchTarget(engine)).catch(async (err: unknown) => {
    await db.destroy();
    throw err;
  });
  try {
    if (engine === 'sqlite') {
      const [{ cache_size: cache } = { cache_size: 0 }] = (
        await sql<{ cache_size: number }>`pragma cache_size`.execute(db)
      ).rows;
      lines.push(
        `sqlite: page cache ${cache < 0 ? `${count(-cache)} KiB` : `${count(cache)} pages`} a connection (better-sqlite3's build default; the server sets none)`,
      );
    }
    const client = await signInOverHttp(db, server.base, STAFF);
    for (let i = 0; i < 10; i++) await timedPost(client, '/user/search_user/', {});
    const firsts = await commonNames(db, 'first_name');
    const lasts = await commonNames(db, 'last_name');
    lines.push(`${engine}: common first names ${firsts.map((f) => `${f.name} ${count(f.matches)}`).join(', ')}`);
    lines.push(`${engine}: common last names ${lasts.map((f) => `${f.name} ${count(f.matches)}`).join(', ')}`);

    const searches: Measure[] = [
      ...searchMix(),
      { name: 'common first names (10)', form: (i) => ({ q: firsts[i % firsts.length]!.name }) },
      { name: 'common last names (10)', form: (i) => ({ q: lasts[i % lasts.length]!.name }) },
      {
        name: 'common last names, by name',
        form: (i) => ({ q: lasts[i % lasts.length]!.name, sort: 'name', dir: 'asc' }),
      },
      {
        name: 'common first names, by created',
        form: (i) => ({ q: firsts[i % firsts.length]!.name, sort: 'created', dir: 'desc' }),
      },
    ];
    const lists: Measure[] = LISTS.map((l) => ({ name: `list ${l.name}`, form: () => l.form }));
    lines.push(
      `${engine}: page 1 with its total; p50/p95 the median of ${REPEATS} runs (40 requests from 1 client, 160 from 8)`,
    );
    let total = 0;
    for (const clients of CLIENT_COUNTS) {
      for (const m of [...lists, ...searches.map((s) => ({ ...s, name: `search ${s.name}` }))]) {
        const r = await measure(client, clients, m);
        if (m.name === 'list all, newest first') total = r.matched;
        lines.push(
          latencyRow({
            name: m.name,
            engine,
            clients,
            runs: r.runs,
            p95TargetMs: P95_MS[clients],
            bytes: r.bytes,
            note: m.name.startsWith('search')
              ? `${r.capped ? 'more than ' : ''}${count(r.matched)} matches on average`
              : undefined,
          }),
        );
      }
    }
    lines.push(`${engine} total_users: ${count(total)} (from the counts table)`);

    for (const order of [
      { sort: 'id', dir: 'desc' },
      { sort: 'name', dir: 'asc' },
    ] as const) {
      const cursor = await deepCursor(db, engine, order, 500_000);
      const first = await measure(client, 1, { name: 'page 1', form: () => ({ ...order, with_total: 'false' }) });
      const deep = await measure(client, 1, { name: 'deep', form: () => ({ ...order, cursor, with_total: 'false' }) });
      lines.push(
        `${engine} list by ${order.sort} ${order.dir}: page 1 p50 ${fmt(first.p50)}; page 25,001 (cursor 500,000 rows in) p50 ${fmt(deep.p50)}, p95 ${fmt(deep.p95)} ` +
          `(target: no slower than twice page 1) ${verdict(deep.p50 <= 2 * Math.max(first.p50, 1))}`,
      );
    }

    // Export: the grace_customer users (about 97,000), streamed over HTTP to the end.
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
    for (const format of ['csv', 'xlsx'] as const) {
      const rates: number[] = [];
      let bytes = 0;
      for (let r = 0; r < REPEATS; r++) {
        const t = performance.now();
        const res = await client.post('/user/export_users/', { format, user_type: 'grace_customer' });
        if (res.status !== 200) throw new Error(`export answered ${res.status}`);
        bytes = (await res.arrayBuffer()).byteLength;
        rates.push(rows / ((performance.now() - t) / 1000));
      }
      const rate = median(rates);
      lines.push(
        `${engine} export ${format}: ${count(rows)} rows, ${(bytes / 1e6).toFixed(1)} MB over HTTP: median ${count(Math.round(rate))} rows/s ` +
          `of ${REPEATS} (${rates.map((x) => count(Math.round(x))).join(', ')}); target ≥ ${count(EXPORT_ROWS_PER_S)} ${verdict(rate >= EXPORT_ROWS_PER_S)}`,
      );
    }
    lines.push(`${engine}: ${client.retries} request(s) sent again after the server closed an idle kept-alive socket`);
    return lines;
  } finally {
    await server.stop();
    await removeHttpStaff(db, STAFF).catch(() => {});
    await db.destroy();
  }
}

export function benchUserList(): Promise<string[]> {
  return onBothEngines(benchEngine);
}
