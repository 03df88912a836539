import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CSRF_COOKIE, SESSION_ABSOLUTE_MS, SESSION_COOKIE } from '../../src/domain/constants';
import { hashSessionId } from '../../server/auth/sessions';
import { LOGGED_OUT } from '../../server/api/session';
import type { ServerConfig } from '../../server/config';
import { createTestServer, type TestServer } from '../support/server';
import { Browser, setCookiesOf } from './support/browser';
import { PANEL, passwordStep, signIn, type Staff } from './support/sign-in';
import { advance, startFakeClock, stopFakeClock } from './support/clock';

let server: TestServer;
let staff: Staff;
beforeEach(async () => {
  startFakeClock();
  server = await createTestServer();
  staff = await server.createStaff({ username: 'mia', features: PANEL, activated: true });
});
afterEach(async () => {
  await server.close();
  stopFakeClock();
});

const signedIn = async (b: Browser) => (await b.postJson('/session_check/'))['status'] === true;

describe('rotation', () => {
  it('issues a new session id after the password step and again after the code step', async () => {
    const browser = new Browser(server);
    // A session id fixed in advance (session fixation) does not survive sign-in.
    const planted = 'planted-session-id-planted-session-id-0000';
    browser.cookies.set(SESSION_COOKIE, planted);
    await browser.open();
    const csrfBefore = browser.cookie(CSRF_COOKIE);

    await browser.postJson('/login_account_new/', { username: 'mia', password: staff.password });
    const pending = browser.cookie(SESSION_COOKIE)!;
    expect(pending).toBeDefined();
    expect(pending).not.toBe(planted);
    const csrfPending = browser.cookie(CSRF_COOKIE);
    expect(csrfPending).not.toBe(csrfBefore);

    await browser.postJson('/login_tfa_new/', { username: 'mia', otp: server.totp(staff.totpSecret!) });
    const authenticated = browser.cookie(SESSION_COOKIE)!;
    expect(authenticated).not.toBe(pending);
    expect(browser.cookie(CSRF_COOKIE)).not.toBe(csrfPending);
    expect(await signedIn(browser)).toBe(true);

    // The pending id is dead: presenting it again signs nobody in.
    const old = new Browser(server);
    old.cookies.set(SESSION_COOKIE, pending);
    await old.open();
    expect(await signedIn(old)).toBe(false);
  });

  it('stores only a hash of the session id', async () => {
    const browser = await signIn(server, staff);
    const id = browser.cookie(SESSION_COOKIE)!;
    const rows = await server.db.selectFrom('sessions').selectAll().execute();
    expect(rows.map((r) => r.id_hash)).toEqual([hashSessionId(id)]);
    expect(JSON.stringify(rows)).not.toContain(id);
    expect(id.length).toBeGreaterThanOrEqual(43); // 256 bits in base64url
  });
});

