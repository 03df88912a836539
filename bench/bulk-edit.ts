// Bulk edit at 1,000,000 users, through the real HTTP handlers (app.request with a signed-in
// session): the preview and the edit of 10,000 users spread over the table, for flags (the
// users.flags JSON) and for a column with counting triggers (active); each edit is made and then
// undone, so the bench database ends as it began and repeated runs compare. Also: matching
// 100,000 identifiers (emails in any case, usernames, ids) and a CSV upload through the route.
// On SQLite, and on PostgreSQL when reachable.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import { createApp, type App } from '../server/app';
import { loadKeys } from '../server/auth/keys';
import { hashPassword } from '../server/auth/passwords';
import { newTotpSecret, sealSecret, totpCode } from '../server/auth/totp';
import { loadConfig, type ServerConfig } from '../server/config';
import type { Engine } from '../server/db/connect';
import type { Database } from '../server/db/schema';
import { resolveIdentifiers } from '../server/users/selection';
import { FEATURE_KEYS } from '../src/domain/features';
import type { BulkApplyReply, BulkPreviewReply, BulkSelection, UploadBulkEditReply } from '../src/domain/users';
import { TEST_SCRYPT_FOR_BENCH } from './params';
import { BenchClient } from './setup';
import { BENCH_USERNAME_PREFIX, seededBenchDatabase } from './user-data';

const STAFF = 'bench.bulk.editor';
const USERS = 10_000;
const IDENTIFIERS = 100_000;
/** Emails in one uploaded CSV: as many as fit the request body cap (1 MB). */
const UPLOAD_ROWS = 20_000;
const APPLY_TARGET_S = 2;

/** A staff member holding every feature, made afresh each run (a new TOTP secret, so no code replays). */
async function signedInClient(db: Kysely<Database>, app: App, config: ServerConfig): Promise<BenchClient> {
  const now = Date.now();
  await db.deleteFrom('users').where('username', '=', STAFF).execute();
  await db.deleteFrom('roles').where('name', '=', STAFF).execute();
  const password = 'bench-password-2';
  const user = await db.insertInto('users').values({
    username: STAFF, email: 'bench.bulk.editor@staff-console.test', first_name: 'Bench', last_name: 'Bulk', organization_id: null,
    user_type: 'is_staff', user_category: 'general', user_role: 'staff', owner: null, product_configuration: 'product_basic',
    data_plan: '[]', expiry_dt: null, active: 1, deleted: 0, is_account_admin: 0, allowed_st: '["app"]', flags: '{}',
    password_hash: await hashPassword(password, config.scrypt), created_at: now, updated_at: now,
  }).returning('id').executeTakeFirstOrThrow();
  const role = await db.insertInto('roles').values({ name: STAFF, features: JSON.stringify(FEATURE_KEYS), created_at: now, updated_at: now })
    .returning('id').executeTakeFirstOrThrow();
  await db.insertInto('user_roles').values({ user_id: user.id, role_id: role.id }).execute();
  const secret = newTotpSecret();
  const keys = await loadKeys(db, config, now);
  await db.insertInto('totp_secrets').values({ user_id: user.id, secret_enc: sealSecret(secret, keys.totpAtRest, user.id), activated_at: now, last_used_step: null }).execute();
  const client = new BenchClient(app);
  await client.post('/session_check/');
  await client.post('/login_account_new/', { username: STAFF, password });
  const otp = await client.post('/login_tfa_new/', { username: STAFF, otp: totpCode(secret, now) });
  if (otp.status !== 200) throw new Error(`bench sign-in failed: ${otp.status}`);
  return client;
}

/** Live, active bench users spread over the whole table: every `step`-th id. */
async function spreadUsers(db: Kysely<Database>, count: number, step: number): Promise<{ id: number; username: string; email: string }[]> {
  const rows = await db.selectFrom('users').select(['id', 'username', 'email'])
    .where('username', '>=', BENCH_USERNAME_PREFIX).where('username', '<', 'b/')
    .where('deleted', '=', 0).where('active', '=', 1)
    .where(sql`id % ${step}`, '=', 7 % step)
    .orderBy('id').limit(count).execute();
  if (rows.length < count) throw new Error(`only ${rows.length} bench users found for the bulk edit bench`);
  return rows.map((r) => ({ id: Number(r.id), username: r.username, email: r.email }));
}

async function timedPost<T>(client: BenchClient, route: string, form: Record<string, string>): Promise<{ s: number; reply: T }> {
  const t = performance.now();
  const res = await client.post(route, form);
  const reply = (await res.json()) as T;
  const s = (performance.now() - t) / 1000;
  if (res.status !== 200) throw new Error(`${route} answered ${res.status}: ${JSON.stringify(reply).slice(0, 300)}`);
  return { s, reply };
}

const verdict = (ok: boolean) => (ok ? 'ok' : 'MISSED');
const n = (x: number) => x.toLocaleString('en-US');

