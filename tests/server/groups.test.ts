// Group Management (decision 048): an organization's groups with their members and its users in
// no group; create, rename, delete; members of the group's organization only; the feature and
// compliance switches with their §8 words; a user's groups; every change from the version it
// started from (409 with the group now), each with its audit row. On SQLite and, with
// TEST_DATABASE_URL, PostgreSQL.
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RecordHistoryReply } from '../../src/domain/audit-log';
import { FEATURE_KEYS } from '../../src/domain/features';
import { BadRequestReply } from '../../src/domain/field-errors';
import {
  DeleteGroupReply,
  FetchGroupReply,
  GroupReply,
  StaleGroupReply,
  UserGroupsReply,
  type Group,
  addMemberRefusalOf,
} from '../../src/domain/groups';
import { insertOrganization, userRow } from '../support/factories';
import { createTestServer, type TestServer } from '../support/server';
import type { Browser } from './support/browser';
import { signIn } from './support/sign-in';

let server: TestServer;
let admin: Browser;
let orgA: number;
let orgB: number;
let counter = 0;

async function people(n: number, org: number, opts: { deleted?: boolean; first?: string } = {}): Promise<number[]> {
  const rows = Array.from({ length: n }, () => {
    const k = ++counter;
    return userRow({
      username: `grp.user${k}`,
      email: `grp${k}@group-org.example`,
      first_name: opts.first ?? 'Gus',
      last_name: `Member${String(k).padStart(4, '0')}`,
      organization_id: org,
      deleted: opts.deleted ? 1 : 0,
    });
  });
  return (await server.db.insertInto('users').values(rows).returning('id').execute()).map((r) => r.id);
}

beforeAll(async () => {
  server = await createTestServer();
  orgA = await insertOrganization(server.db, { name: 'Group Org A' });
  orgB = await insertOrganization(server.db, { name: 'Group Org B' });
  admin = await signIn(
    server,
    await server.createStaff({ username: 'grouper', features: [...FEATURE_KEYS], activated: true }),
  );
});
afterAll(async () => {
  await server.close();
});

async function call(path: string, form: Record<string, string | number | boolean>, who: Browser = admin) {
  const res = await who.post(path, Object.fromEntries(Object.entries(form).map(([k, x]) => [k, String(x)])));
  return { status: res.status, body: (await res.json()) as unknown };
}

async function ok(path: string, form: Record<string, string | number | boolean>): Promise<Group> {
  const { status, body } = await call(path, form);
  expect(status, JSON.stringify(body)).toBe(200);
  return v.parse(GroupReply, body).group;
}

const created = (name: string, org = orgA, kind = 'general') =>
  ok('/user/add_group_new/', { organization_id: org, name, kind });
const refusal = (body: unknown) => v.parse(BadRequestReply, body);
const fetched = async (org: number) => {
  const { status, body } = await call('/user/fetch_group/', { organization_id: org });
  expect(status).toBe(200);
  return v.parse(FetchGroupReply, body);
};
/** A user's History (decision 062): each entry's action and its membership row (label, before, after). */
async function historyOf(userId: number) {
  const res = await admin.send('GET', `/api/audit_log/history/?kind=user&id=${userId}`);
  expect(res.status).toBe(200);
  return v.parse(RecordHistoryReply, await res.json()).entries.map((e) => {
    const group = e.changes.find((c) => c.field === 'member_of');
    return [e.action, group?.label, group?.before, group?.after];
  });
}

const auditRows = async (fragment: string) =>
  (await server.db.selectFrom('audit_log').selectAll().where('category', '=', 'group').orderBy('id').execute()).filter(
    (r) => r.action.includes(fragment),
  );

describe('fetch_group/', () => {
  it("answers the organization's groups with their live members and its live users in no group", async () => {
    const org = await insertOrganization(server.db, { name: 'Fetch Org', created_at: 1 });
    const [a, b, c] = await people(3, org);
    const [gone] = await people(1, org, { deleted: true });
    const group = await created('Analysts', org);
    await ok('/user/add_group_user/', { group_id: group.id, version: 1, user_ids: JSON.stringify([a]) });
    await server.db.insertInto('group_members').values({ group_id: group.id, user_id: gone! }).execute();
    const reply = await fetched(org);
    expect(reply.groupItems).toHaveLength(1);
    expect(reply.groupItems[0]).toMatchObject({
      name: 'Analysts',
      kind: 'general',
      version: 2,
      members: [{ id: a, username: expect.stringMatching(/^grp\.user/) }],
    });
    expect(reply.groupItems[0]!.flags).toEqual({
      autoshare: false,
      thesis: false,
      collab: false,
      sec_master: false,
      restrict_export: false,
      restrict_upload: false,
      restrict_annot: false,
    });
    expect(reply.nonGroupUsers.map((u) => u.id).sort()).toEqual([b, c].sort());
  });

  it('refuses bad input and an unknown organization', async () => {
    const bad = await call('/user/fetch_group/', { organization_id: 'abc' });
    expect(bad.status).toBe(400);
    expect(Object.keys(refusal(bad.body).fields)).toEqual(['organization_id']);
    const unknown = await call('/user/fetch_group/', { organization_id: 99_999_999 });
    expect(unknown.status).toBe(400);
    expect(refusal(unknown.body).fields).toEqual({ organization_id: 'There is no such organization.' });
  });
});

