// One slow call must not stall everyone (decision 041). The server runs as its own process on the
// 1,000,000-user SQLite bench database and is called over real HTTP: `session_check/` latency
// alone, then while a bulk edit of 100,000 users and 8 clients searching the commonest surname
// run, sent as the panel sends it (multipart, with an operation id); the sizes of its request
// and reply, and the load average of the machine, are printed beside the figures (decision 107).
// The edit is undone afterwards and its audit rows removed, so runs compare.
// `tsx bench/event-loop.ts --serve` is the server side; `npm run bench -- "event loop"` runs it all.
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { createInterface } from 'node:readline';
import { serve } from '@hono/node-server';
import { sql } from 'kysely';
import { createApp } from '../server/app';
import { totpCode } from '../server/auth/totp';
import { loadConfig, type ServerConfig } from '../server/config';
import { openDatabase } from '../server/db/connect';
import { migrateToLatest } from '../server/db/migrate';
import { TEST_SCRYPT_FOR_BENCH } from './params';
import { percentile } from './setup';
import { count as n, createBenchStaff, removeBenchStaff, verdict } from './support';
import { BENCH_USERNAME_PREFIX, benchTarget } from './user-data';

const STAFF = 'bench.event.loop';
const EDIT_USERS = 100_000;
const SEARCHERS = 8;
const ALONE_CHECKS = 300;
const P99_TARGET_MS = 50;

interface Ready {
  port: number;
  password: string;
  secret: string;
  ids: number[];
  surname: string;
}

/** The server side: the app on the bench database, a staff member with every feature, and what the client needs. */
async function serveForBench(): Promise<void> {
  const dir = mkdtempSync(path.join(tmpdir(), 'staff-console-bench-'));
  const db = openDatabase(benchTarget('sqlite'));
  await migrateToLatest(db);
  const config: ServerConfig = { ...loadConfig({ APP_ENV: 'test', DATA_DIR: dir }), scrypt: TEST_SCRYPT_FOR_BENCH };
  const cleanUp = async () => {
    await db.deleteFrom('audit_log').where('author', '=', STAFF).execute();
    await removeBenchStaff(db, STAFF);
  };
  await cleanUp();
  const { password, secret } = await createBenchStaff(db, config, { username: STAFF, lastName: 'Loop' });
  // Live bench users spread over the table, and the surname most of them share.
  const step = Math.floor(1_000_000 / (EDIT_USERS * 1.3));
  const ids = (
    await db
      .selectFrom('users')
      .select('id')
      .where('username', '>=', BENCH_USERNAME_PREFIX)
      .where('username', '<', 'b/')
      .where('deleted', '=', 0)
      .where(sql`id % ${step}`, '=', 1)
      .orderBy('id')
      .limit(EDIT_USERS)
      .execute()
  ).map((r) => Number(r.id));
  const surname = (
    await db
      .selectFrom('users')
      .select('last_name')
      .groupBy('last_name')
      .orderBy(sql`count(*)`, 'desc')
      .limit(1)
      .executeTakeFirstOrThrow()
  ).last_name;
  const app = createApp({ db, config });
  // How long the server's own thread was held: asked for (and reset) by SIGUSR2 after each phase.
  const delay = monitorEventLoopDelay({ resolution: 5 });
  delay.enable();
  process.on('SIGUSR2', () => {
    console.log(JSON.stringify({ loopP99: delay.percentile(99) / 1e6, loopMax: delay.max / 1e6 }));
    delay.reset();
  });
  const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info) => {
    const ready: Ready = { port: info.port, password, secret, ids, surname };
    console.log(JSON.stringify(ready));
  });
  process.on('SIGTERM', () => {
    server.close();
    void cleanUp().finally(() =>
      db.destroy().finally(() => {
        rmSync(dir, { recursive: true, force: true });
        process.exit(0);
      }),
    );
  });
}

