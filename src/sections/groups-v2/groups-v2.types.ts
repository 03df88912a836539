import type {
  GroupCursor,
  GroupItem,
  GroupMember,
  GroupMembersReply,
  GroupSearchReply,
  RemoveMemberReply,
} from '../../domain/groups-v2';
import type { OrgPick } from '../../domain/users';
import type { BareEvent } from '../../machines/shared/bare-event.types';
import type { TextEvent } from '../../machines/shared/payload-event.types';

/** What the address names (Reload, a shared link): the search, and the group open. */
export interface GroupBrowserInput {
  query?: string;
  groupId?: number;
}

export interface GroupBrowserContext {
  /** The search box as typed; `searched` is what the list on screen answers. */
  query: string;
  organization: OrgPick | null;
  searched: { query: string; organization: OrgPick | null };
  groups: GroupItem[];
  next: GroupCursor | null;
  /** The group opened, its members (up to 10,000) and the filter over them. */
  group: GroupItem | null;
  members: GroupMember[];
  truncated: boolean;
  filter: string;
  /** The member whose removal is asked about or on its way. */
  removing: GroupMember | null;
  notice: string | null;
  error: string | null;
}

export type GroupBrowserEvent =
  | BareEvent<'search.submit' | 'list.retry' | 'org.clear' | 'page.more' | 'group.close' | 'group.retry'>
  | BareEvent<'members.reload' | 'remove.confirm' | 'remove.cancel'>
  | TextEvent<'query.change' | 'members.filter'>
  | { type: 'org.pick'; org: OrgPick }
  | { type: 'group.open'; group: GroupItem }
  | { type: 'member.remove'; member: GroupMember };

export interface SearchInput {
  query: string;
  organizationId: number | null;
  after: GroupCursor | null;
}
export type SearchOutcome = GroupSearchReply;
export type MembersOutcome = GroupMembersReply;
export type RemoveOutcome = RemoveMemberReply;
