// The two cookies of the panel. The session cookie is HttpOnly (scripts never need it); the CSRF
// cookie is readable, since the page copies it into the X-CSRFToken header. Both are SameSite=Lax,
// and whenever the browser reached us over HTTPS they are Secure and named with the `__Host-`
// prefix (src/domain/cookies.ts); only the prefixed ones are read then.
import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { SESSION_ABSOLUTE_MS } from '../../src/domain/constants';
import { csrfCookieName, sessionCookieName } from '../../src/domain/cookies';
import { issueCsrfToken } from '../auth/csrf';
import type { HonoEnv } from '../context';
import { fromTrustedProxy } from './client-address';

/**
 * The CSRF cookie lives as long as the longest session it could be bound to: the server hands a
 * new one out whenever the one presented no longer fits the session, so it never needs to outlast it.
 */
export const CSRF_MAX_AGE_S = SESSION_ABSOLUTE_MS / 1000;

/**
 * True when the browser reached us over HTTPS: the request URL says so, or, with TRUST_PROXY on,
 * X-Forwarded-Proto does (from a peer in TRUSTED_PROXIES when that list is set).
 */
export function isSecureRequest(c: Context<HonoEnv>): boolean {
  if (new URL(c.req.url).protocol === 'https:') return true;
  const forwarded = c.req.header('x-forwarded-proto')?.split(',')[0]?.trim().toLowerCase();
  return forwarded === 'https' && believesForwardedProto(c);
}

/** X-Forwarded-Proto is believed with TRUST_PROXY on, and only from a listed proxy when TRUSTED_PROXIES is set. */
export function believesForwardedProto(c: Context<HonoEnv>): boolean {
  const { config } = c.get('deps');
  if (!config.trustProxy) return false;
  return !config.trustedProxies?.length || fromTrustedProxy(c);
}

/** The session cookie the request carried, under the name its scheme uses. */
export function readSessionCookie(c: Context<HonoEnv>): string | null {
  return getCookie(c, sessionCookieName(isSecureRequest(c))) ?? null;
}

/** The CSRF cookie the request carried, under the name its scheme uses. */
export function readCsrfCookie(c: Context<HonoEnv>): string | undefined {
  return getCookie(c, csrfCookieName(isSecureRequest(c)));
}

export async function setCsrfCookie(c: Context<HonoEnv>, sessionId: string | null): Promise<void> {
  const keys = await c.get('deps').keys();
  const secure = isSecureRequest(c);
  setCookie(c, csrfCookieName(secure), issueCsrfToken(keys.csrf, sessionId), {
    path: '/',
    sameSite: 'Lax',
    secure,
    maxAge: CSRF_MAX_AGE_S,
  });
}

/** A new session starts: new session cookie, and a CSRF token bound to it (rotation). */
export async function startBrowserSession(c: Context<HonoEnv>, sessionId: string): Promise<void> {
  const secure = isSecureRequest(c);
  // No Max-Age: the cookie ends with the browser; the server enforces idle and absolute expiry.
  setCookie(c, sessionCookieName(secure), sessionId, { path: '/', httpOnly: true, sameSite: 'Lax', secure });
  await setCsrfCookie(c, sessionId);
  c.set('cookiesIssued', true);
}

/** The session ended: forget its cookie and hand out a CSRF token bound to no session. */
export async function endBrowserSession(c: Context<HonoEnv>): Promise<void> {
  const secure = isSecureRequest(c);
  deleteCookie(c, sessionCookieName(secure), { path: '/', secure, httpOnly: true, sameSite: 'Lax' });
  await setCsrfCookie(c, null);
  c.set('cookiesIssued', true);
}
