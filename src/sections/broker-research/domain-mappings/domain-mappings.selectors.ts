import type { SnapshotFrom } from 'xstate';
import { formChanged, type domainMappingsMachine } from './domain-mappings.machine';
import type { DomainDraft } from './domain-mappings.types';

type S = SnapshotFrom<typeof domainMappingsMachine>;

export const selectLoading = (s: S) => s.matches('loading');
export const selectFailed = (s: S) => s.matches('failed');
export const selectBusy = (s: S) => s.hasTag('busy');
export const selectError = (s: S) => s.context.error;
export const selectNotice = (s: S) => s.context.notice;
export const selectQuery = (s: S) => s.context.query;
export const selectItems = (s: S) => s.context.items;
export const selectLoaded = (s: S) => s.context.loaded;
/** Next and Previous only while the list is at rest. */
export const selectHasNext = (s: S) => s.matches('browsing') && s.context.next !== null;
export const selectHasPrevious = (s: S) => s.matches('browsing') && s.context.query.cursor !== '';
/** Rows offer Edit and Remove only while nothing else is open. */
export const selectRowsActionable = (s: S) => s.matches('browsing');
export const selectForm = (s: S) => s.context.form;
export const selectFormOpen = (s: S) => s.matches('form');
export const selectSaving = (s: S) => s.matches({ form: 'saving' });
export const selectFinding = (s: S) => s.matches({ form: 'finding' });
export const selectLeaving = (s: S) => s.matches({ form: 'leaving' });
export const selectBrokerChoices = (s: S) => s.context.brokerChoices;
export const selectFieldErrors = (s: S) => s.context.serverErrors;
export const selectConflict = (s: S) => s.context.conflict;
export const selectRemoving = (s: S) =>
  s.matches('confirmingRemove') || s.matches('removing') ? s.context.removing : null;
export const selectRemoveBusy = (s: S) => s.matches('removing');
export const selectFormChanged = (s: S) => formChanged(s.context.form);
/** What to keep across a reload: the open form once it holds a change, or null; undefined before the list is read. */
export const selectDraftToKeep = (s: S): DomainDraft | null | undefined => {
  if (!s.context.loaded) return undefined;
  return s.matches('form') && formChanged(s.context.form) ? s.context.form : null;
};
/** The users of a mapping shown beside the list, and whether they are being read. */
export const selectRecognised = (s: S) => s.context.recognised;
export const selectRecognisedLoading = (s: S) => s.matches({ recognised: 'loading' });
