import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LOGIN_BLOCKED, MESSAGES } from '../../src/domain/auth';
import { LOCKOUT_MS } from '../../src/domain/constants';
import { createTestServer, type TestServer } from '../support/server';
import { Browser } from './support/browser';
import { passwordStep, signIn, type Staff } from './support/sign-in';

let server: TestServer;
let staff: Staff;
let browser: Browser;
beforeEach(async () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-21T09:00:00Z'));
  server = await createTestServer();
  staff = await server.createStaff({ username: 'lena', features: ['admin_panel_access'], activated: true });
  browser = new Browser(server);
  await browser.open();
});
afterEach(async () => {
  await server.close();
  vi.useRealTimers();
});

const wrongPassword = () => browser.postJson('/login_account_new/', { username: 'lena', password: 'not her password' });
const rightPassword = () => browser.postJson('/login_account_new/', { username: 'lena', password: staff.password });
const wrongCode = () => browser.postJson('/login_tfa_new/', { username: 'lena', otp: server.totp(staff.totpSecret!, Date.now() + 300_000) });

describe('lockout', () => {
  it('blocks after five wrong passwords, even the right one, and unblocks after 15 minutes', async () => {
    for (let i = 0; i < 4; i++) expect((await wrongPassword())['msg']).toBe(MESSAGES.badCredentials);
    expect(await wrongPassword()).toEqual({ status: false, msg: LOGIN_BLOCKED, first_time_login: false });
    expect(await rightPassword()).toEqual({ status: false, msg: LOGIN_BLOCKED, first_time_login: false });

    vi.setSystemTime(Date.now() + LOCKOUT_MS - 1000);
    expect((await rightPassword())['msg']).toBe(LOGIN_BLOCKED);
    vi.setSystemTime(Date.now() + 1000);
    expect((await rightPassword())['status']).toBe(true);
  });

  it('counts wrong codes too, and refuses even the right code once blocked', async () => {
    await passwordStep(server, staff, browser);
    for (let i = 0; i < 4; i++) expect(await wrongCode()).toEqual({ status: false, msg: MESSAGES.badOtp });
    expect(await wrongCode()).toEqual({ status: false, msg: LOGIN_BLOCKED });
    expect(await browser.postJson('/login_tfa_new/', { username: 'lena', otp: server.totp(staff.totpSecret!) }))
      .toEqual({ status: false, msg: LOGIN_BLOCKED });
  });

  it('counts password and code failures together', async () => {
    for (let i = 0; i < 3; i++) await wrongPassword();
    await rightPassword();
    await wrongCode();
    expect(await wrongCode()).toEqual({ status: false, msg: LOGIN_BLOCKED });
  });

  it('starts the count again after a completed sign-in', async () => {
    for (let i = 0; i < 4; i++) await wrongPassword();
    await signIn(server, staff, browser);
    vi.setSystemTime(Date.now() + 30_000);
    for (let i = 0; i < 4; i++) expect((await wrongPassword())['msg']).toBe(MESSAGES.badCredentials);
    expect((await rightPassword())['status']).toBe(true);
  });

  it('does not reset the count on a correct password alone', async () => {
    for (let i = 0; i < 4; i++) await wrongPassword();
    expect((await rightPassword())['status']).toBe(true);
    expect(await wrongCode()).toEqual({ status: false, msg: LOGIN_BLOCKED });
  });

  it('counts failures that arrive at the same moment', async () => {
    const browsers = await Promise.all(Array.from({ length: 5 }, async () => {
      const b = new Browser(server);
      await b.open();
      return b;
    }));
    await Promise.all(browsers.map((b) => b.postJson('/login_account_new/', { username: 'lena', password: 'nope' })));
    expect(await rightPassword()).toMatchObject({ status: false, msg: LOGIN_BLOCKED });
  });

  it('blocks a name nobody has after five failures, as it would a real account, with only a counter row', async () => {
    const users = (await server.db.selectFrom('users').select('id').execute()).length;
    const ghost = () => browser.postJson('/login_account_new/', { username: 'ghost', password: 'guess' });
    for (let i = 0; i < 4; i++) expect(await ghost()).toEqual({ status: false, msg: MESSAGES.badCredentials, first_time_login: false });
    expect(await ghost()).toEqual({ status: false, msg: LOGIN_BLOCKED, first_time_login: false });
    expect(await ghost()).toEqual({ status: false, msg: LOGIN_BLOCKED, first_time_login: false });
    expect(await server.db.selectFrom('login_attempts').select('username').execute()).toEqual([{ username: 'ghost' }]);
    expect(await server.db.selectFrom('users').select('id').execute()).toHaveLength(users);
    vi.setSystemTime(Date.now() + LOCKOUT_MS);
    expect((await ghost())['msg']).toBe(MESSAGES.badCredentials);
  });

  it('counts every spelling of a username on one counter', async () => {
    for (const username of ['LENA', ' Lena', 'lena ', 'Lena', 'lEnA']) {
      await browser.postJson('/login_account_new/', { username, password: 'not her password' });
    }
    expect(await rightPassword()).toEqual({ status: false, msg: LOGIN_BLOCKED, first_time_login: false });
    expect(await server.db.selectFrom('login_attempts').select('username').execute()).toEqual([{ username: 'lena' }]);
  });

  it('gives five fresh tries once a lock has ended', async () => {
    for (let i = 0; i < 5; i++) await wrongPassword();
    vi.setSystemTime(Date.now() + LOCKOUT_MS);
    for (let i = 0; i < 4; i++) expect((await wrongPassword())['msg']).toBe(MESSAGES.badCredentials);
    expect((await wrongPassword())['msg']).toBe(LOGIN_BLOCKED);
  });
});
