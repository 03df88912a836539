// The build started as production starts it (decision 100): `npm start` with APP_ENV=production in
// a copy that holds the build and the production dependencies only (built-copy.ts). It answers
// its probes and the panel; SIGTERM to npm reaches the server, which answers the requests in
// flight, refuses new connections and leaves no process behind. Every start-up failure is one
// line naming its cause and fix, printed before any database is made.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  chmodSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
} from 'node:fs';
import { request, type IncomingMessage } from 'node:http';
import { connect, createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest';

const COPY = inject('productionCopy');
const LISTENING = /^Staff Console listening on /;

/** A port nobody listens on right now. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer().once('error', reject);
    probe.listen(0, () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

let scratch: string;
let dataDir: string;
let port: number;
const started: ChildProcess[] = [];

beforeEach(async () => {
  scratch = mkdtempSync(path.join(tmpdir(), 'staff-console-prod-data-'));
  dataDir = path.join(scratch, 'data');
  port = await freePort();
});
afterEach(() => {
  for (const child of started.splice(0))
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  rmSync(scratch, { recursive: true, force: true });
});

/** What a production host sets (README, Running in production), and nothing of this machine's. */
function productionEnv(extra: Record<string, string> = {}): Record<string, string> {
  return {
    PATH: process.env['PATH'] ?? '/usr/bin:/bin',
    HOME: scratch,
    APP_ENV: 'production',
    SECRET_KEY: randomBytes(32).toString('base64'),
    ALLOWED_HOSTS: 'localhost',
    DATA_DIR: dataDir,
    PORT: String(port),
    GIT_COMMIT: 'abc1234',
    ...extra,
  };
}

interface Started {
  child: ChildProcess;
  lines: string[];
  /** Resolves with the first line matching, or rejects when the process ends first. */
  line(pattern: RegExp): Promise<string>;
  exit: Promise<number | null>;
}

function start(
  command: string,
  args: string[],
  env: Record<string, string>,
  options: { uid?: number; gid?: number } = {},
): Started {
  const child = spawn(command, args, { cwd: COPY, env, stdio: ['ignore', 'pipe', 'pipe'], ...options });
  started.push(child);
  const lines: string[] = [];
  const waiters: { pattern: RegExp; resolve: (line: string) => void }[] = [];
  const exit = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
  const take = (line: string) => {
    lines.push(line);
    for (const w of waiters.filter((w) => w.pattern.test(line))) {
      waiters.splice(waiters.indexOf(w), 1);
      w.resolve(line);
    }
  };
  createInterface({ input: child.stdout! }).on('line', take);
  createInterface({ input: child.stderr! }).on('line', take);
  return {
    child,
    lines,
    exit,
    line: (pattern) =>
      new Promise((resolve, reject) => {
        const seen = lines.find((l) => pattern.test(l));
        if (seen !== undefined) return resolve(seen);
        waiters.push({ pattern, resolve });
        void exit.then(() => reject(new Error(`ended before ${pattern}:\n${lines.join('\n')}`)));
      }),
  };
}

/** The server as `npm start` runs it (no npm: the failure tests want the server's own lines only). */
const node = (env: Record<string, string>, options?: { uid?: number; gid?: number }) =>
  start(process.execPath, ['scripts/launch.mjs', 'main'], env, options);

const get = (p: string, headers: Record<string, string> = {}) =>
  fetch(`http://localhost:${port}${p}`, { headers: { accept: '*/*', ...headers } });

/** A started failure: its exit code and every line it printed. */
async function failure(run: Started): Promise<{ code: number | null; lines: string[] }> {
  const code = await run.exit;
  return { code, lines: run.lines };
}

/** Every process whose parent chain leads to `pid`. */
function descendants(pid: number): number[] {
  const parents = new Map<number, number[]>();
  for (const entry of readdirSync('/proc').filter((e) => /^\d+$/.test(e))) {
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      parents.set(ppid, [...(parents.get(ppid) ?? []), Number(entry)]);
    } catch {
      // Ended while being read.
    }
  }
  const found: number[] = [];
  const walk = (p: number) => {
    for (const c of parents.get(p) ?? []) {
      found.push(c);
      walk(c);
    }
  };
  walk(pid);
  return found;
}

/** Whether a process runs still (a zombie waiting for its parent to read its exit does not). */
const alive = (pid: number) => {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return false;
  }
};

/**
 * A session check in flight until `finish()`: sent with `Expect: 100-continue`, it is ready once the
 * server has read its headers and asked for the body (`continue`); resolves with the answer.
 */
function callInFlight(
  cookie: string,
  token: string,
): { received: Promise<void>; finish: () => void; answer: Promise<[number, string]> } {
  const body = 'activity=0';
  const req = request({
    host: 'localhost',
    port,
    method: 'POST',
    path: '/session_check/',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      'content-length': String(Buffer.byteLength(body)),
      expect: '100-continue',
      origin: `http://localhost:${port}`,
      cookie,
      'x-csrftoken': token,
    },
  });
  const received = new Promise<void>((resolve) => req.once('continue', resolve));
  const answer = new Promise<[number, string]>((resolve, reject) => {
    req.on('response', (res: IncomingMessage) => {
      let text = '';
      res.on('data', (chunk: Buffer) => (text += chunk.toString()));
      res.on('end', () => resolve([res.statusCode ?? 0, text]));
      res.on('error', reject);
    });
    req.on('error', reject);
  });
  req.flushHeaders();
  return { received, finish: () => req.end(body), answer };
}