describe('create, rename, delete', () => {
  it('creates a group with its audit row; a kind sets its switch', async () => {
    const group = await created('Thesis desk', orgA, 'thesis');
    expect(group).toMatchObject({
      name: 'Thesis desk',
      kind: 'thesis',
      organization_id: orgA,
      version: 1,
      members: [],
    });
    expect(group.flags.thesis).toBe(true);
    const rows = await auditRows(`group created: Thesis desk (#${group.id})`);
    expect(rows).toHaveLength(1);
    expect(JSON.parse(rows[0]!.current_data!)).toMatchObject({ name: 'Thesis desk', kind: 'thesis' });
  });

  it('refuses a name an organization already has, whatever its case, but not on another organization', async () => {
    await created('Research Team');
    const twin = await call('/user/add_group_new/', { organization_id: orgA, name: 'RESEARCH team' });
    expect(twin.status).toBe(400);
    expect(refusal(twin.body).fields['name']).toBe(
      "This organization has a group named 'RESEARCH team' (names are the same whatever their case).",
    );
    expect((await created('research team', orgB)).name).toBe('research team');
  });

  it('refuses an empty name, an unknown kind and an unknown organization at their fields', async () => {
    const bad = await call('/user/add_group_new/', { organization_id: orgA, name: '  ', kind: 'secret' });
    expect(bad.status).toBe(400);
    expect(Object.keys(refusal(bad.body).fields).sort()).toEqual(['kind', 'name']);
    const unknown = await call('/user/add_group_new/', { organization_id: 99_999_999, name: 'Nowhere' });
    expect(refusal(unknown.body).fields).toEqual({ organization_id: 'There is no such organization.' });
  });

  it('renames from the version it started from, with previous and current in the audit', async () => {
    const group = await created('Old name');
    const renamed = await ok('/user/rename_group/', { group_id: group.id, version: 1, name: 'New name' });
    expect(renamed).toMatchObject({ name: 'New name', version: 2 });
    const [row] = await auditRows(`group renamed: New name (#${group.id})`);
    expect(JSON.parse(row!.previous_data!)).toMatchObject({ name: 'Old name', version: 1 });
    expect(JSON.parse(row!.current_data!)).toMatchObject({ name: 'New name', version: 2 });
    const stale = await call('/user/rename_group/', { group_id: group.id, version: 1, name: 'Newer name' });
    expect(stale.status).toBe(409);
    expect(v.parse(StaleGroupReply, stale.body)).toMatchObject({ current: { name: 'New name', version: 2 } });
    const taken = await created('Taken name');
    const clash = await call('/user/rename_group/', { group_id: taken.id, version: 1, name: 'NEW NAME' });
    expect(clash.status).toBe(400);
    expect(refusal(clash.body).fields['name']).toMatch(/has a group named 'NEW NAME'/);
    // Its own name in another case is a rename, not a clash.
    expect((await ok('/user/rename_group/', { group_id: taken.id, version: 1, name: 'TAKEN NAME' })).name).toBe(
      'TAKEN NAME',
    );
  });

  it('deletes a group and its memberships (the users stay); a stale or second delete is told', async () => {
    const [u] = await people(1, orgA);
    const group = await created('Short lived');
    await ok('/user/add_group_user/', { group_id: group.id, version: 1, user_ids: JSON.stringify([u]) });
    const stale = await call('/user/delete_group/', { group_id: group.id, version: 1 });
    expect(stale.status).toBe(409);
    const done = await call('/user/delete_group/', { group_id: group.id, version: 2 });
    expect(v.parse(DeleteGroupReply, done.body)).toEqual({
      status: true,
      msg: "Group 'Short lived' deleted.",
      group_id: group.id,
    });
    expect(await server.db.selectFrom('group_members').where('group_id', '=', group.id).selectAll().execute()).toEqual(
      [],
    );
    expect(await server.db.selectFrom('users').where('id', '=', u!).select('id').executeTakeFirst()).toBeDefined();
    expect(await auditRows(`group deleted: Short lived (#${group.id})`)).toHaveLength(1);
    // The member's History says they left the group, by the name it had (decision 094).
    expect(await historyOf(u!)).toEqual([
      [`removed from group #${group.id} Short lived`, 'Member of', 'Short lived', 'None'],
      [`added to group #${group.id} Short lived`, 'Member of', 'None', 'Short lived'],
    ]);
    const again = await call('/user/delete_group/', { group_id: group.id, version: 2 });
    expect(again.status).toBe(409);
    expect(v.parse(StaleGroupReply, again.body)).toEqual({
      status: false,
      msg: 'Someone else deleted this group since you opened it.',
      current: null,
    });
  });
});

