// Group Management calls (spec §7 "Groups, roles, users", §8; decision 048). Reading and changing
// an organization's groups need group_mgmt (the section's feature, /modify_groups and
// /view_groups alike); the compliance switches need compliance_tab; a user's groups are part of
// reading a user (user_mgmt). Every change of a group names its version: 409 when it is stale.
import type { Context } from 'hono';
import type { Kysely } from 'kysely';
import {
  AddGroupForm,
  AddGroupUserForm,
  ComplianceForm,
  DeleteGroupForm,
  DeleteGroupUserByUsernameForm,
  DeleteGroupUserForm,
  FEATURE_WORDS,
  FetchGroupForm,
  FetchGroupMembersForm,
  GROUP_MEMBERS_PAGE,
  GROUP_MESSAGES,
  GroupFeatureForm,
  NO_GROUP,
  RenameGroupForm,
  UserGroupsForm,
  type DeleteGroupReply,
  type FetchGroupMembersReply,
  type FetchGroupReply,
  type Group,
  type GroupFeature,
  type GroupReply,
  type StaleGroupReply,
  type UserGroupsReply,
} from '../../src/domain/groups';
import { BadCursor } from '../db/keyset';
import type { Database } from '../db/schema';
import { refuseFields, stale } from '../http/replies';
import { defineRoute } from '../routes';
import {
  addMembers,
  createGroup,
  deleteGroup,
  groupsOfUser,
  organizationExists,
  organizationGroups,
  removeMember,
  renameGroup,
  setGroupSwitch,
  type ChangeResult,
} from '../groups/store';
import { groupOfOrganization, memberPage } from '../groups/members';
import { visibleUser } from '../users/records';

function staleGroup(c: Context, current: Group | null, notSaved?: string): Response {
  const msg = current ? GROUP_MESSAGES.stale(current.name) : GROUP_MESSAGES.deleted;
  return stale<StaleGroupReply>(c, notSaved ? `${notSaved}: ${msg}` : msg, { current }, false);
}

/** The reply of a change: the group, a field refusal (400) or stale (409). */
function answer(c: Context, result: ChangeResult, saved: string, notSaved?: string): Response {
  if (result.ok) {
    const reply: GroupReply = { status: true, msg: saved, group: result.group };
    return c.json(reply);
  }
  if (result.reason === 'refused')
    return refuseFields(
      c,
      notSaved ? `${notSaved}: ${result.msg}` : result.msg,
      { [result.field]: result.msg },
      result.extra,
    );
  return staleGroup(c, result.current, notSaved);
}

const fetchGroup = defineRoute({
  method: 'POST',
  path: '/user/fetch_group/',
  access: 'group_mgmt',
  schema: FetchGroupForm,
  summary: `An organization's groups (groupItems), each with the first ${GROUP_MEMBERS_PAGE} of its live members, members_count and members_next (the cursor of fetch_group_members/), and the first ${GROUP_MEMBERS_PAGE} of its live users in no group (nonGroupUsers, nonGroupUsersCount, nonGroupUsersNext); q keeps only people whose name, email or username holds it.`,
  async handler({ c, deps, input }) {
    if (!(await organizationExists(deps.db, input.organization_id)))
      return refuseFields(c, GROUP_MESSAGES.noOrganization, { organization_id: GROUP_MESSAGES.noOrganization });
    const reply: FetchGroupReply = {
      status: true,
      ...(await organizationGroups(deps.db, input.organization_id, input.q)),
    };
    return c.json(reply);
  },
});

