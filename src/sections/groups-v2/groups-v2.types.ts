import type {
  GroupCursor,
  GroupItem,
  GroupMember,
  GroupMembersReply,
  GroupSearchReply,
  RemoveMemberReply,
} from '../../domain/groups-v2';
import type { OrgPick } from '../../domain/users';

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
  | { type: 'query.change'; text: string }
  | { type: 'search.submit' }
  | { type: 'list.retry' }
  | { type: 'org.pick'; org: OrgPick }
  | { type: 'org.clear' }
  | { type: 'page.more' }
  | { type: 'group.open'; group: GroupItem }
  | { type: 'group.close' }
  | { type: 'group.retry' }
  | { type: 'members.filter'; text: string }
  | { type: 'members.reload' }
  | { type: 'member.remove'; member: GroupMember }
  | { type: 'remove.confirm' }
  | { type: 'remove.cancel' };

export interface SearchInput {
  query: string;
  organizationId: number | null;
  after: GroupCursor | null;
}
export type SearchOutcome = GroupSearchReply;
export type MembersOutcome = GroupMembersReply;
export type RemoveOutcome = RemoveMemberReply;
