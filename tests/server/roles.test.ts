// Role Management (decision 050): roles listed with their keys and holders, created, changed from
// the version they started from (a change in between is told, 409 with the role now), deleted
// (a held role only once the caller says its holders lose it), given and taken; the guards that
// keep role management with someone; each change one transaction with its 'role' audit row; and a
// change seen on the holder's next request. On SQLite and, with TEST_DATABASE_URL, PostgreSQL.
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FEATURE_KEYS } from '../../src/domain/features';
import { FEATURE_GROUPS, featureMeaning, ROLE_FEATURE_KEYS } from '../../src/domain/feature-meanings';
import { BadRequestReply } from '../../src/domain/field-errors';
import {
  FetchUserRolesReply,
  RoleGuardReply,
  RoleInUseReply,
  RoleReachReply,
  RoleReply,
  StaleRoleReply,
  type Role,
} from '../../src/domain/roles';
import { createTestServer, type TestServer } from '../support/server';
import type { Browser } from './support/browser';
import { signIn } from './support/sign-in';

let server: TestServer;
let admin: Browser;
let counter = 0;

beforeAll(async () => {
  server = await createTestServer();
  admin = await signIn(
    server,
    await server.createStaff({
      username: 'rolekeeper',
      features: [...FEATURE_KEYS],
      otherFeatures: ['tri_submittor'],
      activated: true,
    }),
  );
});
afterAll(async () => {
  await server.close();
});

const idOf = async (s: TestServer, username: string) =>
  (await s.db.selectFrom('users').select('id').where('username', '=', username).executeTakeFirstOrThrow()).id;
