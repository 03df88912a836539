// Starts `server/main.ts` as `npm start` does, on a fresh database, and reads what it prints.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { BIN, ROOT } from './paths';

const PASSWORD_LINE = /^Sign in as (\S+) with password (\S+)\s*$/;
const LISTENING_LINE = /^Staff Console listening on (http:\/\/\S+)\s*$/;
const START_TIMEOUT_MS = 90_000;

export interface ServerSpec {
  /** Name in logs and artifacts, e.g. 'app'. */
  readonly name: string;
  readonly port: number;
  /** The address the browser uses; its host may differ from the printed one (see run.ts). */
  readonly url: string;
  readonly env: Readonly<Record<string, string>>;
}

export interface RunningServer {
  readonly name: string;
  readonly url: string;
  /** username → password, from the first-start lines. */
  readonly passwords: ReadonlyMap<string, string>;
  output(): string;
  stop(): Promise<void>;
}

const running = new Set<ChildProcess>();
const dataDirs = new Set<string>();

/** A port nobody listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

export async function startServer(spec: ServerSpec): Promise<RunningServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), `staff-console-e2e-${spec.name}-`));
  dataDirs.add(dataDir);
  // Own process group, so stopping it also stops the node process tsx spawns.
  const child = spawn(BIN('tsx'), ['server/main.ts'], {
    cwd: ROOT,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, SKIP_BUILD: '1', APP_ENV: 'test', ...spec.env, PORT: String(spec.port), DATA_DIR: dataDir },
  });
  running.add(child);
  const lines: string[] = [];
  const passwords = new Map<string, string>();
  let exited: number | string | null = null;

  const ready = new Promise<void>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`did not print "Staff Console listening on …" within ${START_TIMEOUT_MS / 1000} s`)),
      START_TIMEOUT_MS,
    );
    createInterface({ input: child.stdout! }).on('line', (line) => {
      lines.push(line);
      const pw = PASSWORD_LINE.exec(line);
      if (pw) passwords.set(pw[1]!, pw[2]!);
      if (LISTENING_LINE.test(line)) {
        clearTimeout(timer);
        resolve();
      }
    });
    createInterface({ input: child.stderr! }).on('line', (line) => lines.push(`[stderr] ${line}`));
    child.on('exit', (code, signal) => {
      exited = code ?? signal;
      running.delete(child);
      clearTimeout(timer);
      reject(new Error(`exited (${exited}) before listening`));
    });
  });

  const server: RunningServer = {
    name: spec.name,
    url: spec.url,
    passwords,
    output: () => lines.join('\n'),
    async stop() {
      await stopProcess(child);
      rmSync(dataDir, { recursive: true, force: true });
      dataDirs.delete(dataDir);
    },
  };
  try {
    await ready;
  } catch (error) {
    await server.stop();
    throw new Error(`server '${spec.name}' ${(error as Error).message}\n--- its output ---\n${server.output()}`);
  }
  for (const user of ['admin', 'support', 'analyst']) {
    if (!passwords.has(user)) {
      await server.stop();
      throw new Error(`server '${spec.name}' printed no "Sign in as ${user} with password …" line\n${server.output()}`);
    }
  }
  return server;
}

async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null || !child.pid) return;
  const gone = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  signalGroup(child, 'SIGTERM');
  const timer = setTimeout(() => signalGroup(child, 'SIGKILL'), 5_000);
  await gone;
  clearTimeout(timer);
}

function signalGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  try {
    process.kill(-child.pid!, signal);
  } catch {
    // already gone
  }
}

/** Last resort on exit of the runner: no server or temporary database outlives it. */
export function killAllServers(): void {
  for (const child of running) signalGroup(child, 'SIGKILL');
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
}

export function saveOutput(server: RunningServer, dir: string): void {
  writeFileSync(path.join(dir, `server-${server.name}.log`), server.output() + '\n');
}
