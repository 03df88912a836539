import type { SnapshotFrom } from 'xstate';
import type { GroupMember } from '../../domain/groups-v2';
import type { groupBrowserMachine } from './groups-v2.machine';

type S = SnapshotFrom<typeof groupBrowserMachine>;

export const selectSearching = (s: S) => s.hasTag('searching');
export const selectSearchFailed = (s: S) => s.hasTag('searchFailed');
export const selectListed = (s: S) => s.hasTag('listed');
export const selectLoadingMore = (s: S) => s.hasTag('loadingMore');
export const selectBusy = (s: S) => s.hasTag('busy');
export const selectQuery = (s: S) => s.context.query;
export const selectOrganization = (s: S) => s.context.organization;
export const selectSearched = (s: S) => s.context.searched;
export const selectGroups = (s: S) => s.context.groups;
export const selectHasMore = (s: S) => s.context.next !== null;
export const selectInGroup = (s: S) => s.context.group !== null && s.matches('group');
export const selectGroup = (s: S) => s.context.group;
/** What the address keeps: the search the list answers (or the box, with a group open) and the group open. */
export const selectAddress = (s: S): { q?: string; group?: number } => {
  const open = s.matches('group') ? s.context.group : null;
  const q = open ? s.context.query.trim() : s.context.searched.query;
  return { ...(q ? { q } : {}), ...(open ? { group: open.id } : {}) };
};
export const selectGroupLoading = (s: S) => s.hasTag('groupLoading');
export const selectGroupLoadFailed = (s: S) => s.hasTag('groupLoadFailed');
export const selectGroupShown = (s: S) => s.hasTag('groupShown');
export const selectConfirming = (s: S) => s.hasTag('confirming');
export const selectRemovingNow = (s: S) => s.hasTag('removing');
export const selectRemoving = (s: S) => s.context.removing;
export const selectMemberCount = (s: S) => s.context.members.length;
export const selectTruncated = (s: S) => s.context.truncated;
export const selectFilter = (s: S) => s.context.filter;
export const selectNotice = (s: S) => s.context.notice;
export const selectError = (s: S) => s.context.error;

/** The members the filter keeps: by username, email, name or id, whatever the case. */
export function filteredMembers(members: readonly GroupMember[], filter: string): readonly GroupMember[] {
  const text = filter.trim().toLowerCase();
  if (!text) return members;
  return members.filter(
    (m) =>
      String(m.id) === text ||
      m.username.toLowerCase().includes(text) ||
      m.email.toLowerCase().includes(text) ||
      m.name.toLowerCase().includes(text),
  );
}
let cache: { members: readonly GroupMember[]; filter: string; out: readonly GroupMember[] } | null = null;
/** Memoised on the members and filter, so a render of 10,000 rows filters once. */
export const selectShownMembers = (s: S) => {
  if (!cache || cache.members !== s.context.members || cache.filter !== s.context.filter) {
    cache = {
      members: s.context.members,
      filter: s.context.filter,
      out: filteredMembers(s.context.members, s.context.filter),
    };
  }
  return cache.out;
};
