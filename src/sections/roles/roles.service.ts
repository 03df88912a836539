// The Role Management calls (decision 050): plain functions, every reply parsed by its src/domain
// schema. A refused change answers 409, which the machine reads by shape (roleConflictOf).
import * as v from 'valibot';
import { DeleteRoleReply, FetchUserRolesReply, RoleReachReply, RoleReply } from '../../domain/roles';
import { http, toFormData } from '../../services/http';

export interface RoleFields {
  name: string;
  description: string;
  features: readonly string[];
}

const post = (path: string, fields: Record<string, string>) => http(path, { method: 'POST', body: toFormData(fields) });

export async function fetchRoles(): Promise<FetchUserRolesReply> {
  return v.parse(FetchUserRolesReply, await post('/user/fetch_user_roles/', {}));
}

const roleFields = (f: RoleFields) => ({
  name: f.name,
  description: f.description,
  features: JSON.stringify(f.features),
});

export async function createRole(fields: RoleFields): Promise<RoleReply> {
  return v.parse(RoleReply, await post('/user/roles/create/', roleFields(fields)));
}

export async function updateRole(id: number, version: number, fields: RoleFields): Promise<RoleReply> {
  return v.parse(
    RoleReply,
    await post('/user/roles/update/', { id: String(id), version: String(version), ...roleFields(fields) }),
  );
}

export async function deleteRole(
  id: number,
  version: number,
  removeHolders: boolean,
): Promise<v.InferOutput<typeof DeleteRoleReply>> {
  return v.parse(
    DeleteRoleReply,
    await post('/user/roles/delete/', {
      id: String(id),
      version: String(version),
      holders: removeHolders ? 'remove' : '',
    }),
  );
}

export async function holdRole(userId: number, roleId: number, hold: boolean): Promise<RoleReply> {
  return v.parse(
    RoleReply,
    await post(hold ? '/user/roles/assign/' : '/user/roles/unassign/', {
      user_id: String(userId),
      role_id: String(roleId),
    }),
  );
}

export async function readReach(userId: number): Promise<RoleReachReply> {
  return v.parse(RoleReachReply, await post('/user/roles/reach/', { user_id: String(userId) }));
}
