// Time-based one-time codes (RFC 6238: 30-second steps, 6 digits, HMAC-SHA-1) with one step of
// drift either way, secrets sealed at rest, and replay refused by the database itself.
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import { TOTP_DIGITS, TOTP_PERIOD_S, TOTP_WINDOW } from '../../src/domain/constants';
import type { Database } from '../db/schema';

export const TOTP_ISSUER = 'Staff Console';

function totpFor(base32: string, label = 'staff'): TOTP {
  return new TOTP({
    issuer: TOTP_ISSUER,
    label,
    algorithm: 'SHA1',
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_S,
    secret: Secret.fromBase32(base32),
  });
}

/** A new 160-bit secret (RFC 4226 recommends at least 128), as base32. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

export function totpCode(base32: string, at: number): string {
  return totpFor(base32).generate({ timestamp: at });
}

/** The time step a code matches within the drift window, or null. */
export function matchingStep(base32: string, code: string, at: number): number | null {
  const totp = totpFor(base32);
  const delta = totp.validate({ token: code, timestamp: at, window: TOTP_WINDOW });
  return delta === null ? null : totp.counter({ timestamp: at }) + delta;
}

export function otpauthUri(base32: string, username: string): string {
  return totpFor(base32, username).toString();
}

export function qrCodeDataUrl(uri: string): Promise<string> {
  return QRCode.toDataURL(uri, { errorCorrectionLevel: 'M', margin: 2, width: 220 });
}

// ── at rest: AES-256-GCM, bound to the user id so a row cannot be copied to another user ──
export function sealSecret(base32: string, key: Buffer, userId: number): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(`totp:${userId}`));
  const body = Buffer.concat([cipher.update(base32, 'utf8'), cipher.final()]);
  return ['v1', iv.toString('base64url'), body.toString('base64url'), cipher.getAuthTag().toString('base64url')].join(
    '.',
  );
}

/** The secret, or null when the row was sealed under another key or altered. */
export function openSecret(sealed: string, key: Buffer, userId: number): string | null {
  const [version, iv, body, tag] = sealed.split('.');
  if (version !== 'v1' || !iv || !body || !tag) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
    decipher.setAAD(Buffer.from(`totp:${userId}`));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}

/**
 * Records `step` as used unless that step or a later one was already used. The check and the write
 * are one conditional UPDATE, so two instances racing on the same code cannot both accept it.
 */
export async function claimStep(db: Kysely<Database>, userId: number, step: number): Promise<boolean> {
  const result = await db
    .updateTable('totp_secrets')
    .set({ last_used_step: step })
    .where('user_id', '=', userId)
    .where((eb) => eb.or([eb('last_used_step', 'is', null), eb('last_used_step', '<', step)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export type OtpCheck = 'ok' | 'wrong' | 'replay' | 'none';

/** Verifies a signed-in person's code against their stored secret and claims its step. */
export async function verifyStoredCode(
  db: Kysely<Database>,
  key: Buffer,
  userId: number,
  code: string,
  at: number,
): Promise<OtpCheck> {
  const row = await db.selectFrom('totp_secrets').select('secret_enc').where('user_id', '=', userId).executeTakeFirst();
  if (!row) return 'none';
  const secret = openSecret(row.secret_enc, key, userId);
  if (!secret) return 'wrong';
  const step = matchingStep(secret, code, at);
  if (step === null) return 'wrong';
  return (await claimStep(db, userId, step)) ? 'ok' : 'replay';
}
