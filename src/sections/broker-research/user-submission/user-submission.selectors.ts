import type { SnapshotFrom } from 'xstate';
import { reviewListView } from '../../../machines/shared/review-list.selectors';
import type { researchSubmissionsMachine } from './user-submission.machine';
import type { RejectDraft } from './user-submission.types';

type S = SnapshotFrom<typeof researchSubmissionsMachine>;

/** The list as its view reads it (compare shallowly). */
export const selectList = (s: S) => reviewListView(s);
export const selectBusy = (s: S) => s.hasTag('busy');
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
