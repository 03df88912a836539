import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ActivationTicket, LoginReply, MESSAGES, SessionInfo } from '../../src/domain/auth';
import { PENDING_OTP_MS } from '../../src/domain/constants';
import * as v from 'valibot';
import { SIGN_IN_TEXT } from '../../server/api/sign-in';
import { jwtDecrypt } from 'jose';
import { loadKeys } from '../../server/auth/keys';
import { issueTicket, openTicket } from '../../server/auth/tickets';
import type { TestServer } from '../support/server';
import { Browser } from './support/browser';
import { passwordStep, signIn } from './support/sign-in';
import { advance } from './support/clock';
import { startServerAtMorning, stopServerAtMorning } from './support/fresh-server';

let server: TestServer;
beforeEach(async () => {
  server = await startServerAtMorning();
});
afterEach(() => stopServerAtMorning(server));

describe('first sign-in', () => {
  it('goes password → activation → fresh sign-in → session_check with the features of the roles', async () => {
    const staff = await server.createStaff({
      username: 'nina',
      features: ['admin_panel_access', 'user_mgmt', 'role_mgmt'],
      otherFeatures: ['tri_submittor'],
    });
    const browser = new Browser(server);
    await browser.open();

    const first = v.parse(
      LoginReply,
      await browser.postJson('/login_account_new/', { username: 'nina', password: staff.password }),
    );
    expect(first.status).toBe(true);
    expect(first.first_time_login).toBe(true);
    const ticket = v.parse(ActivationTicket, first.msg);
    expect(ticket.qrcode).toMatch(/^data:image\/png;base64,[A-Za-z0-9+/=]+$/);
    expect(ticket.key).toMatch(/^[A-Z2-7]{32}$/);
    // The secret travels only sealed: neither hx nor ck shows it.
    expect(ticket.hx).not.toContain(ticket.key);
    expect(ticket.ck).not.toContain(ticket.key);

    const activated = await browser.postJson('/ap_activate_tfa', {
      username: 'nina',
      otp: server.totp(ticket.key),
      hx: ticket.hx,
      ck: ticket.ck,
      qrcode: ticket.qrcode,
    });
    expect(activated).toEqual({ status: true });
    // Activation ends the half-signed-in session: the page reloads to /login for a fresh sign-in.
    expect(await browser.postJson('/session_check/')).toEqual({ status: false });

    advance(30_000);
    const second = await browser.postJson('/login_account_new/', { username: 'nina', password: staff.password });
    expect(second).toEqual({ status: true, msg: SIGN_IN_TEXT.enterOtp, first_time_login: false });
    expect(await browser.postJson('/login_tfa_new/', { username: 'nina', otp: server.totp(ticket.key) })).toEqual({
      status: true,
    });

    const info = v.parse(SessionInfo, await browser.postJson('/session_check/'));
    expect(info.email).toBe(staff.email);
    expect(info.features).toEqual(['admin_panel_access', 'role_mgmt', 'user_mgmt']);
    expect(info.other_features).toEqual(['tri_submittor']);
    const user = await server.db
      .selectFrom('users')
      .select('id')
      .where('username', '=', 'nina')
      .executeTakeFirstOrThrow();
    expect(info.user_id).toBe(user.id);
  });

  it('stores the secret sealed, with the activating step marked used', async () => {
    const staff = await server.createStaff({ username: 'omar', features: ['admin_panel_access'] });
    const browser = await passwordStep(server, staff);
    const ticket = v.parse(
      ActivationTicket,
      (await browser.postJson('/login_account_new/', { username: 'omar', password: staff.password }))['msg'],
    );
    const code = server.totp(ticket.key);
    await browser.postJson('/ap_activate_tfa', { username: 'omar', otp: code, hx: ticket.hx, ck: ticket.ck });
    const row = await server.db.selectFrom('totp_secrets').selectAll().executeTakeFirstOrThrow();
    expect(row.secret_enc).not.toContain(ticket.key);
    expect(row.last_used_step).toBe(Math.floor(Date.now() / 30_000));

    // The same code cannot sign in again (replay of the activation step).
    await browser.postJson('/login_account_new/', { username: 'omar', password: staff.password });
    expect(await browser.postJson('/login_tfa_new/', { username: 'omar', otp: code })).toEqual({
      status: false,
      msg: MESSAGES.badOtp,
    });
  });

  async function firstTicket(username: string) {
    const staff = await server.createStaff({ username, features: ['admin_panel_access'] });
    const browser = new Browser(server);
    await browser.open();
    const reply = await browser.postJson('/login_account_new/', { username, password: staff.password });
    return { staff, browser, ticket: v.parse(ActivationTicket, reply['msg']) };
  }

  it('refuses a wrong activation code', async () => {
    const { browser, ticket } = await firstTicket('pia');
    const wrong = server.totp(ticket.key, Date.now() + 120_000);
    expect(
      await browser.postJson('/ap_activate_tfa', { username: 'pia', otp: wrong, hx: ticket.hx, ck: ticket.ck }),
    ).toEqual({ status: false, msg: MESSAGES.badOtp });
    expect(await server.db.selectFrom('totp_secrets').selectAll().execute()).toHaveLength(0);
  });

  it('clears the failure count once activation completes, as any completed sign-in does', async () => {
    const { browser, staff, ticket } = await firstTicket('ulla');
    const wrong = server.totp(ticket.key, Date.now() + 120_000);
    for (let i = 0; i < 4; i++) {
      expect(
        await browser.postJson('/ap_activate_tfa', { username: 'ulla', otp: wrong, hx: ticket.hx, ck: ticket.ck }),
      ).toEqual({ status: false, msg: MESSAGES.badOtp });
    }
    expect(
      await browser.postJson('/ap_activate_tfa', {
        username: 'ulla',
        otp: server.totp(ticket.key),
        hx: ticket.hx,
        ck: ticket.ck,
      }),
    ).toEqual({ status: true });
    expect(await server.db.selectFrom('login_attempts').selectAll().execute()).toEqual([]);
    advance(30_000);
    for (let i = 0; i < 4; i++) {
      expect((await browser.postJson('/login_account_new/', { username: 'ulla', password: 'wrong' }))['msg']).toBe(
        MESSAGES.badCredentials,
      );
    }
    expect(
      (await browser.postJson('/login_account_new/', { username: 'ulla', password: staff.password }))['status'],
    ).toBe(true);
  });

  it('refuses an altered ticket', async () => {
    const { browser, ticket } = await firstTicket('quin');
    const otp = server.totp(ticket.key);
    const altered = ticket.hx.slice(0, -3) + (ticket.hx.endsWith('AAA') ? 'BBB' : 'AAA');
    expect(await browser.postJson('/ap_activate_tfa', { username: 'quin', otp, hx: altered, ck: ticket.ck })).toEqual({
      status: false,
      msg: SIGN_IN_TEXT.ticketInvalid,
    });
    const otherCk = `${ticket.ck.startsWith('x') ? 'y' : 'x'}${ticket.ck.slice(1)}`;
    expect(await browser.postJson('/ap_activate_tfa', { username: 'quin', otp, hx: ticket.hx, ck: otherCk })).toEqual({
      status: false,
      msg: SIGN_IN_TEXT.ticketInvalid,
    });
  });

  it('issues the ticket to end with the half-signed-in session it belongs to', async () => {
    const { ticket } = await firstTicket('ria');
    const keys = await loadKeys(server.db, server.config, Date.now());
    const { payload } = await jwtDecrypt(ticket.hx, keys.ticketEncryption);
    const pending = await server.db.selectFrom('sessions').select('expires_at').executeTakeFirstOrThrow();
    expect(payload.exp! * 1000).toBe(pending.expires_at);
    expect(pending.expires_at).toBe(Date.now() + PENDING_OTP_MS);
  });

  it('refuses activation once the half-signed-in session has run out (5 minutes)', async () => {
    const { browser, ticket } = await firstTicket('rosa');
    advance(PENDING_OTP_MS);
    const res = await browser.post('/ap_activate_tfa', {
      username: 'rosa',
      otp: server.totp(ticket.key),
      hx: ticket.hx,
      ck: ticket.ck,
    });
    expect(res.status).toBe(403);
  });

  it('opens a ticket until it expires, and only for its user and session', async () => {
    const keys = { ticketEncryption: new Uint8Array(32).fill(1), ticketMac: Buffer.alloc(32, 2) };
    const at = Date.now();
    const claims = { userId: 7, sessionHash: 'abc', secret: 'JBSWY3DPEHPK3PXP' };
    const { hx, ck } = await issueTicket(keys, claims, at, at + PENDING_OTP_MS);
    const expected = { userId: 7, sessionHash: 'abc' };
    expect(await openTicket(keys, hx, ck, expected, at + PENDING_OTP_MS - 1000)).toBe(claims.secret);
    expect(await openTicket(keys, hx, ck, expected, at + PENDING_OTP_MS + 1000)).toBeNull();
    expect(await openTicket(keys, hx, ck, { userId: 8, sessionHash: 'abc' }, at)).toBeNull();
    expect(await openTicket(keys, hx, ck, { userId: 7, sessionHash: 'abd' }, at)).toBeNull();
    expect(
      await openTicket({ ...keys, ticketEncryption: new Uint8Array(32).fill(3) }, hx, ck, expected, at),
    ).toBeNull();
  });

  it('refuses a ticket issued to another session', async () => {
    const a = await firstTicket('sven');
    const b = new Browser(server);
    await b.open();
    await b.postJson('/login_account_new/', { username: 'sven', password: a.staff.password });
    expect(
      await b.postJson('/ap_activate_tfa', {
        username: 'sven',
        otp: server.totp(a.ticket.key),
        hx: a.ticket.hx,
        ck: a.ticket.ck,
      }),
    ).toEqual({ status: false, msg: SIGN_IN_TEXT.ticketInvalid });
  });
});