describe('members', () => {
  it('adds users of the organization, removes by id and by username, each audited', async () => {
    const [a, b] = await people(2, orgA);
    const group = await created('Members group');
    const added = await ok('/user/add_group_user/', {
      group_id: group.id,
      version: 1,
      user_ids: JSON.stringify([a, b, a]),
    });
    expect(added.members.map((m) => m.id).sort()).toEqual([a, b].sort());
    const byId = await ok('/user/delete_group_user/', { group_id: group.id, version: 2, user_id: a! });
    expect(byId.members.map((m) => m.id)).toEqual([b]);
    const username = byId.members[0]!.username;
    const byName = await ok('/user/delete_group_user_by_username/', { group_id: group.id, version: 3, username });
    expect(byName).toMatchObject({ members: [], version: 4 });
    const rows = await auditRows(`(#${group.id})`);
    expect(rows.map((r) => r.action.split(':')[0])).toEqual([
      'group created',
      'group members added (2)',
      'group member removed',
      'group member removed',
    ]);
    expect(JSON.parse(rows[1]!.current_data!).members.sort()).toEqual([a, b].sort());
    // Each member's History lists their joining and leaving.
    for (const id of [a!, b!])
      expect((await historyOf(id)).map((e) => e[0])).toEqual([
        `removed from group #${group.id} Members group`,
        `added to group #${group.id} Members group`,
      ]);
  });

  it('refuses users of another organization, deleted users and unknown ids, adding none and naming each cause', async () => {
    const [mine] = await people(1, orgA);
    const [theirs] = await people(1, orgB);
    const [gone] = await people(1, orgA, { deleted: true });
    const group = await created('Guarded group');
    const cases = [
      {
        outsider: theirs!,
        cause: 'other_organization',
        words: 'the user belongs to another organization than the group’s',
      },
      { outsider: gone!, cause: 'deleted', words: 'the user has been deleted' },
      { outsider: 99_999_999, cause: 'no_user', words: 'there is no user with this id' },
    ] as const;
    for (const { outsider, cause, words } of cases) {
      const res = await call('/user/add_group_user/', {
        group_id: group.id,
        version: 1,
        user_ids: JSON.stringify([mine, outsider]),
      });
      expect(res.status).toBe(400);
      const msg = `No member was added. User ${outsider}: ${words}.`;
      expect(refusal(res.body)).toMatchObject({ msg, fields: { user_ids: msg } });
      expect((res.body as { refused: unknown }).refused).toEqual([{ user_id: outsider, cause }]);
    }
    // All three at once: each cause once, in one order, with the users it holds.
    const all = await call('/user/add_group_user/', {
      group_id: group.id,
      version: 1,
      user_ids: JSON.stringify([99_999_999, theirs, mine, gone, 99_999_998]),
    });
    expect(refusal(all.body).msg).toBe(
      `No member was added. Users 99999999, 99999998: there is no user with this id. User ${gone}: the user has been deleted. User ${theirs}: the user belongs to another organization than the group’s.`,
    );
    expect((all.body as { refused: unknown }).refused).toEqual([
      { user_id: 99_999_999, cause: 'no_user' },
      { user_id: theirs, cause: 'other_organization' },
      { user_id: gone, cause: 'deleted' },
      { user_id: 99_999_998, cause: 'no_user' },
    ]);
    expect(addMemberRefusalOf({ status: 400, data: all.body })).toHaveLength(4);
    const after = (await fetched(orgA)).groupItems.find((g) => g.id === group.id)!;
    expect(after).toMatchObject({ members: [], version: 1 });
    expect(await auditRows(`group members added (2): Guarded group`)).toHaveLength(0);
  });

  it('refuses removing a non-member, an unknown username, and bad ids', async () => {
    const [a] = await people(1, orgA);
    const [other] = await people(1, orgB);
    const group = await created('Removal group');
    const notMember = await call('/user/delete_group_user/', { group_id: group.id, version: 1, user_id: a! });
    expect(refusal(notMember.body).fields).toEqual({ user_id: 'This user is not a member of the group.' });
    const otherName = (
      await server.db.selectFrom('users').select('username').where('id', '=', other!).executeTakeFirstOrThrow()
    ).username;
    const foreign = await call('/user/delete_group_user_by_username/', {
      group_id: group.id,
      version: 1,
      username: otherName,
    });
    expect(refusal(foreign.body).fields).toEqual({
      username: 'No live user of the group’s organization has this username.',
    });
    const bad = await call('/user/add_group_user/', { group_id: 'x', version: 1, user_ids: '[1' });
    expect(Object.keys(refusal(bad.body).fields).sort()).toEqual(['group_id', 'user_ids']);
    const empty = await call('/user/add_group_user/', { group_id: group.id, version: 1, user_ids: '[]' });
    expect(refusal(empty.body).fields).toEqual({ user_ids: 'Choose at least one user.' });
    const unknown = await call('/user/delete_group_user/', { group_id: 99_999_999, version: 1, user_id: a! });
    expect(unknown.status).toBe(409);
    expect(v.parse(StaleGroupReply, unknown.body).current).toBeNull();
    expect((await fetched(orgA)).groupItems.find((g) => g.id === group.id)!.version).toBe(1);
  });
});

