// A server on a real SQLite file (WAL), seeded like a first start, with `admin`'s TOTP activated
// and a clock the benchmark can move (so each sign-in gets its own code step).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createApp, type App } from '../server/app';
import { loadKeys } from '../server/auth/keys';
import { newTotpSecret, sealSecret, totpCode } from '../server/auth/totp';
import { OWASP_SCRYPT, loadConfig, type ScryptParams, type ServerConfig } from '../server/config';
import { openDatabase } from '../server/db/connect';
import { migrateToLatest } from '../server/db/migrate';
import { seedIfEmpty } from '../server/db/seed';

export interface BenchServer {
  app: App;
  config: ServerConfig;
  admin: { username: string; password: string; secret: string };
  clock: { now: number };
  code(): string;
  close(): Promise<void>;
}

export async function benchServer(scrypt: ScryptParams = OWASP_SCRYPT): Promise<BenchServer> {
  const dir = mkdtempSync(path.join(tmpdir(), 'staff-console-bench-'));
  const config: ServerConfig = { ...loadConfig({ APP_ENV: 'test', DATA_DIR: dir }), scrypt };
  const db = openDatabase({ engine: 'sqlite', file: path.join(dir, 'bench.db') });
  await migrateToLatest(db);
  const clock = { now: Date.now() };
  const staff = await seedIfEmpty(db, config, clock.now);
  const admin = staff?.find((s) => s.username === 'admin');
  if (!admin) throw new Error('seeding failed');
  const user = await db.selectFrom('users').select('id').where('username', '=', 'admin').executeTakeFirstOrThrow();
  const secret = newTotpSecret();
  const keys = await loadKeys(db, config, clock.now);
  await db
    .insertInto('totp_secrets')
    .values({
      user_id: user.id,
      secret_enc: sealSecret(secret, keys.totpAtRest, user.id),
      activated_at: clock.now,
      last_used_step: null,
    })
    .execute();
  const app = createApp({ db, config, clock: () => clock.now });
  return {
    app,
    config,
    clock,
    admin: { username: 'admin', password: admin.password, secret },
    code: () => totpCode(secret, clock.now),
    async close() {
      await db.destroy();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * Cookie-keeping client over app.request, sending the CSRF header like the panel; `address` is the
 * peer the server sees (as a socket would report it), which the sign-in limit counts on.
 */
export class BenchClient {
  private readonly cookies = new Map<string, string>();
  constructor(
    private readonly app: App,
    private readonly address?: string,
  ) {}

  /** The Cookie and X-CSRFToken headers this client would send, for use over a real socket. */
  headers(): Record<string, string> {
    return {
      cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
      'x-csrftoken': this.cookies.get('csrftoken') ?? '',
    };
  }

  async post(path: string, form: Record<string, string> = {}): Promise<Response> {
    const headers = new Headers({ 'content-type': 'application/x-www-form-urlencoded' });
    if (this.cookies.size) headers.set('cookie', [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '));
    const csrf = this.cookies.get('csrftoken');
    if (csrf) headers.set('X-CSRFToken', csrf);
    const env = this.address ? { incoming: { socket: { remoteAddress: this.address } } } : undefined;
    const res = await this.app.request(
      `http://localhost${path}`,
      { method: 'POST', headers, body: new URLSearchParams(form) },
      env,
    );
    for (const line of res.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const eq = pair.indexOf('=');
      this.cookies.set(pair.slice(0, eq), pair.slice(eq + 1));
    }
    return res;
  }
}

export function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}
