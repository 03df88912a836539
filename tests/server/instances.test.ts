import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LOGIN_BLOCKED } from '../../src/domain/auth';
import { LOCKOUT_THRESHOLD } from '../../src/domain/constants';
import { createApp } from '../../server/app';
import { createTestServer, type TestServer } from '../support/server';
import { Browser } from './support/browser';
import { PANEL, signIn } from './support/sign-in';

// Stateless instances: sessions, lockout, replay marks and (without SECRET_KEY) the secret itself
// live in the shared database, so any instance can answer any request.
let server: TestServer;
beforeEach(async () => {
  server = await createTestServer({ config: { secretKey: null } });
});
afterEach(async () => {
  await server.close();
});

describe('several instances on one database', () => {
  it('generates the secret once, stores it, and shares it', async () => {
    const staff = await server.createStaff({ username: 'ida', features: PANEL, activated: true });
    const secrets = await server.db.selectFrom('server_secrets').selectAll().execute();
    expect(secrets).toHaveLength(1);
    expect(secrets[0]!.value.length).toBeGreaterThanOrEqual(48);

    const first = await signIn(server, staff);
    const second = createApp({ db: server.db, config: server.config });
    // The same cookies (session and CSRF token) work at the other instance.
    const there = new Browser({ app: second });
    for (const [k, val] of first.cookies) there.cookies.set(k, val);
    expect((await there.postJson('/session_check/'))['status']).toBe(true);
    expect(await server.db.selectFrom('server_secrets').selectAll().execute()).toHaveLength(1);
  });

  it('refuses at one instance the code just used at another', async () => {
    const staff = await server.createStaff({ username: 'jon', features: PANEL, activated: true });
    const second = createApp({ db: server.db, config: server.config });
    const a = new Browser(server);
    const b = new Browser({ app: second });
    await a.open();
    await b.open();
    await a.postJson('/login_account_new/', { username: 'jon', password: staff.password });
    await b.postJson('/login_account_new/', { username: 'jon', password: staff.password });
    const code = server.totp(staff.totpSecret!);
    const replies = await Promise.all([
      a.postJson('/login_tfa_new/', { username: 'jon', otp: code }),
      b.postJson('/login_tfa_new/', { username: 'jon', otp: code }),
    ]);
    expect(replies.filter((r) => r['status'] === true)).toHaveLength(1);
  });

  it('counts a burst of codes split between two instances as one, and refuses the right code in it', async () => {
    const staff = await server.createStaff({ username: 'kim', features: PANEL, activated: true });
    const second = createApp({ db: server.db, config: server.config });
    const a = new Browser(server);
    await a.open();
    await a.postJson('/login_account_new/', { username: 'kim', password: staff.password });
    // The same half-signed-in browser, its calls spread over both instances.
    const b = new Browser({ app: second });
    for (const [k, val] of a.cookies) b.cookies.set(k, val);
    const right = server.totp(staff.totpSecret!);
    const near = new Set([
      right,
      server.totp(staff.totpSecret!, Date.now() - 30_000),
      server.totp(staff.totpSecret!, Date.now() + 30_000),
    ]);
    const wrong = Array.from({ length: 60 }, (_, i) =>
      String((Number(right) + 1000 + i * 7919) % 1_000_000).padStart(6, '0'),
    )
      .filter((code) => !near.has(code))
      .slice(0, 50);
    const replies = await Promise.all([
      ...wrong.map((otp, i) => (i % 2 === 0 ? a : b).postJson('/login_tfa_new/', { username: 'kim', otp })),
      b.postJson('/login_tfa_new/', { username: 'kim', otp: right }),
    ]);
    expect(replies.at(-1)).toEqual({ status: false, msg: LOGIN_BLOCKED });
    const checked = await server.db
      .selectFrom('audit_log')
      .select('id')
      .where('author', '=', 'kim')
      .where('action', '=', 'code rejected')
      .execute();
    expect(checked.length).toBeLessThanOrEqual(LOCKOUT_THRESHOLD);
    expect(
      await server.db.selectFrom('sessions').select('id_hash').where('stage', '=', 'authenticated').execute(),
    ).toHaveLength(0);
  });
});