describe('switches', () => {
  it('saves AutoShare, Thesis, Collab and Security Master with their §8 words', async () => {
    const group = await created('Switch group');
    const words = async (path: string, version: number, value: boolean) => {
      const { status, body } = await call(path, { group_id: group.id, version, value });
      expect(status).toBe(200);
      return v.parse(GroupReply, body);
    };
    expect((await words('/user/autoshare_modified/', 1, true)).msg).toBe('AutoShare Settings saved');
    expect((await words('/user/notebook_thesis/', 2, true)).msg).toBe('updated');
    expect((await words('/user/save_collab_group/', 3, true)).msg).toBe('updated');
    const last = await words('/user/save_sec_master/', 4, true);
    expect(last.msg).toBe('updated');
    expect(last.group.flags).toMatchObject({ autoshare: true, thesis: true, collab: true, sec_master: true });
    expect((await words('/user/autoshare_modified/', 5, false)).group.flags.autoshare).toBe(false);
    expect(await auditRows(`group autoshare on: Switch group`)).toHaveLength(1);
  });

  it('a stale switch says it was not saved, in the §8 words, with the group now', async () => {
    const group = await created('Stale switches');
    await ok('/user/rename_group/', { group_id: group.id, version: 1, name: 'Stale switches 2' });
    const autoshare = await call('/user/autoshare_modified/', { group_id: group.id, version: 1, value: true });
    expect(autoshare.status).toBe(409);
    expect(v.parse(StaleGroupReply, autoshare.body).msg).toBe(
      "AutoShare Settings not saved: Someone else changed the group 'Stale switches 2' since you opened it; this is how it is now.",
    );
    const thesis = await call('/user/notebook_thesis/', { group_id: group.id, version: 1, value: true });
    expect(v.parse(StaleGroupReply, thesis.body).msg).toMatch(/^not updated: /);
    const bad = await call('/user/save_collab_group/', { group_id: group.id, version: 2, value: 'maybe' });
    expect(bad.status).toBe(400);
    expect(Object.keys(refusal(bad.body).fields)).toEqual(['value']);
  });

  it('toggles the compliance switches (compliance_tab), refusing an unknown one', async () => {
    const group = await created('Compliance group');
    const { body } = await call('/user/toggle_compliance_features/', {
      group_id: group.id,
      version: 1,
      feature: 'restrict_export',
      value: true,
    });
    expect(v.parse(GroupReply, body)).toMatchObject({
      msg: 'updated',
      group: { flags: { restrict_export: true, restrict_upload: false } },
    });
    const bad = await call('/user/toggle_compliance_features/', {
      group_id: group.id,
      version: 2,
      feature: 'everything',
      value: true,
    });
    expect(refusal(bad.body).fields).toEqual({ feature: 'Choose a compliance switch.' });
  });
});

