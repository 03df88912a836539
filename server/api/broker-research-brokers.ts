// Broker Research routes: the user groups of a broker (Brokers tab; decision 059). Read a broker's
// groups and a group's members; create (names unique per broker whatever their case), update and
// delete from the group's version (a change in between: 409 with the groups as stored now and who
// changed it), add members by email or username (live users only, all or none), remove one.
import type { Context } from 'hono';
import type * as v from 'valibot';
import {
  AddMembersForm,
  CreateUserGroupForm,
  DeleteUserGroupForm,
  MembersQuery,
  RemoveMemberForm,
  UpdateUserGroupForm,
  USER_GROUP_MESSAGES as M,
  UserGroupsQuery,
  type MembersReply,
  type StaleUserGroupReply,
  type UserGroupsReply,
} from '../../src/domain/broker-research-brokers';
import {
  addMembers,
  brokerNamed,
  createGroup,
  deleteGroup,
  groupsOfBroker,
  membersOf,
  readGroup,
  removeMember,
  updateGroup,
  type GroupResult,
} from '../broker-research/brokers';
import type { AppDeps } from '../context';
import { refuseField, refuseFields, stale } from '../http/replies';
import { defineRoute, type Route } from '../routes';

/** A change's reply: the broker's groups as stored now; 409 when the group changed or went first; 400 naming the field. */
async function answer(c: Context, deps: AppDeps, result: GroupResult, withMembers: boolean): Promise<Response> {
  if (result.ok) {
    if (withMembers && result.group) {
      return c.json({
        status: true,
        msg: result.msg,
        group: result.group,
        members: await membersOf(deps.db, result.group.id),
      } satisfies MembersReply);
    }
    return c.json({ status: true, msg: result.msg, groups: result.groups } satisfies UserGroupsReply);
  }
  if (result.reason === 'stale') return stale<StaleUserGroupReply>(c, result.msg, { groups: result.groups });
  return refuseField(c, result);
}

const groups = defineRoute({
  method: 'GET',
  path: '/api/broker/user_group/',
  access: 'br_research',
  schema: UserGroupsQuery,
  summary:
    'The user groups of a broker by name (id, name, description, member count, version, who changed it last and when), and the broker named.',
  async handler({ c, deps, input }) {
    const broker = await brokerNamed(deps.db, input.broker);
    if (!broker) return refuseFields(c, 'No broker has this id.', { broker: 'No broker has this id.' });
    return c.json({
      status: true,
      msg: '',
      groups: await groupsOfBroker(deps.db, input.broker),
      broker,
    } satisfies UserGroupsReply);
  },
});

const members = defineRoute({
  method: 'GET',
  path: '/api/broker/user_group/members/',
  access: 'br_research',
  schema: MembersQuery,
  summary: 'A user group of a broker with its members (id, username, email, name) by username.',
  async handler({ c, deps, input }) {
    const group = await readGroup(deps.db, input.group);
    if (!group) return refuseFields(c, M.noGroup, { group: M.noGroup });
    return c.json({ status: true, msg: '', group, members: await membersOf(deps.db, group.id) } satisfies MembersReply);
  },
});

/** A change of a broker's groups or of a group's members: the store's work, answered by `answer`. */
function groupChange<S extends v.GenericSchema>(
  method: 'POST' | 'PUT' | 'DELETE',
  path: string,
  schema: S,
  summary: string,
  withMembers: boolean,
  work: (db: AppDeps['db'], input: v.InferOutput<S>, author: string, now: number) => Promise<GroupResult>,
): Route {
  return defineRoute({
    method,
    path,
    access: 'br_research',
    schema,
    summary,
    async handler({ c, deps, input, now, session }) {
      return answer(c, deps, await work(deps.db, input, session.user.username, now), withMembers);
    },
  });
}

const create = groupChange(
  'POST',
  '/api/broker/user_group/create/',
  CreateUserGroupForm,
  "Creates a user group of a broker (name unique per broker whatever its case, description); answers the broker's groups.",
  false,
  createGroup,
);
const update = groupChange(
  'PUT',
  '/api/broker/user_group/update/',
  UpdateUserGroupForm,
  "Renames a user group or changes its description, from its version; answers the broker's groups.",
  false,
  updateGroup,
);
const remove = groupChange(
  'DELETE',
  '/api/broker/user_group/delete/',
  DeleteUserGroupForm,
  "Deletes a user group and its memberships, from its version; answers the broker's groups.",
  false,
  deleteGroup,
);
const addMember = groupChange(
  'POST',
  '/api/broker/user_group/members/',
  AddMembersForm,
  'Adds live users to a user group by email or username (users: up to 100, one a line or comma-separated); an unknown one refuses all, naming it.',
  true,
  addMembers,
);
const removeOne = groupChange(
  'DELETE',
  '/api/broker/user_group/members/',
  RemoveMemberForm,
  'Removes one member (user: the user id) from a user group.',
  true,
  removeMember,
);

export const brokerUserGroupsRoutes: readonly Route[] = [groups, members, create, update, remove, addMember, removeOne];