/** A cookie-keeping HTTP client sending the CSRF header, as the panel does. */
class HttpClient {
  readonly #cookies = new Map<string, string>();
  constructor(private readonly base: string) {}

  async post(
    route: string,
    form: Record<string, string> = {},
    multipart = false,
  ): Promise<{ status: number; body: any; bytes: number }> {
    const headers: Record<string, string> = { cookie: [...this.#cookies].map(([k, v]) => `${k}=${v}`).join('; ') };
    const csrf = this.#cookies.get('csrftoken');
    if (csrf) headers['x-csrftoken'] = csrf;
    let body: BodyInit;
    if (multipart) {
      const fd = new FormData();
      for (const [k, v] of Object.entries(form)) fd.append(k, v);
      body = fd;
    } else {
      body = new URLSearchParams(form);
    }
    // A kept-alive socket the server closes as the request goes out resets; that one is sent again
    // (its time counts), as a browser would.
    const res = await fetch(this.base + route, { method: 'POST', headers, body }).catch((err: unknown) => {
      if ((err as { cause?: { code?: string } }).cause?.code !== 'ECONNRESET') throw err;
      return fetch(this.base + route, { method: 'POST', headers, body });
    });
    for (const line of res.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const eq = pair.indexOf('=');
      this.#cookies.set(pair.slice(0, eq), pair.slice(eq + 1));
    }
    const text = await res.text();
    return { status: res.status, body: JSON.parse(text), bytes: Buffer.byteLength(text) };
  }

  copy(): HttpClient {
    const c = new HttpClient(this.base);
    for (const [k, v] of this.#cookies) c.#cookies.set(k, v);
    return c;
  }
}

async function timed<T>(run: () => Promise<T>): Promise<[number, T]> {
  const t = performance.now();
  const out = await run();
  return [performance.now() - t, out];
}

const stats = (times: number[]) => {
  const sorted = [...times].sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p99: percentile(sorted, 99), max: sorted[sorted.length - 1] ?? 0 };
};
const ms = (x: number) => `${x.toFixed(0)} ms`;
const mb = (bytes: number) => `${(bytes / 1e6).toFixed(1)} MB`;
/** The machine's load average (1, 5, 15 minutes): figures taken on a shared machine say so. */
const load = () =>
  `load ${loadavg()
    .map((x) => x.toFixed(2))
    .join(' ')}`;

interface LoopDelay {
  loopP99: number;
  loopMax: number;
}

async function startServer(): Promise<{
  ready: Ready;
  loopDelay: () => Promise<LoopDelay>;
  stop: () => Promise<void>;
}> {
  // Node itself with tsx's loader (not the tsx command, which would stand between us and the signals).
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/event-loop.ts', '--serve'], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: child.stdout! });
  let onDelay: ((d: LoopDelay) => void) | null = null;
  const ready = await new Promise<Ready>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`bench server exited (${code})`)));
    lines.on('line', (line) => {
      if (!line.startsWith('{')) return;
      const msg = JSON.parse(line) as Ready | LoopDelay;
      if ('port' in msg) resolve(msg);
      else onDelay?.(msg);
    });
  });
  const loopDelay = () =>
    new Promise<LoopDelay>((resolve) => {
      onDelay = resolve;
      child.kill('SIGUSR2');
    });
  const stop = () =>
    new Promise<void>((resolve) => {
      child.removeAllListeners('exit');
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  return { ready, loopDelay, stop };
}

export async function benchEventLoop(): Promise<string[]> {
  const { ready, loopDelay, stop } = await startServer();
  try {
    const client = new HttpClient(`http://127.0.0.1:${ready.port}`);
    await client.post('/session_check/');
    await client.post('/login_account_new/', { username: STAFF, password: ready.password });
    const otp = await client.post('/login_tfa_new/', { username: STAFF, otp: totpCode(ready.secret, Date.now()) });
    if (otp.body.status !== true) throw new Error(`bench sign-in failed: ${JSON.stringify(otp.body)}`);
    const check = async () => {
      const [t, r] = await timed(() => client.post('/session_check/'));
      if (r.body.status !== true) throw new Error('session_check answered without a session');
      return t;
    };
    const search = (c: HttpClient) => c.post('/user/search_user/', { q: ready.surname, page_size: '100' });
    for (let i = 0; i < 20; i++) await check();
    await search(client);

    await loopDelay();
    const alone: number[] = [];
    for (let i = 0; i < ALONE_CHECKS; i++) alone.push(await check());
    const aloneLoop = await loopDelay();
    const aloneLoad = load();

    // The load: one bulk edit of 100,000 users, and 8 clients searching until it has ended.
    let editing = true;
    const searchTimes: number[] = [];
    const searchers = Array.from({ length: SEARCHERS }, async () => {
      const c = client.copy();
      while (editing) {
        const [t, r] = await timed(() => search(c));
        if (r.status !== 200) throw new Error(`search answered ${r.status}`);
        searchTimes.push(t);
      }
    });
    // A failure is thrown where they are awaited, after the edit; until then it must not end the process.
    for (const s of searchers) s.catch(() => {});
    const selection = JSON.stringify({ by: 'ids', ids: ready.ids });
    // As the panel sends it: multipart, with an operation id (its report is stored too).
    const edit = timed(() =>
      client
        .copy()
        .post(
          '/user/bulk_edit_user/',
          { selection, changes: JSON.stringify({ cgs: true }), operation_id: randomUUID() },
          true,
        ),
    ).finally(() => {
      editing = false;
    });
    const loaded: number[] = [];
    while (editing) loaded.push(await check());
    const [editMs, editReply] = await edit;
    await Promise.all(searchers);
    const loadedLoop = await loopDelay();
    const loadedLoad = load();
    if (editReply.body.status !== 1)
      throw new Error(`bulk edit refused: ${JSON.stringify(editReply.body).slice(0, 200)}`);
    if (editReply.body.data.results.length !== ready.ids.length)
      throw new Error(`bulk edit reported ${editReply.body.data.results.length} users of ${ready.ids.length}`);
    const undo = await client.post(
      '/user/bulk_edit_user/',
      { selection, changes: JSON.stringify({ cgs: false }) },
      true,
    );
    if (undo.body.status !== 1) throw new Error('bulk edit undo refused');

    const held = (d: LoopDelay) => `server thread held up to ${ms(d.loopMax)} (p99 ${ms(d.loopP99)})`;
    const a = stats(alone);
    const l = stats(loaded);
    const s = stats(searchTimes);
    return [
      `sqlite session_check/ over HTTP, alone (${n(ALONE_CHECKS)} calls, ${aloneLoad}): p50 ${ms(a.p50)}, p99 ${ms(a.p99)} (target p99 ≤ ${P99_TARGET_MS} ms) ${verdict(a.p99 <= P99_TARGET_MS)}; ${held(aloneLoop)}`,
      `sqlite session_check/ during a bulk edit of ${n(ready.ids.length)} users and ${SEARCHERS} clients searching '${ready.surname}' ` +
        `(${n(loaded.length)} calls, ${loadedLoad}): p50 ${ms(l.p50)}, p99 ${ms(l.p99)}, max ${ms(l.max)} (target p99 ≤ ${P99_TARGET_MS} ms) ${verdict(l.p99 <= P99_TARGET_MS)}`,
      `  meanwhile: the bulk edit took ${(editMs / 1000).toFixed(2)} s (${n(editReply.body.data.updated)} updated; ` +
        `request ${mb(Buffer.byteLength(selection))}, reply ${mb(editReply.bytes)}); ` +
        `${n(searchTimes.length)} searches, p50 ${ms(s.p50)}, p99 ${ms(s.p99)}; ${held(loadedLoop)}`,
    ];
  } finally {
    await stop();
  }
}

if (process.argv.includes('--serve')) {
  serveForBench().catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
}
