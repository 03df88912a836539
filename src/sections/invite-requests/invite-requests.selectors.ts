import type { SnapshotFrom } from 'xstate';
import { reviewListView } from '../../machines/shared/review-list.selectors';
import type { inviteReviewMachine } from './invite-requests.machine';
import type { ApproveDraft } from './invite-requests.types';

type S = SnapshotFrom<typeof inviteReviewMachine>;

/** The list as its view reads it (compare shallowly). */
export const selectList = (s: S) => reviewListView(s);
export const selectBusy = (s: S) => s.hasTag('busy');
export const selectSelected = (s: S) => s.context.selected;
export const selectOptions = (s: S) => s.context.options;
export const selectSettings = (s: S) => s.context.settings;
export const selectOrgChoices = (s: S) => s.context.orgChoices;
export const selectFieldErrors = (s: S) => s.context.fieldErrors;
export const selectReason = (s: S) => s.context.reason;
export const selectReport = (s: S) => s.context.report;
export const selectReportMsg = (s: S) => s.context.reportMsg;
/** The request an approval or rejection is about. */
export const selectTarget = (s: S) =>
  s.context.target === null ? null : (s.context.items.find((r) => r.id === s.context.target) ?? null);
export const selectApproving = (s: S) => s.matches('approving');
export const selectRejecting = (s: S) => s.matches('rejecting');
export const selectResendingId = (s: S) => (s.matches('resending') ? s.context.target : null);
export const selectBulk = (s: S) => s.matches('bulk');
/** Where the bulk dialog is: filling in, a preview shown (and being approved), or the report of what was done. */
export const selectBulkStage = (s: S): 'editing' | 'previewed' | 'done' | null =>
  s.matches({ bulk: 'previewed' }) || s.matches({ bulk: 'sending' })
    ? 'previewed'
    : s.matches({ bulk: 'done' })
      ? 'done'
      : s.matches('bulk')
        ? 'editing'
        : null;
/** An approval is being filled in: leaving would lose it. */
export const selectFormChanged = (s: S) =>
  s.matches('approving') || (s.matches('rejecting') && s.context.reason !== '');
/** What to keep across a reload (decision 042): the approval being filled in; undefined until a kept one is taken up. */
export const selectDraftToKeep = (s: S): ApproveDraft | null | undefined => {
  if (s.context.draft !== null) return undefined;
  return s.matches('approving') && s.context.target !== null
    ? { id: s.context.target, settings: s.context.settings }
    : null;
};
