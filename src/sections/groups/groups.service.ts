// The group calls (decision 048): plain functions, every reply parsed by its src/domain schema.
// A stale change answers 409, which the machine reads by shape (staleGroupOf).
import * as v from 'valibot';
import { DeleteGroupReply, FetchGroupReply, GroupReply, UserGroupsReply, type GroupKind } from '../../domain/groups';
import { http, toFormData } from '../../services/http';

const post = async <S extends v.GenericSchema>(
  schema: S,
  path: string,
  fields: Record<string, string>,
): Promise<v.InferOutput<S>> => v.parse(schema, await http(path, { method: 'POST', body: toFormData(fields) }));

export const fetchGroups = (organizationId: number) =>
  post(FetchGroupReply, '/user/fetch_group/', { organization_id: String(organizationId) });

export const createGroup = (organizationId: number, name: string, kind: GroupKind) =>
  post(GroupReply, '/user/add_group_new/', { organization_id: String(organizationId), name, kind });

export const renameGroup = (id: number, version: number, name: string) =>
  post(GroupReply, '/user/rename_group/', { group_id: String(id), version: String(version), name });

export const deleteGroup = (id: number, version: number) =>
  post(DeleteGroupReply, '/user/delete_group/', { group_id: String(id), version: String(version) });

export const addGroupUsers = (id: number, version: number, userIds: readonly number[]) =>
  post(GroupReply, '/user/add_group_user/', {
    group_id: String(id),
    version: String(version),
    user_ids: JSON.stringify(userIds),
  });

export const removeGroupUser = (id: number, version: number, userId: number) =>
  post(GroupReply, '/user/delete_group_user/', {
    group_id: String(id),
    version: String(version),
    user_id: String(userId),
  });

/** The call each switch is saved by (spec §7). */
const SWITCH_PATHS = {
  autoshare: '/user/autoshare_modified/',
  thesis: '/user/notebook_thesis/',
  collab: '/user/save_collab_group/',
  sec_master: '/user/save_sec_master/',
} as const;

export function saveGroupSwitch(id: number, version: number, key: string, value: boolean): Promise<GroupReply> {
  const common = { group_id: String(id), version: String(version), value: String(value) };
  return key in SWITCH_PATHS
    ? post(GroupReply, SWITCH_PATHS[key as keyof typeof SWITCH_PATHS], common)
    : post(GroupReply, '/user/toggle_compliance_features/', { ...common, feature: key });
}

export const fetchUserGroups = (userId: number) =>
  post(UserGroupsReply, '/user/fetch_users_groups_new/', { user_id: String(userId) });
