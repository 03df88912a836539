// Role Management (/user_roles, decision 050): roles as data. Reading and changing roles needs
// role_mgmt; giving and taking a staff member's roles needs staff_role_change, as the user area's
// staff role change does. A refusal the data decides is a 409 the panel reads by shape: stale
// (the role changed since the edit began), in_use (deleting a held role needs holders: 'remove')
// or guard (the change would take role management from its author or from everyone).
import type { Context } from 'hono';
import type { CurrentSession } from '../context';
import { ROLE_FEATURE_KEYS } from '../../src/domain/feature-meanings';
import {
  CreateRoleForm,
  DeleteRoleForm,
  RoleAssignmentForm,
  RoleReachForm,
  UpdateRoleForm,
  type FetchUserRolesReply,
  type RoleGuardReply,
  type RoleInUseReply,
  type RoleReachReply,
  type RoleReply,
  type StaleRoleReply,
} from '../../src/domain/roles';
import { WHOLE_REQUEST } from '../../src/domain/field-errors';
import { refuseFields, stale } from '../http/replies';
import { grantMessage } from '../roles/grant-rule';
import { guardMessage } from '../roles/guard';
import { authorOf } from '../roles/held-keys';
import { defineRoute } from '../routes';
import {
  createRole,
  deleteRole,
  featuresOf,
  listRoles,
  nameTaken,
  setAssignment,
  updateRole,
  type Actor,
  type ChangeResult,
} from '../roles/store';
import { adminPrivilegesOf } from '../users/records';

const NO_ROLE = 'There is no such role; it may have been deleted.';

/** The author of a change, with the keys the grant rule compares. */
const actorOf = (session: CurrentSession): Actor => ({
  ...authorOf(session.user.id, session.grants),
  username: session.user.username,
});

/** The reply of a refused change; a grant refusal names `field`, the part of the request that reached too far. */
function refused(
  c: Context,
  result: Exclude<ChangeResult, { ok: true }>,
  name = '',
  field: string = WHOLE_REQUEST,
): Response {
  switch (result.reason) {
    case 'grant': {
      const msg = grantMessage(result.refusal);
      return refuseFields(c, msg, { [field]: msg });
    }
    case 'name':
      return refuseFields(c, nameTaken(name), { name: nameTaken(name) });
    case 'missing':
      return c.json({ status: false, msg: NO_ROLE }, 404);
    case 'not_staff':
      return refuseFields(c, 'Roles are held by staff accounts only.', {
        user_id: 'Roles are held by staff accounts only.',
      });
    case 'stale': {
      const msg = result.current
        ? `Someone else changed this role since you opened it; it is now named '${result.current.name}'.`
        : 'Someone else deleted this role since you opened it.';
      return stale<StaleRoleReply>(c, msg, { current: result.current });
    }
    case 'in_use': {
      const names = result.holders.map((h) => h.username).join(', ');
      const reply: RoleInUseReply = {
        status: false,
        in_use: true,
        holders: result.holders,
        msg: `${result.holders.length === 1 ? '1 staff member holds' : `${result.holders.length} staff members hold`} this role (${names}); deleting it takes it from them.`,
      };
      return c.json(reply, 409);
    }
    case 'guard': {
      const reply: RoleGuardReply = {
        status: false,
        msg: guardMessage({ reason: result.guard, key: result.key }),
        guard: result.guard,
      };
      return c.json(reply, 409);
    }
  }
}

const fetchRoles = defineRoute({
  method: 'POST',
  path: '/user/fetch_user_roles/',
  access: 'role_mgmt',
  summary:
    'Every role by name with its description, feature keys and holders (result), and the staff accounts roles may be given to.',
  async handler({ c, deps }) {
    const { roles, staff } = await listRoles(deps.db);
    const reply: FetchUserRolesReply = { status: true, msg: '', result: roles, staff };
    return c.json(reply);
  },
});

