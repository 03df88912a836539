// The broker research data of the bench database (decision 055), added by `npm run seed:bench` to
// a database, fresh or reused, that has fewer: 1,000,000 requests across the lifecycle over two
// years and about 1,000,000 fulfillments (from the approved requests and from other sources), by
// the demo seed's own generators. Brokers are drawn the way research demand falls, a few brokers
// asked for far more than the rest (the first broker gets about one request in twenty), so a list
// of the busiest broker's requests is the hard case it is in life. One transaction; a database
// already holding them is left as it is.
import type { Kysely } from 'kysely';
import type { Database } from '../server/db/schema';
import { otherSourceRows, requestRows, syncIdentity } from '../server/db/seed-broker-research';

export const BENCH_REQUESTS = 1_000_000;
export const BENCH_OTHER_SOURCES = 450_000;
const BATCH = 2_000;

function seededRandom(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Broker ids by demand: the broker of rank r appears about 400 / (r + 1) times, every broker at least once. */
export function brokersByDemand(ids: readonly number[]): number[] {
  return ids.flatMap((id, rank) => Array<number>(Math.max(1, Math.round(400 / (rank + 1)))).fill(id));
}

/** The broker with the most requests in the bench data (rank 0 of brokersByDemand). */
export async function busiestBenchBroker(db: Kysely<Database>): Promise<number> {
  const row = await db.selectFrom('brokers').select('id').orderBy('id').limit(1).executeTakeFirstOrThrow();
  return Number(row.id);
}

export async function ensureBenchResearch(
  db: Kysely<Database>,
  productKey: string,
  log: (line: string) => void = () => {},
): Promise<boolean> {
  const { n } = await db
    .selectFrom('research_requests')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  if (Number(n) >= BENCH_REQUESTS) return false;
  const started = performance.now();
  log(`Adding ${BENCH_REQUESTS.toLocaleString('en-US')} broker research requests and their fulfillments…`);
  const users = (
    await db.selectFrom('users').select(['id', 'organization_id']).where('deleted', '=', 0).orderBy('id').execute()
  ).map((u) => ({ id: Number(u.id), organization_id: u.organization_id === null ? null : Number(u.organization_id) }));
  const brokerIds = brokersByDemand(
    (await db.selectFrom('brokers').select('id').orderBy('id').execute()).map((b) => Number(b.id)),
  );
  const now = Date.now();
  const rand = seededRandom(20_261_128);
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('fulfillments').execute();
    await trx.deleteFrom('research_requests').execute();
    const activeKeys = new Set<string>();
    let fulfillments = 0;
    for (let done = 0; done < BENCH_REQUESTS; done += BATCH) {
      const { requests, fulfillments: given } = requestRows(
        { users, brokerIds },
        Math.min(BATCH, BENCH_REQUESTS - done),
        now,
        rand,
        activeKeys,
        done + 1,
      );
      await trx.insertInto('research_requests').values(requests).execute();
      for (let i = 0; i < given.length; i += BATCH / 2)
        await trx
          .insertInto('fulfillments')
          .values(given.slice(i, i + BATCH / 2))
          .execute();
      fulfillments += given.length;
      if ((done + BATCH) % 200_000 === 0) log(`  ${(done + BATCH).toLocaleString('en-US')} requests`);
    }
    await syncIdentity(trx, 'research_requests');
    for (let done = 0; done < BENCH_OTHER_SOURCES; done += BATCH) {
      const rows = otherSourceRows(
        { users, brokerIds },
        Math.min(BATCH, BENCH_OTHER_SOURCES - done),
        now,
        rand,
        activeKeys,
        productKey,
      );
      for (let i = 0; i < rows.length; i += BATCH / 2)
        await trx
          .insertInto('fulfillments')
          .values(rows.slice(i, i + BATCH / 2))
          .execute();
      fulfillments += rows.length;
    }
    log(`  ${fulfillments.toLocaleString('en-US')} fulfillments`);
  });
  log(`  broker research added in ${((performance.now() - started) / 1000).toFixed(0)} s`);
  return true;
}