/** The CSRF cookie the panel's page hands out, and its token. */
async function csrf(): Promise<{ cookie: string; token: string }> {
  const login = await get('/login');
  const cookie = (login.headers.getSetCookie().find((c) => c.startsWith('csrftoken=')) ?? '').split(';')[0]!;
  return { cookie, token: cookie.slice('csrftoken='.length) };
}

const refusesConnections = () =>
  new Promise<boolean>((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => (socket.destroy(), resolve(false)));
    socket.once('error', () => resolve(true));
  });

describe('the production copy', () => {
  it('holds no dev tool and no source', () => {
    for (const tool of ['tsx', 'vite', 'esbuild', 'vitest', 'eslint'])
      expect(existsSync(path.join(COPY, 'node_modules', tool)), tool).toBe(false);
    expect(existsSync(path.join(COPY, 'server'))).toBe(false);
    expect(existsSync(path.join(COPY, 'dist-server/main.js'))).toBe(true);
  });
});

describe('npm start with APP_ENV=production', () => {
  it('serves its probes and the panel, then on SIGTERM answers the requests in flight and leaves no process', async () => {
    const server = start('npm', ['start'], productionEnv());
    await server.line(LISTENING);

    expect(await (await get('/healthz')).json()).toEqual({ status: true, msg: 'Alive.' });
    const ready = await get('/readyz');
    expect([ready.status, await ready.json()]).toEqual([200, { status: true, msg: 'Ready.' }]);
    expect(await (await get('/version')).json()).toEqual({ version: '0.1.0', commit: 'abc1234', server_type: 'app' });
    // The metrics from loopback (the peer's address reaches the app); the API description only to
    // staff with a session.
    const metrics = await get('/metrics');
    expect([metrics.status, await metrics.text()]).toEqual([200, expect.stringContaining('http_requests_total')]);
    expect((await get('/openapi.json')).status).toBe(403);
    // Probes come by address (a pod's IP): ALLOWED_HOSTS does not apply to them, and they set no cookie.
    const byAddress = await get('/healthz', { host: '10.1.2.3' });
    expect([byAddress.status, byAddress.headers.get('set-cookie')]).toEqual([200, null]);
    const login = await get('/login');
    expect(login.status).toBe(200);
    const page = await login.text();
    expect(page).toContain('<div id="root">');
    const { cookie, token } = await csrf();
    expect(token).not.toBe('');

    // Requests in flight: the server has read each one's headers and waits for its body.
    const inFlight = Array.from({ length: 8 }, () => callInFlight(cookie, token));
    await Promise.all(inFlight.map((r) => r.received));
    const processes = descendants(server.child.pid!);
    expect(processes.length).toBeGreaterThan(0);

    server.child.kill('SIGTERM');
    await server.line(/^SIGTERM received/);
    expect(await refusesConnections()).toBe(true);
    for (const r of inFlight) r.finish();
    const answers = await Promise.all(inFlight.map((r) => r.answer));
    expect(answers.map(([status]) => status)).toEqual(Array(8).fill(200));
    for (const [, body] of answers) expect(JSON.parse(body)).toMatchObject({ status: false });
    expect(await server.exit).toBe(0);
    expect(server.lines.filter((l) => !l.startsWith('npm notice')).at(-1), server.lines.join('\n')).toBe('Stopped.');
    expect(processes.filter(alive)).toEqual([]);
    // The log is JSON, a line per request: none for the probes, one for each call.
    const logged = server.lines.flatMap((line) => {
      try {
        return [JSON.parse(line) as { route?: string; status?: number }];
      } catch {
        return [];
      }
    });
    expect(logged.filter((r) => ['/healthz', '/readyz', '/version'].includes(r.route ?? ''))).toEqual([]);
    expect(logged.filter((r) => r.route === '/session_check/' && r.status === 200)).toHaveLength(8);
  });

  it('cuts what is still open once the drain time is over, and still stops cleanly', async () => {
    const server = node(productionEnv({ SHUTDOWN_DRAIN_SECONDS: '1' }));
    await server.line(LISTENING);
    const { cookie, token } = await csrf();
    const stuck = callInFlight(cookie, token);
    await stuck.received;
    const cut = stuck.answer.then(
      () => 'answered',
      () => 'cut',
    );
    server.child.kill('SIGTERM');
    expect(await server.exit).toBe(0);
    expect(await cut).toBe('cut');
    expect(server.lines).toContain('Drain time over: closing the connections still open.');
  });

  it('runs admin:create and backup from the build, beside the server, with the same settings', async () => {
    const env = productionEnv();
    const server = node(env);
    await server.line(LISTENING);
    const command = start('npm', ['run', '--silent', 'admin:create', '--', 'ops.lead', 'ops.lead@example.com'], env);
    expect(await command.exit, command.lines.join('\n')).toBe(0);
    expect(command.lines.filter((l) => /^One-time password for ops\.lead: \S+$/.test(l))).toHaveLength(1);
    const backup = start('npm', ['run', '--silent', 'backup', '--', path.join(scratch, 'copy.db')], env);
    expect(await backup.exit, backup.lines.join('\n')).toBe(0);
    expect(existsSync(path.join(scratch, 'copy.db'))).toBe(true);
    server.child.kill('SIGTERM');
    expect(await server.exit).toBe(0);
  });

  it('says in one line what to do when the server or the panel was not built', async () => {
    const bare = mkdtempSync(path.join(scratch, 'bare-'));
    mkdirSync(path.join(bare, 'scripts'));
    copyFileSync(path.join(COPY, 'scripts/launch.mjs'), path.join(bare, 'scripts/launch.mjs'));
    const noServer = await failure(
      start(process.execPath, [path.join(bare, 'scripts/launch.mjs'), 'main'], productionEnv()),
    );
    expect(noServer).toEqual({
      code: 1,
      lines: [
        'No server build at dist-server/main.js: run `npm run build` (with the dev dependencies installed) before starting with APP_ENV=production.',
      ],
    });
  });
});

