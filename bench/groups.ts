// Group Management at 5,000 users (decision 048): POST user/fetch_group/ for the bench
// organization of 5,000 users and 40 groups (bench/group-data.ts), over real HTTP against the
// server run as its own process (bench/http.ts), one client, each request waiting for the one
// before. The reply holds every group with its members and the users in no group (about 1,000).
// Target p95 ≤ 50 ms. Median of 3 runs.
//
// BENCH_GROUP_DB=<SQLite file or postgres:// URL> runs it on that database instead (a small one
// to try it; it must hold the organization, e.g. from ensureBenchGroups), on that engine only.
import type { Kysely } from 'kysely';
import type { DatabaseTarget, Engine } from '../server/db/connect';
import type { Database } from '../server/db/schema';
import { BENCH_GROUP_ORG, benchGroupOrganization } from './group-data';
import { removeHttpStaff, signInOverHttp, startServerProcess, type HttpClient } from './http';
import { concurrentTimes, count, medianSummary, onChosenOrBothEngines, summary, timedPost, verdict } from './support';

const STAFF = 'bench.groups';
const REPEATS = 3;
const CALLS = 50;
const CLIENTS = 8;
const P95_MS = 50;

type FetchReply = { status: boolean; groupItems: { members: unknown[] }[]; nonGroupUsers: unknown[] };

const fmt = (ms: number) => `${ms.toFixed(1)} ms`;

async function run(client: HttpClient, orgId: number, calls: number): Promise<{ ms: number[]; reply: FetchReply }> {
  const ms: number[] = [];
  let last: FetchReply | null = null;
  for (let i = 0; i < calls; i++) {
    const r = await timedPost<FetchReply>(client, '/user/fetch_group/', { organization_id: String(orgId) });
    if (!r.reply.status) throw new Error('fetch_group/ refused');
    ms.push(r.ms);
    last = r.reply;
  }
  return { ms, reply: last! };
}

async function benchOn(engine: Engine, db: Kysely<Database>, target: DatabaseTarget): Promise<string[]> {
  const orgId = await benchGroupOrganization(db);
  if (orgId === null) {
    await db.destroy();
    return [`${engine}: skipped (no '${BENCH_GROUP_ORG}'; run \`npm run seed:bench\`, which adds it)`];
  }
  const server = await startServerProcess(target).catch(async (err: unknown) => {
    await db.destroy();
    throw err;
  });
  try {
    const client = await signInOverHttp(db, server.base, STAFF);
    const warm = await run(client, orgId, 5);
    const members = warm.reply.groupItems.reduce((n, g) => n + g.members.length, 0);
    const out = [
      `${engine}: ${count(warm.reply.groupItems.length)} groups, ${count(members)} memberships, ${count(warm.reply.nonGroupUsers.length)} users in no group`,
    ];
    const runs: { p50: number; p95: number }[] = [];
    for (let r = 0; r < REPEATS; r++) runs.push(summary((await run(client, orgId, CALLS)).ms));
    const m = medianSummary(runs);
    out.push(
      `${engine} fetch_group, 5,000 users   p50 ${fmt(m.p50).padEnd(9)} p95 ${fmt(m.p95).padEnd(9)} target p95 ≤ ${P95_MS} ms ${verdict(m.p95 <= P95_MS)}`,
    );
    // Eight staff at once on two cores: reported beside the one-client target, which is the issue's.
    const crowd: { p50: number; p95: number }[] = [];
    for (let r = 0; r < REPEATS; r++) {
      crowd.push(
        summary(
          await concurrentTimes(CLIENTS, CALLS, async () => {
            const t = await timedPost<FetchReply>(client, '/user/fetch_group/', { organization_id: String(orgId) });
            return t.ms;
          }),
        ),
      );
    }
    const c = medianSummary(crowd);
    out.push(
      `${engine} fetch_group, ${CLIENTS} clients p50 ${fmt(c.p50).padEnd(9)} p95 ${fmt(c.p95).padEnd(9)} (no target: ${CLIENTS} requests share 2 cores)`,
    );
    out.push(
      `${engine}: ${REPEATS} runs of ${CALLS} calls, one and ${CLIENTS} keep-alive clients over HTTP; ${client.retries} request(s) sent again`,
    );
    return out;
  } finally {
    await server.stop();
    await removeHttpStaff(db, STAFF).catch(() => {});
    await db.destroy();
  }
}

export function benchGroups(): Promise<string[]> {
  return onChosenOrBothEngines('BENCH_GROUP_DB', benchOn);
}
