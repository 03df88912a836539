// Group Management at 5,000 users (decisions 048, 104): the bench organization of 5,000 users and
// 40 groups (bench/group-data.ts), over real HTTP against the server run as its own process
// (bench/http.ts). Each request measured prints its reply's size beside its latency: fetch_group/
// (every group's first 50 members and the users in no group's), the same with the members filter,
// and fetch_group_members/ pages (the largest group's second page, the users in no group's second
// page). One client (each request waiting for the one before) against the target p95 ≤ 50 ms, and
// eight at once beside it. Median of 3 runs.
//
// BENCH_GROUP_DB=<SQLite file or postgres:// URL> runs it on that database instead (a small one
// to try it; it must hold the organization, e.g. from ensureBenchGroups), on that engine only.
import type { Kysely } from 'kysely';
import type { DatabaseTarget, Engine } from '../server/db/connect';
import type { Database } from '../server/db/schema';
import { BENCH_GROUP_ORG, benchGroupOrganization } from './group-data';
import { removeHttpStaff, signInOverHttp, startServerProcess, type HttpClient } from './http';
import { concurrentTimes, count, medianSummary, onChosenOrBothEngines, summary, verdict } from './support';

const STAFF = 'bench.groups';
const REPEATS = 3;
const CALLS = 50;
const CLIENTS = 8;
const P95_MS = 50;

type FetchReply = {
  status: boolean;
  groupItems: { id: number; members: unknown[]; members_count?: number; members_next?: string | null }[];
  nonGroupUsers: unknown[];
  nonGroupUsersCount?: number;
  nonGroupUsersNext?: string | null;
};

const fmt = (ms: number) => `${ms.toFixed(1)} ms`;
const kB = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;

/** One request timed from send to the end of its reply, with the reply's size in bytes. */
async function timed<T>(
  client: HttpClient,
  route: string,
  form: Record<string, string>,
): Promise<{ ms: number; bytes: number; reply: T }> {
  const t = performance.now();
  const res = await client.post(route, form);
  const text = await res.text();
  const ms = performance.now() - t;
  if (res.status !== 200) throw new Error(`${route} answered ${res.status}: ${text.slice(0, 300)}`);
  return { ms, bytes: Buffer.byteLength(text, 'utf8'), reply: JSON.parse(text) as T };
}

interface Measured {
  name: string;
  route: string;
  form: Record<string, string>;
}

async function measure(client: HttpClient, engine: Engine, m: Measured): Promise<string[]> {
  const warm = await timed<unknown>(client, m.route, m.form);
  const one: { p50: number; p95: number }[] = [];
  for (let r = 0; r < REPEATS; r++) {
    const ms: number[] = [];
    for (let i = 0; i < CALLS; i++) ms.push((await timed<unknown>(client, m.route, m.form)).ms);
    one.push(summary(ms));
  }
  const a = medianSummary(one);
  // Eight staff at once on two cores, held to the same target.
  const crowd: { p50: number; p95: number }[] = [];
  for (let r = 0; r < REPEATS; r++)
    crowd.push(
      summary(await concurrentTimes(CLIENTS, CALLS, async () => (await timed<unknown>(client, m.route, m.form)).ms)),
    );
  const c = medianSummary(crowd);
  const label = `${engine} ${m.name}`.padEnd(44);
  return [
    `${label} ${kB(warm.bytes).padStart(9)}  1 client  p50 ${fmt(a.p50).padEnd(9)} p95 ${fmt(a.p95).padEnd(9)} target p95 ≤ ${P95_MS} ms ${verdict(a.p95 <= P95_MS)}`,
    `${label} ${kB(warm.bytes).padStart(9)}  ${CLIENTS} clients p50 ${fmt(c.p50).padEnd(9)} p95 ${fmt(c.p95).padEnd(9)} target p95 ≤ ${P95_MS} ms ${verdict(c.p95 <= P95_MS)}`,
  ];
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
    const org = String(orgId);
    const first = await timed<FetchReply>(client, '/user/fetch_group/', { organization_id: org });
    const groups = first.reply.groupItems;
    const memberships = groups.reduce((n, g) => n + (g.members_count ?? g.members.length), 0);
    const largest = [...groups].sort((x, y) => (y.members_count ?? 0) - (x.members_count ?? 0))[0];
    const out = [
      `${engine}: ${count(groups.length)} groups, ${count(memberships)} memberships, ${count(first.reply.nonGroupUsersCount ?? first.reply.nonGroupUsers.length)} users in no group; each list 50 a page`,
      `${engine} ${'request'.padEnd(40)}      reply  clients   latency`,
    ];
    const measured: Measured[] = [
      { name: 'fetch_group (first pages)', route: '/user/fetch_group/', form: { organization_id: org } },
      {
        name: 'fetch_group, filter "member12"',
        route: '/user/fetch_group/',
        form: { organization_id: org, q: 'member12' },
      },
    ];
    if (largest?.members_next)
      measured.push({
        name: `fetch_group_members, ${count(largest.members_count ?? 0)}-member group p2`,
        route: '/user/fetch_group_members/',
        form: { organization_id: org, group_id: String(largest.id), cursor: largest.members_next },
      });
    if (first.reply.nonGroupUsersNext)
      measured.push({
        name: 'fetch_group_members, no group p2',
        route: '/user/fetch_group_members/',
        form: { organization_id: org, group_id: 'none', cursor: first.reply.nonGroupUsersNext },
      });
    for (const m of measured) out.push(...(await measure(client, engine, m)));
    out.push(
      `${engine}: ${REPEATS} runs of ${CALLS} calls each, one and ${CLIENTS} keep-alive clients over HTTP; ${client.retries} request(s) sent again`,
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
