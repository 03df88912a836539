// What a screen reads of a versioned form (versioned-form.ts), the same in every editor: the form
// is open while a state tagged 'form' is, and saving while that state is also 'busy'.
import type { Notice } from './notice';

interface EditorSnapshot {
  context: {
    form: unknown;
    serverErrors: Record<string, string>;
    formError: string | null;
    error: string | null;
    notice: Notice | null;
  };
  hasTag: (tag: string) => boolean;
}

/** The selectors of an editor's form, its busy flag and what it says; `S` is its machine's snapshot. */
export const versionedFormSelectors = <S extends EditorSnapshot>() => ({
  selectBusy: (s: S) => s.hasTag('busy'),
  selectError: (s: S) => s.context.error,
  selectNotice: (s: S) => s.context.notice,
  selectFormOpen: (s: S) => s.hasTag('form'),
  selectForm: (s: S): S['context']['form'] => s.context.form,
  selectSaving: (s: S) => s.hasTag('form') && s.hasTag('busy'),
  selectFieldErrors: (s: S) => s.context.serverErrors,
  selectFormError: (s: S) => s.context.formError,
});
