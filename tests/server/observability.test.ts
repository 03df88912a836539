// The JSON request log and GET /metrics (decision 101), on the engine the suite runs on.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CSRF_COOKIE, SESSION_COOKIE } from '../../src/domain/constants';
import { FEATURE_KEYS, OTHER_FEATURE_KEYS } from '../../src/domain/features';
import { createApp } from '../../server/app';
import { ConfigError, loadConfig } from '../../server/config';
import { engineOf } from '../../server/db/connect';
import { createLogger, type LogLevel } from '../../server/observability/logger';
import { ROUTES } from '../../server/route-table';
import { defineRoute } from '../../server/routes';
import { createTestServer, testConfig, type TestServer } from '../support/server';
import { Browser } from './support/browser';
import { signIn } from './support/sign-in';

type Line = Record<string, unknown> & { level: string; msg: string };

const lines: string[] = [];
const logged = (): Line[] => lines.map((l) => JSON.parse(l) as Line);
const requestLines = () => logged().filter((l) => 'requestId' in l && 'status' in l);

const METRICS_TOKEN = 'metrics-token-0123456789abcdefghijklmnop';

/** A route that fails, and a bulk operation held open until the test lets it finish. */
let finishBulk: () => void = () => {};
let markStarted: () => void = () => {};
const TEST_ROUTES = [
  defineRoute({
    method: 'GET',
    path: '/test/boom/',
    access: 'public',
    summary: 'Fails.',
    handler() {
      throw new Error('kaboom in the handler');
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/test/bulk/',
    access: 'public',
    bulk: 'test_bulk',
    summary: 'A bulk operation that ends when the test says.',
    async handler({ c }) {
      markStarted();
      await new Promise<void>((resolve) => (finishBulk = resolve));
      return c.json({ status: true });
    },
  }),
];

let server: TestServer;
let dist: string;
beforeAll(async () => {
  dist = mkdtempSync(path.join(tmpdir(), 'staff-console-dist-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><html><head></head><body></body></html>');
  writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), 'console.log(1)');
  server = await createTestServer({
    config: { metricsToken: METRICS_TOKEN },
    app: {
      logger: createLogger({ level: 'info', write: (line) => lines.push(line) }),
      routes: [...ROUTES, ...TEST_ROUTES],
      staticDir: dist,
    },
  });
});
afterAll(async () => {
  await server.close();
  rmSync(dist, { recursive: true, force: true });
});
afterEach(() => {
  lines.length = 0;
});

let counter = 0;
async function staffBrowser(address?: string) {
  const staff = await server.createStaff({
    username: `observer${++counter}`,
    features: [...FEATURE_KEYS],
    otherFeatures: [...OTHER_FEATURE_KEYS],
    activated: true,
  });
  const browser = await signIn(server, staff, new Browser(server, 'http://localhost', address));
  const user = await server.db
    .selectFrom('users')
    .select('id')
    .where('username', '=', staff.username)
    .executeTakeFirstOrThrow();
  return { staff, browser, userId: user.id };
}

const scrape = (address: string | null, headers: Record<string, string> = {}) =>
  new Browser(server, 'http://localhost', address).send('GET', '/metrics', { headers });

