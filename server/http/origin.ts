// The Origin check of Django's CSRF middleware, before the token check on every unsafe call. A
// browser names the page a request comes from in Origin; it must be this server: its configured
// base URL (SERVER_TYPES[SERVER_TYPE]) or the origin the request itself was sent to (scheme and
// host, the scheme from X-Forwarded-Proto when TRUST_PROXY is on and, if TRUSTED_PROXIES is set,
// the peer is one of them). Without Origin (older browsers), a request over HTTPS must carry a
// Referer from one of those origins, over HTTPS; over plain HTTP the token check alone decides,
// as in Django. Only origins on ALLOWED_HOSTS are trusted (decision 068), the configured base URL
// included.
import type { Context } from 'hono';
import type { HonoEnv } from '../context';
import { believesForwardedProto, isSecureRequest } from './cookies';
import { hostAllowed } from './hosts';

/** `scheme://host[:port]` of a URL, or null when it is not an http(s) URL (`null`, garbage). */
function originOf(url: string): string | null {
  try {
    const u = new URL(url);
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.origin : null;
  } catch {
    return null;
  }
}

/** The origin this request was addressed to, as the browser saw it. */
function requestOrigin(c: Context<HonoEnv>): string | null {
  const url = new URL(c.req.url);
  const forwarded = c.req.header('x-forwarded-proto')?.split(',')[0]?.trim().toLowerCase();
  const scheme =
    (forwarded === 'http' || forwarded === 'https') && believesForwardedProto(c)
      ? forwarded
      : url.protocol.slice(0, -1);
  return originOf(`${scheme}://${url.host}`);
}

function trustedOrigins(c: Context<HonoEnv>): Set<string> {
  const { config } = c.get('deps');
  const own = config.serverTypes[config.serverType];
  return new Set(
    [own ? originOf(own) : null, requestOrigin(c)].filter(
      (o): o is string => o !== null && hostAllowed(new URL(o).host, config.allowedHosts),
    ),
  );
}

/** True when an unsafe request may go on to the CSRF token check. */
export function sameOriginRequest(c: Context<HonoEnv>): boolean {
  const trusted = trustedOrigins(c);
  const origin = c.req.header('origin');
  if (origin !== undefined) {
    const parsed = originOf(origin);
    return parsed !== null && trusted.has(parsed);
  }
  if (!isSecureRequest(c)) return true;
  const referer = c.req.header('referer');
  const from = referer ? originOf(referer) : null;
  return from !== null && from.startsWith('https:') && trusted.has(from);
}
