// The activation ticket handed to the page on first sign-in (hx, ck). The same reply shows the new
// TOTP secret to the page on purpose, as a QR code and as text, for the person to put in their
// authenticator. The ticket is what lets the server trust that secret when it comes back: hx is an
// encrypted JWT (dir + A256GCM) holding the secret, the user and the pending session, so the page
// cannot alter it or activate a secret of its own choosing, and the server keeps nothing between
// the two calls; ck is an HMAC binding hx to that session. The ticket ends with the pending session
// it belongs to (PENDING_OTP_MS after the password step): the session ending would void it anyway.
import { createHmac } from 'node:crypto';
import { EncryptJWT, jwtDecrypt } from 'jose';
import { safeEqual } from './csrf';

export interface TicketKeys {
  ticketEncryption: Uint8Array;
  ticketMac: Buffer;
}

export interface TicketClaims {
  userId: number;
  sessionHash: string;
  secret: string;
}

const PURPOSE = 'totp-activation';

function checkValue(keys: TicketKeys, hx: string, sessionHash: string): string {
  return createHmac('sha256', keys.ticketMac).update(`${sessionHash}\u0000${hx}`).digest('base64url');
}

/** A ticket for `claims`, expiring at `expiresAt` (the pending session's own end). */
export async function issueTicket(
  keys: TicketKeys,
  claims: TicketClaims,
  now: number,
  expiresAt: number,
): Promise<{ hx: string; ck: string }> {
  const hx = await new EncryptJWT({
    purpose: PURPOSE,
    uid: claims.userId,
    sid: claims.sessionHash,
    totp: claims.secret,
  })
    .setProtectedHeader({ alg: 'dir', enc: 'A256GCM' })
    .setIssuedAt(Math.floor(now / 1000))
    .setExpirationTime(Math.floor(expiresAt / 1000))
    .encrypt(keys.ticketEncryption);
  return { hx, ck: checkValue(keys, hx, claims.sessionHash) };
}

/** The secret a ticket carries, or null when it was altered, has expired, or belongs elsewhere. */
export async function openTicket(
  keys: TicketKeys,
  hx: string,
  ck: string,
  expected: { userId: number; sessionHash: string },
  now: number,
): Promise<string | null> {
  if (!safeEqual(ck, checkValue(keys, hx, expected.sessionHash))) return null;
  try {
    const { payload } = await jwtDecrypt(hx, keys.ticketEncryption, {
      currentDate: new Date(now),
      keyManagementAlgorithms: ['dir'],
      contentEncryptionAlgorithms: ['A256GCM'],
      requiredClaims: ['exp'],
    });
    const ok =
      payload['purpose'] === PURPOSE &&
      payload['uid'] === expected.userId &&
      payload['sid'] === expected.sessionHash &&
      typeof payload['totp'] === 'string';
    return ok ? (payload['totp'] as string) : null;
  } catch {
    return null;
  }
}
