// Role Management (decision 050): POST user/fetch_user_roles/ on the bench databases (1,000,000
// users, the seeded roles and staff), over real HTTP against the server run as its own process
// (bench/http.ts), one client, each request waiting for the one before. The reply holds every
// role with its keys and holders and every staff account: three indexed reads (roles, user_roles
// joined to users by key, staff by users_type_idx), whatever the number of managed users.
// Median of 3 runs of 200 calls.
//
// BENCH_ROLES_DB=<SQLite file or postgres:// URL> runs it on that database instead, on that engine only.
import type { Kysely } from 'kysely';
import { openDatabase, type DatabaseTarget, type Engine } from '../server/db/connect';
import { migrateToLatest } from '../server/db/migrate';
import type { Database } from '../server/db/schema';
import { removeHttpStaff, signInOverHttp, startServerProcess, type HttpClient } from './http';
import { count, medianSummary, onBothEngines, openBenchDatabase, summary, timedPost, verdict } from './support';
import { benchTarget } from './user-data';

const STAFF = 'bench.roles';
const REPEATS = 3;
const CALLS = 200;
const P95_MS = 20;

type RolesReply = { status: boolean; result: { holders: unknown[] }[]; staff: unknown[] };

const fmt = (ms: number) => `${ms.toFixed(1)} ms`;

async function run(client: HttpClient, calls: number): Promise<{ times: number[]; roles: number; staff: number }> {
  const times: number[] = [];
  let last: RolesReply | null = null;
  for (let i = 0; i < calls; i++) {
    const r = await timedPost<RolesReply>(client, '/user/fetch_user_roles/', {});
    if (!r.reply.status) throw new Error('fetch_user_roles/ refused');
    times.push(r.ms);
    last = r.reply;
  }
  return { times, roles: last?.result.length ?? 0, staff: last?.staff.length ?? 0 };
}

async function benchOn(engine: Engine, db: Kysely<Database>, target: DatabaseTarget): Promise<string[]> {
  const lines: string[] = [];
  const server = await startServerProcess(target).catch(async (err: unknown) => {
    await db.destroy();
    throw err;
  });
  try {
    const users = Number((await db.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
    const client = await signInOverHttp(db, server.base, STAFF);
    await run(client, 20); // warm-up
    const runs: { p50: number; p95: number }[] = [];
    let shape = { roles: 0, staff: 0 };
    for (let r = 0; r < REPEATS; r++) {
      const { times, roles, staff } = await run(client, CALLS);
      runs.push(summary(times));
      shape = { roles, staff };
    }
    const m = medianSummary(runs);
    lines.push(`${engine}: ${count(users)} users; the reply holds ${shape.roles} roles and ${shape.staff} staff accounts`);
    lines.push(`${engine} fetch_user_roles/            p50 ${fmt(m.p50).padEnd(9)} p95 ${fmt(m.p95).padEnd(9)} target p95 ≤ ${P95_MS} ms ${verdict(m.p95 <= P95_MS)}`);
    lines.push(`${engine}: ${REPEATS} runs of ${CALLS} calls, one client over HTTP; ${client.retries} request(s) sent again`);
    return lines;
  } finally {
    await server.stop();
    await removeHttpStaff(db, STAFF).catch(() => {});
    await db.destroy();
  }
}

export async function benchRoles(): Promise<string[]> {
  const chosen = process.env['BENCH_ROLES_DB'];
  if (chosen) {
    const target: DatabaseTarget = /^postgres(ql)?:\/\//.test(chosen) ? { engine: 'postgres', url: chosen } : { engine: 'sqlite', file: chosen };
    const db = openDatabase(target);
    await migrateToLatest(db);
    return benchOn(target.engine, db, target);
  }
  return onBothEngines(async (engine) => benchOn(engine, await openBenchDatabase(engine), benchTarget(engine)));
}
