import type { SnapshotFrom } from 'xstate';
import { formChanged, formReady } from './brokers.machine';
import type { brokerUserGroupsMachine } from './brokers.machine';
import type { GroupDraft } from './brokers.types';

type S = SnapshotFrom<typeof brokerUserGroupsMachine>;

export const selectLoading = (s: S) => s.matches('loading');
export const selectFailed = (s: S) => s.matches('failed');
export const selectBusy = (s: S) => s.hasTag('busy');
export const selectQuery = (s: S) => s.context.query;
export const selectItems = (s: S) => s.context.items;
export const selectHasNext = (s: S) => s.context.next !== null;
export const selectHasPrevious = (s: S) => s.context.query.cursor !== '';
export const selectBrokerGroups = (s: S) => s.context.brokerGroups;
export const selectChosen = (s: S) => s.context.chosen;
export const selectGroupsLoading = (s: S) => s.matches('groupsLoading');
export const selectGroups = (s: S) => s.context.groups;
export const selectShowsGroups = (s: S) =>
  !s.matches('loading') && !s.matches('failed') && !s.matches('browsing') && !s.matches('groupsLoading');
export const selectForm = (s: S) => s.context.form;
export const selectFormOpen = (s: S) => s.matches('groupForm') || s.matches('groupSaving');
export const selectSaving = (s: S) => s.matches('groupSaving');
export const selectFormReady = (s: S) => formReady(s.context.form);
export const selectFormChanged = (s: S) => formChanged(s.context.form);
export const selectDeleting = (s: S) =>
  s.matches('confirmingDelete') || s.matches('deletingGroup') ? s.context.deleting : null;
export const selectDeleteBusy = (s: S) => s.matches('deletingGroup');
export const selectOpen = (s: S) =>
  s.matches('members') || s.matches('membersAdding') || s.matches('confirmingRemove') || s.matches('memberRemoving')
    ? s.context.open
    : null;
/** The member whose removal is asked, while it is asked and made. */
export const selectRemoving = (s: S) =>
  s.matches('confirmingRemove') || s.matches('memberRemoving') ? s.context.removing : null;
export const selectRemoveBusy = (s: S) => s.matches('memberRemoving');
export const selectMembersLoading = (s: S) => s.matches('membersLoading');
export const selectMembers = (s: S) => s.context.members;
export const selectMemberText = (s: S) => s.context.memberText;
export const selectAdding = (s: S) => s.matches('membersAdding');
export const selectFieldErrors = (s: S) => s.context.serverErrors;
export const selectConflict = (s: S) => s.context.conflict;
export const selectError = (s: S) => s.context.error;
export const selectNotice = (s: S) => s.context.notice;
/** What to keep across a reload: the group form once changed, or null; undefined before the groups are read. */
export const selectDraftToKeep = (s: S): GroupDraft | null | undefined => {
  if (s.matches('loading') || s.matches('groupsLoading')) return undefined;
  return formChanged(s.context.form) ? s.context.form : null;
};