const roleIdOf = async (s: TestServer, name: string) =>
  (await s.db.selectFrom('roles').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;

async function call(b: Browser, path: string, form: Record<string, string> = {}) {
  const res = await b.post(path, form);
  return { status: res.status, body: (await res.json()) as unknown };
}

async function created(name: string, features: string[], description = '', b = admin): Promise<Role> {
  const { status, body } = await call(b, '/user/roles/create/', {
    name,
    description,
    features: JSON.stringify(features),
  });
  expect(status, JSON.stringify(body)).toBe(200);
  return v.parse(RoleReply, body).role;
}

const update = (role: Pick<Role, 'id' | 'version' | 'name'>, features: string[], b = admin, name = role.name) =>
  call(b, '/user/roles/update/', {
    id: String(role.id),
    version: String(role.version),
    name,
    description: '',
    features: JSON.stringify(features),
  });
const assign = (userId: number, roleId: number, hold = true, b = admin) =>
  call(b, hold ? '/user/roles/assign/' : '/user/roles/unassign/', { user_id: String(userId), role_id: String(roleId) });
const roles = async (b = admin) => v.parse(FetchUserRolesReply, (await call(b, '/user/fetch_user_roles/')).body);
const refusal = (body: unknown) => v.parse(BadRequestReply, body);
const auditRows = async (s: TestServer, fragment: string) =>
  (await s.db.selectFrom('audit_log').selectAll().orderBy('id').execute()).filter((r) => r.action.includes(fragment));

describe('the feature catalogue', () => {
  it('groups every key of spec §6 once, each with a line saying what it allows', () => {
    expect(FEATURE_GROUPS.map((g) => g.title)).toEqual([
      'Panel and tabs',
      'Users',
      'Other',
      'Admin roles',
      'Other features',
    ]);
    expect([...ROLE_FEATURE_KEYS].sort()).toEqual([...FEATURE_KEYS, 'tri_submittor'].sort());
    for (const key of ROLE_FEATURE_KEYS) expect(featureMeaning(key), key).not.toBe('');
  });
});

describe('fetch_user_roles, create, change, delete', () => {
  it('lists roles by name with description, keys in the groups’ order, holders, and the staff', async () => {
    const role = await created(
      '  Desk Leads ',
      ['tags', 'admin_panel_access', 'tri_submittor', 'tags'],
      'Leads of the desks',
    );
    expect(role).toMatchObject({
      name: 'Desk Leads',
      description: 'Leads of the desks',
      features: ['admin_panel_access', 'tags', 'tri_submittor'],
      holders: [],
      version: 1,
    });
    const helper = await server.createStaff({ username: `lead${++counter}`, features: ['admin_panel_access'] });
    expect((await assign(await idOf(server, helper.username), role.id)).status).toBe(200);
    const reply = await roles();
    expect(reply).toMatchObject({ status: true, msg: '' });
    const listed = reply.result.find((r) => r.id === role.id)!;
    expect(listed.holders.map((h) => h.username)).toEqual([helper.username]);
    expect(listed.version).toBe(1);
    const names = reply.result.map((r) => r.name);
    expect(names).toEqual([...names].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));
    expect(reply.staff.map((s) => s.username)).toEqual(expect.arrayContaining(['rolekeeper', helper.username]));
    const [row] = await auditRows(server, `role created: Desk Leads (#${role.id})`);
    expect(row).toMatchObject({ category: 'role', author: 'rolekeeper', success: 1 });
    const [given] = await auditRows(server, `role given to ${helper.username}`);
    expect(JSON.parse(given!.previous_data!)).toEqual({
      user: helper.username,
      roles: [`role for ${helper.username}`],
    });
    expect(JSON.parse(given!.current_data!).roles).toContain('Desk Leads');
  });

  it('renames and changes keys from the version it started from, audited with previous and current', async () => {
    const role = await created('Renamed later', ['admin_panel_access']);
    const { status, body } = await update(
      role,
      ['admin_panel_access', 'reports_dashboard_tab'],
      admin,
      'Reports readers',
    );
    expect(status).toBe(200);
    expect(v.parse(RoleReply, body).role).toMatchObject({
      name: 'Reports readers',
      features: ['admin_panel_access', 'reports_dashboard_tab'],
      version: 2,
    });
    const [row] = await auditRows(server, `role changed: Reports readers (#${role.id})`);
    expect(JSON.parse(row!.previous_data!)).toMatchObject({
      name: 'Renamed later',
      features: ['admin_panel_access'],
      version: 1,
    });
    expect(JSON.parse(row!.current_data!)).toMatchObject({ name: 'Reports readers', version: 2 });
  });

  it('asks what happens to the holders of a role in use, and deletes it with them only when told', async () => {
    const role = await created('Short lived', ['admin_panel_access', 'tags']);
    const holder = await server.createStaff({ username: `holder${++counter}`, features: ['admin_panel_access'] });
    const holderId = await idOf(server, holder.username);
    await assign(holderId, role.id);
    const first = await call(admin, '/user/roles/delete/', { id: String(role.id), version: '1' });
    expect(first.status).toBe(409);
    expect(v.parse(RoleInUseReply, first.body).holders.map((h) => h.username)).toEqual([holder.username]);
    expect(await roleIdOf(server, 'Short lived')).toBe(role.id);
    const second = await call(admin, '/user/roles/delete/', { id: String(role.id), version: '1', holders: 'remove' });
    expect(second).toEqual({ status: 200, body: { status: true, msg: "Role 'Short lived' deleted." } });
    expect(await server.db.selectFrom('user_roles').selectAll().where('role_id', '=', role.id).execute()).toEqual([]);
    const [row] = await auditRows(server, `role deleted: Short lived (#${role.id})`);
    expect(JSON.parse(row!.previous_data!)).toMatchObject({ name: 'Short lived', holders: [holder.username] });
    const unheld = await created('Never held', ['tags']);
    expect((await call(admin, '/user/roles/delete/', { id: String(unheld.id), version: '1' })).status).toBe(200);
  });

  it('shows one staff member’s features through their roles, and their administrator privileges', async () => {
    const a = await created('Reach A', ['admin_panel_access', 'tags']);
    const b = await created('Reach B', ['tags', 'br_research']);
    const who = await server.createStaff({ username: `reach${++counter}`, features: [] });
    const id = await idOf(server, who.username);
    await server.db
      .updateTable('users')
      .set({ admin_privileges: JSON.stringify({ is_admin_wm: true }) })
      .where('id', '=', id)
      .execute();
    await assign(id, a.id);
    await assign(id, b.id);
    const reply = v.parse(RoleReachReply, (await call(admin, '/user/roles/reach/', { user_id: String(id) })).body);
    expect(reply.features).toEqual([
      { key: 'admin_panel_access', roles: ['Reach A'] },
      { key: 'tags', roles: ['Reach A', 'Reach B'] },
      { key: 'br_research', roles: ['Reach B'] },
    ]);
    expect(reply.privileges).toEqual({ is_super_admin_user: false, is_admin_wm: true, is_admin_ss: false });
  });
});