const create = defineRoute({
  method: 'POST',
  path: '/user/roles/create/',
  access: 'role_mgmt',
  schema: CreateRoleForm,
  changesGrants: true,
  summary: 'Creates a role: a name unique whatever its case, a description and a JSON list of feature keys.',
  async handler({ c, deps, input, now, session }) {
    const result = await createRole(deps.db, input, actorOf(session), now);
    if (!result.ok) return refused(c, result, input.name, 'features');
    const reply: RoleReply = { status: true, msg: `Role '${result.row.name}' created.`, role: result.role! };
    return c.json(reply);
  },
});

const update = defineRoute({
  method: 'POST',
  path: '/user/roles/update/',
  access: 'role_mgmt',
  schema: UpdateRoleForm,
  changesGrants: true,
  summary:
    'Renames a role and sets its description and feature keys, from the version the edit began with (another change in between: 409 with the role now).',
  async handler({ c, deps, input, now, session }) {
    const result = await updateRole(deps.db, input, actorOf(session), now);
    if (!result.ok) return refused(c, result, input.name, 'features');
    const reply: RoleReply = { status: true, msg: `Role '${result.row.name}' saved.`, role: result.role! };
    return c.json(reply);
  },
});

const remove = defineRoute({
  method: 'POST',
  path: '/user/roles/delete/',
  access: 'role_mgmt',
  schema: DeleteRoleForm,
  changesGrants: true,
  summary: "Deletes a role; a role with holders answers 409 listing them unless holders is 'remove' (they lose it).",
  async handler({ c, deps, input, now, session }) {
    const result = await deleteRole(
      deps.db,
      { id: input.id, version: input.version, removeHolders: input.holders === 'remove' },
      actorOf(session),
      now,
    );
    if (!result.ok) return refused(c, result);
    return c.json({ status: true, msg: `Role '${result.row.name}' deleted.` });
  },
});

const assignment = (hold: boolean) =>
  defineRoute({
    method: 'POST',
    path: hold ? '/user/roles/assign/' : '/user/roles/unassign/',
    access: 'staff_role_change',
    schema: RoleAssignmentForm,
    changesGrants: true,
    summary: hold
      ? 'Gives a staff account a role; seen on its next request.'
      : 'Takes a role from a staff account; seen on its next request.',
    async handler({ c, deps, input, now, session }) {
      const result = await setAssignment(
        deps.db,
        { userId: input.user_id, roleId: input.role_id, hold },
        actorOf(session),
        now,
      );
      if (!result.ok) return refused(c, result, '', 'role_id');
      const reply: RoleReply = {
        status: true,
        msg: hold ? `Role '${result.row.name}' given.` : `Role '${result.row.name}' taken away.`,
        role: result.role!,
      };
      return c.json(reply);
    },
  });

const reach = defineRoute({
  method: 'POST',
  path: '/user/roles/reach/',
  access: 'role_mgmt',
  schema: RoleReachForm,
  summary:
    "One staff member's features, each with the roles granting it, and their administrator privileges (read-only here).",
  async handler({ c, deps, input }) {
    const user = await deps.db
      .selectFrom('users')
      .select(['id', 'username', 'first_name', 'last_name', 'admin_privileges'])
      .where('id', '=', input.user_id)
      .executeTakeFirst();
    if (!user) return refuseFields(c, 'There is no such user.', { user_id: 'There is no such user.' });
    const roles = await deps.db
      .selectFrom('user_roles')
      .innerJoin('roles', 'roles.id', 'user_roles.role_id')
      .select(['roles.name', 'roles.features'])
      .where('user_roles.user_id', '=', input.user_id)
      .orderBy('roles.name')
      .execute();
    const through = new Map<string, string[]>();
    for (const r of roles) for (const key of featuresOf(r)) through.set(key, [...(through.get(key) ?? []), r.name]);
    // In the groups' order, as the form lists them.
    const features = ROLE_FEATURE_KEYS.filter((k) => through.has(k)).map((key) => ({ key, roles: through.get(key)! }));
    const reply: RoleReachReply = {
      status: true,
      user: { id: Number(user.id), username: user.username, name: `${user.first_name} ${user.last_name}`.trim() },
      features,
      privileges: adminPrivilegesOf(user.admin_privileges),
    };
    return c.json(reply);
  },
});

export const roleRoutes = [fetchRoles, create, update, remove, assignment(true), assignment(false), reach];
