// Group Management (spec §2 /modify_groups and /view_groups, §3 "Group list response", "Groups",
// §7 "Groups, roles, users", §8; decision 048): an organization's groups with their members, the
// organization's users in no group, and the changes. Every change of an existing group names the
// version it started from; another change in between answers 409 with the group as it is now.
import * as v from 'valibot';
import { conflictOf } from './conflict';
import { Username } from './users';
import { FormBool, Id, JsonListField, RequiredText, Text } from './wire';

export const GROUP_NAME_MAX = 100;
/** People one page of a group's members (or of the users in no group) holds; the screen's Load more adds as many. */
export const GROUP_MEMBERS_PAGE = 50;
/** Characters the members filter takes. */
export const MEMBERS_FILTER_MAX = 100;
/** Most users one add_group_user/ call takes. */
export const GROUP_ADD_MAX = 5_000;

/** What a group is for (spec §3 "Groups"), chosen when it is created. */
export const GROUP_KINDS = ['general', 'thesis', 'collab', 'sec_master'] as const;
export type GroupKind = (typeof GROUP_KINDS)[number];
export const GROUP_KIND_LABELS: Record<GroupKind, string> = {
  general: 'General',
  thesis: 'Thesis',
  collab: 'Collab',
  sec_master: 'Security Master',
};

/** The feature switches of a group, each saved by its own call (spec §7). */
export const GROUP_FEATURES = ['autoshare', 'thesis', 'collab', 'sec_master'] as const;
export type GroupFeature = (typeof GROUP_FEATURES)[number];
export const GROUP_FEATURE_LABELS: Record<GroupFeature, string> = {
  autoshare: 'AutoShare',
  thesis: 'Thesis group',
  collab: 'Collab group',
  sec_master: 'Security Master group',
};
/** The compliance switches (feature compliance_tab; decision 048). */
export const COMPLIANCE_SWITCHES = ['restrict_export', 'restrict_upload', 'restrict_annot'] as const;
export type ComplianceSwitch = (typeof COMPLIANCE_SWITCHES)[number];
export const COMPLIANCE_LABELS: Record<ComplianceSwitch, string> = {
  restrict_export: 'Restrict export',
  restrict_upload: 'Restrict upload',
  restrict_annot: 'Restrict annotations',
};

/** Spec §8: what each feature save says. */
export const GROUP_MESSAGES = {
  autoshareSaved: 'AutoShare Settings saved',
  autoshareNotSaved: 'AutoShare Settings not saved',
  updated: 'updated',
  notUpdated: 'not updated',
  noGroup: 'There is no such group; it may have been deleted.',
  noOrganization: 'There is no such organization.',
  notOfOrganization: 'This organization has no such group; it may have been deleted.',
  stale: (name: string) => `Someone else changed the group '${name}' since you opened it; this is how it is now.`,
  deleted: 'Someone else deleted this group since you opened it.',
  nameTaken: (name: string) =>
    `This organization has a group named '${name}' (names are the same whatever their case).`,
  notAdded: 'No member was added.',
  noUser: 'No live user of the group’s organization has this username.',
  notMember: 'This user is not a member of the group.',
} as const;

export const GroupMember = v.object({ id: v.number(), username: v.string(), email: v.string(), name: v.string() });
export type GroupMember = v.InferOutput<typeof GroupMember>;

export const GroupFlags = v.object({
  autoshare: v.boolean(),
  thesis: v.boolean(),
  collab: v.boolean(),
  sec_master: v.boolean(),
  restrict_export: v.boolean(),
  restrict_upload: v.boolean(),
  restrict_annot: v.boolean(),
});
export type GroupFlags = v.InferOutput<typeof GroupFlags>;

export const Group = v.object({
  id: v.number(),
  name: v.string(),
  kind: v.picklist(GROUP_KINDS),
  organization_id: v.number(),
  flags: GroupFlags,
  members: v.array(GroupMember),
  /** Raised by every change: a change names the version it started from. */
  version: v.number(),
  /** fetch_group/ only: how many live members the group has (that match the filter), `members` being the first page. */
  members_count: v.optional(v.number()),
  /** fetch_group/ only: the cursor of the members' next page (fetch_group_members/), null at the end. */
  members_next: v.optional(v.nullable(v.string())),
});
export type Group = v.InferOutput<typeof Group>;

const Name = RequiredText('Group name', GROUP_NAME_MAX);
const Version = Id;

// ── user/fetch_group/ ────────────────────────────────────────────────────
/** The members filter: name, email or username holding the words, whatever the case ('' keeps everyone). */
const MembersFilter = v.optional(Text(MEMBERS_FILTER_MAX), '');
export const FetchGroupForm = v.object({ organization_id: Id, q: MembersFilter });
export const FetchGroupReply = v.object({
  status: v.literal(true),
  /** Each group with the first GROUP_MEMBERS_PAGE of its members, `members_count` and `members_next`. */
  groupItems: v.array(Group),
  /** The first GROUP_MEMBERS_PAGE of the organization's live users in no group, by name. */
  nonGroupUsers: v.array(GroupMember),
  nonGroupUsersCount: v.optional(v.number()),
  nonGroupUsersNext: v.optional(v.nullable(v.string())),
});
export type FetchGroupReply = v.InferOutput<typeof FetchGroupReply>;

