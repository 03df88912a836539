// A user the user area marks as no longer the same person (a different person's email, a different
// organization) loses their broker research access in the Broker Research tables, inside the
// edit's transaction, with one 'broker research' audit row (decision 055); the same person keeps
// everything. On SQLite and, with TEST_DATABASE_URL, on PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BR_AUDIT_CATEGORY, END_REASONS } from '../../src/domain/broker-research';
import { defaultFlags } from '../../src/domain/user-fields';
import { createTestServer, type TestServer } from '../support/server';
import type { Browser } from './support/browser';
import { signIn } from './support/sign-in';
import { userRow } from '../support/factories';

const P = 'product';
const EDITOR = ['admin_panel_access', 'user_mgmt', 'edit_user', 'br_user_email_change'];
const DAY = 24 * 60 * 60 * 1000;

let server: TestServer;
let editor: Browser;
let orgs: { a: number; b: number };
let brokers: number[];
let counter = 0;

beforeAll(async () => {
  server = await createTestServer();
  const now = Date.now();
  const org = (name: string) =>
    server.db
      .insertInto('organizations')
      .values({ name, salesforce_id: `SF-${name}`, sf_acc_id: `ACC-${name}`, created_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
  orgs = { a: (await org('Northwind Capital')).id, b: (await org('Granite Peak Partners')).id };
  brokers = [];
  for (const name of ['Apex Securities', 'Harbor Research', 'Keystone Partners']) {
    brokers.push(
      (
        await server.db
          .insertInto('brokers')
          .values({
            name,
            open_access: 0,
            group_id: null,
            created_at: now,
            legal_name: null,
            short_name: null,
            mifid_updated_at: null,
            mifid_updated_by: null,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id,
    );
  }
  const staff = await server.createStaff({ username: 'access-editor', features: EDITOR, activated: true });
  editor = await signIn(server, staff);
});
afterAll(async () => {
  await server.close();
});

/** A user with research on: two active fulfillments and an ended one, a new, a sent and an approved request, a broker user group, both Restrict Broker lists. */
async function userWithAccess() {
  const n = ++counter;
  const now = Date.now();
  const { id } = await server.db
    .insertInto('users')
    .values(
      userRow({
        username: `reader${n}`,
        email: `reader${n}@northwind.example`,
        first_name: 'Ada',
        last_name: `Reader${n}`,
        organization_id: orgs.a,
        user_type: 'customer',
        user_role: 'Analyst',
        owner: 'admin',
        product_configuration: `${P}_basic`,
        data_plan: JSON.stringify([`${P}_data`]),
        expiry_dt: Date.UTC(2027, 0, 31),
        flags: JSON.stringify({ ...defaultFlags(P), researchreports: true }),
        created_at: now,
      }),
    )
    .returning('id')
    .executeTakeFirstOrThrow();
  const request = (broker_id: number, status: 'new' | 'sent' | 'approved') =>
    server.db
      .insertInto('research_requests')
      .values({
        user_id: id,
        broker_id,
        organization_id: orgs.a,
        status,
        note: '',
        reason: null,
        created_at: now - 3 * DAY,
        updated_at: now - 3 * DAY,
        sent_at: status === 'sent' ? now - 2 * DAY : null,
        decided_at: status === 'approved' ? now - DAY : null,
        decided_by: status === 'approved' ? 'admin' : null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
  const approved = await request(brokers[0]!, 'approved');
  const open = [(await request(brokers[1]!, 'new')).id, (await request(brokers[2]!, 'sent')).id];
  const fulfillment = (broker_id: number, status: 'active' | 'ended', request_id: number | null) =>
    server.db
      .insertInto('fulfillments')
      .values({
        user_id: id,
        broker_id,
        organization_id: orgs.a,
        source: request_id ? 'request' : 'other_source',
        request_id,
        source_name: request_id ? null : 'Refinitiv entitlement file',
        dist: request_id ? null : 'tri',
        starts_at: now - DAY,
        ends_at: null,
        status,
        ended_at: status === 'ended' ? now - 1000 : null,
        ended_reason: status === 'ended' ? 'Ended by the broker.' : null,
        created_by: 'admin',
        created_at: now - DAY,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
  const active = [
    (await fulfillment(brokers[0]!, 'active', approved.id)).id,
    (await fulfillment(brokers[1]!, 'active', null)).id,
  ];
  const ended = (await fulfillment(brokers[2]!, 'ended', null)).id;
  const group = await server.db
    .insertInto('broker_user_groups')
    .values({
      broker_id: brokers[0]!,
      name: `Desk ${n}`,
      description: '',
      created_by: 'admin',
      updated_by: 'admin',
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await server.db.insertInto('broker_user_group_members').values({ group_id: group.id, user_id: id }).execute();
  await server.db
    .insertInto('user_brokers')
    .values([
      { user_id: id, list: 'my', broker_id: brokers[0]! },
      { user_id: id, list: 'requested', broker_id: brokers[1]! },
    ])
    .execute();
  return { id, username: `reader${n}`, approved: approved.id, open, active, ended, group: group.id };
}

async function save(id: number, changes: Record<string, unknown>, extra: Record<string, string>) {
  const res = await editor.post('/user/update_account/', {
    user_id: String(id),
    version: '1',
    changes: JSON.stringify(changes),
    ...extra,
  });
  expect(res.status).toBe(200);
  return (await res.json()) as { status: boolean; message: string };
}

async function accessOf(id: number) {
  const fulfillments = await server.db
    .selectFrom('fulfillments')
    .select(['id', 'status', 'ended_reason'])
    .where('user_id', '=', id)
    .orderBy('id')
    .execute();
  const requests = await server.db
    .selectFrom('research_requests')
    .select(['id', 'status', 'reason'])
    .where('user_id', '=', id)
    .orderBy('id')
    .execute();
  const groups = await server.db
    .selectFrom('broker_user_group_members')
    .select('group_id')
    .where('user_id', '=', id)
    .execute();
  const lists = await server.db.selectFrom('user_brokers').select('list').where('user_id', '=', id).execute();
  return { fulfillments, requests, groups: groups.length, lists: lists.length };
}

const researchAudit = async (username: string) =>
  (
    await server.db
      .selectFrom('audit_log')
      .selectAll()
      .where('category', '=', BR_AUDIT_CATEGORY)
      .orderBy('id')
      .execute()
  ).filter((r) => r.action.includes(`${username} (#`));

describe('a different person or organization loses broker research access', () => {
  it('a different person: active fulfillments end, open requests are cancelled, groups and lists are left, one audit row says what went', async () => {
    const u = await userWithAccess();
    const reply = await save(u.id, { email: 'someone.else@granite.example' }, { email_change: 'different' });
    expect(reply.status).toBe(true);
    const after = await accessOf(u.id);
    expect(after.fulfillments).toEqual([
      { id: u.active[0], status: 'ended', ended_reason: END_REASONS.differentPerson },
      { id: u.active[1], status: 'ended', ended_reason: END_REASONS.differentPerson },
      // Already ended: kept as it was.
      { id: u.ended, status: 'ended', ended_reason: 'Ended by the broker.' },
    ]);
    expect(after.requests).toEqual([
      { id: u.approved, status: 'approved', reason: null },
      { id: u.open[0], status: 'cancelled', reason: END_REASONS.differentPerson },
      { id: u.open[1], status: 'cancelled', reason: END_REASONS.differentPerson },
    ]);
    expect(after).toMatchObject({ groups: 0, lists: 0 });
    const rows = await researchAudit(u.username);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.action).toBe(
      `Broker research access removed: ${u.username} (#${u.id}): 2 fulfillments ended, 2 open requests cancelled`,
    );
    expect(rows[0]!.author).toBe('access-editor');
    // On the user's History: the user is the record whose access went.
    expect(rows[0]).toMatchObject({ record_kind: 'user', record_id: u.id });
    expect(JSON.parse(rows[0]!.previous_data!)).toEqual({
      fulfillments: u.active,
      requests: u.open,
      user_groups: [u.group],
      broker_list_entries: 2,
    });
    expect(JSON.parse(rows[0]!.current_data!)).toEqual({
      fulfillments: [],
      requests: [],
      user_groups: [],
      broker_list_entries: 0,
      reason: END_REASONS.differentPerson,
    });
  });

  it('a different organization: the same, with its own reason', async () => {
    const u = await userWithAccess();
    expect((await save(u.id, { organization_id: orgs.b }, { org_change: 'different' })).status).toBe(true);
    const after = await accessOf(u.id);
    expect(after.fulfillments.filter((f) => f.status === 'active')).toEqual([]);
    expect(after.requests.filter((r) => r.status === 'cancelled').map((r) => r.reason)).toEqual([
      END_REASONS.differentOrganization,
      END_REASONS.differentOrganization,
    ]);
    expect(after).toMatchObject({ groups: 0, lists: 0 });
    expect(await researchAudit(u.username)).toHaveLength(1);
  });

  it('the same person keeps every entitlement, and no broker research audit row is written', async () => {
    const u = await userWithAccess();
    const before = await accessOf(u.id);
    expect((await save(u.id, { email: `${u.username}.new@northwind.example` }, { email_change: 'same' })).status).toBe(
      true,
    );
    expect(await accessOf(u.id)).toEqual(before);
    expect(await researchAudit(u.username)).toEqual([]);
  });

  it('a refused save drops nothing', async () => {
    const u = await userWithAccess();
    const before = await accessOf(u.id);
    // Someone else saved first: the save from version 1 is refused, and the entitlements stay.
    await server.db.updateTable('users').set({ version: 2 }).where('id', '=', u.id).execute();
    const res = await editor.post('/user/update_account/', {
      user_id: String(u.id),
      version: '1',
      changes: JSON.stringify({ email: 'x@granite.example' }),
      email_change: 'different',
    });
    expect(res.status).toBeLessThan(500);
    expect(((await res.json()) as { status: boolean }).status).toBe(false);
    expect(await accessOf(u.id)).toEqual(before);
    expect(await researchAudit(u.username)).toEqual([]);
  });
});
