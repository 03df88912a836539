// Restrict Broker at 1,000,000 users (decision 047): POST api/mybroker/ adding 1,000 brokers to a
// user's My Brokers and deleting them again, over real HTTP against the server run as its own
// process (bench/http.ts), one client, each request waiting for the one before. The user is a
// sampled bench user holding 50 brokers and not frozen; the 1,000 are brokers it does not hold,
// so every add inserts 1,000 rows and every delete removes them (the user ends as it began).
// Each action is one transaction: the user's switches row locked, the set-based change, the
// lists read back with their names, one audit row with both lists. Median of 3 runs.
//
// BENCH_BROKER_DB=<SQLite file or postgres:// URL> runs it on that database instead (a small one
// to try it; it must hold brokers, e.g. from bench/broker-data.ts), on that engine only.
import { sql, type Kysely } from 'kysely';
import type { DatabaseTarget, Engine } from '../server/db/connect';
import type { Database } from '../server/db/schema';
import { benchBrokerCount } from './broker-data';
import { removeHttpStaff, signInOverHttp, startServerProcess, type HttpClient } from './http';
import { count, medianSummary, onChosenOrBothEngines, summary, timedPost, verdict } from './support';

const STAFF = 'bench.broker';
const REPEATS = 3;
/** Add-then-delete pairs per run. */
const PAIRS = 20;
const BROKERS_PER_ACTION = 1_000;
const P95_MS = 100;

type ActionReply = {
  status: boolean;
  msg: string;
  result: string;
  brokers: { my_brokers: unknown[]; req_brokers: unknown[] };
};

/** A user holding brokers, not frozen, and 1,000 brokers it does not hold. */
async function subject(db: Kysely<Database>): Promise<{ email: string; held: number; brokers: number[] }> {
  const user = await db
    .selectFrom('user_brokers')
    .innerJoin('users', 'users.id', 'user_brokers.user_id')
    .leftJoin('user_broker_state', 'user_broker_state.user_id', 'users.id')
    .select(['users.id', 'users.email'])
    .where('user_brokers.list', '=', 'my')
    .where((eb) => eb.or([eb('user_broker_state.freeze', 'is', null), eb('user_broker_state.freeze', '=', 0)]))
    .orderBy('user_brokers.user_id')
    .limit(1)
    .executeTakeFirst();
  if (!user) throw new Error('no user holds brokers: run `npm run seed:bench` (it adds the brokers)');
  const held = (
    await db
      .selectFrom('user_brokers')
      .select('broker_id')
      .where('user_id', '=', user.id)
      .where('list', '=', 'my')
      .execute()
  ).map((r) => Number(r.broker_id));
  const heldSet = new Set(held);
  const all = (await db.selectFrom('brokers').select('id').orderBy('id').execute()).map((r) => Number(r.id));
  const brokers = all.filter((id) => !heldSet.has(id)).slice(0, BROKERS_PER_ACTION);
  if (brokers.length < BROKERS_PER_ACTION) throw new Error(`only ${brokers.length} brokers the user does not hold`);
  return { email: user.email, held: held.length, brokers };
}

const fmt = (ms: number) => `${ms.toFixed(1)} ms`;

async function run(
  client: HttpClient,
  email: string,
  brokers: number[],
  expectHeld: number,
): Promise<{ add: number[]; del: number[] }> {
  const add: number[] = [];
  const del: number[] = [];
  const form = (action: 'add' | 'delete') => ({ email, action, brokers: JSON.stringify(brokers), one_click: 'false' });
  for (let i = 0; i < PAIRS; i++) {
    const a = await timedPost<ActionReply>(client, '/api/mybroker/', form('add'));
    if (!a.reply.status || a.reply.brokers.my_brokers.length !== expectHeld + brokers.length)
      throw new Error(`add did not add: ${a.reply.msg} ${a.reply.result}`);
    add.push(a.ms);
    const d = await timedPost<ActionReply>(client, '/api/mybroker/', form('delete'));
    if (!d.reply.status || d.reply.brokers.my_brokers.length !== expectHeld)
      throw new Error(`delete did not delete: ${d.reply.msg} ${d.reply.result}`);
    del.push(d.ms);
  }
  return { add, del };
}

async function benchOn(engine: Engine, db: Kysely<Database>, target: DatabaseTarget): Promise<string[]> {
  const lines: string[] = [];
  const brokers = await benchBrokerCount(db);
  if (brokers === 0) {
    await db.destroy();
    return [`${engine}: skipped (the database holds no brokers; run \`npm run seed:bench\`, which adds them)`];
  }
  const server = await startServerProcess(target).catch(async (err: unknown) => {
    await db.destroy();
    throw err;
  });
  try {
    const who = await subject(db);
    const users = Number(
      (
        await db
          .selectFrom('users')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
    const links = Number(
      (await sql<{ n: number }>`select count(*) as n from user_brokers`.execute(db)).rows[0]?.n ?? 0,
    );
    lines.push(
      `${engine}: ${count(users)} users, ${count(brokers)} brokers, ${count(links)} list rows; the user holds ${who.held} brokers`,
    );
    const client = await signInOverHttp(db, server.base, STAFF);
    await run(client, who.email, who.brokers.slice(0, 10), who.held); // warm-up
    const adds: { p50: number; p95: number }[] = [];
    const dels: { p50: number; p95: number }[] = [];
    const both: { p50: number; p95: number }[] = [];
    for (let r = 0; r < REPEATS; r++) {
      const { add, del } = await run(client, who.email, who.brokers, who.held);
      adds.push(summary(add));
      dels.push(summary(del));
      both.push(summary([...add, ...del]));
    }
    for (const [name, runs] of [
      ['add 1,000 brokers', adds],
      ['delete 1,000 brokers', dels],
      ['either action', both],
    ] as const) {
      const m = medianSummary(runs);
      lines.push(
        `${engine} broker action, ${name.padEnd(22)} p50 ${fmt(m.p50).padEnd(9)} p95 ${fmt(m.p95).padEnd(9)} target p95 ≤ ${P95_MS} ms ${verdict(m.p95 <= P95_MS)}`,
      );
    }
    lines.push(
      `${engine}: ${REPEATS} runs of ${PAIRS} adds and ${PAIRS} deletes, one client over HTTP; ${client.retries} request(s) sent again`,
    );
    return lines;
  } finally {
    await server.stop();
    await removeHttpStaff(db, STAFF).catch(() => {});
    await db.destroy();
  }
}

export function benchBrokerActions(): Promise<string[]> {
  return onChosenOrBothEngines('BENCH_BROKER_DB', benchOn);
}
