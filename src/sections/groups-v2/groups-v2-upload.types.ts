import type { AddUsersReply, VerifyFileReply } from '../../domain/groups-v2';
import type { IdentifierFile } from '../../domain/identifier-file';
import type { ChosenFile, ParsedUpload } from '../../machines/shared/file-read';
import type { BareEvent } from '../../machines/shared/bare-event.types';

export interface GroupBulkUploadInput {
  groupId: number;
}

export interface GroupBulkUploadContext {
  groupId: number;
  fileName: string | null;
  upload: ParsedUpload | null;
  /** Why the file was refused whole. */
  refusal: string | null;
  /** The server's check of every identifier against the group. */
  preview: VerifyFileReply | null;
  /** The answer of the apply: the rows added and those not, each with its reason. */
  report: AddUsersReply | null;
  /** Why the check or the apply failed: the server's message, or failureMessage's. */
  error: string | null;
}

export type GroupBulkUploadEvent =
  BareEvent<'upload.clear' | 'verify.retry' | 'apply' | 'apply.back'> | { type: 'file.choose'; file: ChosenFile };

export type ParseOutcome = IdentifierFile;
export type VerifyOutcome = VerifyFileReply;
export type ApplyOutcome = AddUsersReply;
export interface UploadCall {
  groupId: number;
  identifiers: string[];
}