describe('bad input and unknown ids', () => {
  it('refuses unknown keys, wrong types, empty and duplicate names (any case) with field messages', async () => {
    const bad = async (form: Record<string, string>, path = '/user/roles/create/') => {
      const { status, body } = await call(admin, path, form);
      expect(status, JSON.stringify(body)).toBe(400);
      return refusal(body).fields;
    };
    expect((await bad({ name: 'X', features: '["tags","fly_planes"]' })).features).toBe(
      'There is no feature key "fly_planes".',
    );
    expect((await bad({ name: 'X', features: '[1]' })).features).toBeDefined();
    expect((await bad({ name: 'X', features: '{"tags":true}' })).features).toBeDefined();
    expect((await bad({ name: 'X', features: 'tags' })).features).toBe('features must be JSON.');
    expect((await bad({ name: '   ', features: '[]' })).name).toBeDefined();
    expect((await bad({ name: 'X'.repeat(101), features: '[]' })).name).toBeDefined();
    await created('Unique Desk', []);
    expect((await bad({ name: 'unique desk', features: '[]' })).name).toBe(
      "A role named 'unique desk' exists (names are the same whatever their case).",
    );
    const other = await created('Another Desk', []);
    expect(
      (await bad({ id: String(other.id), version: '1', name: 'UNIQUE DESK', features: '[]' }, '/user/roles/update/'))
        .name,
    ).toMatch(/exists/);
    expect((await bad({ id: 'abc', version: '1', name: 'Y', features: '[]' }, '/user/roles/update/')).id).toBeDefined();
    expect(
      (await bad({ id: String(other.id), version: '1', holders: 'keep' }, '/user/roles/delete/')).holders,
    ).toBeDefined();
    expect((await bad({ user_id: 'x', role_id: '1' }, '/user/roles/assign/')).user_id).toBeDefined();
  });

  it('answers 404 for a role that does not exist and 400 for a user who is not staff', async () => {
    const gone = { id: '999999', version: '1', name: 'Ghost', features: '[]' };
    expect((await call(admin, '/user/roles/update/', gone)).status).toBe(404);
    expect((await call(admin, '/user/roles/delete/', { id: '999999', version: '1' })).status).toBe(404);
    expect((await assign(await idOf(server, 'rolekeeper'), 999999)).status).toBe(404);
    const role = await created('For staff only', []);
    expect((await assign(999999, role.id)).status).toBe(400);
    expect((await call(admin, '/user/roles/reach/', { user_id: '999999' })).status).toBe(400);
  });
});

describe('permissions', () => {
  it('needs role_mgmt to read and change roles, and staff_role_change to give and take them', async () => {
    const support = await signIn(
      server,
      await server.createStaff({
        username: `nosupport${++counter}`,
        features: ['admin_panel_access', 'user_mgmt'],
        activated: true,
      }),
    );
    expect((await call(support, '/user/fetch_user_roles/')).status).toBe(403);
    expect((await call(support, '/user/roles/create/', { name: 'Nope', features: '[]' })).status).toBe(403);
    const manager = await signIn(
      server,
      await server.createStaff({
        username: `rolesonly${++counter}`,
        features: ['admin_panel_access', 'role_mgmt'],
        activated: true,
      }),
    );
    expect((await call(manager, '/user/fetch_user_roles/')).status).toBe(200);
    const role = await created('Assign needs more', []);
    expect((await assign(await idOf(server, 'rolekeeper'), role.id, true, manager)).status).toBe(403);
  });
});

