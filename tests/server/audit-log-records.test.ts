// A record's history through the sections' own calls (decision 062): a group's rename, a role's
// change and a broker's changes (its MiFID II status, a user group, a domain mapping) are listed
// under their record newest first with their change, and never under another record; the history
// of a kind is refused (403) to a session without that kind's section. On SQLite and, with
// TEST_DATABASE_URL, PostgreSQL.
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RecordHistoryReply } from '../../src/domain/audit-log';
import { DOMAIN_MAPPING_PATH } from '../../src/domain/broker-research-domain-mappings';
import { FEATURE_KEYS } from '../../src/domain/features';
import { GroupReply } from '../../src/domain/groups';
import { RoleReply } from '../../src/domain/roles';
import { insertUser } from '../support/factories';
import { createTestServer, type TestServer } from '../support/server';
import type { Browser } from './support/browser';
import { signIn } from './support/sign-in';

let server: TestServer;
let admin: Browser;
let grouper: Browser;
let researcher: Browser;
let orgId: number;
const brokers: number[] = [];

beforeAll(async () => {
  server = await createTestServer();
  const now = Date.now();
  orgId = (
    await server.db
      .insertInto('organizations')
      .values({ name: 'Harbor Partners', salesforce_id: null, sf_acc_id: null, created_at: now })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  for (const name of ['Keel Securities', 'Mast Markets']) {
    brokers.push(
      (
        await server.db
          .insertInto('brokers')
          .values({
            name,
            legal_name: `${name} LLC`,
            short_name: name.split(' ')[0]!,
            open_access: 0,
            group_id: null,
            created_at: now,
            mifid_updated_at: null,
            mifid_updated_by: null,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id,
    );
  }
  admin = await signIn(
    server,
    await server.createStaff({ username: 'history-admin', features: [...FEATURE_KEYS], activated: true }),
  );
  grouper = await signIn(
    server,
    await server.createStaff({
      username: 'history-grouper',
      features: ['admin_panel_access', 'group_mgmt'],
      activated: true,
    }),
  );
  researcher = await signIn(
    server,
    await server.createStaff({
      username: 'history-researcher',
      features: ['admin_panel_access', 'br_research'],
      activated: true,
    }),
  );
});
afterAll(async () => {
  await server.close();
});

async function post(path: string, form: Record<string, string>, method = 'POST') {
  const res = await admin.send(method, path, { form });
  const body = (await res.json()) as unknown;
  expect(res.status, JSON.stringify(body)).toBe(200);
  return body;
}
async function history(kind: string, id: number, who = admin) {
  const res = await who.send('GET', `/api/audit_log/history/?kind=${kind}&id=${id}`);
  expect(res.status).toBe(200);
  return v.parse(RecordHistoryReply, await res.json()).entries;
}
const status = async (who: Browser, kind: string, id: number) =>
  (await who.send('GET', `/api/audit_log/history/?kind=${kind}&id=${id}`)).status;
const newestFirst = (entries: { created_at: number }[]) =>
  expect(entries.map((e) => e.created_at)).toEqual(entries.map((e) => e.created_at).sort((a, b) => b - a));

describe("a record's history through its section", () => {
  it("lists a group's creation and rename, newest first, with the new name; refused to a session without Group Management", async () => {
    const group = v.parse(
      GroupReply,
      await post('/user/add_group_new/', { organization_id: String(orgId), name: 'Desk', kind: 'general' }),
    ).group;
    await post('/user/rename_group/', { group_id: String(group.id), version: '1', name: 'Trading desk' });
    const entries = await history('group', group.id, grouper);
    newestFirst(entries);
    expect(entries.map((e) => e.action)).toEqual([
      `group renamed: Trading desk (#${group.id})`,
      expect.stringMatching(/^group created/),
    ]);
    expect(entries[0]!.record).toEqual({ kind: 'group', id: group.id, name: 'Trading desk' });
    expect(entries[0]!.changes).toContainEqual(expect.objectContaining({ before: 'Desk', after: 'Trading desk' }));
    expect(await status(researcher, 'group', group.id)).toBe(403);
  });

  it("lists a role's change with its permissions in words; refused to a session without Role Management", async () => {
    const role = v.parse(
      RoleReply,
      await post('/user/roles/create/', { name: 'Reviewer', description: '', features: JSON.stringify(['user_mgmt']) }),
    ).role;
    await post('/user/roles/update/', {
      id: String(role.id),
      version: String(role.version),
      name: 'Senior reviewer',
      description: '',
      features: JSON.stringify(['user_mgmt', 'group_mgmt']),
    });
    const entries = await history('role', role.id);
    newestFirst(entries);
    expect(entries).toHaveLength(2);
    expect(entries.every((e) => e.record?.kind === 'role' && e.record.id === role.id)).toBe(true);
    expect(entries[0]!.changes).toContainEqual(
      expect.objectContaining({ before: 'Reviewer', after: 'Senior reviewer' }),
    );
    expect(entries[0]!.changes).toContainEqual(
      expect.objectContaining({
        label: 'Features',
        before: 'User management',
        after: 'User management, Group management',
      }),
    );
    expect(await status(grouper, 'role', role.id)).toBe(403);
    expect(await status(researcher, 'role', role.id)).toBe(403);
  });

  it("lists a broker's MiFID II status, user group and domain mapping under that broker alone; refused without Broker Research", async () => {
    const [keel, mast] = [brokers[0]!, brokers[1]!];
    await post('/api/broker/mifid/', { broker: String(keel), version: '1', mifid_status: 'compliant' }, 'PUT');
    await post('/api/broker/user_group/create/', { broker: String(keel), name: 'Rates desk', description: '' });
    await post(DOMAIN_MAPPING_PATH, { domain: 'keel-history.example', broker_id: String(keel) });
    const entries = await history('broker', keel, researcher);
    newestFirst(entries);
    expect(entries).toHaveLength(3);
    expect(entries.map((e) => e.action)).toEqual([
      expect.stringContaining('broker domain mapping added: keel-history.example'),
      expect.stringContaining('user group Rates desk created'),
      expect.any(String),
    ]);
    expect(
      entries.every((e) => e.category === 'broker research' && e.record?.kind === 'broker' && e.record.id === keel),
    ).toBe(true);
    expect(entries[2]!.changes).toContainEqual(expect.objectContaining({ after: expect.stringMatching(/compliant/i) }));
    expect(await history('broker', mast, researcher)).toEqual([]);
    expect(await status(grouper, 'broker', keel)).toBe(403);
  });

  it('reads an entry written before names were kept by the names its records have now, and names its own record', async () => {
    const other = (
      await server.db
        .insertInto('organizations')
        .values({ name: 'Capstan Holdings', salesforce_id: null, sf_acc_id: null, created_at: Date.now() })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    const user = await insertUser(server.db, { username: 'moved-long-ago', organization_id: orgId });
    await server.db
      .insertInto('audit_log')
      .values({
        category: 'user',
        author: 'someone',
        action: 'organization changed',
        origin: 'adminpanel',
        source: 'server',
        created_at: Date.now(),
        previous_data: JSON.stringify({ organization_id: orgId }),
        current_data: JSON.stringify({ organization_id: other }),
        success: 1,
        record_kind: 'user',
        record_id: user,
        names: null,
      })
      .execute();
    const [entry] = await history('user', user);
    expect(entry!.record).toEqual({ kind: 'user', id: user, name: 'moved-long-ago' });
    expect(entry!.changes).toEqual([
      expect.objectContaining({ label: 'Organization', before: 'Harbor Partners', after: 'Capstan Holdings' }),
    ]);
  });
});
