// Group ManagementV2 (spec §2, §3 "Validated file data", §7 "Groups, roles, users"; decision
// 049): every group of the platform searched by name and organization a page at a time (keyset,
// so page 1,000 costs what page 1 does), a group's members (up to 10,000, drawn virtualised), and
// the bulk membership upload: a CSV of emails, usernames or ids checked row by row
// (user/verify_file_data/) and applied in one transaction (user/add_users_to_groups/).
import * as v from 'valibot';
import { listAtMost } from './json-list';
import { Id, JsonField, Text } from './wire';
import { countText } from './format';
import { GroupMember as OrganizationMember } from './groups';

/** Groups a search page holds. */
export const GROUP_PAGE_SIZE = 50;
/** Members a group's list is drawn with at most (decision 049); the upload adds up to this many at once. */
export const GROUP_MEMBERS_MAX = 10_000;
/** Identifiers one upload may name: a file of the largest group, with room for its bad rows. */
export const GROUP_UPLOAD_MAX_IDENTIFIERS = 20_000;
/** Body cap of the two upload routes: 20,000 identifiers of up to 254 characters (~5 MB), over the 1 MB default. */
export const GROUP_UPLOAD_MAX_BODY_BYTES = 6 * 1024 * 1024;
/** Member rows of the virtualised list. */
export const MEMBER_ROW_HEIGHT_PX = 32;
export const MEMBER_LIST_HEIGHT_PX = 400;

export const GroupItem = v.object({
  id: v.number(),
  name: v.string(),
  /** thesis, collab, sec_master, … as Group Management (v1) keeps it. */
  kind: v.string(),
  organization_id: v.nullable(v.number()),
  /** The organization's name; null for a group of the whole platform. */
  organization: v.nullable(v.string()),
  members: v.number(),
});
export type GroupItem = v.InferOutput<typeof GroupItem>;

/** Where the next page starts: after this (lower-cased name, id) of the sort. */
export const GroupCursor = v.object({ name: v.string(), id: v.number() });
export type GroupCursor = v.InferOutput<typeof GroupCursor>;

/** user/groups_v2/search/: groups whose name holds `query`, of one organization when given, by name. */
export const GroupSearchForm = v.object({
  query: v.optional(Text(100), ''),
  organization_id: v.optional(v.union([v.literal(''), Id]), ''),
  after: v.optional(v.union([v.literal(''), JsonField(GroupCursor, 'after', 400)]), ''),
});
export type GroupSearchForm = v.InferOutput<typeof GroupSearchForm>;
export const GroupSearchReply = v.object({
  status: v.literal(true),
  groups: v.array(GroupItem),
  /** The cursor of the next page; null on the last. */
  next: v.nullable(GroupCursor),
});
export type GroupSearchReply = v.InferOutput<typeof GroupSearchReply>;

/** A member as Group Management lists one, with their organization (a group of the whole platform mixes them). */
export const GroupMember = v.object({ ...OrganizationMember.entries, organization: v.nullable(v.string()) });
export type GroupMember = v.InferOutput<typeof GroupMember>;

/** user/groups_v2/members/: the group and its members by username. */
export const GroupMembersForm = v.object({ group_id: Id });
export const GroupMembersReply = v.object({
  status: v.literal(true),
  group: GroupItem,
  members: v.array(GroupMember),
  /** More members than GROUP_MEMBERS_MAX: the list shows the first ones. */
  truncated: v.boolean(),
});
export type GroupMembersReply = v.InferOutput<typeof GroupMembersReply>;

/** user/groups_v2/remove_member/: one user out of one group. */
export const RemoveMemberForm = v.object({ group_id: Id, user_id: Id });
export const RemoveMemberReply = v.object({ status: v.boolean(), msg: v.string(), members: v.number() });
export type RemoveMemberReply = v.InferOutput<typeof RemoveMemberReply>;

const TOO_MANY_IDENTIFIERS = `Send at most ${countText(GROUP_UPLOAD_MAX_IDENTIFIERS)} identifiers.`;
/** A list over the limit is refused before it is parsed (json-list.ts). */
const IdentifiersField = v.pipe(
  v.string(),
  listAtMost(GROUP_UPLOAD_MAX_IDENTIFIERS, TOO_MANY_IDENTIFIERS),
  JsonField(
    v.pipe(
      v.array(v.pipe(v.string(), v.maxLength(254))),
      v.minLength(1, 'The file names nobody.'),
      v.maxLength(GROUP_UPLOAD_MAX_IDENTIFIERS, TOO_MANY_IDENTIFIERS),
    ),
    'identifiers',
    GROUP_UPLOAD_MAX_BODY_BYTES,
  ),
);

/** user/verify_file_data/ and user/add_users_to_groups/: a file's identifiers against one group. */
export const GroupUploadForm = v.object({ group_id: Id, identifiers: IdentifiersField });
export type GroupUploadForm = v.InferOutput<typeof GroupUploadForm>;

export const ValidDataPoint = v.object({
  identifier: v.string(),
  user_id: v.number(),
  username: v.string(),
  email: v.string(),
});
export type ValidDataPoint = v.InferOutput<typeof ValidDataPoint>;
export const InvalidDataPoint = v.object({ identifier: v.string(), reason: v.string() });
export type InvalidDataPoint = v.InferOutput<typeof InvalidDataPoint>;

/** Why an identifier is not taken (spec §3 inValidDataPoints). */
export const UPLOAD_REASONS = {
  noSuchUser: 'No such user: no live user has this email, username or user id.',
  otherOrganization: (org: string) => `The user belongs to another organization (${org}) than the group's.`,
  alreadyMember: 'Already a member of the group.',
  sameUser: 'Names the same user as an earlier row.',
} as const;

export const VerifyFileReply = v.object({
  status: v.literal(true),
  validDataPoints: v.array(ValidDataPoint),
  inValidDataPoints: v.array(InvalidDataPoint),
  /** Members the group holds now. */
  members: v.number(),
});
export type VerifyFileReply = v.InferOutput<typeof VerifyFileReply>;

export const AddUsersReply = v.object({
  status: v.boolean(),
  msg: v.string(),
  /** The users added now (checked again inside the transaction). */
  validDataPoints: v.array(ValidDataPoint),
  /** Rows not added, each with its reason (another upload may have added some in between). */
  inValidDataPoints: v.array(InvalidDataPoint),
  previous_members: v.number(),
  members: v.number(),
});
export type AddUsersReply = v.InferOutput<typeof AddUsersReply>;

export const membersText = (n: number) => `${countText(n)} ${n === 1 ? 'member' : 'members'}`;
