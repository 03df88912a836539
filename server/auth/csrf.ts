// CSRF tokens in Django's shape (a readable `csrftoken` cookie echoed in the X-CSRFToken header
// or the csrfmiddlewaretoken field), made as OWASP's signed double-submit: the token carries an
// HMAC over a random nonce and the session cookie it was issued with. A token planted by a
// sibling subdomain or kept from before sign-in therefore fails.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

function mac(key: Buffer, sessionId: string | null, nonce: string): string {
  return createHmac('sha256', key)
    .update(`${sessionId ?? ''}\u0000${nonce}`)
    .digest('base64url');
}

export function issueCsrfToken(key: Buffer, sessionId: string | null): string {
  const nonce = randomBytes(18).toString('base64url');
  return `${nonce}.${mac(key, sessionId, nonce)}`;
}

/** The token is well formed and was issued for this session cookie (or for none). */
export function csrfTokenBound(key: Buffer, token: string | undefined, sessionId: string | null): boolean {
  if (!token || token.length > 200) return false;
  const [nonce, given, extra] = token.split('.');
  if (!nonce || !given || extra !== undefined) return false;
  return safeEqual(given, mac(key, sessionId, nonce));
}

export function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}
