// The activation ticket handed to the page on first sign-in (hx, ck). hx is an encrypted JWT
// (dir + A256GCM) holding the new TOTP secret, the user and the pending session, so the secret is
// never readable from the page's traffic log and cannot be swapped; ck is an HMAC binding hx to
// that session. The pair expires with ACTIVATION_TICKET_MS.
import { createHmac } from 'node:crypto';
import { EncryptJWT, jwtDecrypt } from 'jose';
import { ACTIVATION_TICKET_MS } from '../../src/domain/constants';
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

export async function issueTicket(keys: TicketKeys, claims: TicketClaims, now: number): Promise<{ hx: string; ck: string }> {
  const hx = await new EncryptJWT({ purpose: PURPOSE, uid: claims.userId, sid: claims.sessionHash, totp: claims.secret })
    .setProtectedHeader({ alg: 'dir', enc: 'A256GCM' })
    .setIssuedAt(Math.floor(now / 1000))
    .setExpirationTime(Math.floor((now + ACTIVATION_TICKET_MS) / 1000))
    .encrypt(keys.ticketEncryption);
  return { hx, ck: checkValue(keys, hx, claims.sessionHash) };
}

/** The secret a ticket carries, or null when it was altered, has expired, or belongs elsewhere. */
export async function openTicket(
  keys: TicketKeys, hx: string, ck: string, expected: { userId: number; sessionHash: string }, now: number,
): Promise<string | null> {
  if (!safeEqual(ck, checkValue(keys, hx, expected.sessionHash))) return null;
  try {
    const { payload } = await jwtDecrypt(hx, keys.ticketEncryption, {
      currentDate: new Date(now), keyManagementAlgorithms: ['dir'], contentEncryptionAlgorithms: ['A256GCM'],
      requiredClaims: ['exp'],
    });
    const ok = payload['purpose'] === PURPOSE && payload['uid'] === expected.userId && payload['sid'] === expected.sessionHash
      && typeof payload['totp'] === 'string';
    return ok ? (payload['totp'] as string) : null;
  } catch {
    return null;
  }
}
