// Role Management (decision 050): POST user/fetch_user_roles/ on the bench databases (1,000,000
// users, the seeded roles and staff), over real HTTP against the server run as its own process
// (bench/http.ts), one client, each request waiting for the one before, then 8 clients at once.
// The bench adds what a large staff has (ROLES roles, HOLDERS staff accounts holding two each) and
// removes it after.
// The reply holds every role with its keys and holders and the staff holding a role: user_roles,
// then the holders by id, whatever the number of managed users. Median of 3 runs of 200 calls.
//
// BENCH_ROLES_DB=<SQLite file or postgres:// URL> runs it on that database instead, on that engine only.
import type { Kysely } from 'kysely';
import type { DatabaseTarget, Engine } from '../server/db/connect';
import type { Database } from '../server/db/schema';
import { removeHttpStaff, signInOverHttp, startServerProcess, type HttpClient } from './http';
import { concurrentTimes, count, medianSummary, onChosenOrBothEngines, summary, timedPost, verdict } from './support';

const STAFF = 'bench.roles';
const REPEATS = 3;
const CALLS = 200;
const P95_MS = 20;
/** Every list at 8 clients, tails included (issue: fast for everyone at once). */
const CLIENTS_P95_MS = 50;
const CLIENTS = 8;
const ROLES = 12;
const HOLDERS = 300;
const ROLE_PREFIX = 'Bench role ';

/** ROLES roles of 10 keys each, given two each to HOLDERS of the bench's is_staff accounts. */
async function addStaffRoles(db: Kysely<Database>): Promise<void> {
  const now = Date.now();
  const keys = [
    'admin_panel_access',
    'user_mgmt',
    'group_mgmt',
    'role_mgmt',
    'tags',
    'bulk_upload_tags',
    'br_research',
    'restrict_broker_access',
    'reports_dashboard_tab',
    'edit_user',
    'export_csv_access',
    'create_user_tab',
  ];
  const roles = await db
    .insertInto('roles')
    .values(
      Array.from({ length: ROLES }, (_, i) => ({
        name: `${ROLE_PREFIX}${i + 1}`,
        features: JSON.stringify(keys.filter((_, k) => (k + i) % 6 !== 0).slice(0, 10)),
        created_at: now,
        updated_at: now,
      })),
    )
    .returning('id')
    .execute();
  const staff = await db
    .selectFrom('users')
    .select('id')
    .where('user_type', '=', 'is_staff')
    .where('deleted', '=', 0)
    .orderBy('id')
    .limit(HOLDERS)
    .execute();
  await db
    .insertInto('user_roles')
    .values(staff.flatMap((u, i) => [0, 1].map((k) => ({ user_id: u.id, role_id: roles[(i + k * 5) % ROLES]!.id }))))
    .execute();
}

async function removeStaffRoles(db: Kysely<Database>): Promise<void> {
  const ids = (await db.selectFrom('roles').select('id').where('name', 'like', `${ROLE_PREFIX}%`).execute()).map(
    (r) => r.id,
  );
  if (ids.length === 0) return;
  await db.deleteFrom('user_roles').where('role_id', 'in', ids).execute();
  await db.deleteFrom('roles').where('id', 'in', ids).execute();
}

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
    const users = Number(
      (
        await db
          .selectFrom('users')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
    await removeStaffRoles(db);
    await addStaffRoles(db);
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
    lines.push(
      `${engine}: ${count(users)} users; the reply holds ${shape.roles} roles and ${shape.staff} staff accounts`,
    );
    lines.push(
      `${engine} fetch_user_roles/            p50 ${fmt(m.p50).padEnd(9)} p95 ${fmt(m.p95).padEnd(9)} target p95 ≤ ${P95_MS} ms ${verdict(m.p95 <= P95_MS)}`,
    );
    // Eight staff at once on two cores: held to the lists' 8-client target.
    const crowd: { p50: number; p95: number }[] = [];
    for (let r = 0; r < REPEATS; r++) {
      crowd.push(
        summary(
          await concurrentTimes(
            CLIENTS,
            CALLS,
            async () => (await timedPost<RolesReply>(client, '/user/fetch_user_roles/', {})).ms,
          ),
        ),
      );
    }
    const c = medianSummary(crowd);
    lines.push(
      `${engine} fetch_user_roles/, ${CLIENTS} clients p50 ${fmt(c.p50).padEnd(9)} p95 ${fmt(c.p95).padEnd(9)} target p95 ≤ ${CLIENTS_P95_MS} ms ${verdict(c.p95 <= CLIENTS_P95_MS)}`,
    );
    lines.push(
      `${engine}: ${REPEATS} runs of ${CALLS} calls, one and ${CLIENTS} keep-alive clients over HTTP; ${client.retries} request(s) sent again`,
    );
    return lines;
  } finally {
    await server.stop();
    await removeHttpStaff(db, STAFF).catch(() => {});
    await removeStaffRoles(db).catch(() => {});
    await db.destroy();
  }
}

export function benchRoles(): Promise<string[]> {
  return onChosenOrBothEngines('BENCH_ROLES_DB', benchOn);
}
