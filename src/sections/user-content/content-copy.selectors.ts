import type { SnapshotFrom } from 'xstate';
import type { CopyDraft } from './content-copy.draft';
import type { contentCopyMachine } from './content-copy.machine';

type S = SnapshotFrom<typeof contentCopyMachine>;

export const selectBusy = (s: S) => s.hasTag('busy');
export const selectEditing = (s: S) => s.matches('editing');
export const selectPreviewing = (s: S) => s.matches('previewing');
export const selectPreviewed = (s: S) => s.matches('previewed');
export const selectCopying = (s: S) => s.matches('copying');
export const selectFailed = (s: S) => s.matches('failed');
export const selectDone = (s: S) => s.matches('done');
export const selectClosed = (s: S) => s.matches('closed');
export const selectKind = (s: S) => s.context.kind;
export const selectItems = (s: S) => s.context.items;
export const selectTargets = (s: S) => s.context.targets;
export const selectOnClash = (s: S) => s.context.onClash;
export const selectReport = (s: S) => s.context.report;
export const selectMessage = (s: S) => s.context.message;
export const selectFieldErrors = (s: S) => s.context.fieldErrors;
export const selectError = (s: S) => s.context.error;
/** Preview needs someone to copy to. */
export const selectCanPreview = (s: S) => s.can({ type: 'copy.preview' });

/** What a reload brings back: nothing once the copy is made or the dialog closed. */
export const selectCopyDraft = (s: S): CopyDraft | null =>
  s.matches('done') || s.matches('closed')
    ? null
    : { kind: s.context.kind, items: s.context.items, targets: s.context.targets, on_clash: s.context.onClash };
/** Leaving asks first once users are typed or the choice changed. */
export const selectCopyChanged = (s: S) =>
  selectCopyDraft(s) !== null && (s.context.targets.trim() !== '' || s.context.onClash !== 'rename');