describe('expiry', () => {
  it('ends a session idle for 15 minutes', async () => {
    const browser = await signIn(server, staff);
    advance(15 * 60_000 - 1000);
    expect(await signedIn(browser)).toBe(true);
    advance(15 * 60_000 - 1000);
    expect(await signedIn(browser)).toBe(true);
    advance(15 * 60_000);
    expect(await signedIn(browser)).toBe(false);
    expect(await server.db.selectFrom('sessions').selectAll().execute()).toHaveLength(0);
  });

  it('follows SESSION_IDLE_SECONDS', async () => {
    const short = await createTestServer({ config: { sessionIdleSeconds: 60 } });
    try {
      const s = await short.createStaff({ username: 'quick', features: PANEL, activated: true });
      const browser = await signIn(short, s);
      advance(59_000);
      expect(await signedIn(browser)).toBe(true);
      advance(60_000);
      expect(await signedIn(browser)).toBe(false);
    } finally {
      await short.close();
    }
  });

  it('a check with activity=false does not keep the session alive, and says how long it has left', async () => {
    const browser = await signIn(server, staff);
    const idle = 15 * 60_000;
    const peek = () => browser.postJson('/session_check/', { activity: 'false' });
    advance(10 * 60_000);
    expect(await peek()).toMatchObject({ status: true, idle_left_ms: idle - 10 * 60_000 });
    advance(4 * 60_000);
    expect(await peek()).toMatchObject({ status: true, idle_left_ms: idle - 14 * 60_000 });
    // Fifteen minutes after the last activity, however often the panel looked.
    advance(60_000);
    expect(await peek()).toMatchObject({ status: false });
  });

  it('a check as spec §7 writes it counts as activity and starts the idle time again', async () => {
    const browser = await signIn(server, staff);
    advance(10 * 60_000);
    expect(await browser.postJson('/session_check/')).toMatchObject({ status: true, idle_left_ms: 15 * 60_000 });
    advance(10 * 60_000);
    expect(await browser.postJson('/session_check/', { activity: 'false' })).toMatchObject({
      status: true,
      idle_left_ms: 5 * 60_000,
    });
  });

  it('ends a session 12 hours after sign-in however active it is', async () => {
    const browser = await signIn(server, staff);
    let elapsed = 0;
    while (elapsed + 10 * 60_000 < SESSION_ABSOLUTE_MS) {
      advance(10 * 60_000);
      elapsed += 10 * 60_000;
      expect(await signedIn(browser)).toBe(true);
    }
    advance(SESSION_ABSOLUTE_MS - elapsed);
    expect(await signedIn(browser)).toBe(false);
  });

  it('ends a half-signed-in session after 5 minutes', async () => {
    const browser = await passwordStep(server, staff);
    advance(5 * 60_000);
    const res = await browser.post('/login_tfa_new/', { username: 'mia', otp: server.totp(staff.totpSecret!) });
    expect(res.status).toBe(403);
  });

  it('sweeps sessions that can no longer be used when someone signs in', async () => {
    await signIn(server, staff);
    advance(16 * 60_000);
    const other = await server.createStaff({ username: 'noor', features: PANEL, activated: true });
    await signIn(server, other);
    const rows = await server.db.selectFrom('sessions').select('user_id').execute();
    const noor = await server.db
      .selectFrom('users')
      .select('id')
      .where('username', '=', 'noor')
      .executeTakeFirstOrThrow();
    expect(rows).toEqual([{ user_id: noor.id }]);
  });

  it('ends the session of someone deactivated meanwhile', async () => {
    const browser = await signIn(server, staff);
    await server.db.updateTable('users').set({ active: 0 }).where('username', '=', 'mia').execute();
    expect(await signedIn(browser)).toBe(false);
  });
});

