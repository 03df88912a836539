import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LOGIN_BLOCKED, MESSAGES } from '../../src/domain/auth';
import { LOCKOUT_MS, LOCKOUT_THRESHOLD } from '../../src/domain/constants';
import { attemptKey, clearUnlessLocked, giveBackAttempt, takeAttempt } from '../../server/auth/lockout';
import { hashPassword } from '../../server/auth/passwords';
import { createTestServer, type TestServer } from '../support/server';
import { Browser } from './support/browser';
import { passwordStep, signIn, type Staff } from './support/sign-in';
import { startFakeClock, stopFakeClock } from './support/clock';

let server: TestServer;
let staff: Staff;
let browser: Browser;
beforeEach(async () => {
  startFakeClock();
  server = await createTestServer();
  staff = await server.createStaff({ username: 'lena', features: ['admin_panel_access'], activated: true });
  browser = new Browser(server);
  await browser.open();
});
afterEach(async () => {
  await server.close();
  stopFakeClock();
});

const wrongPassword = () => browser.postJson('/login_account_new/', { username: 'lena', password: 'not her password' });
const rightPassword = () => browser.postJson('/login_account_new/', { username: 'lena', password: staff.password });
const wrongCode = () =>
  browser.postJson('/login_tfa_new/', { username: 'lena', otp: server.totp(staff.totpSecret!, Date.now() + 300_000) });

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
    expect(
      await browser.postJson('/login_tfa_new/', { username: 'lena', otp: server.totp(staff.totpSecret!) }),
    ).toEqual({ status: false, msg: LOGIN_BLOCKED });
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
    const browsers = await Promise.all(
      Array.from({ length: 5 }, async () => {
        const b = new Browser(server);
        await b.open();
        return b;
      }),
    );
    await Promise.all(browsers.map((b) => b.postJson('/login_account_new/', { username: 'lena', password: 'nope' })));
    expect(await rightPassword()).toMatchObject({ status: false, msg: LOGIN_BLOCKED });
  });

  it('blocks a name nobody has after five failures, as it would a real account, with only a counter row', async () => {
    const users = (await server.db.selectFrom('users').select('id').execute()).length;
    const ghost = () => browser.postJson('/login_account_new/', { username: 'ghost', password: 'guess' });
    for (let i = 0; i < 4; i++)
      expect(await ghost()).toEqual({ status: false, msg: MESSAGES.badCredentials, first_time_login: false });
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

// Attempts sent at once, as a script would: each is counted before its factor is checked, so a
// burst gets no more checks than the same guesses sent one after the other.
describe('lockout under concurrent attempts', () => {
  const browsers = (n: number) =>
    Promise.all(
      Array.from({ length: n }, async () => {
        const b = new Browser(server);
        await b.open();
        return b;
      }),
    );
  const actionsOf = async (action: string) =>
    (
      await server.db
        .selectFrom('audit_log')
        .select('id')
        .where('author', '=', 'lena')
        .where('action', '=', action)
        .execute()
    ).length;
  const lockedUntil = async () =>
    (
      await server.db
        .selectFrom('login_attempts')
        .select('locked_until')
        .where('username', '=', 'lena')
        .executeTakeFirst()
    )?.locked_until ?? null;
  const signedInSessions = async () =>
    (await server.db.selectFrom('sessions').select('id_hash').where('stage', '=', 'authenticated').execute()).length;

  /** Six-digit codes that are not the right one (nor that of a neighbouring step). */
  function wrongCodes(n: number): string[] {
    const near = new Set([-30_000, 0, 30_000].map((d) => server.totp(staff.totpSecret!, Date.now() + d)));
    const codes: string[] = [];
    for (let i = 0; codes.length < n; i++) {
      const code = String((Number(server.totp(staff.totpSecret!)) + 1000 + i * 7919) % 1_000_000).padStart(6, '0');
      if (!near.has(code)) codes.push(code);
    }
    return codes;
  }

  it('checks at most five of 50 wrong codes sent with the right one, refuses the right one, and ends blocked', async () => {
    await passwordStep(server, staff, browser);
    const otps = [...wrongCodes(50), server.totp(staff.totpSecret!)];
    const replies = await Promise.all(
      otps.map((otp) => browser.postJson('/login_tfa_new/', { username: 'lena', otp })),
    );
    expect(replies.at(-1)).toEqual({ status: false, msg: LOGIN_BLOCKED });
    expect(replies.every((r) => r['status'] === false)).toBe(true);
    expect(await signedInSessions()).toBe(0);
    expect(await actionsOf('code rejected')).toBeLessThanOrEqual(LOCKOUT_THRESHOLD);
    expect(await lockedUntil()).toBe(Date.now() + LOCKOUT_MS);
    vi.setSystemTime(Date.now() + 60_000);
    expect(
      await browser.postJson('/login_tfa_new/', { username: 'lena', otp: server.totp(staff.totpSecret!) }),
    ).toEqual({ status: false, msg: LOGIN_BLOCKED });
  });

  it('checks at most five of 50 wrong passwords sent with the right one, refuses the right one, and ends blocked', async () => {
    const many = await browsers(51);
    const replies = await Promise.all(
      many.map((b, i) =>
        b.postJson('/login_account_new/', { username: 'lena', password: i < 50 ? `wrong ${i}` : staff.password }),
      ),
    );
    expect(replies.at(-1)).toEqual({ status: false, msg: LOGIN_BLOCKED, first_time_login: false });
    expect(replies.every((r) => r['status'] === false)).toBe(true);
    expect(await server.db.selectFrom('sessions').select('id_hash').execute()).toHaveLength(0);
    expect(await actionsOf('password rejected')).toBeLessThanOrEqual(LOCKOUT_THRESHOLD);
    expect(await lockedUntil()).toBe(Date.now() + LOCKOUT_MS);
  });

  it('refuses a right password whose check was still running when the account locked', async () => {
    // A costlier stored hash keeps the right password's check running while the others arrive.
    await server.db
      .updateTable('users')
      .set({ password_hash: await hashPassword(staff.password, { logN: 15, r: 8, p: 1 }) })
      .where('username', '=', 'lena')
      .execute();
    const [first, ...others] = await browsers(1 + LOCKOUT_THRESHOLD);
    const right = first!.postJson('/login_account_new/', { username: 'lena', password: staff.password });
    const wrong = others.map((b) => b.postJson('/login_account_new/', { username: 'lena', password: 'wrong' }));
    expect(await right).toEqual({ status: false, msg: LOGIN_BLOCKED, first_time_login: false });
    await Promise.all(wrong);
    expect(await server.db.selectFrom('sessions').select('id_hash').execute()).toHaveLength(0);
    expect(await lockedUntil()).toBe(Date.now() + LOCKOUT_MS);
  });

  it('lets the right code through when fewer than five attempts are under way, and clears the count', async () => {
    await passwordStep(server, staff, browser);
    const otps = [...wrongCodes(LOCKOUT_THRESHOLD - 2), server.totp(staff.totpSecret!)];
    const replies = await Promise.all(
      otps.map((otp) => browser.postJson('/login_tfa_new/', { username: 'lena', otp })),
    );
    expect(replies.at(-1)).toEqual({ status: true });
    expect(await signedInSessions()).toBe(1);
    // The success cleared the count; on PostgreSQL a wrong code of the same burst may be counted
    // after it (its own connection), so what is left is at most those, never a lock.
    for (const row of await server.db.selectFrom('login_attempts').selectAll().execute()) {
      expect(row.locked_until).toBeNull();
      expect(row.failures).toBeLessThanOrEqual(LOCKOUT_THRESHOLD - 2);
    }
  });
});

describe('the counter itself', () => {
  const row = () =>
    server.db
      .selectFrom('login_attempts')
      .select(['failures', 'locked_until'])
      .where('username', '=', 'nico')
      .executeTakeFirst();

  it('counts before the check, and the sixth attempt while five are counted locks', async () => {
    const now = Date.now();
    for (let i = 1; i <= LOCKOUT_THRESHOLD; i++) {
      expect(await takeAttempt(server.db, 'nico', now)).toBe('counted');
      expect(await row()).toEqual({ failures: i, locked_until: null });
    }
    expect(await takeAttempt(server.db, 'nico', now)).toBe('locked-now');
    expect(await row()).toEqual({ failures: 0, locked_until: now + LOCKOUT_MS });
    expect(await takeAttempt(server.db, 'nico', now)).toBe('locked');
    expect(await takeAttempt(server.db, 'nico', now + LOCKOUT_MS)).toBe('counted');
    expect(await row()).toEqual({ failures: 1, locked_until: null });
  });

  it('refuses, inside the sign-in transaction, a success that comes after the lock fell', async () => {
    const now = Date.now();
    for (let i = 0; i <= LOCKOUT_THRESHOLD; i++) await takeAttempt(server.db, 'nico', now);
    expect(await server.db.transaction().execute((trx) => clearUnlessLocked(trx, 'nico', now))).toBe(false);
    expect(await server.db.transaction().execute((trx) => giveBackAttempt(trx, 'nico', now))).toBe(false);
    expect(await row()).toEqual({ failures: 0, locked_until: now + LOCKOUT_MS });
  });

  it('gives an attempt back for a correct password, and clears the count for a completed sign-in', async () => {
    const now = Date.now();
    for (let i = 0; i < 3; i++) await takeAttempt(server.db, 'nico', now);
    expect(await server.db.transaction().execute((trx) => giveBackAttempt(trx, 'nico', now))).toBe(true);
    expect(await row()).toEqual({ failures: 2, locked_until: null });
    expect(await server.db.transaction().execute((trx) => clearUnlessLocked(trx, 'nico', now))).toBe(true);
    expect(await row()).toBeUndefined();
    expect(attemptKey('  Ni\uFF43o ')).toBe('nico');
  });
});
