// The grant rule (decision 066), proven through the HTTP routes: nobody becomes more than they were
// given. The four escalation paths an outside review found are named cases; every route that
// changes grants or a staff account's sign-in is walked with its key alone. On SQLite and, with
// TEST_DATABASE_URL, PostgreSQL.
import { describe, expect, it } from 'vitest';
import { FEATURE_KEYS } from '../../src/domain/features';
import { ADMIN_PRIVILEGES } from '../../src/domain/user-fields';
import { ROUTES } from '../../server/route-table';
import { adminPrivilegesOf } from '../../server/users/records';
import { createEndUser } from '../support/factories';
import { Browser } from './support/browser';
import { serverForFile } from './support/fresh-server';
import { signIn } from './support/sign-in';

const ALL = [...FEATURE_KEYS];
const file = serverForFile();
let counter = 0;

interface Member {
  b: Browser;
  id: number;
  username: string;
  password: string;
  roleId: number;
}

/** A signed-in staff member whose one role holds `features` (admin_panel_access added). */
async function staffWith(features: string[], opts: { activated?: boolean } = {}): Promise<Member> {
  const s = file.server;
  const username = `granter${++counter}`;
  const staff = await s.createStaff({
    username,
    features: [...new Set(['admin_panel_access', ...features])],
    activated: opts.activated ?? true,
  });
  const id = Number(
    (await s.db.selectFrom('users').select('id').where('username', '=', username).executeTakeFirstOrThrow()).id,
  );
  const roleId = Number(
    (await s.db.selectFrom('roles').select('id').where('name', '=', `role for ${username}`).executeTakeFirstOrThrow())
      .id,
  );
  const b = staff.totpSecret ? await signIn(s, staff) : new Browser(s);
  return { b, id, username, password: staff.password, roleId };
}

const call = async (b: Browser, path: string, form: Record<string, string>) => {
  const res = await b.post(path, form);
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
};
const featuresOf = async (b: Browser) =>
  ((await b.postJson('/session_check/')) as { features?: string[] }).features ?? [];
const roleOf = async (id: number) =>
  file.server.db.selectFrom('roles').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const userOf = async (id: number) =>
  file.server.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const privilegesOf = async (id: number) => adminPrivilegesOf((await userOf(id)).admin_privileges);
const rolesOf = async (userId: number) =>
  (await file.server.db.selectFrom('user_roles').select('role_id').where('user_id', '=', userId).execute())
    .map((r) => Number(r.role_id))
    .sort();

const updateRole = (m: Member, role: { id: number; version: number; name: string }, features: string[]) =>
  call(m.b, '/user/roles/update/', {
    id: String(role.id),
    version: String(role.version),
    name: role.name,
    description: '',
    features: JSON.stringify(features),
  });
const assign = (m: Member, userId: number, roleId: number, hold = true) =>
  call(m.b, hold ? '/user/roles/assign/' : '/user/roles/unassign/', {
    user_id: String(userId),
    role_id: String(roleId),
  });
const setPrivileges = (m: Member, userId: number, privileges: Partial<Record<string, boolean>>) =>
  call(m.b, '/user/set_admin_priviliges/', {
    user_id: String(userId),
    privileges: JSON.stringify(Object.fromEntries(ADMIN_PRIVILEGES.map((k) => [k, privileges[k] ?? false]))),
  });
const save = async (m: Member, userId: number, changes: Record<string, unknown>, extra: Record<string, string> = {}) =>
  call(m.b, '/user/update_account/', {
    user_id: String(userId),
    version: String((await userOf(userId)).version),
    changes: JSON.stringify(changes),
    ...extra,
  });
const bulkApply = (m: Member, ids: number[], changes: Record<string, unknown>) =>
  call(m.b, '/user/bulk_edit_user/', {
    selection: JSON.stringify({ by: 'ids', ids }),
    changes: JSON.stringify(changes),
  });

/** A refusal names the keys the author lacks in words, never as keys. */
function expectRefusedNaming(reply: { status: number; body: Record<string, unknown> }, words: string[]) {
  expect(reply.status, JSON.stringify(reply.body)).toBe(400);
  const msg = String(reply.body['msg']);
  for (const w of words) expect(msg).toContain(w);
  expect(msg).not.toMatch(/is_super_admin_user|role_mgmt|staff_role_change/);
}

