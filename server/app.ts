// The Hono application: the same for main.ts and for tests. Middlewares run in this order:
// request id, log and metrics → security headers → allowed hosts → body size cap → session → (per route)
// Origin and CSRF → access → input validation → handler. One route table (route-table.ts) declares
// every API route.
import { randomUUID } from 'node:crypto';
import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { HTTPException } from 'hono/http-exception';
import type { Kysely } from 'kysely';
import * as v from 'valibot';
import { MESSAGES } from '../src/domain/auth';
import { CSRF_FIELD, CSRF_HEADER } from '../src/domain/constants';
import { csrfTokenBound, safeEqual } from './auth/csrf';
import { loadKeys, type Keys } from './auth/keys';
import { deleteSession, findSession, touchSession } from './auth/sessions';
import { sessionIdleMs, type ServerConfig } from './config';
import type { App, AppDeps, Clock, CurrentSession, HonoEnv } from './context';
import type { Database } from './db/schema';
import { MAX_BODY_BYTES, formField, readBody } from './http/body';
import { isSecureRequest, readCsrfCookie, readSessionCookie, setCsrfCookie } from './http/cookies';
import { HOST_REFUSAL, requestHostAllowed } from './http/hosts';
import { sameOriginRequest } from './http/origin';
import { REFUSALS, badInput, badRequest, forbidden, noFeatureRefusal } from './http/replies';
import { ROUTES } from './route-table';
import { sweeper } from './sweep';
import { BUSY_MESSAGE, ServerBusy, workLimiter, type WorkLimiter } from './work-limiter';
import { mayAccess, routePath, type Route } from './routes';
import { grantsOf, mayUsePanel } from './staff';
import { mountAssets, mountSpaFallback } from './static';
import { createLogger, defaultLogLevel, lineLogger, silentLogger, type Logger } from './observability/logger';
import { createMetrics, type Metrics } from './observability/metrics';
import { observeRequest } from './observability/requests';
import { newLifecycle, type Lifecycle } from './lifecycle';
import { nameProduct, ownerFromWire } from '../src/domain/product';

export interface CreateAppOptions {
  db: Kysely<Database>;
  config: ServerConfig;
  /** Milliseconds since the epoch; reads Date.now() at call time so fake timers move it. */
  clock?: Clock;
  /** Built SPA to serve (dist/); without it the app serves the API only. */
  staticDir?: string;
  /**
   * The JSON log (server/observability/logger.ts): one line per request logged, its error on the
   * same line. Without it, `log` receives those lines as text; with neither, nothing is logged.
   */
  logger?: Logger;
  /** Receives the JSON lines when no `logger` is given (at LOG_LEVEL, else info). */
  log?: (line: string) => void;
  /** What GET /metrics answers; made for this app unless given. */
  metrics?: Metrics;
  /** The API routes to mount; the route table unless a test brings its own. */
  routes?: readonly Route[];
  /** Limits concurrent password hashing; HASHING_LIMITS unless a test brings its own. */
  hashing?: WorkLimiter;
  /** The process's state, which main.ts moves to draining on a signal; a fresh one unless given. */
  lifecycle?: Lifecycle;
}

export type { App } from './context';

// Scripts only from our origin. Styles may be inline: Radix (Select, ScrollArea, dialogs' scroll
// lock) inserts <style> elements at run time, and blocking them breaks layout, not attacks.
const CSP = [
  "default-src 'self'",
  "img-src 'self' data:",
  "style-src 'self' 'unsafe-inline'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

// Powerful features the panel never uses, denied to it and to anything that might get into a page.
// Copy buttons (the Workflows page's Mermaid text) write to the clipboard: that stays, for this
// origin only. Pasting a code into the sign-in form is a paste event, which needs no permission.
const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'autoplay=()',
  'bluetooth=()',
  'camera=()',
  'clipboard-read=()',
  'clipboard-write=(self)',
  'display-capture=()',
  'encrypted-media=()',
  'fullscreen=()',
  'geolocation=()',
  'gyroscope=()',
  'hid=()',
  'idle-detection=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=()',
  'picture-in-picture=()',
  'publickey-credentials-get=()',
  'screen-wake-lock=()',
  'serial=()',
  'usb=()',
  'web-share=()',
  'xr-spatial-tracking=()',
].join(', ');

function memoKeys(db: Kysely<Database>, config: ServerConfig, clock: Clock): () => Promise<Keys> {
  let pending: Promise<Keys> | null = null;
  return () => {
    // A failed load (database briefly away) is retried by the next request.
    pending ??= loadKeys(db, config, clock()).catch((err: unknown) => {
      pending = null;
      throw err;
    });
    return pending;
  };
}