async function edit(client: BenchClient, selection: BulkSelection, changes: Record<string, boolean | string>, expected: number): Promise<number> {
  const { s, reply } = await timedPost<BulkApplyReply>(client, '/user/bulk_edit_user/', { selection: JSON.stringify(selection), changes: JSON.stringify(changes) });
  if (reply.status !== 1) throw new Error(`bulk edit refused: ${reply.data}`);
  if (reply.data.updated !== expected) throw new Error(`bulk edit changed ${reply.data.updated} users, expected ${expected}`);
  return s;
}

export async function benchBulkEditOn(engine: Engine, open: () => Promise<Kysely<Database>> = () => seededBenchDatabase(engine, (l) => console.log(`  ${l}`))): Promise<string[]> {
  const lines: string[] = [];
  const db = await open();
  const dir = mkdtempSync(path.join(tmpdir(), 'staff-console-bench-bulk-'));
  try {
    const config: ServerConfig = { ...loadConfig({ APP_ENV: 'test', DATA_DIR: dir }), scrypt: TEST_SCRYPT_FOR_BENCH };
    const app = createApp({ db, config });
    const client = await signedInClient(db, app, config);
    const total = Number((await db.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
    const chosen = await spreadUsers(db, USERS, Math.max(1, Math.floor(total / (USERS * 1.3))));
    const selection: BulkSelection = { by: 'ids', ids: chosen.map((u) => u.id) };
    // Warm the caches the way a running server has them.
    await timedPost(client, '/user/bulk_edit_user_new/', { selection: JSON.stringify({ by: 'ids', ids: selection.ids.slice(0, 100) }), changes: '{"cgs":true}' });

    const flagsOn = { cgs: true, rms_version: 'v2' };
    const preview = await timedPost<BulkPreviewReply>(client, '/user/bulk_edit_user_new/', { selection: JSON.stringify(selection), changes: JSON.stringify(flagsOn) });
    if (preview.reply.status !== 1) throw new Error(`preview refused: ${preview.reply.data}`);
    lines.push(`${engine} bulk edit preview, ${n(USERS)} users of ${n(total)}: ${preview.s.toFixed(2)} s (${n(preview.reply.data.changing)} would change)`);

    const on = await edit(client, selection, flagsOn, USERS);
    const off = await edit(client, selection, { cgs: false, rms_version: 'v1' }, USERS);
    lines.push(`${engine} bulk edit of ${n(USERS)} users, two flags (users.flags JSON): ${on.toFixed(2)} s, and back ${off.toFixed(2)} s `
      + `(target ≤ ${APPLY_TARGET_S} s) ${verdict(Math.max(on, off) <= APPLY_TARGET_S)}`);
    const inactive = await edit(client, selection, { active: false }, USERS);
    const active = await edit(client, selection, { active: true }, USERS);
    lines.push(`${engine} bulk edit of ${n(USERS)} users, active (a column with counting triggers): ${inactive.toFixed(2)} s, and back ${active.toFixed(2)} s `
      + `(target ≤ ${APPLY_TARGET_S} s) ${verdict(Math.max(inactive, active) <= APPLY_TARGET_S)}`);

    // Matching identifiers: a third each emails (upper-cased), usernames and ids, and 1% strangers.
    const many = await spreadUsers(db, IDENTIFIERS, Math.max(1, Math.floor(total / (IDENTIFIERS * 1.3))));
    const identifiers = many.map((u, i) => (i % 3 === 0 ? u.email.toUpperCase() : i % 3 === 1 ? u.username : String(u.id)));
    for (let i = 0; i < IDENTIFIERS / 100; i++) identifiers[i * 100] = `stranger${i}@nowhere.example`;
    const t = performance.now();
    const resolved = await resolveIdentifiers(db, identifiers);
    const resolveS = (performance.now() - t) / 1000;
    lines.push(`${engine} matching ${n(IDENTIFIERS)} identifiers (emails, usernames, ids): ${resolveS.toFixed(2)} s, `
      + `${n(resolved.matched.length)} matched, ${n(resolved.unmatched.length)} not`);

    const csv = `email\n${many.slice(0, UPLOAD_ROWS).map((u) => u.email).join('\n')}\n`;
    const form = new FormData();
    form.append('file', new File([csv], 'users.csv', { type: 'text/csv' }));
    const u = performance.now();
    const res = await app.request('http://localhost/user/upload_bulk_edit_data/', { method: 'POST', headers: client.headers(), body: form });
    const uploaded = (await res.json()) as UploadBulkEditReply;
    if (res.status !== 200) throw new Error(`upload answered ${res.status}`);
    lines.push(`${engine} CSV upload of ${n(UPLOAD_ROWS)} emails (${(csv.length / 1e6).toFixed(2)} MB): ${((performance.now() - u) / 1000).toFixed(2)} s, `
      + `${n(uploaded.data.validDataPoints.length)} matched`);

    // The run's own audit rows go, so the bench database does not grow run after run.
    await db.deleteFrom('audit_log').where('author', '=', STAFF).execute();
    return lines;
  } finally {
    await db.destroy();
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function benchBulkEdit(): Promise<string[]> {
  const lines = await benchBulkEditOn('sqlite');
  try {
    lines.push(...await benchBulkEditOn('postgres'));
  } catch (err) {
    lines.push(`postgres: skipped (${err instanceof Error ? err.message : String(err)})`);
  }
  return lines;
}
