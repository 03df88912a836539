import type { SnapshotFrom } from 'xstate';
import { sameRedshift } from '../../domain/redshift';
import type { redshiftConfigMachine } from './redshift.machine';
import type { RedshiftDraft } from './redshift.types';

type S = SnapshotFrom<typeof redshiftConfigMachine>;

export const selectLoading = (s: S) => s.matches('loading');
export const selectFailed = (s: S) => s.matches('failed');
export const selectSaving = (s: S) => s.matches('saving');
export const selectBusy = (s: S) => s.hasTag('busy');
export const selectError = (s: S) => s.context.error;
export const selectNotice = (s: S) => s.context.notice;
export const selectStored = (s: S) => s.context.stored;
export const selectForm = (s: S) => s.context.form;
export const selectFieldErrors = (s: S) => s.context.serverErrors;
export const selectConflict = (s: S) => s.context.conflict;
/** The form differs from what it started from. */
export const selectFormChanged = (s: S) =>
  s.context.form !== null && s.context.base !== null && !sameRedshift(s.context.form, s.context.base);
/** What to keep across a reload: the form once it holds a change, or null; undefined while it is not read yet. */
export const selectDraftToKeep = (s: S): RedshiftDraft | null | undefined => {
  if (s.context.form === null || s.context.base === null) return undefined;
  return selectFormChanged(s)
    ? { configuration: s.context.form, version: s.context.version, base: s.context.base }
    : null;
};
