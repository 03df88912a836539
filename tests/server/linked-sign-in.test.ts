import { SignJWT } from 'jose';
import * as v from 'valibot';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LOGIN_BLOCKED, MESSAGES, SessionInfo } from '../../src/domain/auth';
import { LINK_TOKEN_MS, SESSION_ABSOLUTE_MS } from '../../src/domain/constants';
import { SIGN_IN_TEXT } from '../../server/api/sign-in';
import { LINK_EMAIL_QUIET_MS, LINK_TRUST_TEXT } from '../../server/auth/link-trust';
import { createApp } from '../../server/app';
import { sweepExpired } from '../../server/sweep';
import { createTestServer, type TestServer } from '../support/server';
import { Browser } from './support/browser';
import { signIn, type Staff } from './support/sign-in';
import { startFakeClock, stopFakeClock } from './support/clock';

const TYPES = { app: 'http://localhost:8080', testing: 'http://localhost:8081', local: 'http://localhost:8082' };
const FEATURES = ['admin_panel_access', 'user_mgmt'];

let app: TestServer;
let testing: TestServer;
let onApp: Staff;
beforeEach(async () => {
  startFakeClock();
  app = await createTestServer({ config: { serverType: 'app', serverTypes: TYPES } });
  testing = await createTestServer({ config: { serverType: 'testing', serverTypes: TYPES } });
  onApp = await app.createStaff({
    username: 'ines',
    features: FEATURES,
    allowedSt: ['app', 'testing', 'elsewhere'],
    activated: true,
  });
  await testing.createStaff({ username: 'ines', features: FEATURES, allowedSt: ['testing'], activated: true });
});
afterEach(async () => {
  await Promise.all([app.close(), testing.close()]);
  stopFakeClock();
});

async function tokenFromApp(): Promise<string> {
  const browser = await signIn(app, onApp);
  const info = v.parse(SessionInfo, await browser.postJson('/session_check/'));
  expect(info.allowed_st).toEqual(['app', 'testing']); // 'elsewhere' is not a configured type
  expect(info.server_urls).toEqual({ app: TYPES.app, testing: TYPES.testing });
  return info.jwt_token;
}

/** Keeps a browser's session alive for `ms` with a session check every ten minutes. */
async function stayActive(browser: Browser, ms: number): Promise<void> {
  for (let left = ms; left > 0; left -= 10 * 60_000) {
    vi.setSystemTime(Date.now() + Math.min(10 * 60_000, left));
    expect((await browser.postJson('/session_check/'))['status']).toBe(true);
  }
}

const HOUR = 60 * 60_000;

async function linkedLogin(token: string, server: Pick<TestServer, 'app'> = testing) {
  const browser = new Browser(server);
  await browser.open();
  return { browser, reply: await browser.postJson('/login_with_mt_account/', { token }) };
}