describe('permissions', () => {
  it('group_mgmt reads and changes groups; compliance_tab alone the compliance switches; user_mgmt reads a user’s groups', async () => {
    const group = await created('Guarded by features');
    const groupsOnly = await signIn(
      server,
      await server.createStaff({
        username: 'groupsonly',
        features: ['admin_panel_access', 'group_mgmt'],
        activated: true,
      }),
    );
    expect((await call('/user/fetch_group/', { organization_id: orgA }, groupsOnly)).status).toBe(200);
    expect(
      (await call('/user/autoshare_modified/', { group_id: group.id, version: 1, value: true }, groupsOnly)).status,
    ).toBe(200);
    expect(
      (
        await call(
          '/user/toggle_compliance_features/',
          { group_id: group.id, version: 2, feature: 'restrict_upload', value: true },
          groupsOnly,
        )
      ).status,
    ).toBe(403);
    expect((await call('/user/fetch_users_groups_new/', { user_id: 1 }, groupsOnly)).status).toBe(403);
    const users = await signIn(
      server,
      await server.createStaff({
        username: 'usersonly',
        features: ['admin_panel_access', 'user_mgmt'],
        activated: true,
      }),
    );
    expect((await call('/user/fetch_group/', { organization_id: orgA }, users)).status).toBe(403);
    expect((await call('/user/add_group_new/', { organization_id: orgA, name: 'Not mine' }, users)).status).toBe(403);
    expect((await call('/user/fetch_users_groups_new/', { user_id: 1 }, users)).status).toBe(200);
  });
});

describe("a user's groups", () => {
  it('answers the groups of a user by POST and by GET, by name', async () => {
    const [u] = await people(1, orgA);
    const b = await created('Zeta group', orgA, 'collab');
    const a = await created('Alpha group');
    await ok('/user/add_group_user/', { group_id: b.id, version: 1, user_ids: JSON.stringify([u]) });
    await ok('/user/add_group_user/', { group_id: a.id, version: 1, user_ids: JSON.stringify([u]) });
    const post = v.parse(UserGroupsReply, (await call('/user/fetch_users_groups_new/', { user_id: u! })).body);
    expect(post.groups.map((g) => [g.name, g.kind])).toEqual([
      ['Alpha group', 'general'],
      ['Zeta group', 'collab'],
    ]);
    const res = await admin.send('GET', `/user/fetch_user_groups/?user_id=${u}`);
    expect(v.parse(UserGroupsReply, await res.json())).toEqual(post);
    expect(
      v.parse(UserGroupsReply, (await call('/user/fetch_users_groups_new/', { user_id: 99_999_999 })).body).groups,
    ).toEqual([]);
    expect((await admin.send('GET', '/user/fetch_user_groups/?user_id=x')).status).toBe(400);
  });
});

describe('concurrency', () => {
  it('of two renames at once from one version, one wins and the other is told, with the group now', async () => {
    const group = await created('Racing');
    const results = await Promise.all(
      ['Racing A', 'Racing B'].map((name) => call('/user/rename_group/', { group_id: group.id, version: 1, name })),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const winner = v.parse(GroupReply, results.find((r) => r.status === 200)!.body).group;
    expect(v.parse(StaleGroupReply, results.find((r) => r.status === 409)!.body).current).toMatchObject({
      name: winner.name,
      version: 2,
    });
    expect(await auditRows(`group renamed: Racing`)).toHaveLength(1);
  });

  it('two staff adding members at once: the first is saved, the second told; after re-reading, both are kept', async () => {
    const [a, b] = await people(2, orgA);
    const group = await created('Busy group');
    const results = await Promise.all(
      [a, b].map((u) =>
        call('/user/add_group_user/', { group_id: group.id, version: 1, user_ids: JSON.stringify([u]) }),
      ),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const told = v.parse(StaleGroupReply, results.find((r) => r.status === 409)!.body).current!;
    const missing = [a, b].find((u) => !told.members.some((m) => m.id === u))!;
    const again = await ok('/user/add_group_user/', {
      group_id: group.id,
      version: told.version,
      user_ids: JSON.stringify([missing]),
    });
    expect(again.members.map((m) => m.id).sort()).toEqual([a, b].sort());
  });

  it('two creates of one name at once: one saved, the other refused at its name', async () => {
    const results = await Promise.all(
      ['Twin', 'TWIN'].map((name) => call('/user/add_group_new/', { organization_id: orgA, name })),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 400]);
    expect(refusal(results.find((r) => r.status === 400)!.body).fields['name']).toMatch(
      /has a group named '(Twin|TWIN)'/,
    );
  });
});