describe('the four escalation paths of the review', () => {
  it('role_mgmt alone cannot write every key into its own role, and so cannot set Super admin on itself', async () => {
    const m = await staffWith(['role_mgmt']);
    const role = await roleOf(m.roleId);
    expectRefusedNaming(await updateRole(m, { id: m.roleId, version: Number(role.version), name: role.name }, ALL), [
      '‘User management’',
      'more permissions',
    ]);
    expect((await featuresOf(m.b)).sort()).toEqual(['admin_panel_access', 'role_mgmt']);
    expect((await roleOf(m.roleId)).features).toBe(role.features);
    // set_admin_priviliges/ stays closed to it: it never gained the key.
    expect((await setPrivileges(m, m.id, { is_super_admin_user: true })).status).toBe(403);
  });

  it('role_mgmt alone cannot create a role holding keys it lacks', async () => {
    const m = await staffWith(['role_mgmt']);
    const reply = await call(m.b, '/user/roles/create/', {
      name: `everything ${counter}`,
      description: '',
      features: JSON.stringify(ALL),
    });
    expectRefusedNaming(reply, ['‘User management’', 'more permissions']);
    expect(reply.body['fields']).toHaveProperty('features');
    expect(
      await file.server.db
        .selectFrom('roles')
        .select('id')
        .where('name', '=', `everything ${counter}`)
        .executeTakeFirst(),
    ).toBeUndefined();
  });

  it('staff_role_change alone cannot give itself the Super Admin role', async () => {
    const boss = await staffWith(ALL);
    const m = await staffWith(['staff_role_change']);
    expectRefusedNaming(await assign(m, m.id, boss.roleId), ['‘User management’']);
    expect(await rolesOf(m.id)).toEqual([m.roleId]);
    expect((await featuresOf(m.b)).sort()).toEqual(['admin_panel_access', 'staff_role_change']);
  });

  it('edit_user cannot take over a Super Admin who has not set up two-step sign-in yet', async () => {
    const boss = await staffWith(ALL, { activated: false });
    const m = await staffWith(['edit_user', 'user_mgmt']);
    const before = await userOf(boss.id);
    for (const changes of [
      { password: 'Taken0ver!!' },
      { email: `taken${counter}@attacker.example` },
      { username: `taken${counter}` },
    ]) {
      const reply = await save(m, boss.id, changes, 'email' in changes ? { email_change: 'same' } : {});
      expect(reply.status, JSON.stringify(reply.body)).toBe(400);
      expect(String(reply.body['msg'])).toContain(`${boss.username} holds`);
    }
    const after = await userOf(boss.id);
    expect([after.password_hash, after.email, after.username, after.version]).toEqual([
      before.password_hash,
      before.email,
      before.username,
      before.version,
    ]);
    // The rightful password still opens the password step.
    const fresh = new Browser(file.server);
    await fresh.open();
    expect(
      await fresh.postJson('/login_account_new/', { username: boss.username, password: boss.password }),
    ).toMatchObject({ status: true });
  });
});

