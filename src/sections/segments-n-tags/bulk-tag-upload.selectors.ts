import type { SnapshotFrom } from 'xstate';
import { fileReadSelectors } from '../../machines/shared/file-read.selectors';
import type { bulkTagUploadMachine } from './bulk-tag-upload.machine';

type S = SnapshotFrom<typeof bulkTagUploadMachine>;

/** Identifiers listed on screen (unmatched, invalid); the downloads hold them all. */
export const LIST_SHOWN = 100;

// The dry run is the upload's preview: on screen also while confirming and applying.
const upload = fileReadSelectors<S>();
export const { selectParsing, selectRefused, selectShowsPreview, selectApplying, selectFailed, selectBusy } = upload;
export const { selectFileName, selectUpload, selectRefusal, selectPreview, selectError } = upload;
export const selectParsed = (s: S) => s.hasTag('parsed');
export const selectAwaitingTags = (s: S) => s.hasTag('awaitingTags');
export const selectPreviewing = (s: S) => s.hasTag('previewing');
export const selectPreviewFailed = (s: S) => s.hasTag('previewFailed');
export const selectConfirming = (s: S) => s.hasTag('confirming');
export const selectDone = (s: S) => s.hasTag('done');
export const selectMode = (s: S) => s.context.mode;
export const selectResult = (s: S) => s.context.result;
/** Reset Tags and Add Tags are offered: a dry run with users matched is on screen (spec §5: tags and users chosen). */
export const selectMayApply = (s: S) => s.matches({ parsed: 'previewShown' }) && (s.context.preview?.matched ?? 0) > 0;
/** Which of the two buttons shows its loading state. */
export const selectApplyingMode = (s: S) => (s.hasTag('applying') ? s.context.mode : null);
/** The tag selector only shows while the choice must hold still (confirming, applying). */
export const selectTagsLocked = (s: S) => s.hasTag('confirming') || s.hasTag('applying') || s.matches('parsing');
/** A read upload not applied yet: leaving the page loses it (decision 045). */
export const selectUnapplied = (s: S) => s.hasTag('keep');
export const selectTagSelector = (s: S) => s.children.tagSelector;
