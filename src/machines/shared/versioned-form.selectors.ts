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
  /** What a form dialog shows, as one object: read it with `shallowEqual`. */
  selectFormView: (s: S) => ({
    open: s.hasTag('form'),
    form: s.context.form as S['context']['form'],
    saving: s.hasTag('form') && s.hasTag('busy'),
    errors: s.context.serverErrors,
    formError: s.context.formError,
  }),
});

/** An editor whose list is read in a state `loading` and, failing, waits in `failed`. */
interface ListedEditorSnapshot extends EditorSnapshot {
  matches(state: 'loading' | 'failed'): boolean;
}

/** What a record section's frame shows of its editor (`RecordSection`). */
export interface RecordSectionState {
  loading: boolean;
  failed: boolean;
  busy: boolean;
  error: string | null;
  notice: Notice | null;
  /** How many records the list holds. */
  count: number;
}

/** The frame's state as one object, read with `shallowEqual`; `count` says how many records the list holds. */
export const recordSectionSelector =
  <S extends ListedEditorSnapshot>(count: (s: S) => number) =>
  (s: S): RecordSectionState => ({
    loading: s.matches('loading'),
    failed: s.matches('failed'),
    busy: s.hasTag('busy'),
    error: s.context.error,
    notice: s.context.notice,
    count: count(s),
  });
