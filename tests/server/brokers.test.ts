// The Restrict Broker calls and the broker research lists (decision 047): an organization's users,
// a user's two lists and switches, the four actions with their audit rows, Freeze My Brokers
// refusing them, bad input named by field, and two actions on one user at once losing nothing.
// On SQLite and, with TEST_DATABASE_URL, PostgreSQL.
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BROKER_MESSAGES, brokerReplies, EntityListReply } from '../../src/domain/brokers';
import { RecordHistoryReply } from '../../src/domain/audit-log';
import { BadRequestReply } from '../../src/domain/field-errors';
import { FEATURE_KEYS } from '../../src/domain/features';
import { openToAutomaticUpdate } from '../../server/brokers/my-brokers';
import { createTestServer, type TestServer } from '../support/server';
import type { Browser } from './support/browser';
import { signIn } from './support/sign-in';
import { userRow } from '../support/factories';

const R = brokerReplies('product');
let server: TestServer;
let admin: Browser;
let org: number;
let counter = 0;
/** Broker ids: b[0..7] restricted, oa[0..1] open access; g the group of b[0..2]. */
const b: number[] = [];
const oa: number[] = [];
let group: { id: number; productId: number };

beforeAll(async () => {
  server = await createTestServer();
  const now = Date.now();
  org = (
    await server.db
      .insertInto('organizations')
      .values({ name: 'Broker Org', salesforce_id: 'SF-BRK-1', sf_acc_id: null, created_at: now })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  const g = await server.db
    .insertInto('broker_groups')
    .values({ product_id: 9001, name: 'Bulge Bracket', created_at: now })
    .returning(['id', 'product_id'])
    .executeTakeFirstOrThrow();
  group = { id: g.id, productId: Number(g.product_id) };
  for (let i = 0; i < 8; i++) {
    b.push(
      (
        await server.db
          .insertInto('brokers')
          .values({
            name: `Broker ${String.fromCharCode(65 + i)}`,
            open_access: 0,
            group_id: i < 3 ? g.id : null,
            created_at: now,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id,
    );
  }
  for (let i = 0; i < 2; i++) {
    oa.push(
      (
        await server.db
          .insertInto('brokers')
          .values({ name: `Open Broker ${i + 1}`, open_access: 1, group_id: null, created_at: now })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id,
    );
  }
  admin = await signIn(
    server,
    await server.createStaff({ username: 'broker-admin', features: [...FEATURE_KEYS], activated: true }),
  );
});
afterAll(async () => {
  await server.close();
});

async function user(
  lists: { my?: number[]; requested?: number[]; deleted?: boolean; orgId?: number } = {},
): Promise<{ id: number; email: string }> {
  const n = ++counter;
  const now = Date.now();
  const email = `broker.user${n}@broker-org.example`;
  const row = await server.db
    .insertInto('users')
    .values(
      userRow({
        username: `broker.user${n}`,
        email,
        first_name: 'Bo',
        last_name: `Broker${String(n).padStart(3, '0')}`,
        organization_id: lists.orgId ?? org,
        user_type: 'customer',
        deleted: lists.deleted ? 1 : 0,
        created_at: now,
      }),
    )
    .returning('id')
    .executeTakeFirstOrThrow();
  const rows = [
    ...(lists.my ?? []).map((broker_id) => ({ user_id: row.id, list: 'my' as const, broker_id })),
    ...(lists.requested ?? []).map((broker_id) => ({ user_id: row.id, list: 'requested' as const, broker_id })),
  ];
  if (rows.length) await server.db.insertInto('user_brokers').values(rows).execute();
  return { id: row.id, email };
}

const getMine = async (email: string, who = admin) =>
  who.send('GET', `/api/mybroker/?email=${encodeURIComponent(email)}`);
const act = (form: Record<string, string>, who = admin) => who.send('POST', '/api/mybroker/', { form });
const action = (email: string, actionName: string, brokers: number[] = [], oneClick = false) =>
  act({ email, action: actionName, brokers: JSON.stringify(brokers), one_click: String(oneClick) });
const putFlags = (email: string, flags: unknown) =>
  admin.send('PUT', '/api/mybroker/', { form: { email, flags: JSON.stringify(flags) } });
const myIds = async (userId: number) =>
  (
    await server.db
      .selectFrom('user_brokers')
      .select('broker_id')
      .where('user_id', '=', userId)
      .where('list', '=', 'my')
      .orderBy('broker_id')
      .execute()
  ).map((r) => Number(r.broker_id));
const audits = async (userId: number) =>
  (await server.db.selectFrom('audit_log').selectAll().orderBy('id').execute()).filter((r) =>
    r.action.includes(`: user #${userId} `),
  );
const sorted = (ids: number[]) => [...ids].sort((x, y) => x - y);

describe('get_entity_list/ (origin restrict_broker)', () => {
  it("lists the organization's live users by name, with their My Brokers count", async () => {
    const other = (
      await server.db
        .insertInto('organizations')
        .values({ name: 'Other', salesforce_id: 'SF-OTHER', sf_acc_id: null, created_at: Date.now() })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    const lone = await user({ orgId: other, my: [b[0]!, b[1]!] });
    await user({ orgId: other, deleted: true });
    const res = await admin.send('POST', '/api/account/get_entity_list/', {
      form: { sf_acc_ids: JSON.stringify(['SF-OTHER']), origin: 'restrict_broker' },
    });
    expect(res.status).toBe(200);
    const reply = v.parse(EntityListReply, await res.json());
    expect(reply).toEqual({
      status: true,
      more: false,
      user: [
        {
          key: lone.email,
          id: lone.id,
          text: expect.stringMatching(/^Bo Broker/),
          pid: other,
          pname: 'Other',
          broker_count: 2,
        },
      ],
    });
  });

  it('refuses a missing origin and ids that are not a JSON list', async () => {
    const res = await admin.send('POST', '/api/account/get_entity_list/', { form: { sf_acc_ids: 'SF-1' } });
    expect(res.status).toBe(400);
    const body = v.parse(BadRequestReply, await res.json());
    expect(Object.keys(body.fields).sort()).toEqual(['origin', 'sf_acc_ids']);
  });
});

describe('GET api/mybroker/', () => {
  it('answers both lists by name, with open access marked, and the default switches', async () => {
    const u = await user({ my: [b[1]!, oa[0]!], requested: [b[2]!] });
    const res = await getMine(u.email.toUpperCase());
    expect(res.status).toBe(200);
    const raw = (await res.json()) as Record<string, unknown>;
    expect((raw['my_brokers'] as unknown[])[0]).toEqual({ product_id: b[1], name: 'Broker B', open_access: false });
    const reply = v.parse(R.MyBrokerReply, raw);
    expect(reply.my_brokers.map((x) => x.name)).toEqual(['Broker B', 'Open Broker 1']);
    expect(reply.my_brokers[1]!.open_access).toBe(true);
    expect(reply.req_brokers.map((x) => x.id)).toEqual([b[2]]);
    expect(reply).toMatchObject({ auto_brm_update: true, freeze: false });
  });

  it('refuses an unknown email and one that is no email, naming the field', async () => {
    const unknown = await getMine('nobody@broker-org.example');
    expect(unknown.status).toBe(400);
    expect(await unknown.json()).toMatchObject({
      status: false,
      msg: BROKER_MESSAGES.noUser,
      fields: { email: BROKER_MESSAGES.noUser },
    });
    const bad = await getMine('not-an-email');
    expect(bad.status).toBe(400);
    expect(v.parse(BadRequestReply, await bad.json()).fields).toHaveProperty('email');
  });
});

describe('POST api/mybroker/ (the four actions)', () => {
  it('add: puts the brokers in My Brokers once, answers both lists, audits previous and current', async () => {
    const u = await user({ my: [b[0]!], requested: [b[1]!, b[2]!] });
    const res = await action(u.email, 'add', [b[1]!, b[2]!, b[0]!, b[1]!]);
    expect(res.status).toBe(200);
    const reply = v.parse(R.ActionReply, await res.json());
    expect(reply).toMatchObject({ status: true, msg: 'Response: Success', result: '2 brokers added to My Brokers.' });
    expect(reply.brokers.my.map((x) => x.id)).toEqual([b[0], b[1], b[2]]);
    expect(reply.brokers.requested.map((x) => x.id)).toEqual([b[1], b[2]]);
    expect(await myIds(u.id)).toEqual(sorted([b[0]!, b[1]!, b[2]!]));
    const [row] = await audits(u.id);
    expect(row).toMatchObject({ category: 'user', author: 'broker-admin', success: 1 });
    expect(JSON.parse(row!.previous_data!)).toEqual({ user_id: u.id, my_brokers: [b[0]] });
    expect(JSON.parse(row!.current_data!)).toMatchObject({
      user_id: u.id,
      my_brokers: sorted([b[0]!, b[1]!, b[2]!]),
      action: 'add',
    });
  });

  it('delete: takes the brokers out of My Brokers, leaving the requested ones', async () => {
    const u = await user({ my: [b[0]!, b[1]!, b[2]!], requested: [b[0]!] });
    const reply = v.parse(R.ActionReply, await (await action(u.email, 'delete', [b[0]!, b[2]!, b[5]!])).json());
    expect(reply).toMatchObject({ status: true, result: '2 brokers deleted from My Brokers.' });
    expect(await myIds(u.id)).toEqual([b[1]]);
    expect(reply.brokers.requested.map((x) => x.id)).toEqual([b[0]]);
  });

  it('remove_oa: removes every open-access broker with one click, whatever brokers are sent', async () => {
    const u = await user({ my: [b[3]!, oa[0]!, oa[1]!] });
    const reply = v.parse(R.ActionReply, await (await action(u.email, 'remove_oa', [b[3]!], true)).json());
    expect(reply).toMatchObject({ status: true, result: '2 brokers with open access removed from My Brokers.' });
    expect(await myIds(u.id)).toEqual([b[3]]);
  });

  it('overwrite_req: My Brokers becomes the requested brokers', async () => {
    const u = await user({ my: [b[3]!, b[4]!], requested: [b[4]!, b[5]!, oa[0]!] });
    const reply = v.parse(R.ActionReply, await (await action(u.email, 'overwrite_req', [], true)).json());
    expect(reply).toMatchObject({
      status: true,
      result: 'My Brokers replaced with the requested brokers: 2 added, 1 removed.',
    });
    expect(await myIds(u.id)).toEqual(sorted([b[4]!, b[5]!, oa[0]!]));
    expect(reply.brokers.requested).toHaveLength(3);
  });

  it("puts each action, and a refusal while frozen, on the user's History, in the screen's words", async () => {
    const u = await user({ my: [b[0]!, oa[0]!], requested: [b[6]!] });
    const others = await user();
    for (const [name, ids, oneClick] of [
      ['add', [b[1]!], false],
      ['delete', [b[0]!], false],
      ['remove_oa', [], true],
      ['overwrite_req', [], true],
    ] as const)
      expect((await action(u.email, name, [...ids], oneClick)).status).toBe(200);
    await putFlags(u.email, { freeze: true });
    expect((await action(u.email, 'add', [b[2]!])).status).toBe(200);
    const history = async (id: number) => {
      const res = await admin.send('GET', `/api/audit_log/history/?kind=user&id=${id}`);
      expect(res.status).toBe(200);
      return v.parse(RecordHistoryReply, await res.json()).entries.map((e) => [e.action, e.success]);
    };
    const mine = (label: string) => `My Brokers: ${label}: user #${u.id} (${u.email})`;
    expect(await history(u.id)).toEqual([
      [mine('Add to My Brokers'), false],
      [`My Brokers switches: user #${u.id} (${u.email})`, true],
      [mine('Replace with Requested Brokers'), true],
      [mine('Remove Open Access Brokers'), true],
      [mine('Delete from My Brokers'), true],
      [mine('Add to My Brokers'), true],
    ]);
    expect(await history(others.id)).toEqual([]);
    // The change by broker names, as they were when it was made (decision 094), each linked.
    await server.db.updateTable('brokers').set({ name: 'Renamed since' }).where('id', '=', b[6]!).execute();
    const res = await admin.send('GET', `/api/audit_log/history/?kind=user&id=${u.id}`);
    const replaced = v.parse(RecordHistoryReply, await res.json()).entries[2]!;
    expect(replaced.changes.map((c) => [c.label, c.before, c.after])).toEqual([
      ['My Brokers', 'Broker B', 'Broker G'],
      ['Action', null, 'Replace with Requested Brokers'],
      ['One click', null, 'Yes'],
      ['Brokers', null, '0'],
    ]);
    expect(replaced.changes[0]!.after_refs).toEqual([{ kind: 'broker', id: b[6], name: 'Broker G' }]);
  });

  it("refuses an unknown action with 'Action not allowed...'", async () => {
    const u = await user();
    const res = await action(u.email, 'grant_all', [b[0]!]);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      status: false,
      msg: 'Action not allowed...',
      fields: { action: 'Action not allowed...' },
    });
  });

  it('refuses wrong types, an unknown email, unknown broker ids and add without brokers, changing nothing', async () => {
    const u = await user({ my: [b[0]!] });
    const notJson = await act({ email: u.email, action: 'add', brokers: 'b1,b2' });
    expect(notJson.status).toBe(400);
    expect(v.parse(BadRequestReply, await notJson.json()).fields).toHaveProperty('brokers');
    const notIds = await action(u.email, 'add', ['x' as unknown as number]);
    expect(notIds.status).toBe(400);
    const badClick = await act({ email: u.email, action: 'add', brokers: JSON.stringify([b[1]]), one_click: 'maybe' });
    expect(v.parse(BadRequestReply, await badClick.json()).fields).toHaveProperty('one_click');
    const nobody = await action('nobody@broker-org.example', 'add', [b[1]!]);
    expect(nobody.status).toBe(400);
    expect(await nobody.json()).toMatchObject({ fields: { email: BROKER_MESSAGES.noUser } });
    const unknown = await action(u.email, 'add', [b[1]!, 99_999_999]);
    expect(unknown.status).toBe(400);
    expect(await unknown.json()).toMatchObject({
      msg: 'No broker has the id 99999999.',
      fields: { brokers: 'No broker has the id 99999999.' },
    });
    const none = await action(u.email, 'delete', []);
    expect(none.status).toBe(400);
    expect(await none.json()).toMatchObject({ fields: { brokers: BROKER_MESSAGES.noBrokersChosen } });
    expect(await myIds(u.id)).toEqual([b[0]]);
    expect(await audits(u.id)).toEqual([]);
  });
});

describe('PUT api/mybroker/ (Auto BRM Update, Freeze My Brokers)', () => {
  it('saves either switch, audits it, and GET reads it back', async () => {
    const u = await user();
    const res = await putFlags(u.email, { auto_brm_update: false });
    expect(res.status).toBe(200);
    expect(v.parse(R.FlagsReply, await res.json())).toEqual({
      status: true,
      msg: 'Auto BRM Update off, Freeze My Brokers off.',
      auto_brm_update: false,
      freeze: false,
    });
    await putFlags(u.email, { freeze: true });
    expect(v.parse(R.MyBrokerReply, await (await getMine(u.email)).json())).toMatchObject({
      auto_brm_update: false,
      freeze: true,
    });
    const rows = await audits(u.id);
    expect(rows.map((r) => JSON.parse(r.current_data!))).toEqual([
      { user_id: u.id, auto_brm_update: false, freeze: false },
      { user_id: u.id, auto_brm_update: false, freeze: true },
    ]);
    expect(JSON.parse(rows[1]!.previous_data!)).toEqual({ user_id: u.id, auto_brm_update: false, freeze: false });
  });

  it('refuses flags that are not switches, or none', async () => {
    const u = await user();
    for (const flags of [{}, { freeze: 'yes' }]) {
      const res = await putFlags(u.email, flags);
      expect(res.status).toBe(400);
      expect(v.parse(BadRequestReply, await res.json()).fields).toHaveProperty(
        Object.keys(flags).length ? 'flags.freeze' : 'flags',
      );
    }
    expect((await putFlags('nobody@broker-org.example', { freeze: true })).status).toBe(400);
  });

  it('while frozen, refuses all four actions with the reason and the lists as they are; unfreezing is allowed', async () => {
    const u = await user({ my: [b[0]!, oa[0]!], requested: [b[1]!] });
    await putFlags(u.email, { freeze: true });
    for (const [name, ids, oneClick] of [
      ['add', [b[2]!], false],
      ['delete', [b[0]!], false],
      ['remove_oa', [], true],
      ['overwrite_req', [], true],
    ] as const) {
      const res = await action(u.email, name, [...ids], oneClick);
      expect(res.status).toBe(200);
      const reply = v.parse(R.ActionReply, await res.json());
      expect(reply).toMatchObject({ status: false, msg: BROKER_MESSAGES.frozen, result: BROKER_MESSAGES.frozenResult });
      expect(reply.brokers.my.map((x) => x.id)).toEqual([b[0], oa[0]]);
    }
    expect(await myIds(u.id)).toEqual(sorted([b[0]!, oa[0]!]));
    const refused = (await audits(u.id)).filter((r) => r.success === 0);
    expect(refused).toHaveLength(4);
    // Automatic updates skip a frozen user.
    const open = async () => (await openToAutomaticUpdate(server.db).where('users.id', '=', u.id).execute()).length;
    expect(await open()).toBe(0);
    await putFlags(u.email, { freeze: false });
    expect(await open()).toBe(1);
    expect(v.parse(R.ActionReply, await (await action(u.email, 'remove_oa', [], true)).json()).status).toBe(true);
    expect(await myIds(u.id)).toEqual([b[0]]);
  });

  it('automatic updates skip a user with Auto BRM Update off', async () => {
    const u = await user();
    expect((await openToAutomaticUpdate(server.db).where('users.id', '=', u.id).execute()).length).toBe(1);
    await putFlags(u.email, { auto_brm_update: false });
    expect((await openToAutomaticUpdate(server.db).where('users.id', '=', u.id).execute()).length).toBe(0);
  });
});

describe('two changes to one user at once', () => {
  it('lose nothing: concurrent adds and deletes all land, each audited against what the other left', async () => {
    const u = await user({ my: [b[0]!, b[1]!] });
    const results = await Promise.all([
      action(u.email, 'add', [b[2]!, b[3]!]),
      action(u.email, 'add', [b[4]!, b[5]!]),
      action(u.email, 'delete', [b[0]!]),
      action(u.email, 'add', [b[6]!]),
    ]);
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    expect(await myIds(u.id)).toEqual(sorted([b[1]!, b[2]!, b[3]!, b[4]!, b[5]!, b[6]!]));
    // Each audit row's previous list is the one before it's current list: the changes ran one after the other.
    const rows = (await audits(u.id)).map((r) => ({
      previous: JSON.parse(r.previous_data!).my_brokers as number[],
      current: JSON.parse(r.current_data!).my_brokers as number[],
    }));
    expect(rows).toHaveLength(4);
    for (let i = 1; i < rows.length; i++) expect(rows[i]!.previous).toEqual(rows[i - 1]!.current);
  });

  it('a freeze and an action at once: the action either ran before the freeze or was refused', async () => {
    const u = await user({ my: [b[0]!] });
    const [put, add] = await Promise.all([putFlags(u.email, { freeze: true }), action(u.email, 'add', [b[1]!])]);
    expect(put.status).toBe(200);
    const reply = v.parse(R.ActionReply, await add.json());
    expect(await myIds(u.id)).toEqual(reply.status ? sorted([b[0]!, b[1]!]) : [b[0]]);
  });
});

describe('broker research lists', () => {
  it('GET api/brokergroup/ answers id, {product}Id and name', async () => {
    const res = await admin.send('GET', '/api/brokergroup/');
    expect(res.status).toBe(200);
    const raw = (await res.json()) as { brokerGroup: unknown[] };
    expect(raw.brokerGroup).toContainEqual({ id: group.id, productId: 9001, name: 'Bulge Bracket' });
    expect(v.parse(R.BrokerGroupReply, raw).brokerGroup).toContainEqual({
      id: group.id,
      productId: 9001,
      name: 'Bulge Bracket',
    });
  });

  it('GET api/broker/ answers every broker by name, and pb keeps one group', async () => {
    const all = v.parse(R.BrokerListReply, await (await admin.send('GET', '/api/broker/')).json());
    expect(all.brokers.map((x) => x.id)).toEqual(expect.arrayContaining([...b, ...oa]));
    const grouped = v.parse(R.BrokerListReply, await (await admin.send('GET', `/api/broker/?pb=${group.id}`)).json());
    expect(grouped.brokers.map((x) => x.name)).toEqual(['Broker A', 'Broker B', 'Broker C']);
    expect((await admin.send('GET', '/api/broker/?pb=abc')).status).toBe(400);
  });
});

describe('permission', () => {
  it('a session without restrict_broker_access is refused every Restrict Broker call (403)', async () => {
    const support = await signIn(
      server,
      await server.createStaff({
        username: 'broker-support',
        features: ['admin_panel_access', 'user_mgmt', 'create_user_tab'],
        activated: true,
      }),
    );
    const u = await user({ my: [b[0]!] });
    expect((await getMine(u.email, support)).status).toBe(403);
    expect((await act({ email: u.email, action: 'add', brokers: JSON.stringify([b[1]]) }, support)).status).toBe(403);
    expect(
      (
        await support.send('PUT', '/api/mybroker/', {
          form: { email: u.email, flags: JSON.stringify({ freeze: true }) },
        })
      ).status,
    ).toBe(403);
    expect(
      (
        await support.send('POST', '/api/account/get_entity_list/', {
          form: { sf_acc_ids: '["SF-BRK-1"]', origin: 'restrict_broker' },
        })
      ).status,
    ).toBe(403);
    expect(await myIds(u.id)).toEqual([b[0]]);
    expect((await support.send('GET', '/api/brokergroup/')).status).toBe(403);
  });
});
