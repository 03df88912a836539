// Group ManagementV2's calls (decision 049): the group search, a group's members, removing one,
// and the bulk membership upload's verify_file_data/ and add_users_to_groups/ (identifiers as
// JSON text in one form field). Every reply is parsed by its src/domain schema.
import * as v from 'valibot';
import {
  AddUsersReply,
  GroupMembersReply,
  GroupSearchReply,
  RemoveMemberReply,
  VerifyFileReply,
  type GroupCursor,
} from '../../domain/groups-v2';
import { http, toFormData } from '../../services/http';

export interface GroupQuery {
  query: string;
  organizationId: number | null;
  after: GroupCursor | null;
}

export async function searchGroups(q: GroupQuery): Promise<GroupSearchReply> {
  const body = toFormData({
    query: q.query,
    organization_id: q.organizationId === null ? '' : String(q.organizationId),
    after: q.after ? JSON.stringify(q.after) : '',
  });
  return v.parse(GroupSearchReply, await http('/user/groups_v2/search/', { method: 'POST', body }));
}

export async function fetchGroupMembers(groupId: number): Promise<GroupMembersReply> {
  return v.parse(
    GroupMembersReply,
    await http('/user/groups_v2/members/', { method: 'POST', body: toFormData({ group_id: String(groupId) }) }),
  );
}

export async function removeGroupMember(groupId: number, userId: number): Promise<RemoveMemberReply> {
  const body = toFormData({ group_id: String(groupId), user_id: String(userId) });
  return v.parse(RemoveMemberReply, await http('/user/groups_v2/remove_member/', { method: 'POST', body }));
}

const uploadBody = (groupId: number, identifiers: readonly string[]) =>
  toFormData({ group_id: String(groupId), identifiers: JSON.stringify(identifiers) });

export async function verifyFileData(groupId: number, identifiers: readonly string[]): Promise<VerifyFileReply> {
  return v.parse(
    VerifyFileReply,
    await http('/user/verify_file_data/', { method: 'POST', body: uploadBody(groupId, identifiers) }),
  );
}

export async function addUsersToGroup(groupId: number, identifiers: readonly string[]): Promise<AddUsersReply> {
  return v.parse(
    AddUsersReply,
    await http('/user/add_users_to_groups/', { method: 'POST', body: uploadBody(groupId, identifiers) }),
  );
}