describe('a start that cannot serve says why in one line, before making or printing anything', () => {
  it('a data directory it cannot write', async () => {
    mkdirSync(dataDir, { mode: 0o555 });
    // Root writes anywhere: the server then runs as nobody, as a service account would.
    const asNobody = process.getuid?.() === 0 ? { uid: 65534, gid: 65534 } : {};
    chmodSync(scratch, 0o755);
    const run = await failure(node(productionEnv(), asNobody));
    expect(run.code).toBe(1);
    expect(run.lines).toHaveLength(1);
    expect(run.lines[0]).toMatch(
      new RegExp(`^The data directory ${dataDir} is not writable \\(EACCES\\): give it to the user running the server`),
    );
    expect(readdirSync(dataDir)).toEqual([]);
  });

  it('a port in use', async () => {
    const holder: Server = createServer();
    await new Promise<void>((resolve) => holder.listen(port, resolve));
    try {
      const run = await failure(node(productionEnv()));
      expect(run).toEqual({
        code: 1,
        lines: [`Port ${port} is in use by another program: stop it, or set PORT to a free port.`],
      });
      // Not even a database: the port is taken before it is opened.
      expect(readdirSync(dataDir).filter((f) => f.endsWith('.db'))).toEqual([]);
    } finally {
      holder.close();
    }
  });

  it('PostgreSQL unreachable, its password never shown', async () => {
    const closed = await freePort();
    const run = await failure(
      node(productionEnv({ DATABASE_URL: `postgres://staff:s3cret-pw@127.0.0.1:${closed}/console` })),
    );
    expect(run.code).toBe(1);
    expect(run.lines).toHaveLength(1);
    expect(run.lines[0]).toMatch(
      new RegExp(
        `^PostgreSQL at postgres://staff:\\*\\*\\*@127\\.0\\.0\\.1:${closed}/console cannot be reached \\(.*ECONNREFUSED.*\\): start PostgreSQL or correct the host and port in DATABASE_URL\\.$`,
      ),
    );
    expect(run.lines[0]).not.toContain('s3cret-pw');
  });

  it('a database migrated by a newer version', async () => {
    mkdirSync(dataDir);
    const db = new Database(path.join(dataDir, 'staff-console.db'));
    db.exec(
      `create table kysely_migration (name varchar(255) primary key, timestamp varchar(255) not null);
       insert into kysely_migration values ('2099_01_01_999_from_the_future', '2099-01-01T00:00:00.000Z');`,
    );
    db.close();
    const run = await failure(node(productionEnv()));
    expect(run).toEqual({
      code: 1,
      lines: [
        'The database was migrated by a newer version of Staff Console (2099_01_01_999_from_the_future is unknown to this one): run that version or a later one, or restore the backup taken before the upgrade.',
      ],
    });
  });

  it('a second server on the same SQLite file, but not the stale lock of a killed one', async () => {
    const first = node(productionEnv());
    await first.line(LISTENING);
    const otherPort = await freePort();
    const second = await failure(node(productionEnv({ PORT: String(otherPort) })));
    expect(second).toEqual({
      code: 1,
      lines: [
        `Another server (pid ${first.child.pid}) is serving ${path.join(dataDir, 'staff-console.db')}: SQLite allows one server per database file; stop that one, give this one another DATA_DIR, or run several on PostgreSQL (DATABASE_URL).`,
      ],
    });
    // Killed outright: its lock file stays, and must not keep the next start out.
    first.child.kill('SIGKILL');
    await first.exit;
    expect(existsSync(path.join(dataDir, 'staff-console.db.lock'))).toBe(true);
    const third = node(productionEnv({ PORT: String(otherPort) }));
    await third.line(LISTENING);
    third.child.kill('SIGTERM');
    expect(await third.exit).toBe(0);
  });
});
