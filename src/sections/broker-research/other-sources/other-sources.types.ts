import type {
  ApplyReply,
  ImportItem,
  OtherSourceFileSummary,
  VerifyReply,
} from '../../../domain/broker-research-other-sources';
import type { FieldMessages } from '../../../domain/field-errors';
import type { BareEvent } from '../../../machines/shared/bare-event.types';

/** The file a person chose: a File in the page, its name, type and size in a plan. */
export type ChosenFile = File;

export interface OtherSourceUploadInput {
  /** The distributors this session may name (distributorsFor). */
  dists: string[];
}

export interface OtherSourceUploadContext {
  dists: string[];
  file: ChosenFile | null;
  fileName: string | null;
  /** The browser's read of the file: counts and the first rows not taken. */
  read: Extract<OtherSourceFileSummary, { ok: true }> | null;
  /** Why the file was refused whole. */
  refusal: string | null;
  sourceName: string;
  dist: string;
  /** The server's check of every row. */
  verified: VerifyReply | null;
  /** The apply's answer. */
  applied: ApplyReply | null;
  /** Why the check or the apply failed. */
  error: string | null;
  /** The server's refusal of a field (source_name, dist, file). */
  fieldErrors: FieldMessages;
  /** The latest imports; null until loaded. */
  imports: ImportItem[] | null;
  importsError: string | null;
}

export type OtherSourceUploadEvent =
  | BareEvent<'verify' | 'verify.retry' | 'details.edit'>
  | BareEvent<'apply' | 'apply.confirm' | 'apply.cancel' | 'apply.back' | 'upload.clear' | 'imports.reload'>
  | { type: 'file.choose'; file: ChosenFile }
  | { type: 'details.change'; sourceName?: string; dist?: string };

export interface UploadCall {
  file: ChosenFile;
  sourceName: string;
  dist: string;
}
