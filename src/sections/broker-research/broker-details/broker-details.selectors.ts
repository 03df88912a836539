import type { SnapshotFrom } from 'xstate';
import { formChanged, formReady } from './broker-details.machine';
import type { brokerDetailsMachine } from './broker-details.machine';
import type { DetailsDraft } from './broker-details.types';

type S = SnapshotFrom<typeof brokerDetailsMachine>;

export const selectChoosing = (s: S) => s.matches('choosing') || s.matches('finding');
export const selectLoading = (s: S) => s.matches('loading');
export const selectFailed = (s: S) => s.matches('failed');
export const selectSaving = (s: S) => s.matches('saving');
export const selectSearching = (s: S) => s.matches('finding') || s.matches('searching');
export const selectConfirming = (s: S) => s.matches('confirming') || s.matches('removing');
export const selectRemoving = (s: S) => s.matches('removing');
export const selectBusy = (s: S) => s.hasTag('busy');
export const selectBroker = (s: S) => s.context.broker;
export const selectDetails = (s: S) => s.context.details;
export const selectForm = (s: S) => s.context.form;
export const selectFound = (s: S) => s.context.found;
export const selectSearch = (s: S) => s.context.search;
export const selectRemoval = (s: S) => s.context.removal;
export const selectFieldErrors = (s: S) => s.context.serverErrors;
export const selectConflict = (s: S) => s.context.conflict;
export const selectError = (s: S) => s.context.error;
export const selectNotice = (s: S) => s.context.notice;
export const selectFormChanged = (s: S) => formChanged(s.context.form);
export const selectFormReady = (s: S) => formReady(s.context.form);
/** What to keep across a reload: the open form once changed, or null; undefined before the record is read. */
export const selectDraftToKeep = (s: S): DetailsDraft | null | undefined => {
  if (s.context.details === null) return undefined;
  return formChanged(s.context.form) ? s.context.form : null;
};