async function loadSession(c: Context<HonoEnv>, cookie: string | null): Promise<CurrentSession | null> {
  if (!cookie || cookie.length > 128) return null;
  const { db, config } = c.get('deps');
  const now = c.get('now');
  const row = await findSession(db, cookie, now, sessionIdleMs(config));
  if (!row) return null;
  const user = await db.selectFrom('users').selectAll().where('id', '=', row.user_id).executeTakeFirst();
  const grants = user ? await grantsOf(db, user.id) : null;
  if (!user || !grants || !mayUsePanel(user, grants, now)) {
    // Deactivated, expired or stripped of panel access since signing in: the session ends now.
    await deleteSession(db, row.id_hash);
    return null;
  }
  return {
    id: cookie,
    idHash: row.id_hash,
    stage: row.stage,
    user,
    grants,
    mtUserEmail: row.mt_user_email,
    authTime: row.auth_time,
    lastSeenAt: row.last_seen_at,
  };
}

async function csrfPasses(c: Context<HonoEnv>, route: Route): Promise<boolean> {
  const cookie = readCsrfCookie(c);
  // As in Django, the form field counts only where the body is a form.
  const fromForm = route.body === 'form' && route.method !== 'GET';
  const sent = c.req.header(CSRF_HEADER) ?? (fromForm ? await formField(c, CSRF_FIELD) : undefined);
  if (!cookie || !sent || !safeEqual(sent, cookie)) return false;
  const keys = await c.get('deps').keys();
  return csrfTokenBound(keys.csrf, cookie, c.get('sessionCookie'));
}

function mountRoute(app: App, route: Route, productKey: string): void {
  app.on(route.method, routePath(route, productKey), async (c) => {
    c.set('signInStep', route.signInStep);
    const deps = c.get('deps');
    const session = c.get('session');
    if (route.csrf && route.method !== 'GET' && !sameOriginRequest(c)) return forbidden(c, REFUSALS.origin);
    if (route.csrf && !(await csrfPasses(c, route))) return forbidden(c, REFUSALS.csrf);
    if (!mayAccess(route.access, session)) {
      if (session?.stage !== 'authenticated') return forbidden(c, REFUSALS.noSession);
      if (route.access === 'pending_otp') return forbidden(c, REFUSALS.noFeature);
      // Named in words: the panel itself when the session lacks it, else the route's feature.
      const missing = session.grants.features.includes('admin_panel_access') ? route.access : 'admin_panel_access';
      return forbidden(c, noFeatureRefusal(missing));
    }
    let input: unknown;
    if (route.schema) {
      let fields: Record<string, unknown>;
      if (route.method === 'GET') {
        fields = c.req.query();
      } else {
        const body = await readBody(c, route.body);
        if (!body.ok) return badRequest(c, body.msg);
        fields = body.fields;
      }
      const parsed = v.safeParse(route.schema, ownerFromWire(deps.config.productKey, fields));
      if (!parsed.success) return badInput(c, parsed.issues);
      input = parsed.output;
    }
    // Activity keeps a signed-in session alive (decision 002).
    const activity = typeof route.activity === 'function' ? route.activity(input) : route.activity;
    if (activity && session && mayAccess('admin_panel_access', session))
      await touchSession(deps.db, session.idHash, c.get('now'));
    if (!route.bulk) return route.handler({ c, deps, now: c.get('now'), input, session });
    const ended = deps.metrics.bulkStarted(route.bulk);
    try {
      return await route.handler({ c, deps, now: c.get('now'), input, session });
    } finally {
      ended();
    }
  });
}

/**
 * The request body cap: MAX_BODY_BYTES, or the route's own `maxBody` for the method and path it
 * answers (bulk tag upload's 100,000 identifiers). One middleware, before the session is read.
 */
function bodyCap(routes: readonly Route[], productKey: string): MiddlewareHandler<HonoEnv> {
  const limiter = (maxSize: number) =>
    bodyLimit({ maxSize, onError: (c) => c.json({ status: false, msg: 'Request body is too large.' }, 413) });
  const fallback = limiter(MAX_BODY_BYTES);
  const own = new Map<string, MiddlewareHandler>();
  for (const route of routes) {
    const max = route.maxBody ?? MAX_BODY_BYTES;
    if (max !== MAX_BODY_BYTES) own.set(`${route.method} ${routePath(route, productKey)}`, limiter(max));
  }
  return (c, next) => (own.get(`${c.req.method} ${c.req.path}`) ?? fallback)(c, next);
}

