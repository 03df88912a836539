// What a screen reads of an upload that reads its file in the worker (file-read.ts), the same in
// the bulk tag upload and the group membership upload: reading, refused, busy, and what it kept.
import type { FileReadContext } from './file-read';

interface UploadSnapshot {
  context: FileReadContext & { preview: unknown };
  hasTag: (tag: string) => boolean;
  matches: (state: 'parsing') => boolean;
}

/** The selectors of the file's read and the server's check; `S` is the upload machine's snapshot. */
export const fileReadSelectors = <S extends UploadSnapshot>() => ({
  selectParsing: (s: S) => s.matches('parsing'),
  selectRefused: (s: S) => s.hasTag('refused'),
  /** The server's check is on screen (also while the change is on its way). */
  selectShowsPreview: (s: S) => s.hasTag('preview'),
  selectApplying: (s: S) => s.hasTag('applying'),
  selectFailed: (s: S) => s.hasTag('failed'),
  selectBusy: (s: S) => s.hasTag('busy'),
  selectFileName: (s: S) => s.context.fileName,
  selectUpload: (s: S) => s.context.upload,
  selectRefusal: (s: S) => s.context.refusal,
  selectPreview: (s: S): S['context']['preview'] => s.context.preview,
  selectError: (s: S) => s.context.error,
});