const fetchGroupMembers = defineRoute({
  method: 'POST',
  path: '/user/fetch_group_members/',
  access: 'group_mgmt',
  schema: FetchGroupMembersForm,
  summary: `The next ${GROUP_MEMBERS_PAGE} live members of one of an organization's groups (group_id), or of its live users in no group (group_id none), by name from a cursor of fetch_group/ or of the page before ('' the first page); q as fetch_group/'s. A cursor of another list or filter is a 400.`,
  async handler({ c, deps, input }) {
    if (!(await organizationExists(deps.db, input.organization_id)))
      return refuseFields(c, GROUP_MESSAGES.noOrganization, { organization_id: GROUP_MESSAGES.noOrganization });
    if (input.group_id !== NO_GROUP && !(await groupOfOrganization(deps.db, input.group_id, input.organization_id)))
      return refuseFields(c, GROUP_MESSAGES.notOfOrganization, { group_id: GROUP_MESSAGES.notOfOrganization });
    try {
      const page = await memberPage(deps.db, input.organization_id, input.group_id, input.q, input.cursor);
      const reply: FetchGroupMembersReply = { status: true, ...page };
      return c.json(reply);
    } catch (err) {
      if (err instanceof BadCursor) return refuseFields(c, err.message, { cursor: err.message });
      throw err;
    }
  },
});

const addGroup = defineRoute({
  method: 'POST',
  path: '/user/add_group_new/',
  access: 'group_mgmt',
  schema: AddGroupForm,
  summary: 'Creates a group of an organization; names are unique per organization whatever their case.',
  async handler({ c, deps, input, now, session }) {
    if (!(await organizationExists(deps.db, input.organization_id)))
      return refuseFields(c, GROUP_MESSAGES.noOrganization, { organization_id: GROUP_MESSAGES.noOrganization });
    const result = await createGroup(
      deps.db,
      { organizationId: input.organization_id, name: input.name, kind: input.kind },
      { author: session.user.username, now },
    );
    return answer(c, result, `Group '${input.name}' created.`);
  },
});

const rename = defineRoute({
  method: 'POST',
  path: '/user/rename_group/',
  access: 'group_mgmt',
  schema: RenameGroupForm,
  summary:
    'Renames a group from the version the edit started from; another change in between answers 409 with the group now.',
  async handler({ c, deps, input, now, session }) {
    const result = await renameGroup(
      deps.db,
      { groupId: input.group_id, version: input.version, name: input.name },
      { author: session.user.username, now },
    );
    return answer(c, result, `Group renamed to '${input.name}'.`);
  },
});

const remove = defineRoute({
  method: 'POST',
  path: '/user/delete_group/',
  access: 'group_mgmt',
  schema: DeleteGroupForm,
  summary: 'Deletes a group and its memberships (the users stay).',
  async handler({ c, deps, input, now, session }) {
    const result = await deleteGroup(
      deps.db,
      { groupId: input.group_id, version: input.version },
      { author: session.user.username, now },
    );
    if (!result.ok) return staleGroup(c, result.current);
    const reply: DeleteGroupReply = {
      status: true,
      msg: `Group '${result.group.name}' deleted.`,
      group_id: result.group.id,
    };
    return c.json(reply);
  },
});

const addUsers = defineRoute({
  method: 'POST',
  path: '/user/add_group_user/',
  access: 'group_mgmt',
  schema: AddGroupUserForm,
  summary:
    "Adds users (user_ids, JSON) to a group; each must be a live user of the group's organization, or none is added and `refused` names each user not taken with its cause (no_user, deleted, other_organization).",
  async handler({ c, deps, input, now, session }) {
    const result = await addMembers(
      deps.db,
      { groupId: input.group_id, version: input.version, userIds: input.user_ids },
      { author: session.user.username, now },
    );
    const n = new Set(input.user_ids).size;
    return answer(c, result, `${n.toLocaleString('en-US')} ${n === 1 ? 'member' : 'members'} added.`);
  },
});

const removeUser = defineRoute({
  method: 'POST',
  path: '/user/delete_group_user/',
  access: 'group_mgmt',
  schema: DeleteGroupUserForm,
  summary: 'Removes a member from a group by user id.',
  async handler({ c, deps, input, now, session }) {
    const result = await removeMember(
      deps.db,
      { groupId: input.group_id, version: input.version, user: { id: input.user_id } },
      { author: session.user.username, now },
    );
    return answer(c, result, 'Member removed.');
  },
});

