// The Brokers tab's calls (decision 059): the broker groups (api/brokergroup/), and the user groups
// of a broker with their members. Plain functions, every reply parsed by its src/domain schema; a
// change from a stale version answers 409, read by shape (staleUserGroupOf).
import * as v from 'valibot';
import type { BrokerGroup } from '../../../domain/brokers';
import { brokerReplies } from '../../../domain/brokers';
import { MembersReply, UserGroupsReply } from '../../../domain/broker-research-brokers';
import { http, toFormData } from '../../../services/http';

export async function fetchBrokerGroups(product: string): Promise<BrokerGroup[]> {
  return v.parse(brokerReplies(product).BrokerGroupReply, await http('/api/brokergroup/')).brokerGroup;
}

export async function fetchUserGroups(broker: number): Promise<UserGroupsReply> {
  return v.parse(UserGroupsReply, await http(`/api/broker/user_group/?broker=${broker}`));
}

export async function saveUserGroup(form: {
  broker: number;
  group: number | null;
  version: number;
  name: string;
  description: string;
}): Promise<UserGroupsReply> {
  const body =
    form.group === null
      ? toFormData({ broker: String(form.broker), name: form.name, description: form.description })
      : toFormData({
          group: String(form.group),
          version: String(form.version),
          name: form.name,
          description: form.description,
        });
  const reply =
    form.group === null
      ? await http('/api/broker/user_group/create/', { method: 'POST', body })
      : await http('/api/broker/user_group/update/', { method: 'PUT', body });
  return v.parse(UserGroupsReply, reply);
}

export async function deleteUserGroup(group: number, version: number): Promise<UserGroupsReply> {
  return v.parse(
    UserGroupsReply,
    await http('/api/broker/user_group/delete/', {
      method: 'DELETE',
      body: toFormData({ group: String(group), version: String(version) }),
    }),
  );
}

export async function fetchMembers(group: number): Promise<MembersReply> {
  return v.parse(MembersReply, await http(`/api/broker/user_group/members/?group=${group}`));
}

/** A change to a group's members, one endpoint for both (POST adds, DELETE removes); the members as they are after it. */
async function changeMembers(method: 'POST' | 'DELETE', group: number, fields: Record<string, string>) {
  const body = toFormData({ group: String(group), ...fields });
  return v.parse(MembersReply, await http('/api/broker/user_group/members/', { method, body }));
}

/** Adds users by email or username (the text as typed: one a line or comma-separated). */
export async function addMembers(group: number, users: string): Promise<MembersReply> {
  return changeMembers('POST', group, { users });
}

export async function removeMember(group: number, user: number): Promise<MembersReply> {
  return changeMembers('DELETE', group, { user: String(user) });
}