export function createApp(options: CreateAppOptions): App {
  const clock = options.clock ?? (() => Date.now());
  const logger =
    options.logger ??
    (options.log
      ? createLogger({ level: defaultLogLevel(options.config.appEnv, options.config.logLevel), write: options.log })
      : silentLogger());
  const hashing = options.hashing ?? workLimiter();
  // Labels and messages read the product's display name (src/domain/product.ts).
  nameProduct(options.config.productKey, options.config.productName);
  const deps: AppDeps = {
    db: options.db,
    config: options.config,
    clock,
    keys: memoKeys(options.db, options.config, clock),
    sweep: sweeper(options.db, sessionIdleMs(options.config), lineLogger(logger)),
    hashing,
    logger,
    metrics:
      options.metrics ?? createMetrics({ db: options.db, hashing, processMetrics: options.config.appEnv !== 'test' }),
    lifecycle: options.lifecycle ?? newLifecycle(),
  };
  const routes = options.routes ?? ROUTES;
  // Probes answer without a session or a cookie and are not logged per request (decision 100).
  const probes = new Set(
    routes.filter((r) => r.probe).map((r) => `${r.method} ${routePath(r, options.config.productKey)}`),
  );
  const isProbe = (c: Context<HonoEnv>) => probes.has(`${c.req.method} ${c.req.path}`);
  const app: App = new Hono<HonoEnv>();

  app.use(async (c, next) => {
    const given = c.req.header('x-request-id');
    const requestId = given && /^[\w.-]{1,64}$/.test(given) ? given : randomUUID();
    c.set('requestId', requestId);
    c.set('deps', deps);
    c.set('now', clock());
    c.set('cookiesIssued', false);
    // Probes are counted in /metrics but not logged one by one (decision 100).
    c.set('unlogged', isProbe(c));
    const started = performance.now();
    await next();
    c.res.headers.set('X-Request-Id', requestId);
    await observeRequest(c, started);
  });

  app.use(async (c, next) => {
    await next();
    const h = c.res.headers;
    h.set('Content-Security-Policy', CSP);
    h.set('X-Content-Type-Options', 'nosniff');
    h.set('X-Frame-Options', 'DENY');
    // Linked sign-in links carry a token in the query string: it must never reach another site as
    // a referrer. Requests to this server keep theirs, for the Origin/Referer check of unsafe calls
    // (some browsers send `Origin: null` under no-referrer, and no Referer at all).
    h.set('Referrer-Policy', 'same-origin');
    h.set('Cross-Origin-Opener-Policy', 'same-origin');
    h.set('Permissions-Policy', PERMISSIONS_POLICY);
    if (isSecureRequest(c)) h.set('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
    if (!h.has('Cache-Control')) h.set('Cache-Control', 'no-store');
  });

  // ALLOWED_HOSTS (decision 068): a request sent to another name gets nothing else, not even assets.
  app.use(async (c, next) => {
    // Probes come from the orchestrator by address (a pod's IP), not by the public name.
    if (isProbe(c) || requestHostAllowed(c.req.url, c.req.header('host'), options.config.allowedHosts)) return next();
    logger.warn(
      { requestId: c.get('requestId'), host: c.req.header('host') ?? new URL(c.req.url).host },
      'host refused: not in ALLOWED_HOSTS',
    );
    return c.json({ status: false, msg: HOST_REFUSAL }, 400);
  });

  // Assets answer before the session is looked up: they need none and must carry no cookie.
  if (options.staticDir) mountAssets(app, options.staticDir);

  app.use(bodyCap(routes, options.config.productKey));

  app.use(async (c, next) => {
    if (isProbe(c)) {
      c.set('sessionCookie', null);
      c.set('session', null);
      return next();
    }
    const cookie = readSessionCookie(c);
    c.set('sessionCookie', cookie);
    c.set('session', await loadSession(c, cookie));
    await next();
    // Django's rule: any response to a browser without a usable CSRF cookie hands it one (index.html
    // included), bound to the session cookie the browser holds. Handlers that rotated did it already.
    if (c.get('cookiesIssued')) return;
    const keys = await deps.keys();
    if (!csrfTokenBound(keys.csrf, readCsrfCookie(c), cookie)) await setCsrfCookie(c, cookie);
  });

  for (const route of routes) mountRoute(app, route, options.config.productKey);

  if (options.staticDir) mountSpaFallback(app, options.staticDir, options.config);

  app.notFound((c) => c.json({ status: false, msg: 'Not found.' }, 404));
  app.onError((err, c) => {
    if (err instanceof HTTPException) return err.getResponse();
    // The embedded database stayed locked past its busy timeout (another process writing the same
    // file): the request did nothing and may simply be tried again.
    if (err instanceof ServerBusy || (err as { code?: unknown }).code === 'SQLITE_BUSY') {
      c.header('Retry-After', '1');
      return c.json({ status: false, msg: BUSY_MESSAGE }, 503);
    }
    // Logged with the request's own line (server/observability/requests.ts), stack included.
    return c.json({ status: false, msg: MESSAGES.renderFailure }, 500);
  });
  return app;
}
