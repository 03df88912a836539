// Password hashing with scrypt (node:crypto) at OWASP's parameters. The cost travels inside the
// stored string (`scrypt$ln=17,r=8,p=1$salt$hash`), so raising it later keeps old hashes valid.
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { Worker } from 'node:worker_threads';
import type { ScryptParams } from '../config';

const KEY_LENGTH = 64;
const SALT_BYTES = 16;

/**
 * `normal`: on libuv's thread pool, at the server's own CPU priority. `low`: a password attempt
 * from an unknown source (decision 040), in a thread of its own at the lowest CPU priority.
 */
export type HashPriority = 'normal' | 'low';

// Why `low` exists: a flood's scrypt runs at the server's priority took the CPUs from everything a
// request needs besides its hash: the SQLite threads (nice 10, decision 041) queued every write for
// seconds, and a known source's own hash ran four times slower. At nice 19 (Linux; elsewhere the
// threads keep the server's priority) an unknown source's hash gets only CPU nobody else wants.
const LOW_PRIORITY_THREAD = `
const { parentPort } = require('node:worker_threads');
const { scryptSync } = require('node:crypto');
try {
  const tid = Number(require('node:fs').readlinkSync('/proc/thread-self').split('/').pop());
  if (tid > 0) require('node:os').setPriority(tid, 19);
} catch {}
parentPort.on('message', ({ password, salt, options }) => {
  try {
    parentPort.postMessage({ key: scryptSync(password, salt, ${KEY_LENGTH}, options) });
  } catch (err) {
    parentPort.postMessage({ error: err instanceof Error ? err.message : String(err) });
  }
});`;

/** Idle low-priority threads (they keep no process alive); the hashing limiter bounds how many are busy. */
const idleThreads: Worker[] = [];

function lowPriorityThread(): Worker {
  const thread = new Worker(LOW_PRIORITY_THREAD, { eval: true });
  // A thread that fails is dropped (its call, if any, is rejected below); the next call starts another.
  const drop = () => {
    const at = idleThreads.indexOf(thread);
    if (at !== -1) idleThreads.splice(at, 1);
  };
  thread.on('error', drop).on('exit', drop);
  return thread;
}

async function scryptLow(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  const thread = idleThreads.pop() ?? lowPriorityThread();
  thread.ref();
  type Reply = { key?: Uint8Array; error?: string };
  const reply = await new Promise<Reply>((resolve, reject) => {
    const done = (m: Reply) => {
      thread.off('error', failed).off('exit', failed);
      resolve(m);
    };
    const failed = (err: unknown) => {
      thread.off('message', done).off('error', failed).off('exit', failed);
      reject(err instanceof Error ? err : new Error(`password hashing thread stopped (${String(err)})`));
    };
    thread.once('message', done).once('error', failed).once('exit', failed);
    thread.postMessage({ password, salt, options });
  });
  if (!reply.key) {
    void thread.terminate();
    throw new Error(reply.error ?? 'password hashing failed');
  }
  thread.unref();
  idleThreads.push(thread);
  return Buffer.from(reply.key);
}

function scryptAsync(
  password: string,
  salt: Buffer,
  params: ScryptParams,
  priority: HashPriority = 'normal',
): Promise<Buffer> {
  const N = 2 ** params.logN;
  // Node refuses more than 32 MiB by default; scrypt needs 128·N·r bytes, so allow twice that.
  const maxmem = 256 * N * params.r;
  const options = { N, r: params.r, p: params.p, maxmem };
  if (priority === 'low') return scryptLow(password.normalize('NFKC'), salt, options);
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, options, (err, key) => (err ? reject(err) : resolve(key)));
  });
}

export async function hashPassword(
  password: string,
  params: ScryptParams,
  priority: HashPriority = 'normal',
): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const key = await scryptAsync(password, salt, params, priority);
  return `scrypt$ln=${params.logN},r=${params.r},p=${params.p}$${salt.toString('base64')}$${key.toString('base64')}`;
}

const FORMAT = /^scrypt\$ln=(\d{1,2}),r=(\d{1,2}),p=(\d{1,2})\$([A-Za-z0-9+/=]+)\$([A-Za-z0-9+/=]+)$/;

export function parseHashParams(stored: string): ScryptParams | null {
  const m = FORMAT.exec(stored);
  return m ? { logN: Number(m[1]), r: Number(m[2]), p: Number(m[3]) } : null;
}

export async function verifyPassword(
  password: string,
  stored: string,
  priority: HashPriority = 'normal',
): Promise<boolean> {
  const m = FORMAT.exec(stored);
  const params = parseHashParams(stored);
  if (!m || !params || params.logN < 1 || params.logN > 22) return false;
  const expected = Buffer.from(m[5] ?? '', 'base64');
  const actual = await scryptAsync(password, Buffer.from(m[4] ?? '', 'base64'), params, priority);
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

/** True when a stored hash is cheaper than the configured cost and should be redone at sign-in. */
export function needsRehash(stored: string, params: ScryptParams): boolean {
  const current = parseHashParams(stored);
  return !current || current.logN < params.logN || current.r < params.r || current.p < params.p;
}

const dummyHashes = new Map<string, string>();

/**
 * Spends the same time as a real check when the username is unknown or may not sign in, so the
 * answer time does not tell which usernames exist.
 */
export async function verifyDummy(
  password: string,
  params: ScryptParams,
  priority: HashPriority = 'normal',
): Promise<false> {
  const key = `${params.logN},${params.r},${params.p}`;
  // Random salt and key in the stored format: checking against them costs what a real check costs,
  // and making them costs no hash. (A hash made on first use held the first unknown names of a
  // flood for two hashes' time each, at the lowest priority, on a busy CPU: seconds of 503s.)
  let hash = dummyHashes.get(key);
  if (!hash) {
    hash = `scrypt$ln=${params.logN},r=${params.r},p=${params.p}$${randomBytes(SALT_BYTES).toString('base64')}$${randomBytes(KEY_LENGTH).toString('base64')}`;
    dummyHashes.set(key, hash);
  }
  await verifyPassword(password, hash, priority);
  return false;
}

/** A random password for seeded and reset accounts: 20 characters from a 56-letter alphabet. */
export function randomPassword(length = 20): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz23456789';
  const bytes = randomBytes(length * 2);
  let out = '';
  // Rejection sampling keeps every letter equally likely.
  for (const b of bytes) {
    if (b < 224 && out.length < length) out += alphabet[b % 56];
  }
  // §5 asks every password for a digit; redraw the rare one without.
  return out.length === length && /\d/.test(out) ? out : randomPassword(length);
}
