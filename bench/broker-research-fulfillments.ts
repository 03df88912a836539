// Broker Research → FulFillments (decision 058): POST user/get_fulfillment_info/ on the bench
// databases (about 1,000,000 fulfillments from bench/broker-research-data.ts, brokers drawn by demand),
// over real HTTP against the server run as its own process: the first page; a page half-way down
// (its cursor made from the row there); each filter with its hardest value — both statuses, each
// source, the broker, organization and user with the most fulfillments (the broker also half-way
// down and with its ended ones), the last 30 days and the busiest broker over 90 days. 50 rows a
// page, first pages counted (to 1,000) as the tab asks. One client, each request waiting for the
// one before, and eight at once; 100 calls each. Then user/export_br_fulfill_info/ of every ended
// fulfillment as CSV and as XLSX, read to the last byte: rows a second.
//
// BENCH_FULFILLMENTS_DB=<SQLite file or postgres:// URL> runs it on that database instead, on that engine only.
import type { Kysely } from 'kysely';
import { encodeCursor } from '../server/broker-research/fulfillments';
import type { DatabaseTarget, Engine } from '../server/db/connect';
import type { Database } from '../server/db/schema';
import { DAY_MS, NO_FILTER, type FulfillmentFilter } from '../src/domain/broker-research-fulfillments';
import { removeHttpStaff, signInOverHttp, startServerProcess, type HttpClient } from './http';
import { concurrentTimes, count, onChosenOrBothEngines, summary, timedPost, verdict } from './support';

const STAFF = 'bench.fulfillments';
const CALLS = 100;
const CLIENTS = 8;
const P95_MS = 50;
const ROWS_PER_S = 50_000;
/** Fewer than this: not the bench database the issue names. */
const ENOUGH = 900_000;
const LIST = '/user/get_fulfillment_info/';
const EXPORT = '/user/export_br_fulfill_info/';

interface ListReply {
  items: unknown[];
  total: number | null;
  total_capped: boolean;
}

const fmt = (ms: number) => `${ms.toFixed(1)} ms`;
const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const f = (over: Partial<FulfillmentFilter>): FulfillmentFilter => ({ ...NO_FILTER, ...over });

function formOf(filter: FulfillmentFilter, cursor = ''): Record<string, string> {
  return {
    ...Object.fromEntries(Object.entries(filter).map(([k, v]) => [k, String(v)])),
    cursor,
    page_size: '50',
    with_total: cursor === '' ? 'true' : 'false',
  };
}

/** A cursor at the row `offset` rows down the filtered list (found once, by OFFSET, outside the timing). */
async function cursorAt(db: Kysely<Database>, filter: FulfillmentFilter, offset: number): Promise<string> {
  let q = db.selectFrom('fulfillments').select(['id', 'created_at']);
  if (filter.broker_id !== '') q = q.where('broker_id', '=', filter.broker_id);
  const row = await q
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .offset(offset)
    .limit(1)
    .executeTakeFirstOrThrow();
  return encodeCursor(filter, { dir: 'next', created_at: Number(row.created_at), id: Number(row.id) });
}

/** The value of `column` most fulfillments carry, and how many carry it. */
async function commonest(
  db: Kysely<Database>,
  column: 'broker_id' | 'organization_id' | 'user_id',
): Promise<{ id: number; n: number }> {
  const row = await db
    .selectFrom('fulfillments')
    .select([column, (eb) => eb.fn.countAll<number>().as('n')])
    .where(column, 'is not', null)
    .groupBy(column)
    .orderBy('n', 'desc')
    .limit(1)
    .executeTakeFirstOrThrow();
  return { id: Number(row[column as keyof typeof row]), n: Number(row.n) };
}

/** Fulfillments in all, or of one status. */
async function counted(db: Kysely<Database>, status?: 'ended'): Promise<number> {
  let q = db.selectFrom('fulfillments').select((eb) => eb.fn.countAll<number>().as('n'));
  if (status) q = q.where('status', '=', status);
  return Number((await q.executeTakeFirstOrThrow()).n);
}

/** One export read to its last byte: time, bytes and (CSV) the rows counted in it. */
async function timedExport(
  client: HttpClient,
  form: Record<string, string>,
): Promise<{ ms: number; bytes: number; lines: number }> {
  const t = performance.now();
  const res = await client.post(EXPORT, form);
  if (res.status !== 200 || !res.body) throw new Error(`export answered ${res.status}`);
  let bytes = 0;
  let lines = 0;
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
    bytes += chunk.length;
    if (form['format'] === 'csv') for (let i = 0; i < chunk.length; i++) if (chunk[i] === 10) lines++;
  }
  return { ms: performance.now() - t, bytes, lines };
}

