import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { writeAudit } from '../../server/audit';
import { AlreadyEnrolled, enrolTotp } from '../../server/auth/enrolment';
import { createTestServer, type TestServer } from '../support/server';
import { Browser } from './support/browser';
import { signIn } from './support/sign-in';
import { startServerAtMorning, stopServerAtMorning } from './support/fresh-server';

let server: TestServer;
beforeEach(async () => {
  server = await startServerAtMorning();
});
afterEach(() => stopServerAtMorning(server));

const auditRows = () => server.db.selectFrom('audit_log').selectAll().orderBy('id').execute();
const actions = async () => (await auditRows()).map((r) => `${r.author}: ${r.action} (${r.success ? 'ok' : 'failed'})`);

describe('sign-in events', () => {
  it('records failures, lockout, success and logout with author, origin and time', async () => {
    const staff = await server.createStaff({ username: 'ann', features: ['admin_panel_access'], activated: true });
    const b = new Browser(server);
    await b.open();
    await b.postJson('/login_account_new/', { username: 'ann', password: 'wrong' });
    await b.postJson('/login_account_new/', { username: 'ghost', password: 'wrong' });
    await signIn(server, staff, b);
    await b.send('GET', '/logout_account/');
    for (let i = 0; i < 5; i++) await b.postJson('/login_account_new/', { username: 'ann', password: 'wrong' });
    expect(await actions()).toEqual([
      'ann: password rejected (failed)',
      'ghost: password rejected (failed)',
      'ann: password accepted (ok)',
      'ann: signed in (ok)',
      'ann: signed out (ok)',
      'ann: password rejected (failed)',
      'ann: password rejected (failed)',
      'ann: password rejected (failed)',
      'ann: password rejected (failed)',
      'ann: password rejected (failed)',
      'ann: account locked after repeated failures (failed)',
    ]);
    const row = (await auditRows())[0]!;
    expect(row).toMatchObject({ category: 'auth', origin: 'adminpanel', created_at: Date.now() });
  });

  it('records activation and linked sign-in', async () => {
    const staff = await server.createStaff({
      username: 'ben',
      features: ['admin_panel_access'],
      allowedSt: ['app', 'testing'],
    });
    const b = new Browser(server);
    await b.open();
    const ticket = (
      await b.postJson<{ msg: { hx: string; ck: string; key: string } }>('/login_account_new/', {
        username: 'ben',
        password: staff.password,
      })
    ).msg;
    await b.postJson('/ap_activate_tfa', {
      username: 'ben',
      otp: server.totp(ticket.key),
      hx: ticket.hx,
      ck: ticket.ck,
    });
    expect(await actions()).toContain('ben: two-step sign-in activated (ok)');

    const other = await createTestServer({ config: { serverType: 'testing' } });
    try {
      await other.createStaff({ username: 'ben', features: ['admin_panel_access'], activated: true });
      vi.setSystemTime(Date.now() + 30_000);
      await b.postJson('/login_account_new/', { username: 'ben', password: staff.password });
      await b.postJson('/login_tfa_new/', { username: 'ben', otp: server.totp(ticket.key) });
      const token = (await b.postJson<{ jwt_token: string }>('/session_check/')).jwt_token;
      const there = new Browser(other);
      await there.open();
      await there.postJson('/login_with_mt_account/', { token });
      await there.postJson('/login_with_mt_account/', { token });
      const rows = await other.db
        .selectFrom('audit_log')
        .select(['author', 'action', 'success', 'current_data'])
        .orderBy('id')
        .execute();
      expect(rows.map((r) => `${r.action} (${r.success})`)).toEqual([
        'signed in through a linked account (1)',
        'linked sign-in refused: token reused (0)',
      ]);
      expect(JSON.parse(rows[0]!.current_data!)).toEqual({ mt_user_email: staff.email });
    } finally {
      await other.close();
    }
  });
});

