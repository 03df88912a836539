// The group calls (decision 048): plain functions, every reply parsed by its src/domain schema.
// A stale change answers 409, which the machine reads by shape (staleGroupOf).
import * as v from 'valibot';
import {
  DeleteGroupReply,
  FetchGroupMembersReply,
  FetchGroupReply,
  GroupReply,
  NO_GROUP,
  UserGroupsReply,
  type GroupKind,
} from '../../domain/groups';
import { http, toFormData } from '../../services/http';

const post = async <S extends v.GenericSchema>(
  schema: S,
  path: string,
  fields: Record<string, string>,
): Promise<v.InferOutput<S>> => v.parse(schema, await http(path, { method: 'POST', body: toFormData(fields) }));

/** One page of a group's members (or of the users in no group, `none`) after the cursor. */
export const fetchGroupMembers = (organizationId: number, list: number | typeof NO_GROUP, cursor: string, q = '') =>
  post(FetchGroupMembersReply, '/user/fetch_group_members/', {
    organization_id: String(organizationId),
    group_id: String(list),
    cursor,
    q,
  });

/**
 * An organization's groups, each with the first page of its members (those the filter `q` holds),
 * their count and the next page's cursor, and the first page of its users in no group (decision
 * 104); a list's following pages come from fetchGroupMembers, one Load more at a time.
 */
export const fetchGroups = (organizationId: number, q = ''): Promise<FetchGroupReply> =>
  post(FetchGroupReply, '/user/fetch_group/', { organization_id: String(organizationId), q });

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