describe('the request log', () => {
  it('writes one JSON line per request with its id, route pattern, status, time, staff member and address', async () => {
    const { browser, userId } = await staffBrowser('192.0.2.7');
    lines.length = 0;
    const res = await browser.post('/user/search_user/', { search_key: 'username', search_value: 'observer' });
    expect(res.status).toBe(200);
    const [line, ...others] = requestLines();
    expect(others).toEqual([]);
    expect(line).toEqual({
      time: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      level: 'info',
      msg: 'POST /user/search_user/ 200',
      requestId: res.headers.get('x-request-id'),
      method: 'POST',
      route: '/user/search_user/',
      status: 200,
      durationMs: expect.any(Number),
      staffId: userId,
      client: '192.0.2.7',
    });
  });

  it('names the route by its pattern, not the address asked, and logs a 4xx as a warning', async () => {
    const { browser } = await staffBrowser();
    lines.length = 0;
    const res = await browser.send('DELETE', '/segments/987654/');
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect(requestLines()).toEqual([
      expect.objectContaining({ level: 'warn', route: '/segments/:id/', method: 'DELETE', status: res.status }),
    ]);
    expect(lines.join('\n')).not.toContain('987654');
  });

  it('logs a server error once, at error level, with its message and stack', async () => {
    const res = await new Browser(server).send('GET', '/test/boom/');
    expect(res.status).toBe(500);
    expect(await res.text()).not.toContain('kaboom');
    expect(logged()).toEqual([
      expect.objectContaining({
        level: 'error',
        route: '/test/boom/',
        status: 500,
        err: expect.objectContaining({
          message: 'kaboom in the handler',
          stack: expect.stringContaining('kaboom in the handler'),
        }),
      }),
    ]);
  });

  it('does not log built files one by one, but does log one that is missing', async () => {
    const b = new Browser(server);
    expect((await b.send('GET', '/assets/index-abc123.js')).status).toBe(200);
    expect((await b.send('GET', '/', { headers: { accept: 'text/html' } })).status).toBe(200);
    expect(requestLines()).toEqual([]);
    expect((await b.send('GET', '/assets/index-gone.js')).status).toBe(404);
    expect(requestLines()).toEqual([expect.objectContaining({ level: 'warn', route: '/assets/*', status: 404 })]);
  });

  it('never holds a password, a cookie, a CSRF token or a query string', async () => {
    const { staff, browser } = await staffBrowser();
    await browser.post('/user/search_user/', { search_key: 'username', search_value: 'observer' });
    await browser.send('GET', '/api/sku/?secret_token=leak-me-not-123');
    const text = lines.join('\n');
    expect(requestLines().length).toBeGreaterThan(4);
    for (const secret of [
      staff.password,
      browser.cookie(SESSION_COOKIE)!,
      browser.cookie(CSRF_COOKIE)!,
      'leak-me-not-123',
    ])
      expect(text).not.toContain(secret);
  });

  it('writes only from LOG_LEVEL up, and nothing under APP_ENV=test unless asked', async () => {
    const at = async (level: LogLevel | undefined, appEnv: 'test' | 'production') => {
      const out: string[] = [];
      const app = createApp({
        db: server.db,
        config: testConfig({ appEnv, ...(level ? { logLevel: level } : {}) }),
        log: (line) => out.push(line),
      });
      await app.request('http://localhost/session_check/', { method: 'POST' });
      await app.request('http://localhost/nowhere/', { method: 'POST' });
      return out.map((l) => (JSON.parse(l) as Line).level);
    };
    expect(await at(undefined, 'test')).toEqual([]);
    expect(await at('info', 'test')).toEqual(['warn', 'warn']);
    expect(await at('warn', 'production')).toEqual(['warn', 'warn']);
    expect(await at('error', 'production')).toEqual([]);
  });
});

describe('LOG_LEVEL and METRICS_TOKEN', () => {
  it('reads them, and refuses a level it does not know or a short token without repeating it', () => {
    expect(loadConfig({ LOG_LEVEL: 'Warn', METRICS_TOKEN: METRICS_TOKEN })).toMatchObject({
      logLevel: 'warn',
      metricsToken: METRICS_TOKEN,
    });
    expect(loadConfig({})).not.toHaveProperty('logLevel');
    expect(() => loadConfig({ LOG_LEVEL: 'verbose' })).toThrow(/^LOG_LEVEL="verbose" must be one of trace, debug/);
    expect(() => loadConfig({ METRICS_TOKEN: 'short-one' })).toThrow(ConfigError);
    expect(() => loadConfig({ METRICS_TOKEN: 'short-one' })).toThrow(
      /^METRICS_TOKEN \(9 characters, value not shown\)/,
    );
  });
});

