// Invite Request Users (decision 064): the list newest first by keyset, by status and by search,
// open requests naming their duplicate (a user's email or another open request's, whatever the
// case); approve (the user created with step one's settings, the invitation in the outbox, the
// audit rows, all or nothing), reject with a reason, resend; a bulk approval and its preview with a
// per-request report; two staff approving one request (one user, the other told who); bad input
// as 400 naming fields, never a 500; the platform's intake (off without a key, the key compared,
// fields checked only after it, limited per address) and its joined report. On SQLite and, with
// TEST_DATABASE_URL, PostgreSQL.
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BadRequestReply } from '../../src/domain/field-errors';
import {
  INTAKE_KEY_HEADER,
  INVITE_PAGE_SIZE,
  InviteActionReply,
  InviteBulkReply,
  InviteListReply,
  StaleInviteReply,
  inviteCursorText,
  type InviteStatus,
} from '../../src/domain/invite-requests';
import { searchTextOf } from '../../server/invite-requests/records';
import { requestsHolding } from '../../server/invite-requests/text-search';
import { engineOf } from '../../server/db/connect';
import { INTAKE_LIMIT } from '../../server/invite-requests/intake';
import { createTestServer, type TestServer } from '../support/server';
import { Browser } from './support/browser';
import { signIn } from './support/sign-in';

const KEY = 'intake-key-for-tests-0123456789abcdefghij';
const LIST = '/api/invite_requests/';
const T0 = 1_764_000_000_000;
let server: TestServer;
let anna: Browser;
let ben: Browser;
let outsider: Browser;
let orgId: number;