// ── user/fetch_group_members/ ────────────────────────────────────────────
/** Which list fetch_group_members/ pages: a group's members, or 'none', the users in no group. */
export const NO_GROUP = 'none';
export const FetchGroupMembersForm = v.object({
  organization_id: Id,
  group_id: v.union([v.literal(NO_GROUP), Id], 'Expected a group id or none.'),
  /** A cursor of fetch_group/ or of the previous page; '' starts at the first page. */
  cursor: v.optional(Text(1_000), ''),
  q: MembersFilter,
});
export type FetchGroupMembersForm = v.InferOutput<typeof FetchGroupMembersForm>;
export const FetchGroupMembersReply = v.object({
  status: v.literal(true),
  members: v.array(GroupMember),
  /** The list's live people (matching the filter), all pages together. */
  count: v.number(),
  next: v.nullable(v.string()),
});
export type FetchGroupMembersReply = v.InferOutput<typeof FetchGroupMembersReply>;

// ── changes ──────────────────────────────────────────────────────────────
export const AddGroupForm = v.object({
  organization_id: Id,
  name: Name,
  kind: v.optional(v.picklist(GROUP_KINDS, 'Choose a kind.'), 'general'),
});
export const RenameGroupForm = v.object({ group_id: Id, version: Version, name: Name });
export const DeleteGroupForm = v.object({ group_id: Id, version: Version });
export const AddGroupUserForm = v.object({
  group_id: Id,
  version: Version,
  user_ids: JsonListField(Id, 'user_ids', 'Choose at least one user.', GROUP_ADD_MAX),
});
export const DeleteGroupUserForm = v.object({ group_id: Id, version: Version, user_id: Id });
export const DeleteGroupUserByUsernameForm = v.object({ group_id: Id, version: Version, username: Username });
/** autoshare_modified/, notebook_thesis/, save_collab_group/, save_sec_master/: one switch on or off. */
export const GroupFeatureForm = v.object({ group_id: Id, version: Version, value: FormBool });
export const ComplianceForm = v.object({
  group_id: Id,
  version: Version,
  feature: v.picklist(COMPLIANCE_SWITCHES, 'Choose a compliance switch.'),
  value: FormBool,
});

/**
 * Why user/add_group_user/ took nobody (400): each user not taken and its cause, beside the message
 * and `fields.user_ids` every refusal has. One message once covered all three causes.
 */
export const ADD_MEMBER_CAUSES = ['no_user', 'deleted', 'other_organization'] as const;
export type AddMemberCause = (typeof ADD_MEMBER_CAUSES)[number];
/** Each cause in words, after "User 12: " (the server) or "oscar.lee was not added: " (the screen). */
export const ADD_MEMBER_CAUSE_WORDS: Record<AddMemberCause, string> = {
  no_user: 'there is no user with this id',
  deleted: 'the user has been deleted',
  other_organization: 'the user belongs to another organization than the group’s',
};
export const AddMemberRefused = v.object({ user_id: v.number(), cause: v.picklist(ADD_MEMBER_CAUSES) });
export type AddMemberRefused = v.InferOutput<typeof AddMemberRefused>;

/** The users an add refused with their causes, from a failed call's 400 body (`data`); null for any other failure. */
export function addMemberRefusalOf(error: unknown): AddMemberRefused[] | null {
  const e = error as { status?: unknown; data?: unknown } | null | undefined;
  if (e?.status !== 400) return null;
  const parsed = v.safeParse(v.object({ refused: v.array(AddMemberRefused) }), e.data);
  return parsed.success && parsed.output.refused.length > 0 ? parsed.output.refused : null;
}

export const GroupReply = v.object({ status: v.literal(true), msg: v.string(), group: Group });
export type GroupReply = v.InferOutput<typeof GroupReply>;
export const DeleteGroupReply = v.object({ status: v.literal(true), msg: v.string(), group_id: v.number() });
export type DeleteGroupReply = v.InferOutput<typeof DeleteGroupReply>;

/** HTTP 409: the group changed (or went) since the version sent; `current` is what is stored now. */
export const StaleGroupReply = v.object({ status: v.literal(false), msg: v.string(), current: v.nullable(Group) });
export type StaleGroupReply = v.InferOutput<typeof StaleGroupReply>;

export const staleGroupOf = (error: unknown): StaleGroupReply | null => conflictOf(error, StaleGroupReply);

// ── a user's groups ──────────────────────────────────────────────────────
export const UserGroupsForm = v.object({ user_id: Id });
export const UserGroup = v.object({
  id: v.number(),
  name: v.string(),
  kind: v.picklist(GROUP_KINDS),
  flags: GroupFlags,
});
export type UserGroup = v.InferOutput<typeof UserGroup>;
export const UserGroupsReply = v.object({ status: v.literal(true), groups: v.array(UserGroup) });
export type UserGroupsReply = v.InferOutput<typeof UserGroupsReply>;

/** The group flags a feature save changes, and its §8 words. */
export const FEATURE_WORDS: Record<GroupFeature, { saved: string; notSaved: string }> = {
  autoshare: { saved: GROUP_MESSAGES.autoshareSaved, notSaved: GROUP_MESSAGES.autoshareNotSaved },
  thesis: { saved: GROUP_MESSAGES.updated, notSaved: GROUP_MESSAGES.notUpdated },
  collab: { saved: GROUP_MESSAGES.updated, notSaved: GROUP_MESSAGES.notUpdated },
  sec_master: { saved: GROUP_MESSAGES.updated, notSaved: GROUP_MESSAGES.notUpdated },
};
