// Password hashing with scrypt (node:crypto) at OWASP's parameters. The cost travels inside the
// stored string (`scrypt$ln=17,r=8,p=1$salt$hash`), so raising it later keeps old hashes valid.
import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import type { ScryptParams } from '../config';

const KEY_LENGTH = 64;
const SALT_BYTES = 16;

function scryptAsync(password: string, salt: Buffer, params: ScryptParams): Promise<Buffer> {
  const N = 2 ** params.logN;
  // Node refuses more than 32 MiB by default; scrypt needs 128·N·r bytes, so allow twice that.
  const maxmem = 256 * N * params.r;
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, { N, r: params.r, p: params.p, maxmem }, (err, key) =>
      err ? reject(err) : resolve(key));
  });
}

export async function hashPassword(password: string, params: ScryptParams): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const key = await scryptAsync(password, salt, params);
  return `scrypt$ln=${params.logN},r=${params.r},p=${params.p}$${salt.toString('base64')}$${key.toString('base64')}`;
}

const FORMAT = /^scrypt\$ln=(\d{1,2}),r=(\d{1,2}),p=(\d{1,2})\$([A-Za-z0-9+/=]+)\$([A-Za-z0-9+/=]+)$/;

export function parseHashParams(stored: string): ScryptParams | null {
  const m = FORMAT.exec(stored);
  return m ? { logN: Number(m[1]), r: Number(m[2]), p: Number(m[3]) } : null;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const m = FORMAT.exec(stored);
  const params = parseHashParams(stored);
  if (!m || !params || params.logN < 1 || params.logN > 22) return false;
  const expected = Buffer.from(m[5] ?? '', 'base64');
  const actual = await scryptAsync(password, Buffer.from(m[4] ?? '', 'base64'), params);
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

/** True when a stored hash is cheaper than the configured cost and should be redone at sign-in. */
export function needsRehash(stored: string, params: ScryptParams): boolean {
  const current = parseHashParams(stored);
  return !current || current.logN < params.logN || current.r < params.r || current.p < params.p;
}

const dummyHashes = new Map<string, Promise<string>>();

/**
 * Spends the same time as a real check when the username is unknown or may not sign in, so the
 * answer time does not tell which usernames exist.
 */
export async function verifyDummy(password: string, params: ScryptParams): Promise<false> {
  const key = `${params.logN},${params.r},${params.p}`;
  let hash = dummyHashes.get(key);
  if (!hash) dummyHashes.set(key, (hash = hashPassword(randomBytes(16).toString('hex'), params)));
  await verifyPassword(password, await hash);
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