describe('roles: create, edit, delete, give, take', () => {
  it('lets a role be made, edited, given and taken within the author’s own keys', async () => {
    const m = await staffWith(['role_mgmt', 'staff_role_change', 'tags', 'user_mgmt']);
    const other = await staffWith([]);
    const created = await call(m.b, '/user/roles/create/', {
      name: `taggers ${counter}`,
      description: '',
      features: JSON.stringify(['tags']),
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const role = created.body['role'] as { id: number; version: number; name: string };
    expect((await updateRole(m, role, ['tags', 'user_mgmt'])).status).toBe(200);
    expect((await assign(m, other.id, role.id)).status).toBe(200);
    expect((await featuresOf(other.b)).sort()).toEqual(['admin_panel_access', 'tags', 'user_mgmt']);
    expect((await assign(m, other.id, role.id, false)).status).toBe(200);
  });

  it('refuses editing, deleting, giving or taking a role that holds a key the author lacks', async () => {
    const boss = await staffWith(ALL);
    const m = await staffWith(['role_mgmt', 'staff_role_change']);
    const holder = await staffWith([]);
    const role = await roleOf(boss.roleId);
    // Even a rename: the role is beyond the author's reach.
    expectRefusedNaming(
      await updateRole(
        m,
        { id: boss.roleId, version: Number(role.version), name: `${role.name} renamed` },
        JSON.parse(role.features) as string[],
      ),
      ['‘User management’', 'more permissions'],
    );
    expectRefusedNaming(
      await call(m.b, '/user/roles/delete/', {
        id: String(boss.roleId),
        version: String(role.version),
        holders: 'remove',
      }),
      ['‘User management’', 'more permissions'],
    );
    expectRefusedNaming(await assign(m, holder.id, boss.roleId), ['‘User management’', 'more permissions']);
    expectRefusedNaming(await assign(m, boss.id, boss.roleId, false), ['‘User management’', 'more permissions']);
    expect(await roleOf(boss.roleId)).toEqual(role);
    expect(await rolesOf(boss.id)).toEqual([boss.roleId]);
  });

  it('lets nobody give themselves a role, even one within their keys, but lets them give one up', async () => {
    const m = await staffWith(['role_mgmt', 'staff_role_change', 'tags']);
    const created = await call(m.b, '/user/roles/create/', {
      name: `mine ${counter}`,
      description: '',
      features: JSON.stringify(['tags']),
    });
    const role = created.body['role'] as { id: number };
    const reply = await assign(m, m.id, role.id);
    expect(reply.status).toBe(400);
    expect(String(reply.body['msg'])).toContain('You cannot add to your own roles or privileges');
    const helper = await staffWith(['staff_role_change', 'tags']);
    expect((await assign(helper, m.id, role.id)).status).toBe(200);
    expect((await assign(m, m.id, role.id, false)).status).toBe(200);
  });
});

describe('administrator privileges', () => {
  it('are switched only by holders of the same key, and Super admin only by a Super Admin', async () => {
    const superOnly = await staffWith(['is_super_admin_user', 'edit_user']);
    const target = await createEndUser(file.server);
    expect((await setPrivileges(superOnly, target.id, { is_super_admin_user: true })).status).toBe(200);
    expectRefusedNaming(await setPrivileges(superOnly, target.id, { is_super_admin_user: true, is_admin_wm: true }), [
      '‘Administrator (WM)’',
    ]);
    expect(await privilegesOf(target.id)).toMatchObject({ is_super_admin_user: true, is_admin_wm: false });
  });

  it('are never switched on for oneself, only off', async () => {
    const boss = await staffWith(ALL);
    const reply = await setPrivileges(boss, boss.id, { is_admin_ss: true });
    expect(reply.status).toBe(400);
    expect(await privilegesOf(boss.id)).toMatchObject({ is_admin_ss: false });
    const other = await staffWith(ALL);
    expect((await setPrivileges(other, boss.id, { is_admin_ss: true })).status).toBe(200);
    expect((await setPrivileges(boss, boss.id, {})).status).toBe(200);
    expect(await privilegesOf(boss.id)).toMatchObject({ is_admin_ss: false });
  });
});

describe('update_account/: staff roles and sign-in attributes', () => {
  it('gives and takes staff roles only within the author’s keys, never to themselves', async () => {
    const boss = await staffWith(ALL);
    const m = await staffWith(['edit_user', 'user_mgmt', 'staff_role_change']);
    const target = await staffWith([]);
    const reply = await save(m, target.id, { staff_roles: [target.roleId, boss.roleId] });
    expect(reply.status).toBe(400);
    expect(reply.body['fields']).toHaveProperty(['changes.staff_roles']);
    expect(await rolesOf(target.id)).toEqual([target.roleId]);
    expect((await save(m, m.id, { staff_roles: [m.roleId, target.roleId] })).status).toBe(400);
    expect((await save(m, target.id, { staff_roles: [target.roleId, m.roleId] })).status).toBe(200);
  });

  it('changes a managed end user’s password, email and username with edit_user alone', async () => {
    const m = await staffWith(['edit_user', 'user_mgmt']);
    const user = await createEndUser(file.server);
    const reply = await save(
      m,
      user.id,
      { username: `renamed${counter}`, email: `renamed${counter}@northwind.example`, password: 'Brand.new.pass1' },
      { email_change: 'same' },
    );
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    expect((await userOf(user.id)).username).toBe(`renamed${counter}`);
  });

  it('lets someone holding every key of a staff account change its sign-in, and a new password ends its other sessions', async () => {
    const peer = await staffWith(['tags', 'user_mgmt']);
    const m = await staffWith(['edit_user', 'user_mgmt', 'tags', 'active_update', 'expiry_update']);
    expect(await featuresOf(peer.b)).toContain('tags');
    expect((await save(m, peer.id, { password: 'Fresh.password9' })).status).toBe(200);
    // The session that knew the old password is over.
    expect(await featuresOf(peer.b)).toEqual([]);
    // Someone holding fewer keys may not.
    const lesser = await staffWith(['edit_user', 'user_mgmt']);
    expect((await save(lesser, peer.id, { active: false })).status).toBe(400);
    expect((await userOf(peer.id)).active).toBe(1);
  });

  it('lets a Super Admin change anyone’s sign-in, and oneself one’s own', async () => {
    const m = await staffWith(['edit_user', 'user_mgmt']);
    const boss = await staffWith(ALL);
    expect((await save(boss, m.id, { first_name: 'Renamed', username: `by-boss${counter}` })).status).toBe(200);
    expect((await save(m, m.id, { password: 'My.own.password1' })).status).toBe(200);
    // One's own new password leaves the session that set it open.
    expect(await featuresOf(m.b)).toContain('edit_user');
  });
});

describe('bulk edit applies the single edit’s rules user by user', () => {
  it('deactivates the end users of a selection and reports the staff accounts holding more as refused', async () => {
    const keeper = await staffWith(['role_mgmt', 'is_super_admin_user']);
    const m = await staffWith(['bulk_edit_user', 'active_update']);
    const user = await createEndUser(file.server);
    const preview = await call(m.b, '/user/bulk_edit_user_new/', {
      selection: JSON.stringify({ by: 'ids', ids: [keeper.id, user.id] }),
      changes: JSON.stringify({ active: false }),
    });
    expect(preview.body).toMatchObject({ status: 1, data: { changing: 1, refused: 1 } });
    const reply = await bulkApply(m, [keeper.id, user.id], { active: false });
    expect(reply.body).toMatchObject({ status: 1, data: { updated: 1, refused: 1 } });
    const results = (reply.body['data'] as { results: { id: number; result: string; reason?: string }[] }).results;
    expect(results.find((r) => r.id === keeper.id)).toMatchObject({
      result: 'refused',
      reason: expect.stringContaining('‘Role management’'),
    });
    expect(results.find((r) => r.id === user.id)).toMatchObject({ result: 'updated' });
    expect((await userOf(keeper.id)).active).toBe(1);
    expect((await userOf(user.id)).active).toBe(0);
    expect(await featuresOf(keeper.b)).toContain('role_mgmt');
  });
});

/**
 * Each route that changes grants or a staff account's sign-in, called by a staff member holding
 * that route's key alone, trying to exceed it. Every such route must have a probe here.
 */
const PROBES: Record<string, (m: Member, boss: Member) => Promise<void>> = {
  'POST /user/roles/create/': async (m) => {
    expect(
      (
        await call(m.b, '/user/roles/create/', {
          name: `probe ${++counter}`,
          description: '',
          features: JSON.stringify(ALL),
        })
      ).status,
    ).toBe(400);
  },
  'POST /user/roles/update/': async (m) => {
    const role = await roleOf(m.roleId);
    expect((await updateRole(m, { id: m.roleId, version: Number(role.version), name: role.name }, ALL)).status).toBe(
      400,
    );
  },
  'POST /user/roles/delete/': async (m, boss) => {
    const role = await roleOf(boss.roleId);
    expect(
      (
        await call(m.b, '/user/roles/delete/', {
          id: String(boss.roleId),
          version: String(role.version),
          holders: 'remove',
        })
      ).status,
    ).toBe(400);
  },
  'POST /user/roles/assign/': async (m, boss) => {
    expect((await assign(m, m.id, boss.roleId)).status).toBe(400);
  },
  'POST /user/roles/unassign/': async (m, boss) => {
    expect((await assign(m, boss.id, boss.roleId, false)).status).toBe(400);
  },
  'POST /user/set_admin_priviliges/': async (m) => {
    expect((await setPrivileges(m, m.id, { is_super_admin_user: true, is_admin_wm: true })).status).toBe(400);
  },
  'POST /user/update_account/': async (m, boss) => {
    expect((await save(m, boss.id, { password: 'Taken.over.123' })).status).toBe(400);
    expect((await save(m, m.id, { staff_roles: [m.roleId, boss.roleId] })).status).toBe(400);
  },
  'POST /user/bulk_edit_user/': async (m, boss) => {
    // Without active_update it may not even ask; the grants of the boss stay whole.
    expect((await bulkApply(m, [boss.id], { active: false })).body).toMatchObject({ status: 0 });
  },
  'POST /login_with_mt_account/': async () => {
    // Walked in tests/server/linked-sign-in.test.ts: a token from a session holding fewer keys
    // than the account it names is refused.
  },
};

describe('the route table: every route that changes grants, called with its key alone', () => {
  const grantRoutes = ROUTES.filter((r) => r.changesGrants);

  it('has a probe for each', () => {
    expect(grantRoutes.map((r) => `${r.method} ${r.path}`).sort()).toEqual(Object.keys(PROBES).sort());
  });

  for (const route of grantRoutes.filter((r) => r.access !== 'public' && r.access !== 'pending_otp')) {
    it(`${route.method} ${route.path}: its holder stays within their own keys`, async () => {
      const boss = await staffWith(ALL);
      const key = route.access as string;
      const m = await staffWith([key]);
      const before = await featuresOf(m.b);
      const bossBefore = {
        user: await userOf(boss.id),
        roles: await rolesOf(boss.id),
        role: await roleOf(boss.roleId),
      };
      await PROBES[`${route.method} ${route.path}`]!(m, boss);
      expect(await featuresOf(m.b)).toEqual(before);
      expect(await privilegesOf(m.id)).toMatchObject({ is_super_admin_user: false });
      expect({ user: await userOf(boss.id), roles: await rolesOf(boss.id), role: await roleOf(boss.roleId) }).toEqual(
        bossBefore,
      );
    });
  }
});
