// Invite Request Users (decision 064): GET api/invite_requests/ on the bench databases (100,000
// requests, bench/invite-data.ts), over real HTTP against the server run as its own process: the
// first page; a page half-way down (its cursor made from the request there); the commonest first
// name searched; a name no request has (the search walks every request: the worst case); status
// New, and the rarest status (Approved). One client, each request waiting for the one before, and
// eight at once; 100 calls each, p95 ≤ 50 ms. Then a bulk approval of 500 open requests (preview,
// then the approval: 500 users created with their invitations and audit rows in one transaction),
// timed once, and undone afterwards.
//
// BENCH_INVITES_DB=<SQLite file or postgres:// URL> runs it on that database instead, on that engine only.
import type { Kysely } from 'kysely';
import type { DatabaseTarget, Engine } from '../server/db/connect';
import type { Database } from '../server/db/schema';
import { removeHttpStaff, signInOverHttp, startServerProcess, type HttpClient } from './http';
import { BENCH_INVITE_DOMAIN, ensureBenchInvites } from './invite-data';
import { refreshStatistics } from './user-data';
import { concurrentTimes, count, onChosenOrBothEngines, summary, timedPost, verdict } from './support';

const STAFF = 'bench.invites';
const CALLS = 100;
const CLIENTS = 8;
const P95_MS = 50;
const BULK = 500;
const LIST = '/api/invite_requests/';

const fmt = (ms: number) => `${ms.toFixed(1)} ms`;

async function timedGet(client: HttpClient, route: string): Promise<{ ms: number; rows: number }> {
  const t = performance.now();
  const res = await client.get(route);
  const reply = (await res.json()) as { requests?: unknown[] };
  const ms = performance.now() - t;
  if (res.status !== 200) throw new Error(`${route} answered ${res.status}: ${JSON.stringify(reply).slice(0, 300)}`);
  return { ms, rows: reply.requests?.length ?? 0 };
}

