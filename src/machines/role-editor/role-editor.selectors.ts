import type { SnapshotFrom } from 'xstate';
import type { roleEditorMachine } from './role-editor.machine';
import type { RoleDraft } from './role-editor.types';

type S = SnapshotFrom<typeof roleEditorMachine>;

export const selectLoading = (s: S) => s.matches('loading');
export const selectFailed = (s: S) => s.matches('failed');
export const selectBusy = (s: S) => s.hasTag('busy');
export const selectRoles = (s: S) => s.context.roles;
export const selectStaff = (s: S) => s.context.staff;
export const selectError = (s: S) => s.context.error;
export const selectNotice = (s: S) => s.context.notice;

// ── the role form ──
export const selectFormOpen = (s: S) => s.hasTag('form');
export const selectForm = (s: S) => s.context.form;
export const selectSaving = (s: S) => s.matches({ form: 'saving' });
export const selectFieldErrors = (s: S) => s.context.serverErrors;
export const selectFormError = (s: S) => s.context.formError;
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