describe('client log entries', () => {
  it('stores each entry with the signed-in author and the server time', async () => {
    const staff = await server.createStaff({
      username: 'cleo',
      features: ['admin_panel_access', 'update_logs'],
      activated: true,
    });
    const b = await signIn(server, staff);
    const before = (await auditRows()).length;
    const entries = [
      { category: 'user', action: 'updated user 42', previous_data: { active: true }, current_data: { active: false } },
      { category: 'role', action: 'opened roles', origin: 'adminpanel-v2', success: false },
    ];
    expect(await b.postJson('/log_data_in_es/', { data: JSON.stringify(entries) })).toEqual({
      status: true,
      msg: '2 log entries recorded.',
    });
    const rows = (await auditRows()).slice(before);
    expect(rows).toMatchObject([
      {
        category: 'user',
        author: 'cleo',
        action: 'updated user 42',
        origin: 'adminpanel',
        source: 'client',
        success: 1,
        created_at: Date.now(),
        previous_data: '{"active":true}',
        current_data: '{"active":false}',
      },
      {
        category: 'role',
        author: 'cleo',
        action: 'opened roles',
        origin: 'adminpanel-v2',
        source: 'client',
        success: 0,
        previous_data: null,
      },
    ]);
  });

  it("refuses auth entries from the panel, and marks its entries apart from the server's own", async () => {
    const staff = await server.createStaff({
      username: 'dan',
      features: ['admin_panel_access', 'update_logs'],
      activated: true,
    });
    const b = await signIn(server, staff);
    const before = (await auditRows()).length;
    const forged = [{ category: 'auth', action: 'signed in', origin: 'adminpanel' }];
    const res = await b.post('/log_data_in_es/', { data: JSON.stringify(forged) });
    expect(res.status).toBe(400);
    expect(await auditRows()).toHaveLength(before);

    // An entry that names the server as its origin is still stored as the panel's.
    await b.postJson('/log_data_in_es/', {
      data: JSON.stringify([{ category: 'user', action: 'deleted user 7', origin: 'server' }]),
    });
    const rows = await auditRows();
    expect(rows.slice(before)).toMatchObject([
      { author: 'dan', action: 'deleted user 7', origin: 'server', source: 'client' },
    ]);
    // Sign-in events are the server's.
    expect(rows.filter((r) => r.category === 'auth').every((r) => r.source === 'server')).toBe(true);
    expect(rows.filter((r) => r.category === 'auth').length).toBeGreaterThan(0);
  });
});

describe('one transaction for a change and its audit rows', () => {
  it('leaves neither audit row nor secret when the change fails', async () => {
    const before = (await auditRows()).length;
    // user 999999 does not exist: the foreign key fails after the audit row was written.
    await expect(
      server.db.transaction().execute((trx) =>
        enrolTotp(trx, {
          userId: 999_999,
          username: 'nobody',
          sealedSecret: 'v1.a.b.c',
          step: 1,
          sessionHash: 'x',
          now: Date.now(),
        }),
      ),
    ).rejects.toThrow();
    expect(await auditRows()).toHaveLength(before);
    expect(await server.db.selectFrom('totp_secrets').selectAll().execute()).toHaveLength(0);
  });

  it('rolls back the audit row of an activation that lost a race', async () => {
    await server.createStaff({ username: 'dora', features: ['admin_panel_access'], activated: true });
    const user = await server.db
      .selectFrom('users')
      .select('id')
      .where('username', '=', 'dora')
      .executeTakeFirstOrThrow();
    const before = (await auditRows()).length;
    await expect(
      server.db.transaction().execute((trx) =>
        enrolTotp(trx, {
          userId: user.id,
          username: 'dora',
          sealedSecret: 'v1.a.b.c',
          step: 1,
          sessionHash: 'x',
          now: Date.now(),
        }),
      ),
    ).rejects.toBeInstanceOf(AlreadyEnrolled);
    expect(await auditRows()).toHaveLength(before);
  });

  it('writes nothing of a multi-row change when one row fails', async () => {
    const before = (await auditRows()).length;
    await expect(
      server.db.transaction().execute(async (trx) => {
        await writeAudit(trx, { category: 'role', author: 't', action: 'role renamed', at: Date.now(), success: true });
        await trx.insertInto('roles').values({ name: 'Twin', features: '[]', created_at: 1, updated_at: 1 }).execute();
        await trx.insertInto('roles').values({ name: 'Twin', features: '[]', created_at: 1, updated_at: 1 }).execute();
      }),
    ).rejects.toThrow();
    expect(await auditRows()).toHaveLength(before);
    expect(await server.db.selectFrom('roles').select('id').where('name', '=', 'Twin').execute()).toHaveLength(0);
  });
});
