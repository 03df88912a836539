// The Audit Log (decision 062): GET api/audit_log/ and api/audit_log/history/ on the bench
// databases (1,000,000 entries, bench/audit-data.ts, added here when missing), over real HTTP
// against the server run as its own process: the first page; a page half-way down (its cursor
// made from the entry there); each filter with its hardest realistic value — the busiest
// category and the rarest, the busiest author, a failed result, a record with the most entries
// (searched and as its history), the last 30 days and a month three years back, the commonest and
// a rare action word (each page looks through at most 20,000 entries), and a pair of filters.
// 50 rows a page, the total counted to 1,000. One client, each request waiting for the one
// before, and eight at once; 100 calls each.
//
// BENCH_AUDIT_DB=<SQLite file or postgres:// URL> runs it on that database instead, on that engine only.
import type { Kysely } from 'kysely';
import type { DatabaseTarget, Engine } from '../server/db/connect';
import type { Database } from '../server/db/schema';
import { auditCursorText } from '../src/domain/audit-log';
import { BENCH_AUDIT_ENTRIES, BUSIEST_AUDIT_AUTHOR, ensureBenchAudit } from './audit-data';
import { removeHttpStaff, signInOverHttp, startServerProcess, type HttpClient } from './http';
import { refreshStatistics } from './user-data';
import { concurrentTimes, count, onChosenOrBothEngines, summary, verdict } from './support';

const STAFF = 'bench.audit';
const CALLS = 100;
const CLIENTS = 8;
const P95_MS = 50;
const DAY = 24 * 60 * 60 * 1000;

interface Reply {
  entries: unknown[];
  total?: number;
  total_capped?: boolean;
}

const fmt = (ms: number) => `${ms.toFixed(1)} ms`;
const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);

async function timedGet(client: HttpClient, route: string): Promise<{ ms: number; reply: Reply }> {
  const t = performance.now();
  const res = await client.get(route);
  const reply = (await res.json()) as Reply;
  const ms = performance.now() - t;
  if (res.status !== 200) throw new Error(`${route} answered ${res.status}: ${JSON.stringify(reply).slice(0, 300)}`);
  return { ms, reply };
}

const search = (query: Record<string, string>) => `/api/audit_log/?${new URLSearchParams(query)}`;

async function benchOn(engine: Engine, db: Kysely<Database>, target: DatabaseTarget): Promise<string[]> {
  const added: string[] = [];
  if (await ensureBenchAudit(db, (line) => added.push(`${engine}: ${line.trim()}`)))
    await refreshStatistics(db, engine);
  const entries = Number(
    (
      await db
        .selectFrom('audit_log')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
  if (entries < BENCH_AUDIT_ENTRIES) {
    await db.destroy();
    return [...added, `${engine}: skipped — ${count(entries)} audit entries, fewer than ${count(BENCH_AUDIT_ENTRIES)}`];
  }
  const half = await db
    .selectFrom('audit_log')
    .select(['created_at', 'id'])
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .offset(Math.floor(entries / 2))
    .limit(1)
    .executeTakeFirstOrThrow();
  const busiestRecord = await db
    .selectFrom('audit_log')
    .select(['record_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('record_kind', '=', 'user')
    .groupBy('record_id')
    .orderBy('n', 'desc')
    .limit(1)
    .executeTakeFirstOrThrow();
  const recordId = String(busiestRecord.record_id);
  const newest = Number(
    (
      await db
        .selectFrom('audit_log')
        .select('created_at')
        .orderBy('created_at', 'desc')
        .limit(1)
        .executeTakeFirstOrThrow()
    ).created_at,
  );
  const cases: { label: string; route: string }[] = [
    { label: 'first page', route: search({}) },
    {
      label: `page at entry ${count(Math.floor(entries / 2))}`,
      route: search({ cursor: auditCursorText({ at: Number(half.created_at), id: Number(half.id) }) }),
    },
    { label: 'category User (busiest)', route: search({ category: 'user' }) },
    { label: 'category Redshift (rarest)', route: search({ category: 'redshift configuration' }) },
    { label: 'category Sign-in, Failed', route: search({ category: 'auth', result: 'failed' }) },
    { label: 'busiest author', route: search({ author: BUSIEST_AUDIT_AUTHOR }) },
    { label: 'result Failed', route: search({ result: 'failed' }) },
    {
      label: `busiest user's record (${count(Number(busiestRecord.n))})`,
      route: search({ record_kind: 'user', record_id: recordId }),
    },
    { label: "busiest user's History", route: `/api/audit_log/history/?kind=user&id=${recordId}` },
    { label: 'last 30 days', route: search({ from: day(newest - 30 * DAY), to: day(newest) }) },
    {
      label: 'a month 3 years back',
      route: search({ from: day(newest - 3 * 365 * DAY), to: day(newest - 3 * 365 * DAY + 30 * DAY) }),
    },
    { label: "action 'changed' (common)", route: search({ action: 'changed' }) },
    { label: "action 'locked' (rare)", route: search({ action: 'locked' }) },
    {
      label: 'busiest author, group, 90 days',
      route: search({ author: BUSIEST_AUDIT_AUTHOR, category: 'group', from: day(newest - 90 * DAY), to: day(newest) }),
    },
  ];

  const lines: string[] = [
    ...added,
    `${engine}: ${count(entries)} audit entries; ${CALLS} calls per case and mode, 50 a page, over HTTP`,
  ];
  const server = await startServerProcess(target).catch(async (err: unknown) => {
    await db.destroy();
    throw err;
  });
  try {
    const client: HttpClient = await signInOverHttp(db, server.base, STAFF);
    for (const c of cases) {
      for (let i = 0; i < 5; i++) await timedGet(client, c.route); // warm-up
      const times: number[] = [];
      let shape: Reply | null = null;
      for (let i = 0; i < CALLS; i++) {
        const { ms, reply } = await timedGet(client, c.route);
        times.push(ms);
        shape = reply;
      }
      const one = summary(times);
      const crowd = summary(await concurrentTimes(CLIENTS, CALLS, async () => (await timedGet(client, c.route)).ms));
      const total =
        shape?.total === undefined ? '-' : shape.total_capped ? `>${count(shape.total)}` : count(shape.total);
      lines.push(
        `${engine} ${c.label.padEnd(34)} rows ${String(shape?.entries.length ?? 0).padEnd(3)} total ${total.padEnd(7)} 1 client p50 ${fmt(one.p50).padEnd(9)} p95 ${fmt(one.p95).padEnd(9)} target p95 ≤ ${P95_MS} ms ${verdict(one.p95 <= P95_MS)}; ${CLIENTS} clients p50 ${fmt(crowd.p50).padEnd(9)} p95 ${fmt(crowd.p95).padEnd(9)} target p95 ≤ ${P95_MS} ms ${verdict(crowd.p95 <= P95_MS)}`,
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

export function benchAuditLog(): Promise<string[]> {
  return onChosenOrBothEngines('BENCH_AUDIT_DB', benchOn);
}
