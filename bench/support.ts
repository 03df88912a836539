// What the benches at 1,000,000 users share: the seeded database of each engine, the app on it
// with a staff member signed in, timed posts, percentiles, and how a figure meets its target.
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import type { Kysely } from 'kysely';
import { createApp, type App } from '../server/app';
import { loadKeys } from '../server/auth/keys';
import { hashPassword } from '../server/auth/passwords';
import { newTotpSecret, sealSecret, totpCode } from '../server/auth/totp';
import { loadConfig, type ServerConfig } from '../server/config';
import { openDatabase, type DatabaseTarget, type Engine } from '../server/db/connect';
import { migrateToLatest } from '../server/db/migrate';
import type { Database } from '../server/db/schema';
import { FEATURE_KEYS } from '../src/domain/features';
import { TEST_SCRYPT_FOR_BENCH } from './params';
import { BenchClient, percentile } from './setup';
import { BenchDatabaseMissing, benchTarget, openSeededBenchDatabase } from './user-data';
import type { Poster } from './http';

/**
 * The bench database of `engine` as `npm run seed:bench` made it; a missing or partial one stops
 * that engine's bench with a message saying so (a bench never seeds or drops a database).
 */
export function openBenchDatabase(engine: Engine): Promise<Kysely<Database>> {
  return openSeededBenchDatabase(engine);
}

export interface BenchStaff {
  /** Username, and the name of the role holding every feature. */
  username: string;
  lastName: string;
  /** Removes what a run leaves behind: called before signing in and again at the end. */
  cleanUp?: (db: Kysely<Database>) => Promise<void>;
}

export interface SignedInApp {
  db: Kysely<Database>;
  app: App;
  config: ServerConfig;
  client: BenchClient;
}

/** A bench staff member as `createBenchStaff` made it: how to sign in as them. */
export interface MadeBenchStaff {
  id: number;
  username: string;
  password: string;
  /** The TOTP secret, activated. */
  secret: string;
}

/**
 * The one bench staff member factory: `username` holding every feature through a role of the
 * same name, its two-step sign-in activated with a new TOTP secret (so no code replays across
 * runs). A previous one of that name is removed first. `config` must hold the SECRET_KEY of the
 * server that will check the code (its TOTP secrets are sealed with a key derived from it).
 */
