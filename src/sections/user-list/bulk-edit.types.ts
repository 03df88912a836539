import type { CsvRowProblem } from '../../domain/csv-upload';
import type { BulkField } from '../../domain/user-fields';
import type { BulkApplyReply, BulkPreviewReply, BulkSelection, UploadBulkEditReply } from '../../domain/users';

import type { BulkOutcomeReply, BulkValue } from '../../domain/bulk-edit';
import type { BareEvent } from '../../machines/shared/bare-event.types';

export type { BulkValue };

export interface BulkEditInput {
  selection: BulkSelection;
  /** How many users the selection holds, as the list counted them. */
  selectedCount: number;
  /** The fields this session may set (offeredBulkFields). */
  fields: readonly BulkField[];
  /** The session holds bulk_edit_upload: a CSV may replace the selection. */
  canUpload: boolean;
  /** The operation id of an edit sent before a reload whose answer never came, if any. */
  pendingOperation?: string | null;
}

export interface UploadSummary {
  fileName: string;
  matched: number;
  /** Identifiers of the file that matched nobody. */
  unmatched: string[];
  /** Identifiers the matched users were named by, in file order. */
  identifiers: string[];
  /** Identifier rows the file held. */
  rows: number;
  /** The first row, when it named the column and was skipped. */
  header: string | null;
  /** Rows not taken or matching nobody: row number, value, reason. */
  report: CsvRowProblem[];
}

export type PreviewData = Extract<BulkPreviewReply, { status: 1 }>['data'];
export type ReportData = Extract<BulkApplyReply, { status: 1 }>['data'];

export interface BulkEditContext extends BulkEditInput {
  /** Field key → the value to set, for the fields the person ticked (in field order). */
  changes: Record<string, BulkValue>;
  /** The CSV being uploaded (or last uploaded). */
  fileName: string | null;
  /** The file's result: under review in uploadReport, its matches the selection once taken. */
  upload: UploadSummary | null;
  /** Why the last file was refused whole (not a text CSV, too large, empty …). */
  uploadRefusal: string | null;
  preview: PreviewData | null;
  report: ReportData | null;
  /** A status 0 reply's text, or the error a call ended with (spec §4, §8). */
  alert: string | null;
  /** The id of the edit being applied, kept until its outcome is known (decision 041). */
  operationId: string | null;
}

export type BulkEditEvent =
  | BareEvent<'upload.accept' | 'upload.dismiss' | 'upload.report.download'>
  | BareEvent<'bulk.preview' | 'bulk.back' | 'bulk.apply' | 'bulk.retry' | 'outcome.check' | 'report.download'>
  | { type: 'field.toggle'; key: string; on: boolean }
  | { type: 'field.value'; key: string; value: BulkValue }
  | { type: 'upload.file'; file: File };

export type UploadOutcome = UploadBulkEditReply;
export type PreviewOutcome = BulkPreviewReply;
export type ApplyOutcome = BulkApplyReply;
export type OutcomeReply = BulkOutcomeReply;
export interface BulkCall {
  selection: BulkSelection;
  changes: Record<string, BulkValue>;
}
export interface ApplyCall extends BulkCall {
  operationId: string;
}