async function benchOn(engine: Engine, db: Kysely<Database>, target: DatabaseTarget): Promise<string[]> {
  const lines: string[] = [];
  if (await ensureBenchInvites(db, (line) => lines.push(`${engine}: ${line.trim()}`))) {
    // Fresh rows: the planner's statistics follow.
    await refreshStatistics(db, engine);
  }
  const total = Number(
    (
      await db
        .selectFrom('invite_requests')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
  const half = await db
    .selectFrom('invite_requests')
    .select(['id', 'created_at'])
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .offset(Math.floor(total / 2))
    .limit(1)
    .executeTakeFirstOrThrow();
  const commonest = await db
    .selectFrom('invite_requests')
    .select(['first_name', (eb) => eb.fn.countAll<number>().as('n')])
    .groupBy('first_name')
    .orderBy('n', 'desc')
    .limit(1)
    .executeTakeFirstOrThrow();
  const cases: { label: string; route: string }[] = [
    { label: 'first page', route: LIST },
    { label: `page at request ${count(Math.floor(total / 2))}`, route: `${LIST}?cursor=${half.created_at}.${half.id}` },
    {
      label: `search "${commonest.first_name}" (${count(Number(commonest.n))})`,
      route: `${LIST}?q=${encodeURIComponent(commonest.first_name)}`,
    },
    { label: 'search a name nobody has', route: `${LIST}?q=zzyzx` },
    { label: 'status New', route: `${LIST}?status=new` },
    { label: 'status Approved (rarest)', route: `${LIST}?status=approved` },
  ];
  lines.push(`${engine}: ${count(total)} invite requests; ${CALLS} calls per case and mode, 50 a page, over HTTP`);
  const server = await startServerProcess(target).catch(async (err: unknown) => {
    await db.destroy();
    throw err;
  });
  let undo: (() => Promise<void>) | null = null;
  try {
    const client = await signInOverHttp(db, server.base, STAFF);
    for (const c of cases) {
      for (let i = 0; i < 5; i++) await timedGet(client, c.route); // warm-up
      const times: number[] = [];
      let rows = 0;
      for (let i = 0; i < CALLS; i++) {
        const r = await timedGet(client, c.route);
        times.push(r.ms);
        rows = r.rows;
      }
      const one = summary(times);
      const crowd = summary(await concurrentTimes(CLIENTS, CALLS, async () => (await timedGet(client, c.route)).ms));
      lines.push(
        `${engine} ${c.label.padEnd(32)} rows ${String(rows).padEnd(3)} 1 client p50 ${fmt(one.p50).padEnd(9)} p95 ${fmt(one.p95).padEnd(9)} target p95 ≤ ${P95_MS} ms ${verdict(one.p95 <= P95_MS)}; ${CLIENTS} clients p50 ${fmt(crowd.p50).padEnd(9)} p95 ${fmt(crowd.p95).padEnd(9)} target p95 ≤ ${P95_MS} ms ${verdict(crowd.p95 <= P95_MS)}`,
      );
    }

    // A bulk approval of 500 open bench requests, then everything it wrote undone.
    const picked = await db
      .selectFrom('invite_requests')
      .select(['id', 'version', 'organization_id'])
      .where('status', '=', 'new')
      .where('email_key', 'like', `%@${BENCH_INVITE_DOMAIN}`)
      .orderBy('created_at', 'desc')
      .limit(BULK)
      .execute();
    const org = await db.selectFrom('organizations').select('id').orderBy('id').limit(1).executeTakeFirstOrThrow();
    const form = {
      requests: JSON.stringify(picked.map((p) => ({ id: Number(p.id), version: Number(p.version) }))),
      organization_id: String(org.id),
      user_type: 'trial',
      user_category: 'general',
      owner: STAFF,
      product_configuration: 'product_basic',
      data_plan: '[]',
    };
    const ids = picked.map((p) => Number(p.id));
    undo = async () => {
      const users = (
        await db
          .selectFrom('invite_requests')
          .select('user_id')
          .where('id', 'in', ids)
          .where('user_id', 'is not', null)
          .execute()
      ).map((r) => Number(r.user_id));
      for (const p of picked) {
        await db
          .updateTable('invite_requests')
          .set({
            status: 'new',
            decided_by: null,
            decided_at: null,
            user_id: null,
            invited_at: null,
            invitations: 0,
            version: Number(p.version),
            organization_id: p.organization_id,
          })
          .where('id', '=', Number(p.id))
          .execute();
      }
      for (let i = 0; i < users.length; i += 200) {
        const chunk = users.slice(i, i + 200);
        await db.deleteFrom('mail_outbox').where('user_id', 'in', chunk).execute();
        await db.deleteFrom('audit_log').where('record_kind', '=', 'user').where('record_id', 'in', chunk).execute();
        await db.deleteFrom('users').where('id', 'in', chunk).execute();
      }
      for (let i = 0; i < ids.length; i += 200)
        await db
          .deleteFrom('audit_log')
          .where('record_kind', '=', 'invite_request')
          .where('record_id', 'in', ids.slice(i, i + 200))
          .execute();
    };
    const preview = await timedPost<{ outcomes: { ok: boolean }[] }>(
      client,
      '/api/invite_requests/bulk_preview/',
      form,
    );
    const approval = await timedPost<{ outcomes: { ok: boolean }[] }>(
      client,
      '/api/invite_requests/bulk_approve/',
      form,
    );
    const made = approval.reply.outcomes.filter((o) => o.ok).length;
    lines.push(
      `${engine} bulk approval of ${count(picked.length)}: preview ${fmt(preview.ms)}, approval ${fmt(approval.ms)} (${count(made)} users created with their invitations and audit rows in one transaction); undone afterwards`,
    );
    lines.push(`${engine}: ${client.retries} request(s) sent again`);
    return lines;
  } finally {
    await server.stop();
    if (undo)
      await undo().catch((err: unknown) => lines.push(`${engine}: undoing the bulk approval failed: ${String(err)}`));
    await removeHttpStaff(db, STAFF).catch(() => {});
    await db.destroy();
  }
}

export function benchInviteRequests(): Promise<string[]> {
  return onChosenOrBothEngines('BENCH_INVITES_DB', benchOn);
}
