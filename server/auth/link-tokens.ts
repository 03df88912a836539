// Linked sign-in between server types (spec §2 Redirect-to). session_check/ issues a short HS256
// JWT: iss = the issuing server type, aud = the types the person may open, sub = their email,
// jti = a random id. The receiving server accepts it once: the jti is recorded until expiry.
import { randomBytes } from 'node:crypto';
import { SignJWT, errors, jwtVerify } from 'jose';
import type { Kysely } from 'kysely';
import { LINK_TOKEN_MS } from '../../src/domain/constants';
import type { Database } from '../db/schema';

export async function issueLinkToken(
  key: Uint8Array, claims: { issuer: string; audience: string[]; email: string }, now: number,
): Promise<string> {
  return new SignJWT({})
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuer(claims.issuer)
    .setAudience(claims.audience)
    .setSubject(claims.email)
    .setJti(randomBytes(16).toString('base64url'))
    .setIssuedAt(Math.floor(now / 1000))
    .setExpirationTime(Math.floor((now + LINK_TOKEN_MS) / 1000))
    .sign(key);
}

export type LinkCheck =
  | { ok: true; email: string; jti: string; expiresAt: number }
  | { ok: false; reason: 'expired' | 'invalid' };

/** Verifies signature, issuer (another configured type), audience (this type) and expiry. */
export async function verifyLinkToken(
  key: Uint8Array, token: string, opts: { self: string; issuers: string[] }, now: number,
): Promise<LinkCheck> {
  try {
    const { payload } = await jwtVerify(token, key, {
      algorithms: ['HS256'], audience: opts.self, issuer: opts.issuers.filter((t) => t !== opts.self),
      currentDate: new Date(now), requiredClaims: ['sub', 'jti', 'exp'],
    });
    if (!payload.sub || !payload.jti || payload.exp === undefined) return { ok: false, reason: 'invalid' };
    return { ok: true, email: payload.sub, jti: payload.jti, expiresAt: payload.exp * 1000 };
  } catch (err) {
    return { ok: false, reason: err instanceof errors.JWTExpired ? 'expired' : 'invalid' };
  }
}

/** Marks a token as used; false when it was used before (a replay). */
export async function claimLinkToken(db: Kysely<Database>, jti: string, expiresAt: number): Promise<boolean> {
  const result = await db.insertInto('used_link_tokens')
    .values({ jti, expires_at: expiresAt })
    .onConflict((oc) => oc.column('jti').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n) === 1;
}
