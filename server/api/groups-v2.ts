// Group ManagementV2 (spec §2, §3, §7 "Groups, roles, users"; decision 049): the group list with
// search and keyset pages, a group's members, removing one, and the bulk membership upload —
// user/verify_file_data/ (the preview) and user/add_users_to_groups/ (one transaction). The list
// routes need group_mgmt_v2, the upload routes group_bulk_upload.
import type { Context } from 'hono';
import {
  GROUP_UPLOAD_MAX_BODY_BYTES,
  GroupMembersForm,
  GroupSearchForm,
  GroupUploadForm,
  RemoveMemberForm,
  membersText,
  type AddUsersReply,
  type GroupMembersReply,
  type GroupSearchReply,
  type RemoveMemberReply,
  type VerifyFileReply,
} from '../../src/domain/groups-v2';
import { addMembers, judgeIdentifiers, removeMember } from '../groups-v2/membership';
import { findGroup, groupMembers, searchGroups } from '../groups-v2/search';
import { refuseFields } from '../http/replies';
import { defineRoute } from '../routes';

const noGroup = (c: Context, id: number) =>
  refuseFields(c, `There is no group #${id}.`, { group_id: `There is no group #${id}.` });

const searchRoute = defineRoute({
  method: 'POST',
  path: '/user/groups_v2/search/',
  access: 'group_mgmt_v2',
  schema: GroupSearchForm,
  summary:
    'Groups of the whole platform (or one organization) whose name holds the query, by name, 50 a page after a cursor.',
  async handler({ c, deps, input }) {
    const { groups, next } = await searchGroups(deps.db, {
      query: input.query,
      organizationId: input.organization_id === '' ? null : input.organization_id,
      after: input.after === '' ? null : input.after,
    });
    const reply: GroupSearchReply = { status: true, groups, next };
    return c.json(reply);
  },
});

const membersRoute = defineRoute({
  method: 'POST',
  path: '/user/groups_v2/members/',
  access: 'group_mgmt_v2',
  schema: GroupMembersForm,
  summary: 'A group and its members (up to 10,000), by username.',
  async handler({ c, deps, input }) {
    const group = await findGroup(deps.db, input.group_id);
    if (!group) return noGroup(c, input.group_id);
    const reply: GroupMembersReply = { status: true, group, ...(await groupMembers(deps.db, input.group_id)) };
    return c.json(reply);
  },
});

const removeMemberRoute = defineRoute({
  method: 'POST',
  path: '/user/groups_v2/remove_member/',
  access: 'group_mgmt_v2',
  schema: RemoveMemberForm,
  summary: 'Takes one user out of one group, with its audit row.',
  async handler({ c, deps, input, now, session }) {
    const outcome = await removeMember(deps.db, input.group_id, input.user_id, session.user.username, now);
    if (!outcome.ok && outcome.reason === 'group') return noGroup(c, input.group_id);
    const reply: RemoveMemberReply = outcome.ok
      ? {
          status: true,
          msg: `User #${input.user_id} removed; the group has ${membersText(outcome.members)}.`,
          members: outcome.members,
        }
      : { status: false, msg: `User #${input.user_id} is not a member of the group.`, members: 0 };
    return c.json(reply);
  },
});

const verifyRoute = defineRoute({
  method: 'POST',
  path: '/user/verify_file_data/',
  access: 'group_bulk_upload',
  schema: GroupUploadForm,
  maxBody: GROUP_UPLOAD_MAX_BODY_BYTES,
  summary:
    'A bulk membership file checked against a group: validDataPoints, and inValidDataPoints each with its reason (no such user, another organization, already a member, a repeat).',
  async handler({ c, deps, input }) {
    const group = await findGroup(deps.db, input.group_id);
    if (!group) return noGroup(c, input.group_id);
    const { valid, invalid } = await judgeIdentifiers(deps.db, group, input.identifiers);
    const reply: VerifyFileReply = {
      status: true,
      validDataPoints: valid,
      inValidDataPoints: invalid,
      members: group.members,
    };
    return c.json(reply);
  },
});

const addRoute = defineRoute({
  method: 'POST',
  path: '/user/add_users_to_groups/',
  bulk: 'group_upload',
  access: 'group_bulk_upload',
  schema: GroupUploadForm,
  maxBody: GROUP_UPLOAD_MAX_BODY_BYTES,
  summary:
    'Adds the valid users of a bulk membership file to a group in one transaction, checked again there; answers row by row.',
  async handler({ c, deps, input, now, session }) {
    const outcome = await addMembers(deps.db, input.group_id, input.identifiers, session.user.username, now);
    if (!outcome.ok) return noGroup(c, input.group_id);
    const added = outcome.verdict.valid.length;
    const reply: AddUsersReply = {
      status: added > 0,
      msg:
        added > 0
          ? `${membersText(added)} added; the group has ${membersText(outcome.current)}.`
          : 'No user was added.',
      validDataPoints: outcome.verdict.valid,
      inValidDataPoints: outcome.verdict.invalid,
      previous_members: outcome.previous,
      members: outcome.current,
    };
    return c.json(reply);
  },
});

export const groupsV2Routes = [searchRoute, membersRoute, removeMemberRoute, verifyRoute, addRoute];