describe('two edits of one role at once', () => {
  it('applies one; the other is told, with the role as it is now, and nothing else changes', async () => {
    const role = await created('Contested', ['admin_panel_access']);
    const [a, b] = await Promise.all([
      update(role, ['admin_panel_access', 'tags']),
      update(role, ['admin_panel_access', 'br_research']),
    ]);
    const statuses = [a.status, b.status].sort();
    expect(statuses).toEqual([200, 409]);
    const won = v.parse(RoleReply, (a.status === 200 ? a : b).body).role;
    const lost = v.parse(StaleRoleReply, (a.status === 200 ? b : a).body);
    expect(lost.current).toEqual(won);
    expect(lost.msg).toMatch(/Someone else changed this role/);
    expect((await auditRows(server, `role changed: Contested (#${role.id})`)).length).toBe(1);
    // Retried from the version now stored, the second edit goes through on top of the first.
    const retried = await update(won, [...won.features, 'br_research']);
    expect(v.parse(RoleReply, retried.body).role.features).toEqual(
      ['admin_panel_access', ...won.features.slice(1), 'br_research'].filter((k, i, all) => all.indexOf(k) === i),
    );
    const deleted = await call(admin, '/user/roles/delete/', { id: String(role.id), version: '1' });
    expect(v.parse(StaleRoleReply, deleted.body).current?.version).toBe(3);
  });
});

