// The two cookies of the panel. `sessionid` is HttpOnly (scripts never need it); `csrftoken` is
// readable, since the page copies it into the X-CSRFToken header. Both are SameSite=Lax, and
// Secure whenever the browser reached us over HTTPS.
import type { Context } from 'hono';
import { deleteCookie, setCookie } from 'hono/cookie';
import { CSRF_COOKIE, SESSION_COOKIE } from '../../src/domain/constants';
import { issueCsrfToken } from '../auth/csrf';
import type { HonoEnv } from '../context';

const CSRF_MAX_AGE_S = 365 * 24 * 60 * 60;

export function isSecureRequest(c: Context<HonoEnv>): boolean {
  if (new URL(c.req.url).protocol === 'https:') return true;
  const forwarded = c.req.header('x-forwarded-proto')?.split(',')[0]?.trim().toLowerCase();
  return c.get('deps').config.trustProxy && forwarded === 'https';
}

export async function setCsrfCookie(c: Context<HonoEnv>, sessionId: string | null): Promise<void> {
  const keys = await c.get('deps').keys();
  setCookie(c, CSRF_COOKIE, issueCsrfToken(keys.csrf, sessionId), {
    path: '/', sameSite: 'Lax', secure: isSecureRequest(c), maxAge: CSRF_MAX_AGE_S,
  });
}

/** A new session starts: new session cookie, and a CSRF token bound to it (rotation). */
export async function startBrowserSession(c: Context<HonoEnv>, sessionId: string): Promise<void> {
  // No Max-Age: the cookie ends with the browser; the server enforces idle and absolute expiry.
  setCookie(c, SESSION_COOKIE, sessionId, { path: '/', httpOnly: true, sameSite: 'Lax', secure: isSecureRequest(c) });
  await setCsrfCookie(c, sessionId);
  c.set('cookiesIssued', true);
}

/** The session ended: forget its cookie and hand out a CSRF token bound to no session. */
export async function endBrowserSession(c: Context<HonoEnv>): Promise<void> {
  deleteCookie(c, SESSION_COOKIE, { path: '/', secure: isSecureRequest(c), httpOnly: true, sameSite: 'Lax' });
  await setCsrfCookie(c, null);
  c.set('cookiesIssued', true);
}
