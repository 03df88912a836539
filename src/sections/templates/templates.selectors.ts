import type { SnapshotFrom } from 'xstate';
import { recordSectionSelector, versionedFormSelectors } from '../../machines/shared/versioned-form.selectors';
import { formChanged, type templateEditorMachine } from './templates.machine';
import type { TemplateDraft } from './templates.types';

type S = SnapshotFrom<typeof templateEditorMachine>;

const editor = versionedFormSelectors<S>();
export const { selectBusy, selectError, selectNotice, selectFormOpen } = editor;
export const { selectForm, selectSaving, selectFieldErrors, selectFormError, selectFormView } = editor;

export const selectLoading = (s: S) => s.matches('loading');
export const selectFailed = (s: S) => s.matches('failed');
export const selectTemplates = (s: S) => s.context.templates;
export const selectSources = (s: S) => s.context.sources;
export const selectWithoutTemplate = (s: S) => s.context.accountsWithoutTemplate;
export const selectQuery = (s: S) => s.context.query;
export const selectSearched = (s: S) => s.context.searched;
export const selectSection = recordSectionSelector<S>((s) => s.context.templates.length);

// ── the template form ──
export const selectFormChanged = (s: S) => formChanged(s.context.form);
/** What to keep across a reload: the open form once it holds a change, or null. */
export const selectDraftToKeep = (s: S): TemplateDraft | null =>
  s.hasTag('form') && formChanged(s.context.form) ? s.context.form : null;

// ── delete ──
export const selectDeleting = (s: S) => s.matches('deleting');
export const selectRemoving = (s: S) => s.matches({ deleting: 'removing' });
export const selectTarget = (s: S) => s.context.target;

// ── apply ──
export const selectApplyOpen = (s: S) => s.matches('applying');
export const selectApply = (s: S) => s.context.apply;
export const selectChoosing = (s: S) => s.matches({ applying: 'choosing' });
export const selectPreviewing = (s: S) => s.matches({ applying: 'previewing' });
export const selectReviewing = (s: S) => s.matches({ applying: 'reviewing' }) || s.matches({ applying: 'applying' });
export const selectApplyRunning = (s: S) => s.matches({ applying: 'applying' });
export const selectApplyDone = (s: S) => s.matches({ applying: 'done' });
/** The name the open form started from (its title while editing). */
export const selectFormBaseName = (s: S): string => {
  const f = s.context.form;
  if (!f) return '';
  try {
    const base = JSON.parse(f.base) as unknown[];
    return typeof base[0] === 'string' ? base[0] : f.template_name;
  } catch {
    return f.template_name;
  }
};