describe('linked sign-in', () => {
  it('signs in on another server type with a token from session_check/', async () => {
    const { browser, reply } = await linkedLogin(await tokenFromApp());
    expect(reply).toEqual({ status: true, mt_user_email: onApp.email });
    const info = v.parse(SessionInfo, await browser.postJson('/session_check/'));
    expect(info.email).toBe(onApp.email);
    expect(info.features).toEqual(FEATURES);
    expect(info.allowed_st).toEqual(['testing']);
    const row = await testing.db.selectFrom('sessions').selectAll().executeTakeFirstOrThrow();
    expect(row).toMatchObject({ stage: 'authenticated', mt_user_email: onApp.email });
  });

  it('refuses an expired token', async () => {
    const token = await tokenFromApp();
    vi.setSystemTime(Date.now() + LINK_TOKEN_MS + 1000);
    expect((await linkedLogin(token)).reply).toEqual({ status: false, msg: SIGN_IN_TEXT.linkExpired });
  });

  it('refuses a forged token', async () => {
    const forged = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer('app')
      .setAudience(['testing'])
      .setSubject(onApp.email)
      .setJti('forged-1')
      .setIssuedAt()
      .setExpirationTime('5m')
      .sign(new TextEncoder().encode('some-other-key-that-is-long-enough-000'));
    expect((await linkedLogin(forged)).reply).toEqual({ status: false, msg: SIGN_IN_TEXT.linkInvalid });
    const tampered = (await tokenFromApp()).split('.');
    const payload = JSON.parse(Buffer.from(tampered[1]!, 'base64url').toString());
    tampered[1] = Buffer.from(JSON.stringify({ ...payload, sub: 'someone.else@staff-console.test' })).toString(
      'base64url',
    );
    expect((await linkedLogin(tampered.join('.'))).reply).toEqual({ status: false, msg: SIGN_IN_TEXT.linkInvalid });
    expect((await linkedLogin('not-a-jwt')).reply).toEqual({ status: false, msg: SIGN_IN_TEXT.linkInvalid });
  });

  it('refuses a token used once already', async () => {
    const token = await tokenFromApp();
    expect((await linkedLogin(token)).reply['status']).toBe(true);
    expect((await linkedLogin(token)).reply).toEqual({ status: false, msg: SIGN_IN_TEXT.linkUsed });
  });

  it('refuses a token meant for another server type, or replayed to its issuer', async () => {
    const token = await tokenFromApp();
    const local = await createTestServer({ config: { serverType: 'local', serverTypes: TYPES } });
    try {
      await local.createStaff({ username: 'ines', features: FEATURES, activated: true });
      expect((await linkedLogin(token, local)).reply).toEqual({ status: false, msg: SIGN_IN_TEXT.linkInvalid });
    } finally {
      await local.close();
    }
    expect((await linkedLogin(token, app)).reply).toEqual({ status: false, msg: SIGN_IN_TEXT.linkInvalid });
  });

  it('refuses when no staff account here has the email', async () => {
    await testing.db
      .updateTable('users')
      .set({ email: 'renamed@staff-console.test' })
      .where('username', '=', 'ines')
      .execute();
    expect((await linkedLogin(await tokenFromApp())).reply).toEqual({ status: false, msg: SIGN_IN_TEXT.linkNoAccount });
  });

  it('clears the failure count of the account it signs in, as any completed sign-in does', async () => {
    const wrongPassword = async () => {
      const b = new Browser(testing);
      await b.open();
      return (await b.postJson('/login_account_new/', { username: 'ines', password: 'wrong' }))['msg'];
    };
    for (let i = 0; i < 4; i++) expect(await wrongPassword()).toBe(MESSAGES.badCredentials);
    expect((await linkedLogin(await tokenFromApp())).reply['status']).toBe(true);
    expect(await testing.db.selectFrom('login_attempts').selectAll().execute()).toEqual([]);
    for (let i = 0; i < 4; i++) expect(await wrongPassword()).toBe(MESSAGES.badCredentials);
    expect(await wrongPassword()).toBe(LOGIN_BLOCKED);
  });

  it('refuses a blocked account, leaving the token unused and the lock in place', async () => {
    for (let i = 0; i < 5; i++) {
      const b = new Browser(testing);
      await b.open();
      await b.postJson('/login_account_new/', { username: 'ines', password: 'wrong' });
    }
    const token = await tokenFromApp();
    expect((await linkedLogin(token)).reply).toEqual({ status: false, msg: LOGIN_BLOCKED });
    expect(await testing.db.selectFrom('used_link_tokens').selectAll().execute()).toEqual([]);
    expect(
      (await testing.db.selectFrom('login_attempts').select('locked_until').executeTakeFirstOrThrow()).locked_until,
    ).toBeGreaterThan(Date.now());
  });

  it('keeps the 12-hour limit of the first sign-in across hops between server types', async () => {
    const signedInAt = Date.now();
    const onAppBrowser = await signIn(app, onApp);
    await testing.db
      .updateTable('users')
      .set({ allowed_st: JSON.stringify(['app', 'testing']) })
      .where('username', '=', 'ines')
      .execute();

    await stayActive(onAppBrowser, 6 * HOUR);
    const toTesting = v.parse(SessionInfo, await onAppBrowser.postJson('/session_check/')).jwt_token;
    const { browser: onTesting, reply } = await linkedLogin(toTesting);
    expect(reply['status']).toBe(true);
    expect(
      await testing.db.selectFrom('sessions').select(['auth_time', 'expires_at']).executeTakeFirstOrThrow(),
    ).toEqual({ auth_time: signedInAt, expires_at: signedInAt + SESSION_ABSOLUTE_MS });

    await stayActive(onTesting, 3 * HOUR);
    const backToApp = v.parse(SessionInfo, await onTesting.postJson('/session_check/')).jwt_token;
    const { browser: backOnApp, reply: back } = await linkedLogin(backToApp, app);
    expect(back['status']).toBe(true);
    const appRow = await app.db
      .selectFrom('sessions')
      .select(['auth_time', 'expires_at'])
      .where('mt_user_email', 'is not', null)
      .executeTakeFirstOrThrow();
    expect(appRow).toEqual({ auth_time: signedInAt, expires_at: signedInAt + SESSION_ABSOLUTE_MS });

    // Active all along, yet the session ends 12 hours after the only password-and-code sign-in.
    await stayActive(backOnApp, signedInAt + SESSION_ABSOLUTE_MS - Date.now() - 60_000);
    vi.setSystemTime(signedInAt + SESSION_ABSOLUTE_MS);
    expect(await backOnApp.postJson('/session_check/')).toEqual({ status: false });
  });

  it('refuses a token whose sign-in has reached the 12-hour limit, and one without auth_time', async () => {
    const key = new TextEncoder().encode(testing.config.linkSigningKey!);
    const token = (claims: Record<string, unknown>) =>
      new SignJWT({ uid: 1, keys: FEATURES, ...claims })
        .setProtectedHeader({ alg: 'HS256' })
        .setIssuer('app')
        .setAudience(['testing'])
        .setSubject(onApp.email)
        .setJti(`t-${Math.random()}`)
        .setIssuedAt()
        .setExpirationTime('5m')
        .sign(key);
    const now = Math.floor(Date.now() / 1000);
    expect((await linkedLogin(await token({ auth_time: now - SESSION_ABSOLUTE_MS / 1000 }))).reply).toEqual({
      status: false,
      msg: SIGN_IN_TEXT.linkExpired,
    });
    expect((await linkedLogin(await token({}))).reply).toEqual({ status: false, msg: SIGN_IN_TEXT.linkInvalid });
    expect((await linkedLogin(await token({ auth_time: now + 3600 }))).reply).toEqual({
      status: false,
      msg: SIGN_IN_TEXT.linkInvalid,
    });
    const fresh = await linkedLogin(await token({ auth_time: now - 3600 }));
    expect(fresh.reply['status']).toBe(true);
    expect((await testing.db.selectFrom('sessions').select('expires_at').executeTakeFirstOrThrow()).expires_at).toBe(
      (now - 3600) * 1000 + SESSION_ABSOLUTE_MS,
    );
  });

  it('refuses a token issued more than five minutes ago, whatever its exp says', async () => {
    const key = new TextEncoder().encode(testing.config.linkSigningKey!);
    const now = Math.floor(Date.now() / 1000);
    const token = (iat: number) =>
      new SignJWT({ auth_time: now - 3600, uid: 1, keys: FEATURES })
        .setProtectedHeader({ alg: 'HS256' })
        .setIssuer('app')
        .setAudience(['testing'])
        .setSubject(onApp.email)
        .setJti(`age-${iat}`)
        .setIssuedAt(iat)
        .setExpirationTime(now + 3600)
        .sign(key);
    expect((await linkedLogin(await token(now - LINK_TOKEN_MS / 1000 - 1))).reply).toEqual({
      status: false,
      msg: SIGN_IN_TEXT.linkExpired,
    });
    expect((await linkedLogin(await token(now - LINK_TOKEN_MS / 1000 + 30))).reply['status']).toBe(true);
  });

  it('keeps a used token recorded past its expiry, so an instance whose clock is behind still refuses it', async () => {
    const token = await tokenFromApp();
    vi.setSystemTime(Date.now() + LINK_TOKEN_MS - 60_000);
    expect((await linkedLogin(token)).reply['status']).toBe(true);
    // Later, an instance sweeps at its own time, just past the token's expiry…
    vi.setSystemTime(Date.now() + 90_000);
    await sweepExpired(testing.db, Date.now(), 900_000);
    // …while another instance on the same database runs a minute behind: to it, the token is still fresh.
    const behind = createApp({ db: testing.db, config: testing.config, clock: () => Date.now() - 60_000 });
    expect((await linkedLogin(token, { app: behind })).reply).toEqual({ status: false, msg: SIGN_IN_TEXT.linkUsed });
  });

  it('is off without LINK_SIGNING_KEY: no token is issued and none accepted', async () => {
    const plain = await createTestServer({ config: { linkSigningKey: null, serverTypes: TYPES } });
    try {
      const s = await plain.createStaff({
        username: 'olga',
        features: FEATURES,
        allowedSt: ['app', 'testing'],
        activated: true,
      });
      const info = v.parse(SessionInfo, await (await signIn(plain, s)).postJson('/session_check/'));
      expect(info.jwt_token).toBe('');
      expect(info.allowed_st).toEqual(['app']);
      expect((await linkedLogin('x.y.z', plain)).reply).toEqual({ status: false, msg: SIGN_IN_TEXT.linkOff });
    } finally {
      await plain.close();
    }
  });
});

