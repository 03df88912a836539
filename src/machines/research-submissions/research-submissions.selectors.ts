import type { SnapshotFrom } from 'xstate';
import type { researchSubmissionsMachine } from './research-submissions.machine';

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
export const selectActingId = (s: S) => (s.matches('acting') ? s.context.acting?.id ?? null : null);