describe('who may sign in', () => {
  it('answers the same message for a wrong password, an unknown user, a non-staff user and staff without panel access', async () => {
    const staff = await server.createStaff({ username: 'tara', features: ['admin_panel_access'], activated: true });
    const noPanel = await server.createStaff({ username: 'ugo', features: ['user_mgmt'], activated: true });
    const customer = await server.createStaff({ username: 'vera', features: ['admin_panel_access'], activated: true });
    await server.db.updateTable('users').set({ user_type: 'customer' }).where('username', '=', 'vera').execute();
    const inactive = await server.createStaff({ username: 'walt', features: ['admin_panel_access'], activated: true });
    await server.db.updateTable('users').set({ active: 0 }).where('username', '=', 'walt').execute();

    const browser = new Browser(server);
    await browser.open();
    const refused = { status: false, msg: MESSAGES.badCredentials, first_time_login: false };
    for (const [username, password] of [
      ['tara', 'wrong password'],
      ['nobody', 'whatever'],
      ['ugo', noPanel.password],
      ['vera', customer.password],
      ['walt', inactive.password],
    ]) {
      expect(await browser.postJson('/login_account_new/', { username: username!, password: password! })).toEqual(
        refused,
      );
    }
    expect(browser.cookie('sessionid')).toBeUndefined();
    expect(
      (await browser.postJson('/login_account_new/', { username: 'tara', password: staff.password }))['status'],
    ).toBe(true);
  });

  it('lets a half-signed-in session call nothing but the code steps', async () => {
    const staff = await server.createStaff({
      username: 'xena',
      features: ['admin_panel_access', 'update_logs'],
      activated: true,
    });
    const browser = await passwordStep(server, staff);
    expect(await browser.postJson('/session_check/')).toEqual({ status: false });
    expect((await browser.send('GET', '/logout_account/')).status).toBe(403);
    const log = await browser.post('/log_data_in_es/', { data: JSON.stringify([{ category: 'user', action: 'x' }]) });
    expect(log.status).toBe(403);
  });

  it('refuses the code step for another username than the password step', async () => {
    const staff = await server.createStaff({ username: 'yann', features: ['admin_panel_access'], activated: true });
    await server.createStaff({ username: 'zoe', features: ['admin_panel_access'], activated: true });
    const browser = await passwordStep(server, staff);
    expect(
      (await browser.post('/login_tfa_new/', { username: 'zoe', otp: server.totp(staff.totpSecret!) })).status,
    ).toBe(403);
  });

  it('answers a code step without a password step with 403', async () => {
    const staff = await server.createStaff({ username: 'abe', features: ['admin_panel_access'], activated: true });
    const browser = new Browser(server);
    await browser.open();
    expect(
      (await browser.post('/login_tfa_new/', { username: 'abe', otp: server.totp(staff.totpSecret!) })).status,
    ).toBe(403);
  });

  it('turns one password step into one session, whatever valid codes arrive together', async () => {
    const staff = await server.createStaff({ username: 'cyd', features: ['admin_panel_access'], activated: true });
    const signedIn = async () =>
      (await server.db.selectFrom('sessions').select('id_hash').where('stage', '=', 'authenticated').execute()).length;
    for (let round = 1; round <= 5; round++) {
      advance(60_000); // fresh time steps for this round
      const browser = await passwordStep(server, staff);
      // Codes of two neighbouring steps are both valid (one step of drift), and neither is used yet.
      const codes = [server.totp(staff.totpSecret!, Date.now() - 30_000), server.totp(staff.totpSecret!)];
      const responses = await Promise.all(
        codes.map((otp) => browser.post('/login_tfa_new/', { username: 'cyd', otp })),
      );
      // The loser is refused either way the race runs: status false while the half-signed-in
      // session still exists, or 403 once the winner has turned it into the signed-in one.
      const replies = await Promise.all(
        responses.map(async (r) =>
          r.status === 200 ? ((await r.json()) as Record<string, unknown>) : { status: r.status },
        ),
      );
      expect(replies.filter((r) => r['status'] === true)).toHaveLength(1);
      const loser = replies.find((r) => r['status'] !== true);
      if (loser?.['status'] !== 403) expect([SIGN_IN_TEXT.pendingUsed, MESSAGES.badOtp]).toContain(loser?.['msg']);
      expect(await signedIn()).toBe(round);
    }
  });

  it('activates once when two right codes arrive together', async () => {
    const staff = await server.createStaff({ username: 'dag', features: ['admin_panel_access'] });
    const browser = new Browser(server);
    await browser.open();
    const ticket = v.parse(
      ActivationTicket,
      (await browser.postJson('/login_account_new/', { username: 'dag', password: staff.password }))['msg'],
    );
    const codes = [server.totp(ticket.key, Date.now() - 30_000), server.totp(ticket.key)];
    const responses = await Promise.all(
      codes.map((otp) => browser.post('/ap_activate_tfa', { username: 'dag', otp, hx: ticket.hx, ck: ticket.ck })),
    );
    // The loser is refused either way the race runs: status false while the half-signed-in session
    // still exists, or 403 once the winner has ended it.
    const replies = await Promise.all(
      responses.map(async (r) =>
        r.status === 200 ? ((await r.json()) as Record<string, unknown>) : { status: r.status },
      ),
    );
    expect(replies.filter((r) => r['status'] === true)).toHaveLength(1);
    expect(replies.every((r) => r['status'] === true || r['status'] === false || r['status'] === 403)).toBe(true);
    expect(await server.db.selectFrom('totp_secrets').selectAll().execute()).toHaveLength(1);
    expect(await server.db.selectFrom('sessions').selectAll().execute()).toHaveLength(0);
  });

  it('signs an activated account in with password and code', async () => {
    const staff = await server.createStaff({
      username: 'bea',
      features: ['admin_panel_access', 'group_mgmt'],
      activated: true,
    });
    const browser = await signIn(server, staff);
    const info = v.parse(SessionInfo, await browser.postJson('/session_check/'));
    expect(info.features).toEqual(['admin_panel_access', 'group_mgmt']);
  });
});
