// One log line and one metrics sample per request, written once it is answered. The line holds
// what an operator needs and nothing a request could smuggle a secret through: the route pattern
// (never the raw URL or its query string, which can carry a sign-in link's token), no body, no
// header but the request id, and the staff member by id. Levels: info for 2xx and 3xx, warn for
// 4xx, error for 5xx, with the error (message and stack) on that same line.
import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { routePath } from 'hono/route';
import type { HonoEnv } from '../context';
import { clientAddress } from '../http/client-address';
import { signInOutcome } from './metrics';

/** Marks a request as not logged one by one (it is still counted in /metrics). */
export function leaveUnlogged(c: Context<HonoEnv>): void {
  c.set('unlogged', true);
}

/** The route pattern Hono matched: `/segments/:id/`, or `/*` when no route answered. */
export function routePattern(c: Context<HonoEnv>): string {
  try {
    return routePath(c);
  } catch {
    return '/*';
  }
}

/**
 * Called by the app's first middleware after the rest of the chain answered (errors included:
 * Hono has turned them into the response and kept them in `c.error`).
 */
export async function observeRequest(c: Context<HonoEnv>, startedMs: number): Promise<void> {
  const { logger, metrics } = c.get('deps');
  const ms = performance.now() - startedMs;
  const route = routePattern(c);
  const status = c.res.status;
  metrics.request(route, c.req.method, status, ms / 1000);
  const step = c.get('signInStep');
  if (step) metrics.signIn(step, await signInOutcome(c.res));
  if (c.get('unlogged')) return;
  const level = status >= 500 ? 'error' : status >= 400 ? 'warn' : 'info';
  if (!logger.isLevelEnabled(level)) return;
  const session = c.get('session');
  const err = status >= 500 && c.error && !(c.error instanceof HTTPException) ? c.error : undefined;
  logger[level](
    {
      requestId: c.get('requestId'),
      method: c.req.method,
      route,
      status,
      durationMs: Math.round(ms * 10) / 10,
      ...(session ? { staffId: session.user.id } : {}),
      client: clientAddress(c),
      ...(err ? { err } : {}),
    },
    `${c.req.method} ${route} ${status}`,
  );
}