describe('cookies', () => {
  const HOST_SESSION = `__Host-${SESSION_COOKIE}`;
  const HOST_CSRF = `__Host-${CSRF_COOKIE}`;
  async function signInCookies(
    origin: string,
    headers: Record<string, string> = {},
    config: Partial<ServerConfig> | null = null,
    address?: string,
  ) {
    const s = config ? await createTestServer({ config }) : server;
    const who = config ? await s.createStaff({ username: 'proxied', features: PANEL, activated: true }) : staff;
    const browser = new Browser(s, origin, address);
    await browser.send('POST', '/session_check/', { csrf: false, headers });
    await browser.send('POST', '/login_account_new/', {
      form: { username: who.username, password: who.password },
      headers,
    });
    const res = await browser.send('POST', '/login_tfa_new/', {
      form: { username: who.username, otp: s.totp(who.totpSecret!) },
      headers,
    });
    if (config) await s.close();
    return Object.fromEntries(setCookiesOf(res).map((c) => [c.name, c.attributes]));
  }

  it('marks the session cookie HttpOnly, SameSite=Lax, Path=/, and not Secure over plain HTTP', async () => {
    const cookies = await signInCookies('http://localhost');
    expect(cookies[SESSION_COOKIE]).toMatchObject({ httponly: true, samesite: 'Lax', path: '/' });
    expect(cookies[SESSION_COOKIE]!['secure']).toBeUndefined();
    expect(cookies[CSRF_COOKIE]!['httponly']).toBeUndefined();
    expect(cookies[CSRF_COOKIE]).toMatchObject({ samesite: 'Lax', path: '/' });
    expect(Object.keys(cookies).filter((name) => name.startsWith('__Host-'))).toEqual([]);
  });

  it('over HTTPS names both cookies __Host- (Secure, Path=/, no Domain), and sets no bare ones', async () => {
    const cookies = await signInCookies('https://console.example');
    expect(Object.keys(cookies).sort()).toEqual([HOST_CSRF, HOST_SESSION]);
    expect(cookies[HOST_SESSION]).toMatchObject({ secure: true, httponly: true, path: '/' });
    expect(cookies[HOST_CSRF]).toMatchObject({ secure: true, path: '/' });
    expect(cookies[HOST_SESSION]!['domain']).toBeUndefined();
    expect(cookies[HOST_CSRF]!['domain']).toBeUndefined();
  });

  it('over HTTPS reads only the __Host- cookies: a bare session cookie planted beside them signs nobody in', async () => {
    const browser = await signIn(server, staff, new Browser(server, 'https://console.example'));
    expect(await browser.postJson('/session_check/')).toMatchObject({ status: true });
    const planted = new Browser(server, 'https://console.example');
    planted.cookies.set(SESSION_COOKIE, browser.cookie(HOST_SESSION)!);
    planted.cookies.set(CSRF_COOKIE, browser.cookie(HOST_CSRF)!);
    const res = await planted.send('POST', '/session_check/');
    // Neither bare cookie is read: no session, and no CSRF token either.
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ status: false });
  });

  it('lets the CSRF cookie live no longer than a session can', async () => {
    for (const origin of ['http://localhost', 'https://console.example']) {
      advance(30_000); // a fresh code step for each sign-in
      const cookies = await signInCookies(origin);
      const csrf = cookies[origin.startsWith('https') ? HOST_CSRF : CSRF_COOKIE];
      expect(csrf, `${origin}: ${JSON.stringify(cookies)}`).toBeDefined();
      expect(Number(csrf!['max-age'])).toBe(SESSION_ABSOLUTE_MS / 1000);
    }
  });

  it('believes X-Forwarded-Proto only when TRUST_PROXY is on', async () => {
    expect(
      (await signInCookies('http://localhost', { 'x-forwarded-proto': 'https' }))[SESSION_COOKIE]!['secure'],
    ).toBeUndefined();
    // Behind a TLS proxy the page itself is https, so that is the Origin the browser sends.
    const proxied = { 'x-forwarded-proto': 'https', origin: 'https://localhost' };
    expect((await signInCookies('http://localhost', proxied, { trustProxy: true }))[HOST_SESSION]).toMatchObject({
      secure: true,
    });
  });

  it('with TRUSTED_PROXIES set, believes X-Forwarded-Proto only from a listed proxy', async () => {
    const proxied = { 'x-forwarded-proto': 'https', origin: 'https://localhost' };
    const config = { trustProxy: true, trustedProxies: ['10.200.0.0/16'] };
    expect((await signInCookies('http://localhost', proxied, config, '10.200.3.4'))[HOST_SESSION]).toMatchObject({
      secure: true,
    });
    const direct = await signInCookies('http://localhost', { 'x-forwarded-proto': 'https' }, config, '192.0.2.9');
    expect(direct[SESSION_COOKIE]).toMatchObject({ httponly: true });
    expect(direct[SESSION_COOKIE]!['secure']).toBeUndefined();
  });
});

describe('logout', () => {
  it('deletes the session on the server, so the old cookie signs nobody in', async () => {
    const browser = await signIn(server, staff);
    const oldCookie = browser.cookie(SESSION_COOKIE)!;
    const oldCsrf = browser.cookie(CSRF_COOKIE)!;
    const res = await browser.send('GET', '/logout_account/');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ msg: LOGGED_OUT });
    expect(browser.cookie(SESSION_COOKIE)).toBeUndefined();
    expect(await server.db.selectFrom('sessions').selectAll().execute()).toHaveLength(0);

    const replay = new Browser(server);
    replay.cookies.set(SESSION_COOKIE, oldCookie);
    replay.cookies.set(CSRF_COOKIE, oldCsrf);
    expect(await replay.postJson('/session_check/')).toEqual({ status: false });
    expect((await replay.send('GET', '/logout_account/')).status).toBe(403);
  });

  it('refuses a logout without the CSRF header, though it is a GET', async () => {
    const browser = await signIn(server, staff);
    expect((await browser.send('GET', '/logout_account/', { csrf: false })).status).toBe(403);
    expect(await signedIn(browser)).toBe(true);
  });
});
