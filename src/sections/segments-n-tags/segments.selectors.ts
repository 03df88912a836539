import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import { recordSectionSelector, versionedFormSelectors } from '../../machines/shared/versioned-form.selectors';
import type { tagSelectorMachine } from '../tags/tag-selector.machine';
import type { SegmentDraft } from './segments.types';
import type { segmentEditorMachine } from './segments.machine';

type S = SnapshotFrom<typeof segmentEditorMachine>;

const editor = versionedFormSelectors<S>();
export const { selectBusy, selectError, selectNotice, selectFormOpen } = editor;
export const { selectForm, selectSaving, selectFieldErrors, selectFormError, selectFormView } = editor;

export const selectLoading = (s: S) => s.matches('loading');
export const selectFailed = (s: S) => s.matches('failed');
export const selectListed = (s: S) => s.hasTag('listed');
export const selectEmpty = (s: S) => s.hasTag('empty');
export const selectSegments = (s: S) => s.context.segments;
export const selectQuery = (s: S) => s.context.q;
export const selectSection = recordSectionSelector<S>((s) => s.context.segments.length);

/** Page n of m, and whether there are pages before and after. */
export function selectPaging(s: S): { page: number; pages: number; total: number } {
  const { page, total, pageSize } = s.context;
  return { page, pages: Math.max(1, Math.ceil(total / pageSize)), total };
}

// ── the name and description form ──
/** The form differs from what it opened with. */
export const selectFormChanged = (s: S) => {
  const f = s.context.form;
  return f !== null && (f.name !== f.base.name || f.description !== f.base.description);
};
/** What to keep across a reload: the open form (a new one only once typed into), or null. */
export function selectDraftToKeep(s: S): SegmentDraft | null {
  const f = s.hasTag('form') ? s.context.form : null;
  if (!f) return null;
  return f.id === null || f.name !== f.base.name || f.description !== f.base.description ? f : null;
}

// ── delete ──
export const selectDeleting = (s: S) => s.matches('deleting');
export const selectRemoving = (s: S) => s.matches({ deleting: 'removing' });
export const selectTarget = (s: S) => s.context.target;

// ── tags for the members ──
export const selectTagging = (s: S) => s.matches('tagging');
export type TaggingStep = 'choosing' | 'counting' | 'confirming' | 'applying' | 'applied';
export function selectTaggingStep(s: S): TaggingStep | null {
  for (const step of ['choosing', 'counting', 'confirming', 'applying', 'applied'] as const)
    if (s.matches({ tagging: step })) return step;
  return null;
}
export const selectApply = (s: S) => s.context.apply;
export const selectApplied = (s: S) => s.context.applied;
/** The tag selector choosing the tags (a child while the dialog is open). */
export const selectTagPicker = (s: S) => s.children['tagPicker'] as ActorRefFrom<typeof tagSelectorMachine> | undefined;
