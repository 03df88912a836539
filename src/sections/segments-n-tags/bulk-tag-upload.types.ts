import type { IdentifierFile } from '../../domain/identifier-file';
import type { AssignTagsPreviewReply, AssignTagsReply } from '../../domain/tags';
import type { ChosenFile, ParsedUpload } from '../../machines/shared/file-read';
import type { tagSelectorMachine } from '../tags/tag-selector.machine';
import type { SnapshotFrom } from 'xstate';
import type { BareEvent } from '../../machines/shared/bare-event.types';

export type AssignMode = 'overwrite' | 'add';

export interface BulkTagUploadContext {
  fileName: string | null;
  upload: ParsedUpload | null;
  /** Why the file was refused whole. */
  refusal: string | null;
  /** The tags chosen in the tag selector. */
  tagIds: number[];
  /** The dry run on screen, and the tags it was run with. */
  preview: AssignTagsPreviewReply | null;
  previewedTags: number[];
  mode: AssignMode | null;
  /** The answer to the assignment: the identifiers that matched nobody (spec §8 'Invalid Users:'). */
  result: { invalid: string[]; changed: number } | null;
  /** Why the dry run or the assignment failed: the server's message, or failureMessage's. */
  error: string | null;
}

export type BulkTagUploadEvent =
  | BareEvent<'upload.clear' | 'problems.download' | 'unmatched.download' | 'invalid.download'>
  | BareEvent<'preview.retry'>
  | BareEvent<'apply.overwrite' | 'apply.add' | 'apply.confirm' | 'apply.cancel' | 'apply.back'>
  | { type: 'file.choose'; file: ChosenFile }
  /** The tag selector (a child) changed: its chosen tags are the upload's. */
  | { type: 'xstate.snapshot.tagSelector'; snapshot: Pick<SnapshotFrom<typeof tagSelectorMachine>, 'context'> };

export type ParseOutcome = IdentifierFile;
export type PreviewOutcome = AssignTagsPreviewReply;
export type ApplyOutcome = AssignTagsReply;
export interface PreviewInput {
  tags: number[];
  userIds: string[];
}
export interface ApplyInput extends PreviewInput {
  mode: AssignMode;
}
