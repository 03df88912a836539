// Account Settings (decision 051): GET api/as/ on the bench databases (100,000 accounts with
// stored settings, bench/account-data.ts, beside the 1,000,000 users), over real HTTP against the
// server run as its own process: the first page, a page half-way down the list (its cursor
// made from the account there), and the first page of searches for the words most company names
// carry ('Capital', 'Partners', 'Global', 'Group', 'Holdings') with their bounded totals; then a
// prefix of one ('cap'), a word few names have and one none has (the whole index walked: no
// target, shown for what it costs). One client, each request waiting for the one before, and
// eight at once. Median of 3 runs of 100 calls each.
//
// BENCH_ACCOUNTS_DB=<SQLite file or postgres:// URL> runs it on that database instead, on that engine only.
import { sql, type Kysely } from 'kysely';
import { encodeAccountCursor } from '../server/accounts/list';
import type { DatabaseTarget, Engine } from '../server/db/connect';
import type { Database } from '../server/db/schema';
import { BENCH_ACCOUNTS, COMMON_NAME_WORDS } from './account-data';
import { removeHttpStaff, signInOverHttp, startServerProcess, type HttpClient } from './http';
import { concurrentTimes, count, medianSummary, onChosenOrBothEngines, summary, verdict } from './support';

const STAFF = 'bench.accounts';
const REPEATS = 3;
const CALLS = 100;
const CLIENTS = 8;
const P95_MS = 50;

interface ListReply {
  status: boolean;
  count: number;
  total_accounts: number;
  total_capped: boolean;
}

async function timedGet(client: HttpClient, route: string): Promise<{ ms: number; reply: ListReply }> {
  const t = performance.now();
  const res = await client.get(route);
  const reply = (await res.json()) as ListReply;
  const ms = performance.now() - t;
  if (res.status !== 200) throw new Error(`${route} answered ${res.status}: ${JSON.stringify(reply).slice(0, 300)}`);
  return { ms, reply };
}

const fmt = (ms: number) => `${ms.toFixed(1)} ms`;

async function benchOn(engine: Engine, db: Kysely<Database>, target: DatabaseTarget): Promise<string[]> {
  const accounts = Number(
    (
      await db
        .selectFrom('organizations')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
  if (accounts < BENCH_ACCOUNTS) {
    await db.destroy();
    return [
      `${engine}: skipped — ${count(accounts)} accounts, fewer than ${count(BENCH_ACCOUNTS)}; run npm run seed:bench to add them`,
    ];
  }
  const lines: string[] = [];
  const server = await startServerProcess(target).catch(async (err: unknown) => {
    await db.destroy();
    throw err;
  });
  try {
    const client = await signInOverHttp(db, server.base, STAFF);
    const middle = await db
      .selectFrom('organizations')
      .select(['id', sql<string>`lower(name)`.as('folded')])
      .orderBy(sql`lower(name)`)
      .orderBy('id')
      .offset(Math.floor(accounts / 2))
      .limit(1)
      .executeTakeFirstOrThrow();
    const deep = encodeAccountCursor('', { dir: 'next', name: middle.folded, id: Number(middle.id) });
    const cases: { label: string; route: string; target: boolean }[] = [
      { label: 'first page', route: '/api/as/?page_size=20', target: true },
      {
        label: `page at account ${count(Math.floor(accounts / 2))}`,
        route: `/api/as/?page_size=20&cursor=${deep}`,
        target: true,
      },
      { label: 'first page, 100 a page', route: '/api/as/?page_size=100', target: true },
      ...COMMON_NAME_WORDS.map((w) => ({
        label: `search '${w}'`,
        route: `/api/as/?q=${encodeURIComponent(w)}`,
        target: true,
      })),
      { label: "search 'cap'", route: '/api/as/?q=cap', target: true },
      { label: "search 'zurich' (few)", route: '/api/as/?q=zurich', target: false },
      { label: "search 'qqq' (none)", route: '/api/as/?q=qqq', target: false },
    ];
    lines.push(`${engine}: ${count(accounts)} accounts; ${CALLS} calls a run, median of ${REPEATS} runs, over HTTP`);
    for (const c of cases) {
      for (let i = 0; i < 5; i++) await timedGet(client, c.route); // warm-up
      let shape: ListReply | null = null;
      const one: { p50: number; p95: number }[] = [];
      for (let r = 0; r < REPEATS; r++) {
        const times: number[] = [];
        for (let i = 0; i < CALLS; i++) {
          const { ms, reply } = await timedGet(client, c.route);
          times.push(ms);
          shape = reply;
        }
        one.push(summary(times));
      }
      const crowd: { p50: number; p95: number }[] = [];
      for (let r = 0; r < REPEATS; r++)
        crowd.push(summary(await concurrentTimes(CLIENTS, CALLS, async () => (await timedGet(client, c.route)).ms)));
      const m = medianSummary(one);
      const k = medianSummary(crowd);
      const total = shape ? (shape.total_capped ? '>1,000' : count(shape.total_accounts)) : '?';
      const goal = (p95: number) => (c.target ? `target p95 ≤ ${P95_MS} ms ${verdict(p95 <= P95_MS)}` : '(no target)');
      lines.push(
        `${engine} ${c.label.padEnd(28)} total ${total.padEnd(8)} 1 client p50 ${fmt(m.p50).padEnd(9)} p95 ${fmt(m.p95).padEnd(9)} ${goal(m.p95)}; ${CLIENTS} clients p50 ${fmt(k.p50).padEnd(9)} p95 ${fmt(k.p95).padEnd(9)} ${goal(k.p95)}`,
      );
    }
    lines.push(`${engine}: ${client.retries} request(s) sent again`);
    return lines;
  } finally {
    await server.stop();
    await removeHttpStaff(db, STAFF).catch(() => {});
    await db.destroy();
  }
}

export function benchAccounts(): Promise<string[]> {
  return onChosenOrBothEngines('BENCH_ACCOUNTS_DB', benchOn);
}