/** A staff member on app with these keys, signed in; app and testing share the link key. */
async function signedInOnApp(username: string, features: string[]): Promise<{ browser: Browser; id: number }> {
  const staff = await app.createStaff({ username, features, allowedSt: ['app', 'testing'], activated: true });
  const id = Number(
    (await app.db.selectFrom('users').select('id').where('username', '=', username).executeTakeFirstOrThrow()).id,
  );
  return { browser: await signIn(app, staff), id };
}

async function saveOn(browser: Browser, db: TestServer['db'], userId: number, changes: Record<string, unknown>) {
  const { version } = await db.selectFrom('users').select('version').where('id', '=', userId).executeTakeFirstOrThrow();
  return browser.postJson('/user/update_account/', {
    user_id: String(userId),
    version: String(version),
    changes: JSON.stringify(changes),
    email_change: 'same',
  });
}

const refusals = async (server: TestServer) =>
  (
    await server.db.selectFrom('audit_log').select(['action', 'current_data']).where('success', '=', 0).execute()
  ).filter((r) => r.action.startsWith('linked sign-in refused'));

describe('what a server type trusts of another (decision 067)', () => {
  it('refuses opening an account here that holds keys the source session lacks, and audits it', async () => {
    await testing.createStaff({
      username: 'root',
      features: ['admin_panel_access', 'user_mgmt', 'role_mgmt', 'is_super_admin_user'],
      allowedSt: ['testing'],
      activated: true,
    });
    // Same email on both types, far fewer keys on app.
    const rootEmail = (
      await testing.db.selectFrom('users').select('email').where('username', '=', 'root').executeTakeFirstOrThrow()
    ).email;
    const low = await signedInOnApp('root', FEATURES);
    expect(
      (await app.db.selectFrom('users').select('email').where('id', '=', low.id).executeTakeFirstOrThrow()).email,
    ).toBe(rootEmail);
    const token = v.parse(SessionInfo, await low.browser.postJson('/session_check/')).jwt_token;
    const { browser, reply } = await linkedLogin(token);
    expect(reply).toEqual({ status: false, msg: LINK_TRUST_TEXT.more_keys });
    expect(await browser.postJson('/session_check/')).toEqual({ status: false });
    const [audit] = await refusals(testing);
    expect(audit!.action).toBe('linked sign-in refused: more keys');
    expect(audit!.current_data).toContain('‘Role management’');
  });

  it('closes the review’s path: an edit_user holder on app who takes an administrator’s email does not become them here', async () => {
    await testing.createStaff({
      username: 'chief',
      features: ['admin_panel_access', 'user_mgmt', 'edit_user', 'role_mgmt'],
      allowedSt: ['testing'],
      activated: true,
    });
    const chiefEmail = (
      await testing.db.selectFrom('users').select('email').where('username', '=', 'chief').executeTakeFirstOrThrow()
    ).email;
    const mallory = await signedInOnApp('mallory', ['admin_panel_access', 'user_mgmt', 'edit_user']);
    expect(await saveOn(mallory.browser, app.db, mallory.id, { email: chiefEmail })).toMatchObject({ status: true });
    const token = v.parse(SessionInfo, await mallory.browser.postJson('/session_check/')).jwt_token;
    expect((await linkedLogin(token)).reply).toEqual({ status: false, msg: LINK_TRUST_TEXT.more_keys });
  });

  it('refuses an email changed within the week, on either type, then trusts it', async () => {
    const admin = await signedInOnApp('keeper', ['admin_panel_access', 'user_mgmt', 'edit_user']);
    const inesId = Number(
      (await app.db.selectFrom('users').select('id').where('username', '=', 'ines').executeTakeFirstOrThrow()).id,
    );
    expect(await saveOn(admin.browser, app.db, inesId, { email: 'ines.new@staff-console.test' })).toMatchObject({
      status: true,
    });
    await testing.db
      .updateTable('users')
      .set({ email: 'ines.new@staff-console.test' })
      .where('username', '=', 'ines')
      .execute();
    expect((await linkedLogin(await tokenFromApp(), testing)).reply).toEqual({
      status: false,
      msg: LINK_TRUST_TEXT.email_recent,
    });
    vi.setSystemTime(Date.now() + LINK_EMAIL_QUIET_MS + 60_000);
    expect((await linkedLogin(await tokenFromApp(), testing)).reply).toEqual({
      status: true,
      mt_user_email: 'ines.new@staff-console.test',
    });
  });

  it('pins the first account of the other type that links here: a token for the same email from another account is refused', async () => {
    expect((await linkedLogin(await tokenFromApp())).reply['status']).toBe(true);
    const key = new TextEncoder().encode(testing.config.linkSigningKey!);
    const now = Math.floor(Date.now() / 1000);
    const impostor = await new SignJWT({ auth_time: now - 60, uid: 987_654, keys: FEATURES })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer('app')
      .setAudience(['testing'])
      .setSubject(onApp.email)
      .setJti('impostor-1')
      .setIssuedAt()
      .setExpirationTime('5m')
      .sign(key);
    expect((await linkedLogin(impostor)).reply).toEqual({ status: false, msg: LINK_TRUST_TEXT.other_identity });
    expect((await refusals(testing)).map((r) => r.action)).toEqual(['linked sign-in refused: other identity']);
    // The pinned account still links (a code later: each code signs in once).
    vi.setSystemTime(Date.now() + 30_000);
    expect((await linkedLogin(await tokenFromApp())).reply['status']).toBe(true);
  });
});