const removeUserByName = defineRoute({
  method: 'POST',
  path: '/user/delete_group_user_by_username/',
  access: 'group_mgmt',
  schema: DeleteGroupUserByUsernameForm,
  summary: "Removes a member from a group by username (a live user of the group's organization).",
  async handler({ c, deps, input, now, session }) {
    const result = await removeMember(
      deps.db,
      { groupId: input.group_id, version: input.version, user: { username: input.username } },
      { author: session.user.username, now },
    );
    return answer(c, result, 'Member removed.');
  },
});

/** One feature switch's call, answering in its §8 words. */
function featureRoute(path: string, key: GroupFeature, summary: string) {
  return defineRoute({
    method: 'POST',
    path,
    access: 'group_mgmt',
    schema: GroupFeatureForm,
    summary,
    async handler({ c, deps, input, now, session }) {
      const result = await setGroupSwitch(
        deps.db,
        { groupId: input.group_id, version: input.version, key, value: input.value },
        { author: session.user.username, now },
      );
      return answer(c, result, FEATURE_WORDS[key].saved, FEATURE_WORDS[key].notSaved);
    },
  });
}

const autoshare = featureRoute(
  '/user/autoshare_modified/',
  'autoshare',
  "Turns a group's AutoShare on or off: 'AutoShare Settings saved' or 'AutoShare Settings not saved'.",
);
const thesis = featureRoute(
  '/user/notebook_thesis/',
  'thesis',
  "Marks a group as a Thesis group or not: 'updated' or 'not updated'.",
);
const collab = featureRoute(
  '/user/save_collab_group/',
  'collab',
  "Marks a group as a Collab group or not: 'updated' or 'not updated'.",
);
const secMaster = featureRoute(
  '/user/save_sec_master/',
  'sec_master',
  "Marks a group as a Security Master group or not: 'updated' or 'not updated'.",
);

const compliance = defineRoute({
  method: 'POST',
  path: '/user/toggle_compliance_features/',
  access: 'compliance_tab',
  schema: ComplianceForm,
  summary: "Turns one of a group's compliance switches (restrict_export, restrict_upload, restrict_annot) on or off.",
  async handler({ c, deps, input, now, session }) {
    const result = await setGroupSwitch(
      deps.db,
      { groupId: input.group_id, version: input.version, key: input.feature, value: input.value },
      { author: session.user.username, now },
    );
    return answer(c, result, GROUP_MESSAGES.updated, GROUP_MESSAGES.notUpdated);
  },
});

/** A user's groups; none for an unknown id, as for a deleted user without deleted_user. */
async function userGroups(
  c: Context,
  db: Kysely<Database>,
  userId: number,
  features: readonly string[],
): Promise<Response> {
  const reply: UserGroupsReply = {
    status: true,
    groups: (await visibleUser(db, userId, features)) ? await groupsOfUser(db, userId) : [],
  };
  return c.json(reply);
}

const usersGroupsNew = defineRoute({
  method: 'POST',
  path: '/user/fetch_users_groups_new/',
  access: 'user_mgmt',
  schema: UserGroupsForm,
  summary: "A user's groups, by name (no groups for an unknown id, or a deleted user without deleted_user).",
  handler: ({ c, deps, input, session }) => userGroups(c, deps.db, input.user_id, session.grants.features),
});

const userGroupsGet = defineRoute({
  method: 'GET',
  path: '/user/fetch_user_groups/',
  access: 'user_mgmt',
  schema: UserGroupsForm,
  summary: "A user's groups, by name, from the query (user_id); as fetch_users_groups_new/.",
  handler: ({ c, deps, input, session }) => userGroups(c, deps.db, input.user_id, session.grants.features),
});

export const groupRoutes = [
  fetchGroup,
  fetchGroupMembers,
  addGroup,
  rename,
  remove,
  addUsers,
  removeUser,
  removeUserByName,
  autoshare,
  thesis,
  collab,
  secMaster,
  compliance,
  usersGroupsNew,
  userGroupsGet,
];
