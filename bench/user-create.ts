// Creating users at 1,000,000 users and 5,000 organisations, through the real HTTP handlers
// (app.request with a signed-in session): the organisation picker's search (a mix of name
// prefixes, word prefixes and no match, p50/p95), and register/ with 1,000 rows — refused for
// one email the database holds, then created with their welcome emails. What a run creates is
// deleted again, so the bench database ends as it began. On SQLite, and on PostgreSQL when reachable.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Kysely } from 'kysely';
import { createApp, type App } from '../server/app';
import { loadKeys } from '../server/auth/keys';
import { hashPassword } from '../server/auth/passwords';
import { newTotpSecret, sealSecret, totpCode } from '../server/auth/totp';
import { loadConfig, type ServerConfig } from '../server/config';
import type { Engine } from '../server/db/connect';
import type { Database } from '../server/db/schema';
import { FEATURE_KEYS } from '../src/domain/features';
import { productNames } from '../src/domain/product';
import type { RegisterReply } from '../src/domain/users';
import { TEST_SCRYPT_FOR_BENCH } from './params';
import { BenchClient, percentile } from './setup';
import { seededBenchDatabase } from './user-data';

const STAFF = 'bench.creator';
const ROWS = 1_000;
const NEW_DOMAIN = 'bench-create.example';
/** Targets: the picker answers well inside a keystroke's pause; a full bulk create in seconds. */
const SEARCH_P95_MS = 20;
const REGISTER_TARGET_S = 2;
const QUERIES = ['be', 'ben', 'bench', 'bench org 4', 'org', 'org 25', '12', '4999', 'zz', 'bench org 5000'];

async function signedInClient(db: Kysely<Database>, app: App, config: ServerConfig): Promise<BenchClient> {
  const now = Date.now();
  await db.deleteFrom('users').where('username', '=', STAFF).execute();
  await db.deleteFrom('roles').where('name', '=', STAFF).execute();
  const password = 'bench-password-3';
  const user = await db.insertInto('users').values({
    username: STAFF, email: `${STAFF}@staff-console.test`, first_name: 'Bench', last_name: 'Creator', organization_id: null,
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

/** Removes what a run created: its users (and so their outbox rows' links), mail and audit rows. */
async function cleanUp(db: Kysely<Database>): Promise<void> {
  await db.deleteFrom('mail_outbox').where('author', '=', STAFF).execute();
  await db.deleteFrom('users').where('email', 'like', `%@${NEW_DOMAIN}`).execute();
  await db.deleteFrom('audit_log').where('author', '=', STAFF).execute();
  await db.deleteFrom('users').where('username', '=', STAFF).execute();
  await db.deleteFrom('roles').where('name', '=', STAFF).execute();
}

const verdict = (ok: boolean) => (ok ? 'ok' : 'MISSED');
const n = (x: number) => x.toLocaleString('en-US');

export async function benchUserCreateOn(engine: Engine): Promise<string[]> {
  const lines: string[] = [];
  const db = await seededBenchDatabase(engine, (l) => console.log(`  ${l}`));
  const dir = mkdtempSync(path.join(tmpdir(), 'staff-console-bench-create-'));
  try {
    await cleanUp(db);
    const config: ServerConfig = { ...loadConfig({ APP_ENV: 'test', DATA_DIR: dir }), scrypt: TEST_SCRYPT_FOR_BENCH };
    const app = createApp({ db, config });
    const client = await signedInClient(db, app, config);

    const times: number[] = [];
    let found = 0;
    for (let round = 0; round < 20; round++) {
      for (const query of QUERIES) {
        const t = performance.now();
        const res = await client.post('/user/get_user_organization/', { query });
        const reply = (await res.json()) as { result: unknown[] };
        if (round > 0) times.push(performance.now() - t); // the first round warms the caches
        if (round === 0) found += reply.result.length;
      }
    }
    times.sort((a, b) => a - b);
    const p95 = percentile(times, 95);
    lines.push(`${engine} organisation search, 5,000 organisations, ${times.length} searches (${QUERIES.length} kinds, ${found} results a round): `
      + `p50 ${percentile(times, 50).toFixed(2)} ms, p95 ${p95.toFixed(2)} ms (target ≤ ${SEARCH_P95_MS} ms) ${verdict(p95 <= SEARCH_P95_MS)}`);

    const org = await db.selectFrom('organizations').select('id').orderBy('id').limit(1).executeTakeFirstOrThrow();
    const taken = await db.selectFrom('users').select('email').where('username', '>=', 'b.').orderBy('id').limit(1).executeTakeFirstOrThrow();
    const rows = Array.from({ length: ROWS }, (_, i) => ({ first_name: `Bulk${i % 9}`, last_name: 'Create', email: `new${i}@${NEW_DOMAIN}` }));
    const form = (users: typeof rows) => ({
      organization_id: String(org.id), user_type: 'trial', user_category: 'general', [productNames(config.productKey).owner]: STAFF,
      product_configuration: productNames(config.productKey).defaultConfiguration, send_email: 'true', users: JSON.stringify(users),
    });
    const refuse = [...rows.slice(0, ROWS - 1), { ...rows[ROWS - 1]!, email: taken.email.toUpperCase() }];
    let t = performance.now();
    const refused = (await (await client.post('/user/register/', form(refuse))).json()) as RegisterReply;
    const refusedS = (performance.now() - t) / 1000;
    if (refused.status) throw new Error('register/ accepted an email the database holds');
    t = performance.now();
    const created = (await (await client.post('/user/register/', form(rows))).json()) as RegisterReply;
    const createdS = (performance.now() - t) / 1000;
    if (!created.status) throw new Error(`register/ refused: ${created.msg}`);
    lines.push(`${engine} register/ with ${n(ROWS)} rows at ${n(1_000_000)} users: refused (one email taken) in ${refusedS.toFixed(2)} s; `
      + `created with usernames, audit rows and welcome emails in ${createdS.toFixed(2)} s (target ≤ ${REGISTER_TARGET_S} s) ${verdict(createdS <= REGISTER_TARGET_S)}`);
    return lines;
  } finally {
    await cleanUp(db).catch(() => {});
    await db.destroy();
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function benchUserCreate(): Promise<string[]> {
  const lines = await benchUserCreateOn('sqlite');
  try {
    lines.push(...await benchUserCreateOn('postgres'));
  } catch (err) {
    lines.push(`postgres: skipped (${err instanceof Error ? err.message : String(err)})`);
  }
  return lines;
}
