// The server as a deployment runs it: `tsx server/main.ts` in its own process on the bench
// database, reached over a real socket by keep-alive fetch clients in the bench process. A
// request's time then holds what a person waits for (HTTP parsing, the event loop shared with
// other requests, the JSON on the wire), and several clients at once queue as they would.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Kysely } from 'kysely';
import { loadKeys } from '../server/auth/keys';
import { hashPassword } from '../server/auth/passwords';
import { newTotpSecret, sealSecret, totpCode } from '../server/auth/totp';
import { loadConfig } from '../server/config';
import type { DatabaseTarget } from '../server/db/connect';
import type { Database } from '../server/db/schema';
import { FEATURE_KEYS } from '../src/domain/features';
import { TEST_SCRYPT_FOR_BENCH } from './params';

/** Shared by the server process and the bench, which seals the staff member's TOTP secret with it. */
const SECRET_KEY = 'bench-secret-key-0123456789abcdefghijklmnop';

/** Anything that posts a form and answers the response: an in-process client or an HTTP one. */
export interface Poster {
  post(path: string, form?: Record<string, string>): Promise<Response>;
}

/** Cookie-keeping fetch client over a real socket (Node's fetch keeps connections alive). */
export class HttpClient implements Poster {
  private readonly cookies = new Map<string, string>();
  /** Requests sent again after a closed kept-alive socket. */
  retries = 0;
  constructor(private readonly base: string) {}

  async post(route: string, form: Record<string, string> = {}): Promise<Response> {
    const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded' };
    if (this.cookies.size) headers['cookie'] = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const csrf = this.cookies.get('csrftoken');
    if (csrf) headers['x-csrftoken'] = csrf;
    const send = () => fetch(`${this.base}${route}`, { method: 'POST', headers, body: new URLSearchParams(form) });
    let res: Response;
    try {
      res = await send();
    } catch (err) {
      // A kept-alive socket the server closed as idle just as a request went out on it (a race
      // every HTTP client meets): sent again on a fresh one, as browsers do, and counted.
      if (!isSocketRace(err)) throw err;
      this.retries++;
      res = await send();
    }
    for (const line of res.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const eq = pair.indexOf('=');
      this.cookies.set(pair.slice(0, eq), pair.slice(eq + 1));
    }
    return res;
  }

  /** A GET with the session's cookies (the account list, decision 051). */
  async get(route: string): Promise<Response> {
    const headers: Record<string, string> = {};
    if (this.cookies.size) headers['cookie'] = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const send = () => fetch(`${this.base}${route}`, { headers });
    try {
      return await send();
    } catch (err) {
      if (!isSocketRace(err)) throw err;
      this.retries++;
      return send();
    }
  }
}

function isSocketRace(err: unknown): boolean {
  const code = (err as { cause?: { code?: string } } | null)?.cause?.code;
  return code === 'ECONNRESET' || code === 'UND_ERR_SOCKET' || code === 'EPIPE';
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

export interface ServerProcess {
  base: string;
  stop(): Promise<void>;
}

/**
 * `tsx server/main.ts` on `target`: a SQLite file is reached through a link named as the server
 * expects it (DATA_DIR/staff-console.db), so the bench file stays where it is.
 */
export async function startServerProcess(target: DatabaseTarget): Promise<ServerProcess> {
  const dir = mkdtempSync(path.join(tmpdir(), 'staff-console-bench-server-'));
  if (target.engine === 'sqlite') symlinkSync(path.resolve(target.file), path.join(dir, 'staff-console.db'));
  const port = await freePort();
  const env: Record<string, string> = {
    ...(process.env as Record<string, string>),
    PORT: String(port),
    DATA_DIR: dir,
    APP_ENV: 'test',
    SECRET_KEY,
    SKIP_BUILD: '1',
    SMTP_URL: '',
    DATABASE_URL: target.engine === 'postgres' ? target.url : '',
  };
  const child: ChildProcess = spawn(path.resolve('node_modules/.bin/tsx'), ['server/main.ts'], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the server did not start in 120 s:\n${output}`)), 120_000);
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('listening on')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout!.on('data', read);
    child.stderr!.on('data', read);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the server exited (${code}):\n${output}`));
    });
  });
  let stopping = false;
  child.once('exit', (code) => {
    if (!stopping)
      console.error(`The bench server exited (${code}) during the run; its output:\n${output.slice(-4000)}`);
  });
  return {
    base: `http://127.0.0.1:${port}`,
    async stop() {
      stopping = true;
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * A staff member holding every feature, written to the bench database by the bench process (a
 * new TOTP secret each run, so no code replays), then signed in over HTTP. Answers a client that
 * holds the session; `clients` more share it.
 */
export async function signInOverHttp(db: Kysely<Database>, base: string, username: string): Promise<HttpClient> {
  const now = Date.now();
  await db.deleteFrom('users').where('username', '=', username).execute();
  await db.deleteFrom('roles').where('name', '=', username).execute();
  const password = 'bench-password';
  const config = { ...loadConfig({ APP_ENV: 'test', SECRET_KEY }), scrypt: TEST_SCRYPT_FOR_BENCH };
  const user = await db
    .insertInto('users')
    .values({
      username,
      email: `${username}@staff-console.test`,
      first_name: 'Bench',
      last_name: 'Http',
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
    .values({ name: username, features: JSON.stringify(FEATURE_KEYS), created_at: now, updated_at: now })
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
  const client = new HttpClient(base);
  await client.post('/session_check/');
  await client.post('/login_account_new/', { username, password });
  const otp = await client.post('/login_tfa_new/', { username, otp: totpCode(secret, now) });
  if (otp.status !== 200) throw new Error(`bench sign-in over HTTP failed: ${otp.status} ${await otp.text()}`);
  return client;
}

/** Removes the staff member `signInOverHttp` made. */
export async function removeHttpStaff(db: Kysely<Database>, username: string): Promise<void> {
  await db.deleteFrom('users').where('username', '=', username).execute();
  await db.deleteFrom('roles').where('name', '=', username).execute();
}
