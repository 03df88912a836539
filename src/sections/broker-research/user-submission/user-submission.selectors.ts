import type { SnapshotFrom } from 'xstate';
import type { researchSubmissionsMachine } from './user-submission.machine';
import type { RejectDraft } from './user-submission.types';

type S = SnapshotFrom<typeof researchSubmissionsMachine>;

export const selectLoading = (s: S) => s.matches('loading');
export const selectFailed = (s: S) => s.matches('failed');
export const selectBusy = (s: S) => s.hasTag('busy');
export const selectError = (s: S) => s.context.error;
export const selectItems = (s: S) => s.context.items;
export const selectNext = (s: S) => s.context.next;
export const selectQuery = (s: S) => s.context.query;
export const selectNotice = (s: S) => s.context.notice;
export const selectConflicts = (s: S) => s.context.conflicts;
export const selectRejecting = (s: S) => (s.matches('rejecting') ? s.context.rejecting : null);
/** The row whose action is on its way. */
export const selectActingId = (s: S) => (s.matches('acting') ? (s.context.acting?.id ?? null) : null);
/** A reason is being typed: leaving the page would lose it. */
export const selectFormChanged = (s: S) =>
  s.matches('rejecting') && s.context.rejecting !== null && s.context.rejecting.reason !== '';
/** What to keep across a reload (decision 042): the rejection being worded; undefined until a kept one is taken up. */
export const selectDraftToKeep = (s: S): RejectDraft | null | undefined => {
  if (s.context.draft !== null) return undefined;
  return selectFormChanged(s) ? { id: s.context.rejecting!.id, reason: s.context.rejecting!.reason } : null;
};
