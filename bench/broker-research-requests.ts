// Broker Research → Requests (decision 057): POST api/researchreports/requests/list/ on the bench
// databases (1,000,000 requests, bench/broker-research-data.ts, brokers drawn by demand), over real HTTP
// against the server run as its own process: the first page; a page half-way down (its cursor
// made from the request there); each filter with its hardest realistic value — the broker with the
// most requests (first page and half-way down its requests), that broker's New requests, the
// organization with the most requests, the user with the most, the rarest status, the last 30
// days, the busiest broker over 90 days. 50 rows a page, the total counted to 1,000. One client,
// each request waiting for the one before, and eight at once; 100 calls each.
//
// BENCH_REQUESTS_DB=<SQLite file or postgres:// URL> runs it on that database instead, on that engine only.
import type { Kysely } from 'kysely';
import { encodeRequestCursor } from '../server/broker-research/requests';
import type { DatabaseTarget, Engine } from '../server/db/connect';
import type { Database } from '../server/db/schema';
import { NO_REQUEST_FILTERS, REQUEST_PATHS, type RequestFilters } from '../src/domain/broker-research-requests';
import { removeHttpStaff, signInOverHttp, startServerProcess, type HttpClient } from './http';
import { BENCH_REQUESTS, busiestBenchBroker } from './broker-research-data';
import { concurrentTimes, count, onChosenOrBothEngines, summary, timedPost, verdict } from './support';

const STAFF = 'bench.requests';
const CALLS = 100;
const CLIENTS = 8;
const P95_MS = 50;
const DAY = 24 * 60 * 60 * 1000;

interface ListReply {
  items: unknown[];
  total: number;
  total_capped: boolean;
}

const fmt = (ms: number) => `${ms.toFixed(1)} ms`;
const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The form of a list call: the filters as text, '' for none. */
function formOf(filters: RequestFilters, cursor = ''): Record<string, string> {
  return { ...Object.fromEntries(Object.entries(filters).map(([k, v]) => [k, String(v)])), cursor, page_size: '50' };
}

/** A cursor at the request `offset` rows down the filtered list (found once, by OFFSET, outside the timing). */
async function cursorAt(db: Kysely<Database>, filters: RequestFilters, offset: number): Promise<string> {
  let q = db.selectFrom('research_requests').select(['id', 'created_at']);
  if (filters.broker !== '') q = q.where('broker_id', '=', filters.broker);
  const row = await q
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .offset(offset)
    .limit(1)
    .executeTakeFirstOrThrow();
  return encodeRequestCursor(filters, { dir: 'next', at: Number(row.created_at), id: Number(row.id) });
}

/** The value of `column` most requests carry. */
async function commonest(
  db: Kysely<Database>,
  column: 'organization_id' | 'user_id',
): Promise<{ id: number; n: number }> {
  const row = await db
    .selectFrom('research_requests')
    .select([column, (eb) => eb.fn.countAll<number>().as('n')])
    .where(column, 'is not', null)
    .groupBy(column)
    .orderBy('n', 'desc')
    .limit(1)
    .executeTakeFirstOrThrow();
  return { id: Number(row[column as keyof typeof row]), n: Number(row.n) };
}

async function benchOn(engine: Engine, db: Kysely<Database>, target: DatabaseTarget): Promise<string[]> {
  const requests = Number(
    (
      await db
        .selectFrom('research_requests')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
  if (requests < BENCH_REQUESTS) {
    await db.destroy();
    return [
      `${engine}: skipped — ${count(requests)} requests, fewer than ${count(BENCH_REQUESTS)}; run npm run seed:bench to add them`,
    ];
  }
  const broker = await busiestBenchBroker(db);
  const brokerRequests = Number(
    (
      await db
        .selectFrom('research_requests')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('broker_id', '=', broker)
        .executeTakeFirstOrThrow()
    ).n,
  );
  const org = await commonest(db, 'organization_id');
  const user = await commonest(db, 'user_id');
  const newest = Number(
    (
      await db
        .selectFrom('research_requests')
        .select('created_at')
        .orderBy('created_at', 'desc')
        .limit(1)
        .executeTakeFirstOrThrow()
    ).created_at,
  );
  const f = (over: Partial<RequestFilters>): RequestFilters => ({ ...NO_REQUEST_FILTERS, ...over });
  const cases: { label: string; form: Record<string, string> }[] = [
    { label: 'first page', form: formOf(f({})) },
    { label: `page at request ${count(requests / 2)}`, form: formOf(f({}), await cursorAt(db, f({}), requests / 2)) },
    { label: 'status New', form: formOf(f({ status: 'new' })) },
    { label: 'status Cancelled', form: formOf(f({ status: 'cancelled' })) },
    { label: `busiest broker (${count(brokerRequests)})`, form: formOf(f({ broker })) },
    {
      label: 'busiest broker, half-way down',
      form: formOf(f({ broker }), await cursorAt(db, f({ broker }), Math.floor(brokerRequests / 2))),
    },
    { label: 'busiest broker, New', form: formOf(f({ broker, status: 'new' })) },
    { label: 'busiest broker, Cancelled', form: formOf(f({ broker, status: 'cancelled' })) },
    { label: `top organization (${count(org.n)})`, form: formOf(f({ org: org.id })) },
    { label: `top organization, New`, form: formOf(f({ org: org.id, status: 'new' })) },
    { label: `top user (${count(user.n)})`, form: formOf(f({ user: user.id })) },
    { label: 'last 30 days', form: formOf(f({ from: day(newest - 30 * DAY), to: day(newest) })) },
    { label: 'busiest broker, 90 days', form: formOf(f({ broker, from: day(newest - 90 * DAY), to: day(newest) })) },
  ];

  const lines: string[] = [
    `${engine}: ${count(requests)} requests; ${CALLS} calls per case and mode, 50 a page, over HTTP`,
  ];
  const server = await startServerProcess(target).catch(async (err: unknown) => {
    await db.destroy();
    throw err;
  });
  try {
    const client: HttpClient = await signInOverHttp(db, server.base, STAFF);
    const call = async (form: Record<string, string>) => timedPost<ListReply>(client, REQUEST_PATHS.list, form);
    for (const c of cases) {
      for (let i = 0; i < 5; i++) await call(c.form); // warm-up
      const times: number[] = [];
      let shape: ListReply | null = null;
      for (let i = 0; i < CALLS; i++) {
        const { ms, reply } = await call(c.form);
        times.push(ms);
        shape = reply;
      }
      const one = summary(times);
      const crowd = summary(await concurrentTimes(CLIENTS, CALLS, async () => (await call(c.form)).ms));
      const total = shape ? (shape.total_capped ? '>1,000' : count(shape.total)) : '?';
      lines.push(
        `${engine} ${c.label.padEnd(32)} rows ${String(shape?.items.length ?? 0).padEnd(3)} total ${total.padEnd(7)} 1 client p50 ${fmt(one.p50).padEnd(9)} p95 ${fmt(one.p95).padEnd(9)} target p95 ≤ ${P95_MS} ms ${verdict(one.p95 <= P95_MS)}; ${CLIENTS} clients p50 ${fmt(crowd.p50).padEnd(9)} p95 ${fmt(crowd.p95).padEnd(9)} target p95 ≤ ${P95_MS} ms ${verdict(crowd.p95 <= P95_MS)}`,
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

export function benchResearchRequests(): Promise<string[]> {
  return onChosenOrBothEngines('BENCH_REQUESTS_DB', benchOn);
}
