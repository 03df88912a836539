// GET /metrics: Prometheus' text format (server/observability/metrics.ts), for a scraper rather than
// a person, so no session: it answers a caller on this machine, or anyone sending
// `Authorization: Bearer <METRICS_TOKEN>`; anyone else gets the app's 404, as if there were no such
// address. A request a proxy forwarded (it carries X-Forwarded-For, Forwarded or X-Real-IP) is not
// "on this machine" even when the proxy is, so a reverse proxy on loopback does not publish it.
// Scrapes are counted but not logged one by one; refusals are logged.
import type { Context } from 'hono';
import { safeEqual } from '../auth/csrf';
import type { HonoEnv } from '../context';
import { clientAddress } from '../http/client-address';
import { leaveUnlogged } from '../observability/requests';
import { defineRoute } from '../routes';

const LOOPBACK = /^(127\.\d{1,3}\.\d{1,3}\.\d{1,3}|::1)$/;
const FORWARDING_HEADERS = ['x-forwarded-for', 'forwarded', 'x-real-ip'];

function bearerPasses(c: Context<HonoEnv>, token: string | null | undefined): boolean {
  if (!token) return false;
  const m = /^Bearer\s+(\S+)\s*$/i.exec(c.req.header('authorization') ?? '');
  return m !== null && safeEqual(m[1]!, token);
}

/** Whether this request may read the metrics: a bearer token that matches, or a local caller. */
export function mayReadMetrics(c: Context<HonoEnv>): boolean {
  if (bearerPasses(c, c.get('deps').config.metricsToken)) return true;
  if (FORWARDING_HEADERS.some((h) => c.req.header(h) !== undefined)) return false;
  return LOOPBACK.test(clientAddress(c));
}

const metrics = defineRoute({
  method: 'GET',
  path: '/metrics',
  access: 'public',
  summary:
    'Prometheus metrics (text format 0.0.4): from loopback, or with Authorization: Bearer <METRICS_TOKEN>; 404 otherwise.',
  async handler({ c, deps }) {
    // A refused caller is logged (someone is probing); the scraper's calls are not.
    if (!mayReadMetrics(c)) return c.json({ status: false, msg: 'Not found.' }, 404);
    leaveUnlogged(c);
    return c.body(await deps.metrics.text(), 200, { 'Content-Type': deps.metrics.contentType });
  },
});

export const metricsRoutes = [metrics];