async function benchOn(engine: Engine, db: Kysely<Database>, target: DatabaseTarget): Promise<string[]> {
  const total = await counted(db);
  if (total < ENOUGH) {
    await db.destroy();
    return [
      `${engine}: skipped — ${count(total)} fulfillments, fewer than ${count(ENOUGH)}; run npm run seed:bench to add them`,
    ];
  }
  const broker = await commonest(db, 'broker_id');
  const org = await commonest(db, 'organization_id');
  const user = await commonest(db, 'user_id');
  const ended = await counted(db, 'ended');
  const newest = Number(
    (
      await db
        .selectFrom('fulfillments')
        .select('created_at')
        .orderBy('created_at', 'desc')
        .limit(1)
        .executeTakeFirstOrThrow()
    ).created_at,
  );
  const b = String(broker.id);
  const cases: { label: string; form: Record<string, string> }[] = [
    { label: 'first page', form: formOf(f({})) },
    {
      label: `page at row ${count(Math.floor(total / 2))}`,
      form: formOf(f({}), await cursorAt(db, f({}), Math.floor(total / 2))),
    },
    { label: 'status active', form: formOf(f({ status: 'active' })) },
    { label: `status ended (${count(ended)})`, form: formOf(f({ status: 'ended' })) },
    { label: 'source request', form: formOf(f({ source: 'request' })) },
    { label: 'source other source', form: formOf(f({ source: 'other_source' })) },
    { label: 'source broker', form: formOf(f({ source: 'broker' })) },
    { label: `busiest broker (${count(broker.n)})`, form: formOf(f({ broker_id: broker.id })) },
    {
      label: 'busiest broker, half-way down',
      form: formOf(
        f({ broker_id: broker.id }),
        await cursorAt(db, f({ broker_id: broker.id }), Math.floor(broker.n / 2)),
      ),
    },
    { label: 'busiest broker, ended', form: formOf(f({ broker_id: broker.id, status: 'ended' })) },
    { label: 'busiest broker, other source', form: formOf(f({ broker_id: broker.id, source: 'other_source' })) },
    { label: `top organization (${count(org.n)})`, form: formOf(f({ organization_id: org.id })) },
    { label: 'top organization + broker', form: formOf(f({ organization_id: org.id, broker_id: broker.id })) },
    { label: `top user (${count(user.n)})`, form: formOf(f({ user_id: user.id })) },
    { label: 'last 30 days', form: formOf(f({ from: day(newest - 30 * DAY_MS), to: day(newest) })) },
    {
      label: 'busiest broker, 90 days',
      form: formOf(f({ broker_id: broker.id, from: day(newest - 90 * DAY_MS), to: day(newest) })),
    },
  ];

  const lines: string[] = [
    `${engine}: ${count(total)} fulfillments; busiest broker ${b}; ${CALLS} calls per case and mode, 50 a page, over HTTP`,
  ];
  const server = await startServerProcess(target).catch(async (err: unknown) => {
    await db.destroy();
    throw err;
  });
  try {
    const client: HttpClient = await signInOverHttp(db, server.base, STAFF);
    const call = async (form: Record<string, string>) => timedPost<ListReply>(client, LIST, form);
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
      const totalText = shape?.total == null ? '—' : shape.total_capped ? '>1,000' : count(shape.total);
      lines.push(
        `${engine} ${c.label.padEnd(34)} rows ${String(shape?.items.length ?? 0).padEnd(3)} total ${totalText.padEnd(8)} 1 client p50 ${fmt(one.p50).padEnd(9)} p95 ${fmt(one.p95).padEnd(9)} target p95 ≤ ${P95_MS} ms ${verdict(one.p95 <= P95_MS)}; ${CLIENTS} clients p50 ${fmt(crowd.p50).padEnd(9)} p95 ${fmt(crowd.p95).padEnd(9)} target p95 ≤ ${P95_MS} ms ${verdict(crowd.p95 <= P95_MS)}`,
      );
    }
    for (const format of ['csv', 'xlsx'] as const) {
      const { ms, bytes, lines: csvLines } = await timedExport(client, { ...formOf(f({ status: 'ended' })), format });
      if (format === 'csv' && csvLines - 1 < ended)
        throw new Error(`the CSV held ${count(csvLines - 1)} rows of ${count(ended)}`);
      const rate = ended / (ms / 1000);
      lines.push(
        `${engine} export ${format.toUpperCase().padEnd(4)} ${count(ended)} ended fulfillments in ${(ms / 1000).toFixed(1)} s, ${(bytes / 1e6).toFixed(1)} MB: ${count(Math.round(rate))} rows/s, target ≥ ${count(ROWS_PER_S)} ${verdict(rate >= ROWS_PER_S)}`,
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

export function benchResearchFulfillments(): Promise<string[]> {
  return onChosenOrBothEngines('BENCH_FULFILLMENTS_DB', benchOn);
}
