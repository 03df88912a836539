import type { SnapshotFrom } from 'xstate';
import { recordSectionSelector, versionedFormSelectors } from '../../machines/shared/versioned-form.selectors';
import type { roleEditorMachine } from './roles.machine';
import type { RoleDraft } from './roles.types';

type S = SnapshotFrom<typeof roleEditorMachine>;

const editor = versionedFormSelectors<S>();
export const { selectBusy, selectError, selectNotice, selectFormOpen } = editor;
export const { selectForm, selectSaving, selectFieldErrors, selectFormError, selectFormView } = editor;

export const selectLoading = (s: S) => s.matches('loading');
export const selectFailed = (s: S) => s.matches('failed');
export const selectRoles = (s: S) => s.context.roles;
export const selectStaff = (s: S) => s.context.staff;
export const selectSection = recordSectionSelector<S>((s) => s.context.roles.length);

// ── the role form ──
const sameKeys = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((k) => b.includes(k));
/** The form differs from what it opened with. */
export const selectFormChanged = (s: S) => {
  const f = s.context.form;
  return (
    f !== null &&
    (f.name !== f.base.name || f.description !== f.base.description || !sameKeys(f.features, f.base.features))
  );
};
/** What to keep across a reload: the open form once it holds a change, or null. */
export const selectDraftToKeep = (s: S): RoleDraft | null =>
  s.hasTag('form') && selectFormChanged(s) ? s.context.form : null;

// ── delete ──
export const selectDeleting = (s: S) => s.matches('deleting');
export const selectRemoving = (s: S) =>
  s.matches({ deleting: 'removing' }) || s.matches({ deleting: 'removingHolders' });
/** The server listed the holders: the question is whether they lose the role with it. */
export const selectAskingHolders = (s: S) =>
  s.matches({ deleting: 'holders' }) || s.matches({ deleting: 'removingHolders' });
export const selectHoldersToLose = (s: S) => s.context.holders;
export const selectTarget = (s: S) => s.context.target;

// ── holders of a role ──
export const selectHoldersOpen = (s: S) => s.matches('holders');
export const selectHoldersSaving = (s: S) => s.matches({ holders: 'saving' });

// ── one staff member's reach ──
export const selectReachOpen = (s: S) => s.matches('reach');
export const selectReachReading = (s: S) => s.matches({ reach: 'reading' });
export const selectReach = (s: S) => s.context.reach;
