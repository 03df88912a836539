// Reports Dashboard (decision 063) on the bench databases (1,000,000 users, bench/user-data.ts;
// the audit log's entries when bench/audit-data.ts added them; 1,000,000 platform events,
// bench/reports-data.ts), over real HTTP against the server run as its own process: every panel
// of the overview for the last 30 days and for a year, every organization and the largest one;
// Analytics (everyone, the largest organization, the busiest person); Depth; Events (first page,
// by name, the largest organization) and the busiest person's summary. One client, each request
// waiting for the one before, and eight at once; 50 calls each. Target p95 ≤ 100 ms for a panel
// or view, ≤ 50 ms for a page of the Events list, with one client and with eight.
//
// BENCH_REPORTS_DB=<SQLite file or postgres:// URL> runs it on that database instead, on that engine only.
import type { Kysely } from 'kysely';
import type { DatabaseTarget, Engine } from '../server/db/connect';
import type { Database } from '../server/db/schema';
import { REPORT_PANELS } from '../src/domain/reports';
import { removeHttpStaff, signInOverHttp, startServerProcess, type HttpClient } from './http';
import { ensureBenchReports } from './reports-data';
import { concurrentTimes, count, onChosenOrBothEngines, summary, verdict } from './support';

const STAFF = 'bench.reports';
const CALLS = 50;
const CLIENTS = 8;
/** A chart panel or view; a page of a list. */
const PANEL_P95_MS = 100;
const LIST_P95_MS = 50;
const DAY = 86_400_000;
const MIN_USERS = 1_000_000;

const fmt = (ms: number) => `${ms.toFixed(1)} ms`;
const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);

interface Case {
  label: string;
  method: 'GET' | 'POST';
  path: string;
  form: Record<string, string>;
  /** A page of the Events list (its target is a list's). */
  list?: boolean;
}

async function timed(client: HttpClient, c: Case): Promise<number> {
  const t = performance.now();
  const res =
    c.method === 'GET'
      ? await client.get(`${c.path}?${new URLSearchParams(c.form)}`)
      : await client.post(c.path, c.form);
  await res.arrayBuffer();
  if (res.status !== 200) throw new Error(`${c.label}: ${res.status}`);
  return performance.now() - t;
}

async function benchOn(engine: Engine, db: Kysely<Database>, target: DatabaseTarget): Promise<string[]> {
  const users = Number(
    (
      await db
        .selectFrom('users')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
  if (users < MIN_USERS) {
    await db.destroy();
    return [`${engine}: skipped — ${count(users)} users, fewer than ${count(MIN_USERS)}; run npm run seed:bench first`];
  }
  await ensureBenchReports(db, (line) => console.log(`${engine}: ${line}`));
  const org = await db
    .selectFrom('users')
    .select(['organization_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('organization_id', 'is not', null)
    .groupBy('organization_id')
    .orderBy('n', 'desc')
    .limit(1)
    .executeTakeFirstOrThrow();
  const person = await db
    .selectFrom('events')
    .select(['user_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('source', '=', 'platform')
    .groupBy('user_id')
    .orderBy('n', 'desc')
    .limit(1)
    .executeTakeFirstOrThrow();
  const events = Number(
    (
      await db
        .selectFrom('events')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
  const now = Date.now();
  const month = { from: day(now - 29 * DAY), to: day(now) };
  const year = { from: day(now - 364 * DAY), to: day(now) };
  const orgId = String(org.organization_id);
  const cases: Case[] = [];
  for (const p of REPORT_PANELS) {
    cases.push({
      label: `${p}, 30 days`,
      method: 'GET',
      path: '/api/reports/dashboard/',
      form: { panel: p, ...month, org_id: '' },
    });
    cases.push({
      label: `${p}, a year`,
      method: 'GET',
      path: '/api/reports/dashboard/',
      form: { panel: p, ...year, org_id: '' },
    });
    cases.push({
      label: `${p}, a year, top org (${count(Number(org.n))})`,
      method: 'GET',
      path: '/api/reports/dashboard/',
      form: { panel: p, ...year, org_id: orgId },
    });
  }
  cases.push(
    { label: 'analytics, a year', method: 'POST', path: '/user/fetch_user_analytics/', form: { ...year } },
    {
      label: 'analytics, a year, top org',
      method: 'POST',
      path: '/user/fetch_user_analytics/',
      form: { ...year, org_id: orgId },
    },
    {
      label: `analytics, busiest person (${count(Number(person.n))})`,
      method: 'POST',
      path: '/user/fetch_user_analytics/',
      form: { ...year, user_id: String(person.user_id) },
    },
    { label: 'depth, a year', method: 'GET', path: '/api/reports/depth/', form: { ...year } },
    {
      label: 'events, first page',
      method: 'POST',
      path: '/segment/fetch_segmentio_events/',
      form: { ...year },
      list: true,
    },
    {
      label: 'events, rarest name',
      method: 'POST',
      path: '/segment/fetch_segmentio_events/',
      form: { ...year, name: 'Alert created' },
      list: true,
    },
    {
      label: 'events, top org',
      method: 'POST',
      path: '/segment/fetch_segmentio_events/',
      form: { ...year, org_id: orgId },
      list: true,
    },
    {
      label: 'busiest person summary',
      method: 'POST',
      path: '/user/get_user_segment_data/',
      form: { ...year, user_id: String(person.user_id) },
    },
  );

  const lines: string[] = [
    `${engine}: ${count(users)} users, ${count(events)} events; ${CALLS} calls per case and mode, over HTTP`,
  ];
  const server = await startServerProcess(target).catch(async (err: unknown) => {
    await db.destroy();
    throw err;
  });
  try {
    const client = await signInOverHttp(db, server.base, STAFF);
    for (const c of cases) {
      for (let i = 0; i < 3; i++) await timed(client, c); // warm-up
      const times: number[] = [];
      for (let i = 0; i < CALLS; i++) times.push(await timed(client, c));
      const one = summary(times);
      const crowd = summary(await concurrentTimes(CLIENTS, CALLS, () => timed(client, c)));
      const target = c.list ? LIST_P95_MS : PANEL_P95_MS;
      lines.push(
        `${engine} ${c.label.padEnd(36)} 1 client p50 ${fmt(one.p50).padEnd(9)} p95 ${fmt(one.p95).padEnd(9)} target p95 ≤ ${target} ms ${verdict(one.p95 <= target)}; ${CLIENTS} clients p50 ${fmt(crowd.p50).padEnd(9)} p95 ${fmt(crowd.p95).padEnd(9)} target p95 ≤ ${target} ms ${verdict(crowd.p95 <= target)}`,
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

export function benchReports(): Promise<string[]> {
  return onChosenOrBothEngines('BENCH_REPORTS_DB', benchOn);
}