beforeAll(async () => {
  server = await createTestServer({ config: { inviteIntakeKey: KEY } });
  // Anna may set an expiry of her own choosing; Ben, without expiry_update, gives the type's default.
  anna = await signIn(
    server,
    await server.createStaff({
      username: 'anna',
      features: ['admin_panel_access', 'invite_req_tab', 'expiry_update'],
      activated: true,
    }),
  );
  ben = await signIn(
    server,
    await server.createStaff({ username: 'ben', features: ['admin_panel_access', 'invite_req_tab'], activated: true }),
  );
  outsider = await signIn(
    server,
    await server.createStaff({ username: 'outsider', features: ['admin_panel_access', 'user_mgmt'], activated: true }),
  );
  orgId = (
    await server.db
      .insertInto('organizations')
      .values({ name: 'Northwind Capital', salesforce_id: null, sf_acc_id: null, created_at: T0 })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
});
afterAll(async () => {
  await server.close();
});

let seq = 0;
/** One request of `status`, filed `at`; its id. */
async function file(
  over: { first?: string; last?: string; email?: string; org?: string; status?: InviteStatus; at?: number } = {},
): Promise<number> {
  seq += 1;
  const first = over.first ?? 'Person';
  const last = over.last ?? `Number${seq}`;
  const email = over.email ?? `person${seq}@example.com`;
  const org = over.org ?? 'Northwind Capital';
  const row = await server.db
    .insertInto('invite_requests')
    .values({
      first_name: first,
      last_name: last,
      email,
      email_key: email.toLowerCase(),
      organization_guess: org,
      organization_id: null,
      message: 'Hello.',
      search_text: searchTextOf({ first_name: first, last_name: last, email, organization_guess: org }),
      status: over.status ?? 'new',
      created_at: over.at ?? T0 + seq,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}
async function list(query: Record<string, string> = {}, b = anna) {
  const res = await b.send('GET', `${LIST}?${new URLSearchParams(query)}`);
  expect(res.status).toBe(200);
  return v.parse(InviteListReply, await res.json());
}
async function post(path: string, form: Record<string, string>, b = anna) {
  const res = await b.send('POST', `/api/invite_requests/${path}/`, { form });
  return { status: res.status, body: (await res.json()) as unknown };
}
const SETTINGS = () => ({
  organization_id: String(orgId),
  user_type: 'trial',
  user_category: 'general',
  owner: 'anna',
  product_configuration: 'product_basic',
  data_plan: '[]',
});
const stored = (id: number) =>
  server.db.selectFrom('invite_requests').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const userByEmail = (email: string) => server.db.selectFrom('users').selectAll().where('email', '=', email).execute();
const outboxTo = (email: string) =>
  server.db.selectFrom('mail_outbox').selectAll().where('to_email', '=', email).execute();
const auditsOf = (id: number) =>
  server.db
    .selectFrom('audit_log')
    .selectAll()
    .where('record_kind', '=', 'invite_request')
    .where('record_id', '=', id)
    .orderBy('id')
    .execute();

describe('the list', () => {
  it('pages newest first by keyset, every request once; a status keeps its own; search finds names, emails and organizations', async () => {
    const statuses: InviteStatus[] = ['new', 'approved', 'rejected', 'invited', 'joined'];
    const ids: number[] = [];
    for (let i = 0; i < 120; i++)
      ids.push(
        await file({
          status: statuses[i % 5],
          at: T0 + 1_000_000 + Math.floor(i / 2),
          last: `Paged${i}`,
          org: 'Pagination Partners',
        }),
      );
    const walk = async (query: Record<string, string>) => {
      const seen: number[] = [];
      let cursor = '';
      for (;;) {
        const page = await list({ ...query, cursor });
        expect(page.requests.length).toBeLessThanOrEqual(INVITE_PAGE_SIZE);
        seen.push(...page.requests.map((r) => r.id));
        if (!page.next) return seen;
        cursor = inviteCursorText(page.next);
      }
    };
    const all = await walk({ q: 'pagination' });
    expect(all).toEqual([...ids].reverse());
    expect(await walk({ q: 'PAGINATION partners', status: 'rejected' })).toEqual(
      ids.filter((_, i) => i % 5 === 2).reverse(),
    );
    expect((await list({ q: 'paged7' })).requests.map((r) => r.last_name).sort()).toEqual([
      'Paged7',
      'Paged70',
      'Paged71',
      'Paged72',
      'Paged73',
      'Paged74',
      'Paged75',
      'Paged76',
      'Paged77',
      'Paged78',
      'Paged79',
    ]);
    // A LIKE wildcard typed is matched as itself.
    expect((await list({ q: 'paged%' })).requests).toEqual([]);
  });

  it('a search for part of a word finds exactly the requests holding it, read from the trigram index or by the walk', async () => {
    const org = 'Trigram Works';
    const made = {
      obrien: await file({ first: 'Siobhán', last: "O'Brien", org }),
      zoe: await file({ first: 'Zoë', last: 'Quartz', org }),
      percent: await file({ first: 'Fund', last: 'Manager', email: '100%_fund@example.com', org }),
      quoted: await file({ first: 'Quote"d', last: 'Person', org }),
      unal: await file({ first: 'Ünal', last: 'Kaya', org }),
    };
    const found = async (q: string) => (await list({ q })).requests.map((r) => r.id).sort((a, b) => a - b);
    expect(await found("o'brien")).toEqual([made.obrien]);
    expect(await found('SIOBHÁN')).toEqual([made.obrien]);
    expect(await found('zoë qu')).toEqual([made.zoe]);
    expect(await found('100%_f')).toEqual([made.percent]);
    expect(await found('100__f')).toEqual([]); // _ is itself, not any character
    expect(await found('quote"d')).toEqual([made.quoted]);
    expect(await found('ünal')).toEqual([made.unal]);
    expect(await found('trigram works')).toEqual(Object.values(made).sort((a, b) => a - b));
    expect(await found('xq7 nobody has')).toEqual([]);
    // The index follows the rows in their transaction: a changed text is found by its new words only, a removed request not at all.
    await server.db
      .updateTable('invite_requests')
      .set({
        search_text: searchTextOf({
          first_name: 'Zoë',
          last_name: 'Crystal',
          email: 'z@example.com',
          organization_guess: org,
        }),
      })
      .where('id', '=', made.zoe)
      .execute();
    expect(await found('zoë qu')).toEqual([]);
    expect(await found('zoë cr')).toEqual([made.zoe]);
    await server.db.deleteFrom('invite_requests').where('id', '=', made.unal).execute();
    expect(await found('ünal')).toEqual([]);
    // Past the limit the list walks instead (on PostgreSQL the planner chooses: always a walk here).
    const sqlite = engineOf(server.db) === 'sqlite';
    expect(await requestsHolding(server.db, 'trigram works', 3)).toEqual(null);
    expect(await requestsHolding(server.db, 'trigram works', 4)).toEqual(sqlite ? expect.any(Array) : null);
    expect(await requestsHolding(server.db, 'tr')).toEqual(null); // too short for trigrams
  });

  it('names the duplicate of an open request: a user with its email in another case, or another open request', async () => {
    const userDup = await file({ last: 'Dupcheck', email: 'ANNA@staff-console.test' });
    const first = await file({ last: 'Dupcheck', email: 'twice@example.com' });
    const second = await file({ last: 'Dupcheck', email: 'Twice@Example.com' });
    const decided = await file({ last: 'Dupcheck', email: 'anna@staff-console.test', status: 'rejected' });
    const byId = new Map((await list({ q: 'dupcheck' })).requests.map((r) => [r.id, r]));
    const annaId = (await userByEmail('anna@staff-console.test'))[0]!.id;
    expect(byId.get(userDup)!.duplicate).toEqual({ kind: 'user', id: annaId, username: 'anna' });
    expect(byId.get(first)!.duplicate).toEqual({ kind: 'request', id: second });
    expect(byId.get(second)!.duplicate).toEqual({ kind: 'request', id: first });
    expect(byId.get(decided)!.duplicate).toBeNull();
  });

  it('refuses a bad status, cursor or search by field, and a session without the feature', async () => {
    for (const [query, field] of [
      [{ status: 'pending' }, 'status'],
      [{ cursor: 'abc' }, 'cursor'],
      [{ q: 'x'.repeat(101) }, 'q'],
    ] as const) {
      const res = await anna.send('GET', `${LIST}?${new URLSearchParams(query)}`);
      expect(res.status).toBe(400);
      expect(Object.keys(v.parse(BadRequestReply, await res.json()).fields)).toEqual([field]);
    }
    expect((await outsider.send('GET', LIST)).status).toBe(403);
    expect(
      (await outsider.send('POST', '/api/invite_requests/approve/', { form: { id: '1', version: '1', ...SETTINGS() } }))
        .status,
    ).toBe(403);
  });
});

describe('approve', () => {
  it('creates the user with the settings, writes the invitation to the outbox and the audit rows, in one go', async () => {
    const id = await file({ first: 'Hannah', last: 'Okafor', email: 'Hannah.Okafor@northwind.example.com' });
    const res = await post('approve', {
      id: String(id),
      version: '1',
      ...SETTINGS(),
      data_plan: '["product_data"]',
      expiry_dt: '12-31-2027',
    });
    expect(res.status).toBe(200);
    const reply = v.parse(InviteActionReply, res.body);
    expect(reply.msg).toMatch(/^Approved: user hannah\.okafor\S* was created\. The email was written to the outbox/);
    expect(reply.request).toMatchObject({
      status: 'invited',
      decided_by: 'anna',
      organization: { id: orgId, name: 'Northwind Capital' },
      invitations: 1,
      version: 2,
    });
    const [user] = await userByEmail('Hannah.Okafor@northwind.example.com');
    expect(user).toMatchObject({
      organization_id: orgId,
      user_type: 'trial',
      user_category: 'general',
      owner: 'anna',
      product_configuration: 'product_basic',
      data_plan: '["product_data"]',
      updated_by: 'anna',
    });
    expect(reply.request.user).toEqual({ id: user!.id, username: user!.username });
    const [mail] = await outboxTo('Hannah.Okafor@northwind.example.com');
    expect(mail).toMatchObject({ kind: 'pre_register', user_id: user!.id, author: 'anna', status: 'stored' });
    expect(mail!.body_text).toContain(`Username: ${user!.username}`);
    expect(mail!.body_text).toContain('as part of Northwind Capital');
    expect((await auditsOf(id)).map((a) => a.action)).toEqual(['invite request approved']);
    expect(
      await server.db
        .selectFrom('audit_log')
        .select('action')
        .where('record_kind', '=', 'user')
        .where('record_id', '=', user!.id)
        .execute(),
    ).toEqual([{ action: 'user created' }]);
  });

  it('holds the invitation back when asked: approved, no message; resend then writes it and counts it', async () => {
    const id = await file({ email: 'later@example.com' });
    const res = await post('approve', { id: String(id), version: '1', ...SETTINGS(), send_invitation: 'false' });
    expect(v.parse(InviteActionReply, res.body).request).toMatchObject({
      status: 'approved',
      invitations: 0,
      invited_at: null,
    });
    expect(await outboxTo('later@example.com')).toEqual([]);
    const again = await post('resend', { id: String(id), version: '2' });
    expect(again.status).toBe(200);
    expect(v.parse(InviteActionReply, again.body).request).toMatchObject({
      status: 'invited',
      invitations: 1,
      version: 3,
    });
    await post('resend', { id: String(id), version: '3' });
    expect((await outboxTo('later@example.com')).length).toBe(2);
    expect((await stored(id)).invitations).toBe(2);
    expect((await auditsOf(id)).map((a) => a.action)).toEqual([
      'invite request approved',
      'invitation sent again',
      'invitation sent again',
    ]);
  });

  it("refuses settings by their fields with step one's words, and creates nothing", async () => {
    const id = await file({ email: 'bad-settings@example.com' });
    const res = await post('approve', {
      id: String(id),
      version: '1',
      ...SETTINGS(),
      organization_id: '999999',
      owner: 'nobody',
      product_configuration: 'other',
      user_type: 'customer',
    });
    expect(res.status).toBe(400);
    const fields = v.parse(BadRequestReply, res.body).fields;
    expect(Object.keys(fields).sort()).toEqual(['organization_id', 'owner', 'product_configuration', 'user_type']);
    expect(fields['user_type']).toMatch(/permission/);
    // An approval creates a user: the expiry is guarded as on register/ (issue 25).
    const expiry = await post('approve', { id: String(id), version: '1', ...SETTINGS(), expiry_dt: '12-31-2999' }, ben);
    expect(expiry.status).toBe(400);
    expect(v.parse(BadRequestReply, expiry.body).fields).toEqual({
      expiry_dt: expect.stringContaining('‘Change expiry date’ permission'),
    });
    const missing = await post('approve', { id: String(id), version: '1' });
    expect(missing.status).toBe(400);
    expect(Object.keys(v.parse(BadRequestReply, missing.body).fields)).toEqual(
      expect.arrayContaining(['organization_id', 'user_type', 'owner', 'product_configuration']),
    );
    expect(await userByEmail('bad-settings@example.com')).toEqual([]);
    expect((await stored(id)).status).toBe('new');
  });

  it('refuses an email a user holds (any case) and one another open request asks for', async () => {
    const id = await file({ email: 'BEN@Staff-Console.test' });
    const res = await post('approve', { id: String(id), version: '1', ...SETTINGS() });
    expect(res.status).toBe(400);
    expect(v.parse(BadRequestReply, res.body).msg).toBe('A user with this email already exists (ben).');
    const a = await file({ email: 'pair@example.com' });
    const b = await file({ email: 'PAIR@example.com' });
    const pair = await post('approve', { id: String(a), version: '1', ...SETTINGS() });
    expect(pair.status).toBe(400);
    expect(v.parse(BadRequestReply, pair.body).msg).toBe(
      `Another open request (#${b}) asks for the same email; reject one of them first.`,
    );
    // Once one is rejected the other goes through.
    expect((await post('reject', { id: String(b), version: '1', reason: 'Sent twice.' })).status).toBe(200);
    expect((await post('approve', { id: String(a), version: '1', ...SETTINGS() })).status).toBe(200);
    expect((await userByEmail('pair@example.com')).length).toBe(1);
  });

  it('two staff approving one request at once: one user created, the other told who, with the request now', async () => {
    const id = await file({ email: 'race@example.com' });
    const form = { id: String(id), version: '1', ...SETTINGS() };
    const [a, b] = await Promise.all([post('approve', form, anna), post('approve', form, ben)]);
    const statuses = [a.status, b.status].sort();
    expect(statuses).toEqual([200, 409]);
    const loser = v.parse(StaleInviteReply, (a.status === 409 ? a : b).body);
    const winner = a.status === 200 ? 'anna' : 'ben';
    expect(loser.msg).toBe(`${winner} approved it after you opened it; nothing of yours was done.`);
    expect(loser.current).toMatchObject({ status: 'invited', decided_by: winner });
    expect((await userByEmail('race@example.com')).length).toBe(1);
    expect((await outboxTo('race@example.com')).length).toBe(1);
    expect((await auditsOf(id)).length).toBe(1);
  });

  it('refuses a request already decided (400 by its status) and an unknown one; bad ids and versions by field', async () => {
    const id = await file({ status: 'rejected' });
    const res = await post('approve', { id: String(id), version: '1', ...SETTINGS() });
    expect(res.status).toBe(400);
    expect(v.parse(BadRequestReply, res.body).msg).toBe('Approve is not possible for a request that is rejected.');
    const none = await post('approve', { id: '987654', version: '1', ...SETTINGS() });
    expect(none.status).toBe(400);
    expect(v.parse(BadRequestReply, none.body).fields).toEqual({ id: 'No invite request has the id 987654.' });
    for (const [form, field] of [
      [{ id: 'x', version: '1' }, 'id'],
      [{ id: '1', version: 'v' }, 'version'],
    ] as const) {
      const bad = await post('approve', { ...SETTINGS(), ...form });
      expect(bad.status).toBe(400);
      expect(Object.keys(v.parse(BadRequestReply, bad.body).fields)).toEqual([field]);
    }
  });
});

describe('reject and resend', () => {
  it('rejects with a reason (audited); without one the reason field is named; from an old version 409', async () => {
    const id = await file();
    const none = await post('reject', { id: String(id), version: '1', reason: '  ' });
    expect(none.status).toBe(400);
    expect(v.parse(BadRequestReply, none.body).fields).toEqual({ reason: 'Say why.' });
    const res = await post('reject', { id: String(id), version: '1', reason: 'Personal address.' });
    expect(v.parse(InviteActionReply, res.body).request).toMatchObject({
      status: 'rejected',
      reason: 'Personal address.',
      decided_by: 'anna',
      version: 2,
    });
    const stale = await post('reject', { id: String(id), version: '1', reason: 'Again.' }, ben);
    expect(stale.status).toBe(409);
    expect(v.parse(StaleInviteReply, stale.body).msg).toBe(
      'anna rejected it after you opened it; nothing of yours was done.',
    );
    const [audit] = await auditsOf(id);
    expect(audit).toMatchObject({ category: 'user', author: 'anna', action: 'invite request rejected' });
    expect(JSON.parse(audit!.current_data!)).toMatchObject({ status: 'rejected', reason: 'Personal address.' });
  });

  it('refuses to resend for a request not approved', async () => {
    const id = await file();
    const res = await post('resend', { id: String(id), version: '1' });
    expect(res.status).toBe(400);
    expect(v.parse(BadRequestReply, res.body).msg).toBe(
      'Send invitation again is not possible for a request that is new.',
    );
  });
});

describe('bulk approval', () => {
  it('previews without writing, then approves in one transaction with a report per request', async () => {
    const good = [await file({ email: 'bulk1@example.com' }), await file({ email: 'bulk2@example.com' })];
    const twin = await file({ email: 'BULK2@example.com' });
    const taken = await file({ email: 'anna@staff-console.test' });
    const done = await file({ status: 'rejected' });
    const picks = [...good, twin, taken, done].map((id) => ({ id, version: 1 }));
    const form = { requests: JSON.stringify(picks), ...SETTINGS() };
    const preview = v.parse(InviteBulkReply, (await post('bulk_preview', form)).body);
    expect(preview.preview).toBe(true);
    expect(preview.outcomes.map((o) => o.ok)).toEqual([true, true, false, false, false]);
    expect(preview.outcomes[2]).toMatchObject({
      reason: `Another open request (#${good[1]}) asks for the same email; reject one of them first.`,
    });
    expect(preview.outcomes[3]).toMatchObject({ reason: 'A user with this email already exists (anna).' });
    expect(preview.outcomes[4]).toMatchObject({ reason: 'Approve is not possible for a request that is rejected.' });
    expect(await userByEmail('bulk1@example.com')).toEqual([]);

    const res = await post('bulk_approve', form);
    expect(res.status).toBe(200);
    const reply = v.parse(InviteBulkReply, res.body);
    expect(reply.msg).toMatch(/^Approved 2 of 5\. 2 emails were written to the outbox/);
    const users = await Promise.all(['bulk1@example.com', 'bulk2@example.com'].map(userByEmail));
    expect(reply.outcomes.slice(0, 2)).toEqual(
      users.map((u, i) => ({ ok: true, id: good[i], email: u[0]!.email, username: u[0]!.username, user_id: u[0]!.id })),
    );
    expect((await stored(twin)).status).toBe('new');
    for (const id of good) expect((await stored(id)).status).toBe('invited');
    // Sent again from the versions read: each is now changed.
    const again = v.parse(InviteBulkReply, (await post('bulk_approve', form)).body);
    expect(again.outcomes.slice(0, 2).map((o) => (o.ok ? '' : o.reason))).toEqual([
      expect.stringMatching(/changed it after you opened it/),
      expect.stringMatching(/changed it/),
    ]);
  });

  it('refuses more than 500 requests, an empty choice and bad settings by field', async () => {
    const many = Array.from({ length: 501 }, (_, i) => ({ id: i + 1, version: 1 }));
    for (const [requests, msg] of [
      [many, 'Approve at most 500 requests at once.'],
      [[], 'Choose at least one request.'],
    ] as const) {
      const res = await post('bulk_approve', { requests: JSON.stringify(requests), ...SETTINGS() });
      expect(res.status).toBe(400);
      expect(v.parse(BadRequestReply, res.body).fields).toEqual({ requests: msg });
    }
    const res = await post('bulk_preview', {
      requests: JSON.stringify([{ id: 1, version: 1 }]),
      ...SETTINGS(),
      owner: 'nobody',
    });
    expect(res.status).toBe(400);
    expect(Object.keys(v.parse(BadRequestReply, res.body).fields)).toEqual(['owner']);
  });
});

describe('the approval form', () => {
  it("offers step one's choices for this session, the owners, and organizations named like q", async () => {
    const res = await anna.send('GET', '/api/invite_requests/options/?q=north');
    expect(res.status).toBe(200);
    const body = (await res.json()) as Record<string, unknown>;
    expect(body['user_types']).not.toContain('customer');
    expect(body['product_configurations']).toContain('product_basic');
    expect(body['owners']).toEqual(expect.arrayContaining([{ key: 'anna', text: 'anna Staff' }]));
    expect(body['organizations']).toEqual([{ id: orgId, name: 'Northwind Capital' }]);
  });
});

describe('the intake', () => {
  const intake = (
    form: Record<string, string>,
    headers: Record<string, string> = { [INTAKE_KEY_HEADER]: KEY },
    b = new Browser(server),
    path = 'intake',
  ) => b.send('POST', `/api/invite_requests/${path}/`, { form, headers, csrf: false, origin: null });

  it('files a request from the platform with the key, matching the organization by name whatever its case', async () => {
    const res = await intake({
      first_name: ' Jonas ',
      last_name: 'Lindqvist',
      email: 'Jonas@Meridian.example.com',
      organization: 'northwind CAPITAL',
      message: 'Hi.',
    });
    expect(res.status).toBe(200);
    const { id } = (await res.json()) as { id: number };
    expect(await stored(id)).toMatchObject({
      first_name: 'Jonas',
      email: 'jonas@meridian.example.com',
      status: 'new',
      organization_id: orgId,
      organization_guess: 'northwind CAPITAL',
    });
    expect((await auditsOf(id)).map((a) => [a.author, a.action])).toEqual([['platform', 'invite request filed']]);
  });

  it('refuses a missing or wrong key before reading the fields; with the key, bad fields by name', async () => {
    expect((await intake({}, {})).status).toBe(401);
    expect((await intake({ email: 'x' }, { [INTAKE_KEY_HEADER]: `${KEY}x` })).status).toBe(401);
    const res = await intake({ first_name: '', email: 'not-an-email', message: 'x'.repeat(2001) });
    expect(res.status).toBe(400);
    expect(Object.keys(v.parse(BadRequestReply, await res.json()).fields).sort()).toEqual([
      'email',
      'first_name',
      'last_name',
      'message',
    ]);
  });

  it('marks invited requests of an email joined when the platform reports the sign-in', async () => {
    const id = await file({ email: 'joiner@example.com', status: 'invited' });
    const res = await intake({ email: 'JOINER@example.com' }, undefined, undefined, 'intake/joined');
    expect(await res.json()).toEqual({ status: true, msg: 'Marked as joined.', joined: 1 });
    expect((await stored(id)).status).toBe('joined');
  });

  it(`limits each address to ${INTAKE_LIMIT.calls} calls a minute, wrong keys included`, async () => {
    const b = new Browser(server);
    for (let i = 0; i < INTAKE_LIMIT.calls; i++)
      expect((await intake({}, { [INTAKE_KEY_HEADER]: 'wrong' }, b)).status).toBe(401);
    const over = await intake({ first_name: 'A', last_name: 'B', email: 'ab@example.com' }, undefined, b);
    expect(over.status).toBe(429);
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another address is not held back.
    expect((await intake({ first_name: 'A', last_name: 'B', email: 'ab@example.com' })).status).toBe(200);
  });

  it('is off without a configured key', async () => {
    const off = await createTestServer();
    try {
      const res = await new Browser(off).send('POST', '/api/invite_requests/intake/', {
        form: { first_name: 'A' },
        headers: { [INTAKE_KEY_HEADER]: KEY },
        csrf: false,
        origin: null,
      });
      expect(res.status).toBe(404);
    } finally {
      await off.close();
    }
  });
});
