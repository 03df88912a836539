// Linked sign-in between server types (spec §2 Redirect-to). session_check/ issues a short HS256
// JWT: iss = the issuing server type, aud = the types the person may open, sub = their email,
// jti = a random id, auth_time = when the person last proved password and code (seconds, as in
// OpenID Connect), uid = their user id on the issuing type (no route changes it), keys = every key
// their session holds there, email_at = when their email last changed there (seconds, or absent).
// The receiving server accepts it once (the jti is recorded until past expiry), only into an
// account holding no key the token lacks (decision 067), and ends the new session 12 hours after
// auth_time, so moving between types never extends it.
import { randomBytes } from 'node:crypto';
import { SignJWT, errors, jwtVerify } from 'jose';
import type { Kysely } from 'kysely';
import { LINK_TOKEN_MS, SESSION_ABSOLUTE_MS } from '../../src/domain/constants';
import type { Database } from '../db/schema';

/** How far apart the clocks of two server types (or instances) may be. */
export const CLOCK_SKEW_MS = 2 * 60 * 1000;

export interface LinkClaims {
  issuer: string;
  audience: string[];
  email: string;
  authTime: number;
  userId: number;
  keys: readonly string[];
  /** When the email last changed on the issuing type; null: as the account was created. */
  emailChangedAt: number | null;
}

export async function issueLinkToken(key: Uint8Array, claims: LinkClaims, now: number): Promise<string> {
  return new SignJWT({
    auth_time: Math.floor(claims.authTime / 1000),
    uid: claims.userId,
    keys: [...claims.keys],
    ...(claims.emailChangedAt === null ? {} : { email_at: Math.floor(claims.emailChangedAt / 1000) }),
  })
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
  | {
      ok: true;
      email: string;
      jti: string;
      expiresAt: number;
      authTime: number;
      issuer: string;
      userId: number;
      keys: string[];
      emailChangedAt: number | null;
    }
  | { ok: false; reason: 'expired' | 'invalid' };

const isKeyList = (x: unknown): x is string[] =>
  Array.isArray(x) && x.length <= 200 && x.every((k) => typeof k === 'string' && k.length <= 64);

/**
 * Verifies signature, issuer (another configured type), audience (this type), expiry, and that
 * the sign-in it carries (auth_time) has not itself reached the absolute limit.
 */
export async function verifyLinkToken(
  key: Uint8Array,
  token: string,
  opts: { self: string; issuers: string[] },
  now: number,
): Promise<LinkCheck> {
  try {
    const { payload } = await jwtVerify(token, key, {
      algorithms: ['HS256'],
      audience: opts.self,
      issuer: opts.issuers.filter((t) => t !== opts.self),
      // However far away its exp, a token is good for LINK_TOKEN_MS after it was issued.
      currentDate: new Date(now),
      maxTokenAge: `${LINK_TOKEN_MS / 1000}s`,
      requiredClaims: ['sub', 'jti', 'iat', 'exp', 'auth_time', 'uid', 'keys'],
    });
    const { auth_time: authTime, uid, keys, email_at: emailAt } = payload;
    if (
      !payload.sub ||
      !payload.jti ||
      !payload.iss ||
      payload.exp === undefined ||
      typeof authTime !== 'number' ||
      !Number.isInteger(authTime) ||
      authTime * 1000 > now + CLOCK_SKEW_MS ||
      typeof uid !== 'number' ||
      !Number.isSafeInteger(uid) ||
      !isKeyList(keys) ||
      (emailAt !== undefined && (typeof emailAt !== 'number' || !Number.isInteger(emailAt)))
    ) {
      return { ok: false, reason: 'invalid' };
    }
    if (authTime * 1000 + SESSION_ABSOLUTE_MS <= now) return { ok: false, reason: 'expired' };
    return {
      ok: true,
      email: payload.sub,
      jti: payload.jti,
      expiresAt: payload.exp * 1000,
      authTime: authTime * 1000,
      issuer: payload.iss,
      userId: uid,
      keys,
      emailChangedAt: typeof emailAt === 'number' ? emailAt * 1000 : null,
    };
  } catch (err) {
    return { ok: false, reason: err instanceof errors.JWTExpired ? 'expired' : 'invalid' };
  }
}

/**
 * Marks a token as used; false when it was used before (a replay). The row is kept until
 * CLOCK_SKEW_MS after the token's expiry (server/sweep.ts), so an instance whose clock runs behind
 * the one that swept still finds it.
 */
export async function claimLinkToken(db: Kysely<Database>, jti: string, expiresAt: number): Promise<boolean> {
  const result = await db
    .insertInto('used_link_tokens')
    .values({ jti, expires_at: expiresAt })
    .onConflict((oc) => oc.column('jti').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n) === 1;
}