describe('GET /metrics', () => {
  const sample = (text: string, name: string, labels: Record<string, string> = {}): number | undefined => {
    const wanted = Object.entries(labels).map(([k, v]) => `${k}="${v}"`);
    for (const line of text.split('\n')) {
      const m = /^([a-z_:]+)(?:\{(.*)\})? (\S+)$/.exec(line);
      if (!m || m[1] !== name) continue;
      const have = m[2] ? m[2].split(/,(?=[a-z_]+=)/) : [];
      if (wanted.every((w) => have.includes(w)) && have.length === wanted.length) return Number(m[3]);
    }
    return undefined;
  };

  it('counts requests by route pattern and status, their latency, and sign-in outcomes', async () => {
    const before = await (await scrape('127.0.0.1')).text();
    const { browser } = await staffBrowser('127.0.0.1');
    await browser.post('/user/search_user/', { search_key: 'username', search_value: 'observer' });
    await browser.post('/user/search_user/', { search_key: 'username', search_value: 'observer' });
    await new Browser(server).post('/login_account_new/', { username: 'nobody-here', password: 'wrong' });
    const res = await scrape('127.0.0.1');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await res.text();
    const grew = (name: string, labels: Record<string, string>) =>
      (sample(text, name, labels) ?? 0) - (sample(before, name, labels) ?? 0);
    expect(grew('http_requests_total', { route: '/user/search_user/', method: 'POST', status: '200' })).toBe(2);
    expect(grew('http_request_duration_seconds_count', { route: '/user/search_user/', method: 'POST' })).toBe(2);
    expect(
      sample(text, 'http_request_duration_seconds_bucket', { route: '/user/search_user/', method: 'POST', le: '+Inf' }),
    ).toBeGreaterThanOrEqual(2);
    expect(grew('staff_console_sign_in_total', { step: 'password', outcome: 'success' })).toBe(1);
    expect(grew('staff_console_sign_in_total', { step: 'otp', outcome: 'success' })).toBe(1);
    // The second browser fetched no CSRF cookie: refused before the handler.
    expect(grew('staff_console_sign_in_total', { step: 'password', outcome: 'rejected' })).toBe(1);
    // Gauges read at the scrape (the sweep that follows a sign-in may hold the writer meanwhile).
    expect(sample(text, 'staff_console_password_hashing_running')).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'staff_console_password_hashing_queued')).toBeGreaterThanOrEqual(0);
    expect(grew('staff_console_password_hashing_started_total', {})).toBeGreaterThanOrEqual(1);
    if (engineOf(server.db) === 'sqlite') {
      expect(sample(text, 'staff_console_sqlite_writer_busy')).toBeGreaterThanOrEqual(0);
      expect(sample(text, 'staff_console_sqlite_writer_queued')).toBeGreaterThanOrEqual(0);
      expect(
        (sample(text, 'staff_console_sqlite_readers', { state: 'idle' }) ?? 0) +
          (sample(text, 'staff_console_sqlite_readers', { state: 'busy' }) ?? 0),
      ).toBeGreaterThanOrEqual(1);
      expect(sample(text, 'staff_console_pg_pool_waiting')).toBeUndefined();
    } else {
      expect(
        (sample(text, 'staff_console_pg_pool_connections', { state: 'idle' }) ?? 0) +
          (sample(text, 'staff_console_pg_pool_connections', { state: 'active' }) ?? 0),
      ).toBeGreaterThanOrEqual(1);
      expect(sample(text, 'staff_console_pg_pool_waiting')).toBeGreaterThanOrEqual(0);
      expect(sample(text, 'staff_console_sqlite_writer_busy')).toBeUndefined();
    }
    // Scrapes are counted, not logged.
    expect(
      sample(text, 'http_requests_total', { route: '/metrics', method: 'GET', status: '200' }),
    ).toBeGreaterThanOrEqual(1);
    expect(requestLines().filter((l) => l['route'] === '/metrics')).toEqual([]);
  });

  it('shows a bulk operation while it runs', async () => {
    const running = () =>
      scrape('::1').then(async (r) =>
        sample(await r.text(), 'staff_console_bulk_operations_running', { operation: 'test_bulk' }),
      );
    const started = new Promise<void>((resolve) => (markStarted = resolve));
    const answered = new Browser(server).send('GET', '/test/bulk/');
    // The handler waits for finishBulk: the operation is running.
    await started;
    expect(await running()).toBe(1);
    finishBulk();
    expect((await answered).status).toBe(200);
    expect(await running()).toBe(0);
  });

  it('refuses a caller elsewhere without the token, and one a proxy forwarded', async () => {
    for (const [address, headers] of [
      ['10.1.2.3', {}],
      ['10.1.2.3', { authorization: 'Bearer not-the-token-0123456789abcdefghijk' }],
      ['127.0.0.1', { 'x-forwarded-for': '203.0.113.9' }],
      [null, {}],
    ] as const) {
      const res = await scrape(address, headers);
      expect(res.status, `${address} ${JSON.stringify(headers)}`).toBe(404);
      expect(await res.json()).toEqual({ status: false, msg: 'Not found.' });
    }
    // Refusals are logged: someone is probing.
    expect(requestLines()).toHaveLength(4);
    expect(requestLines()[0]).toMatchObject({ level: 'warn', route: '/metrics', status: 404, client: '10.1.2.3' });
  });

  it('answers a caller anywhere with the token', async () => {
    const res = await scrape('10.1.2.3', { authorization: `Bearer ${METRICS_TOKEN}` });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('# TYPE http_requests_total counter');
  });
});
