// The server as a deployment runs it: the build of `npm run build` (dist-server/main.js, compiled once
// per bench run) under plain node, in its own process on the bench database, reached over a real socket by keep-alive fetch clients in the bench process. A
// request's time then holds what a person waits for (HTTP parsing, the event loop shared with
// other requests, the JSON on the wire), and several clients at once queue as they would.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Kysely } from 'kysely';
import { loadConfig, type ServerConfig } from '../server/config';
import type { DatabaseTarget } from '../server/db/connect';
import type { Database } from '../server/db/schema';
import { TEST_SCRYPT_FOR_BENCH } from './params';
import { createBenchStaff, removeBenchStaff, signInAs } from './support';

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

  /** The cookies it holds, name and value (a browser given them holds the same session). */
  cookieList(): { name: string; value: string }[] {
    return [...this.cookies].map(([name, value]) => ({ name, value }));
  }

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

/** One line of bench/server-probe.mjs: the server's memory and event-loop delay over 200 ms. */
export interface ProbeSample {
  at: number;
  rss: number;
  delayP99Ms: number;
  delayMaxMs: number;
}

export interface ServerProcess {
  base: string;
  /** The server's process id. */
  pid: number;
  /** With `probe`, what the server said of itself so far, oldest first. */
  samples: ProbeSample[];
  stop(): Promise<void>;
}

export interface ServerProcessOptions {
  /** Node options before the entry point (`--cpu-prof`, which NODE_OPTIONS refuses). */
  nodeArgs?: readonly string[];
  /** Load bench/server-probe.mjs into the server: its memory and event-loop delay in `samples`. */
  probe?: boolean;
}

const PROBE_LINE = /^bench-probe (\{.*\})$/gm;

let serverBuilt: Promise<void> | null = null;

/**
 * The server compiled into dist-server/ as `npm run build` compiles it, once per bench run. Run
 * through tsx instead, the server's thread also ran tsx's loader hooks: pauses of 100–300 ms, with
 * reader threads starting, that a deployment never has.
 */
function buildServer(): Promise<void> {
  serverBuilt ??= new Promise<void>((resolve, reject) => {
    const child = spawn(process.execPath, ['scripts/build-server.mjs'], { stdio: ['ignore', 'ignore', 'inherit'] });
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`the server build exited with ${code}`))));
  });
  return serverBuilt;
}

/**
 * The built server (dist-server/main.js) on `target`: a SQLite file is reached through a link named as the server
 * expects it (DATA_DIR/staff-console.db), so the bench file stays where it is.
 */
export async function startServerProcess(
  target: DatabaseTarget,
  options: ServerProcessOptions = {},
): Promise<ServerProcess> {
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
  await buildServer();
  // Node itself on the build, as `npm start` runs it in production: the pid is the server's.
  const probe = options.probe ? ['--import', pathToFileURL(path.resolve('bench/server-probe.mjs')).href] : [];
  const child: ChildProcess = spawn(process.execPath, [...(options.nodeArgs ?? []), ...probe, 'dist-server/main.js'], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const samples: ProbeSample[] = [];
  // Probe lines go to `samples`, never to `output` (five a second for the whole run).
  child.stderr!.on('data', (chunk: Buffer) => {
    for (const m of chunk.toString().matchAll(PROBE_LINE)) samples.push(JSON.parse(m[1]!) as ProbeSample);
  });
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the server did not start in 120 s:\n${output}`)), 120_000);
    const read = (chunk: Buffer) => {
      output += chunk.toString().replace(PROBE_LINE, '');
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
    pid: child.pid!,
    samples,
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

/** The configuration the bench's staff factory needs to seal a TOTP secret the bench server reads. */
export function benchServerConfig(): ServerConfig {
  return { ...loadConfig({ APP_ENV: 'test', SECRET_KEY }), scrypt: TEST_SCRYPT_FOR_BENCH };
}

/**
 * A staff member holding every feature, written to the bench database by the bench process (a
 * new TOTP secret each run, so no code replays), then signed in over HTTP. Answers a client that
 * holds the session; `clients` more share it.
 */
export async function signInOverHttp(db: Kysely<Database>, base: string, username: string): Promise<HttpClient> {
  const staff = await createBenchStaff(db, benchServerConfig(), { username, lastName: 'Http' });
  return signInAs(new HttpClient(base), staff);
}

/** Removes the staff member `signInOverHttp` made. */
export const removeHttpStaff = removeBenchStaff;