export async function createBenchStaff(
  db: Kysely<Database>,
  config: ServerConfig,
  staff: { username: string; lastName: string },
): Promise<MadeBenchStaff> {
  await removeBenchStaff(db, staff.username);
  const now = Date.now();
  const password = 'bench-password';
  const user = await db
    .insertInto('users')
    .values({
      username: staff.username,
      email: `${staff.username}@staff-console.test`,
      first_name: 'Bench',
      last_name: staff.lastName,
      organization_id: null,
      user_type: 'is_staff',
      user_category: 'general',
      user_role: 'staff',
      owner: null,
      product_configuration: 'product_basic',
      data_plan: '[]',
      expiry_dt: null,
      active: 1,
      deleted: 0,
      is_account_admin: 0,
      allowed_st: '["app"]',
      flags: '{}',
      password_hash: await hashPassword(password, config.scrypt),
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const role = await db
    .insertInto('roles')
    .values({ name: staff.username, features: JSON.stringify(FEATURE_KEYS), created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db.insertInto('user_roles').values({ user_id: user.id, role_id: role.id }).execute();
  const secret = newTotpSecret();
  const keys = await loadKeys(db, config, now);
  await db
    .insertInto('totp_secrets')
    .values({
      user_id: user.id,
      secret_enc: sealSecret(secret, keys.totpAtRest, user.id),
      activated_at: now,
      last_used_step: null,
    })
    .execute();
  return { id: Number(user.id), username: staff.username, password, secret };
}

/** Removes a bench staff member and its role (sessions, roles held and TOTP secret go with the user). */
export async function removeBenchStaff(db: Kysely<Database>, username: string): Promise<void> {
  await db.deleteFrom('users').where('username', '=', username).execute();
  await db.deleteFrom('roles').where('name', '=', username).execute();
}

/** Signs `staff` in through the three sign-in calls (session check, password, code) on `client`. */
export async function signInAs<C extends Poster>(client: C, staff: MadeBenchStaff): Promise<C> {
  await client.post('/session_check/');
  await client.post('/login_account_new/', { username: staff.username, password: staff.password });
  const otp = await client.post('/login_tfa_new/', {
    username: staff.username,
    otp: totpCode(staff.secret, Date.now()),
  });
  if (otp.status !== 200)
    throw new Error(`bench sign-in as ${staff.username} failed: ${otp.status} ${await otp.text()}`);
  return client;
}

/**
 * Runs `bench` against the app on `db` (cheap scrypt, a throwaway data directory) with `staff`
 * signed in; destroys `db` afterwards, whatever happens.
 */
export async function withSignedInApp<T>(
  db: Kysely<Database>,
  staff: BenchStaff,
  bench: (on: SignedInApp) => Promise<T>,
): Promise<T> {
  const dir = mkdtempSync(path.join(tmpdir(), 'staff-console-bench-'));
  try {
    await staff.cleanUp?.(db);
    const config: ServerConfig = { ...loadConfig({ APP_ENV: 'test', DATA_DIR: dir }), scrypt: TEST_SCRYPT_FOR_BENCH };
    const app = createApp({ db, config });
    const client = await signInAs(new BenchClient(app), await createBenchStaff(db, config, staff));
    return await bench({ db, app, config, client });
  } finally {
    await staff.cleanUp?.(db).catch(() => {});
    await db.destroy();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The bench on SQLite, then on PostgreSQL; an engine whose bench database is missing is skipped, saying why. */
export async function onBothEngines(benchOn: (engine: Engine) => Promise<string[]>): Promise<string[]> {
  const lines: string[] = [];
  for (const engine of ['sqlite', 'postgres'] as const) {
    try {
      lines.push(...(await benchOn(engine)));
    } catch (err) {
      if (!(err instanceof BenchDatabaseMissing) && engine === 'sqlite') throw err;
      lines.push(`${engine}: skipped (${err instanceof Error ? err.message : String(err)})`);
    }
  }
  return lines;
}

/**
 * A bench on both engines' bench databases, or, when the environment variable `envName` names a
 * SQLite file or a postgres:// URL, on that database alone (migrated first): to try a bench small.
 */
export async function onChosenOrBothEngines(
  envName: string,
  benchOn: (engine: Engine, db: Kysely<Database>, target: DatabaseTarget) => Promise<string[]>,
): Promise<string[]> {
  const chosen = process.env[envName];
  if (chosen) {
    const target: DatabaseTarget = /^postgres(ql)?:\/\//.test(chosen)
      ? { engine: 'postgres', url: chosen }
      : { engine: 'sqlite', file: chosen };
    const db = openDatabase(target);
    await migrateToLatest(db);
    return benchOn(target.engine, db, target);
  }
  return onBothEngines(async (engine) => benchOn(engine, await openBenchDatabase(engine), benchTarget(engine)));
}

/** A post and its JSON reply, timed to the end of the reply, with its size; anything but 200 stops the bench. */
export async function timedPost<T>(
  client: Poster,
  route: string,
  form: Record<string, string>,
): Promise<{ ms: number; reply: T; bytes: number }> {
  const t = performance.now();
  const res = await client.post(route, form);
  const body = new Uint8Array(await res.arrayBuffer());
  const ms = performance.now() - t;
  const reply = JSON.parse(new TextDecoder().decode(body)) as T;
  if (res.status !== 200) throw new Error(`${route} answered ${res.status}: ${JSON.stringify(reply).slice(0, 300)}`);
  return { ms, reply, bytes: body.byteLength };
}

/**
 * `total` requests from `clients` concurrent clients (each waits for its reply before sending the
 * next), every one timed from send to the end of its reply.
 */
export async function concurrentTimes(
  clients: number,
  total: number,
  request: (i: number) => Promise<number>,
): Promise<number[]> {
  const times: number[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (next < total) times.push(await request(next++));
    }),
  );
  return times;
}

/** The median of each percentile over repeated measures: one run's p95 moves with the machine's other work. */
export function medianSummary(runs: readonly { p50: number; p95: number }[]): { p50: number; p95: number } {
  const mid = (xs: number[]) => {
    const s = [...xs].sort((a, b) => a - b);
    return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
  };
  return { p50: mid(runs.map((r) => r.p50)), p95: mid(runs.map((r) => r.p95)) };
}

export function median(xs: readonly number[]): number {
  return medianSummary(xs.map((x) => ({ p50: x, p95: x }))).p50;
}

export function summary(times: readonly number[]): { p50: number; p95: number } {
  const sorted = [...times].sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p95: percentile(sorted, 95) };
}

export const verdict = (ok: boolean) => (ok ? 'ok' : 'MISSED');

/** The word every missed target prints: `npm run bench` ends listing the lines that hold it. */
export const MISSED = 'MISSED';

/** Runs a measure is repeated for a row: its p50 and p95 are the medians of these runs' own. */
export const RUNS_PER_ROW = 3;

/**
 * One latency row, the way every bench prints one: name, engine, clients, p50/p95 (each the
 * median over the runs, RUNS_PER_ROW of them), the target beside it, met or MISSED, and the
 * reply size in bytes (the mean over the requests measured).
 */
export function latencyRow(row: {
  name: string;
  engine: string;
  clients: number;
  runs: readonly { p50: number; p95: number }[];
  /** p95 at most this many ms. */
  p95TargetMs: number;
  bytes: number;
  /** Said after the figures, in brackets. */
  note?: string;
}): string {
  const { p50, p95 } = medianSummary(row.runs);
  const ms = (x: number) => `${x.toFixed(1)} ms`.padEnd(10);
  return (
    `${row.engine.padEnd(8)} ${String(row.clients).padStart(2)} client${row.clients === 1 ? ' ' : 's'} ${row.name.padEnd(42)} ` +
    `p50 ${ms(p50)} p95 ${ms(p95)} target p95 ≤ ${row.p95TargetMs} ms ${(p95 <= row.p95TargetMs ? 'met' : MISSED).padEnd(6)} ` +
    `${count(Math.round(row.bytes)).padStart(7)} B a reply` +
    (row.runs.length === RUNS_PER_ROW ? '' : ` (median of ${row.runs.length} runs)`) +
    (row.note ? ` (${row.note})` : '')
  );
}
/** 1,000,000 rather than 1000000. */
export const count = (x: number) => x.toLocaleString('en-US');

/** The machine's load average (1, 5 and 15 minutes), printed beside figures: the cores may be shared. */
export const loadNow = () =>
  `load ${loadavg()
    .map((x) => x.toFixed(2))
    .join(' ')}`;
