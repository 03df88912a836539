// The Group Management screen's machine (groupEditor): what it is given, holds and hears.
import type {
  ComplianceSwitch,
  DeleteGroupReply,
  FetchGroupMembersReply,
  FetchGroupReply,
  Group,
  GroupFeature,
  GroupKind,
  GroupMember,
  GroupReply,
} from '../../domain/groups';
import type { OrgPick } from '../../domain/users';
import type { Notice } from '../../machines/shared/notice';
import type { BareEvent } from '../../machines/shared/bare-event.types';
import type { IdEvent, TextEvent, ValueEvent } from '../../machines/shared/payload-event.types';

/** The create or rename form; `base` is what it opened with. */
export interface GroupForm {
  /** null: a new group. */
  id: number | null;
  version: number;
  name: string;
  kind: GroupKind;
  base: { name: string; kind: GroupKind };
}

/** What is kept across a reload (decision 042): the organization and its open form. */
export interface GroupDraft {
  org: OrgPick;
  form: GroupForm;
}

/** What the address names (decision 097): the organization, by id. */
export interface GroupsAddress {
  org?: number | undefined;
}

export interface GroupEditorInput {
  /** A form kept from before a reload: its organization loads and the form opens again. */
  draft: GroupDraft | null;
  /** The organization the address names, by id (decision 097); a kept form's wins. */
  orgId?: number | null;
}

export type SwitchKey = GroupFeature | ComplianceSwitch;

/** One change of a group other than its name: what the working state sends. */
export type GroupChange =
  | { kind: 'add'; groupId: number; version: number; userIds: number[] }
  | { kind: 'remove'; groupId: number; version: number; userId: number }
  | { kind: 'switch'; groupId: number; version: number; key: SwitchKey; value: boolean };

/** One list of people a page at a time: a group's members (its id) or the users in no group ('none'). */
export type MemberListKey = number | 'none';

export interface GroupEditorContext {
  org: OrgPick | null;
  /** The organization the address names, while it is read by id. */
  opening: number | null;
  /** Each group with the members read so far, `members_count` (all of them) and `members_next` (null: all read). */
  groups: Group[];
  /** The users in no group read so far, how many there are, and the next page's cursor. */
  nonGroupUsers: GroupMember[];
  nonGroupUsersCount: number;
  nonGroupUsersNext: string | null;
  /** Each list's count without the filter (the "of 120" while filtering). */
  totals: Record<string, number>;
  /** The list whose next page is being read. */
  more: MemberListKey | null;
  /** Why a list's next page was not read, said at that list. */
  moreError: { list: MemberListKey; message: string } | null;
  form: GroupForm | null;
  /** The server's refusal at each form field. */
  serverErrors: Record<string, string>;
  /** A refusal no field holds, or a save someone else made first. */
  formError: string | null;
  /** The group a delete is asked about. */
  target: Group | null;
  /** The change under way. */
  change: GroupChange | null;
  notice: Notice | null;
  /** The group the notice concerns (it stands by that group), or null: above the groups. */
  noticeAt: number | null;
  /** Narrows the members shown (name, email, username), across every group and the users in no group. */
  filter: string;
  /** The filter the lists on screen were read with (the server's `q`), once the typing paused. */
  q: string;
  /** Why the groups could not be read, or the group not deleted. */
  error: string | null;
}

export type GroupEditorEvent =
  | BareEvent<'org.clear' | 'list.retry' | 'group.create' | 'form.submit' | 'form.cancel'>
  | BareEvent<'delete.confirm' | 'delete.cancel' | 'remove.confirm' | 'remove.cancel'>
  | { type: 'org.pick'; org: OrgPick }
  | IdEvent<'group.rename' | 'group.delete'>
  | ValueEvent<'form.name'>
  | ValueEvent<'form.kind', GroupKind>
  | TextEvent<'members.filter'>
  | { type: 'members.more'; list: MemberListKey }
  | { type: 'member.add'; id: number; userIds: number[] }
  | { type: 'member.remove'; id: number; userId: number }
  | { type: 'switch.toggle'; id: number; key: SwitchKey };

export type { DeleteGroupReply, FetchGroupMembersReply, FetchGroupReply, GroupReply };