describe('guards', () => {
  let s: TestServer;
  let boss: Browser;
  let bossId: number;
  let bossRole: number;
  beforeAll(async () => {
    s = await createTestServer();
    boss = await signIn(s, await s.createStaff({ username: 'boss', features: [...FEATURE_KEYS], activated: true }));
    bossId = await idOf(s, 'boss');
    bossRole = await roleIdOf(s, 'role for boss');
  });
  afterAll(async () => {
    await s.close();
  });
  const bossRoleNow = async () =>
    v
      .parse(FetchUserRolesReply, (await call(boss, '/user/fetch_user_roles/')).body)
      .result.find((r) => r.id === bossRole)!;

  it('refuses taking role management from oneself: by editing a held role, giving it up, or deleting it', async () => {
    const mine = await bossRoleNow();
    // Another holder exists, so only the self rule can refuse.
    const deputy = await s.createStaff({
      username: 'deputy',
      features: ['admin_panel_access', 'role_mgmt', 'is_super_admin_user'],
    });
    const edit = await call(boss, '/user/roles/update/', {
      id: String(bossRole),
      version: String(mine.version),
      name: mine.name,
      features: JSON.stringify(mine.features.filter((k) => k !== 'role_mgmt')),
    });
    expect(edit.status).toBe(409);
    expect(v.parse(RoleGuardReply, edit.body)).toMatchObject({
      guard: 'self',
      msg: expect.stringMatching(/‘Role management’ permission from yourself/),
    });
    const noPanel = await call(boss, '/user/roles/update/', {
      id: String(bossRole),
      version: String(mine.version),
      name: mine.name,
      features: JSON.stringify(mine.features.filter((k) => k !== 'admin_panel_access')),
    });
    expect(v.parse(RoleGuardReply, noPanel.body).guard).toBe('self');
    expect(
      v.parse(
        RoleGuardReply,
        (await call(boss, '/user/roles/unassign/', { user_id: String(bossId), role_id: String(bossRole) })).body,
      ).guard,
    ).toBe('self');
    const del = await call(boss, '/user/roles/delete/', {
      id: String(bossRole),
      version: String(mine.version),
      holders: 'remove',
    });
    expect(v.parse(RoleGuardReply, del.body).guard).toBe('self');
    // Nothing changed: the role, the holding, and no audit row.
    expect(await bossRoleNow()).toEqual(mine);
    expect((await auditRows(s, 'role')).filter((r) => r.author === 'boss')).toEqual([]);
    // Removing a role that grants nothing guarded is fine.
    await s.db.deleteFrom('users').where('username', '=', deputy.username).execute();
  });

  it('holds for the user area’s staff role change too (update_account/ with staff_roles)', async () => {
    const panelOnly = (
      await s.db
        .insertInto('roles')
        .values({ name: 'Panel only', features: '["admin_panel_access"]', created_at: 0, updated_at: 0 })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    // The boss holds both roles; giving up the one with role_mgmt is what the guard refuses (adding
    // a role to oneself the grant rule refuses first, grants.test.ts).
    await s.db.insertInto('user_roles').values({ user_id: bossId, role_id: panelOnly }).execute();
    const { version } = await s.db
      .selectFrom('users')
      .select('version')
      .where('id', '=', bossId)
      .executeTakeFirstOrThrow();
    const res = await boss.post('/user/update_account/', {
      user_id: String(bossId),
      version: String(version),
      changes: JSON.stringify({ staff_roles: [panelOnly] }),
    });
    const body = (await res.json()) as { msg?: string; message?: string };
    expect(res.status).not.toBe(200);
    expect(body.msg ?? body.message).toMatch(/‘Role management’ permission from yourself/);
    expect(
      (
        await s.db.selectFrom('user_roles').select('role_id').where('user_id', '=', bossId).orderBy('role_id').execute()
      ).map((r) => r.role_id),
    ).toEqual([bossRole, panelOnly].sort((a, b) => a - b));
    await s.db.deleteFrom('user_roles').where('role_id', '=', panelOnly).execute();
  });

  it('refuses leaving nobody with is_super_admin_user; only its holders may take it, so the last may not give it up', async () => {
    const clerk = await signIn(
      s,
      await s.createStaff({
        username: 'clerk',
        features: ['admin_panel_access', 'role_mgmt', 'staff_role_change'],
        activated: true,
      }),
    );
    const mine = await bossRoleNow();
    const withoutSuper = {
      id: String(bossRole),
      version: String(mine.version),
      name: mine.name,
      features: JSON.stringify(mine.features.filter((k) => k !== 'is_super_admin_user')),
    };
    // A clerk holding fewer keys cannot touch the boss's role at all (the grant rule, grants.test.ts).
    expect((await call(clerk, '/user/roles/update/', withoutSuper)).status).toBe(400);
    expect(
      (await call(clerk, '/user/roles/unassign/', { user_id: String(bossId), role_id: String(bossRole) })).status,
    ).toBe(400);
    // The boss, its last holder, may not give it up while nobody else holds it.
    const edit = await call(boss, '/user/roles/update/', withoutSuper);
    expect(v.parse(RoleGuardReply, edit.body)).toMatchObject({
      guard: 'last',
      msg: expect.stringMatching(/‘Super administrator’/),
    });
    // Once an heir holds it, the boss may.
    await s.createStaff({ username: 'heir', features: ['admin_panel_access', 'role_mgmt', 'is_super_admin_user'] });
    expect((await call(boss, '/user/roles/update/', withoutSuper)).status).toBe(200);
  });
});

describe('a role change is seen on the holder’s next request', () => {
  it('gives and takes access between two calls of one signed-in session', async () => {
    const username = `nextreq${++counter}`;
    const person = await signIn(
      server,
      await server.createStaff({ username, features: ['admin_panel_access', 'user_mgmt'], activated: true }),
    );
    const features = async () => ((await person.postJson('/session_check/')) as { features: string[] }).features;
    expect((await call(person, '/user/fetch_user_roles/')).status).toBe(403);
    expect(await features()).not.toContain('role_mgmt');
    const role = await created('Next request', ['admin_panel_access', 'role_mgmt', 'restrict_broker_access']);
    await assign(await idOf(server, username), role.id);
    expect(await features()).toEqual(expect.arrayContaining(['role_mgmt', 'restrict_broker_access']));
    expect((await call(person, '/user/fetch_user_roles/')).status).toBe(200);
    const now = (await roles()).result.find((r) => r.id === role.id)!;
    expect((await update(now, ['admin_panel_access', 'restrict_broker_access'])).status).toBe(200);
    expect((await call(person, '/user/fetch_user_roles/')).status).toBe(403);
    expect(await features()).not.toContain('role_mgmt');
  });
});
