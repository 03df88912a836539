import type { SnapshotFrom } from 'xstate';
import { changesProblem } from '../../domain/bulk-edit';
import type { bulkEditMachine } from './bulk-edit.machine';

type S = SnapshotFrom<typeof bulkEditMachine>;

/** Rows of the report shown on screen; the CSV holds them all. */
export const REPORT_ROWS_SHOWN = 20;

export const selectChoosing = (s: S) => s.hasTag('choosing');
export const selectBusy = (s: S) => s.hasTag('busy');
export const selectUploading = (s: S) => s.matches('uploading');
export const selectPreviewing = (s: S) => s.matches('previewing');
export const selectShowsPreview = (s: S) => s.hasTag('preview');
export const selectApplying = (s: S) => s.matches('applying');
export const selectDone = (s: S) => s.hasTag('done');
export const selectFailed = (s: S) => s.hasTag('failed');
/** Asking the server what became of an edit whose answer was lost. */
export const selectCheckingOutcome = (s: S) => s.hasTag('checking');
/** The outcome could not be learnt either. */
export const selectOutcomeLost = (s: S) => s.hasTag('lost');
export const selectFields = (s: S) => s.context.fields;
export const selectChanges = (s: S) => s.context.changes;
export const selectSelection = (s: S) => s.context.selection;
export const selectSelectedCount = (s: S) => s.context.selectedCount;
export const selectCanUpload = (s: S) => s.context.canUpload;
export const selectUpload = (s: S) => s.context.upload;
export const selectUploadReport = (s: S) => s.hasTag('uploadReport');
export const selectUploadRefused = (s: S) => s.hasTag('uploadRefused');
export const selectUploadRefusal = (s: S) => s.context.uploadRefusal;
/** Rows of the upload's report shown on screen; the downloaded CSV holds them all. */
export const UPLOAD_REPORT_ROWS_SHOWN = 20;
export const UPLOAD_REPORT_FILE_NAME = 'bulk-edit-upload-report.csv';
export const selectPreview = (s: S) => s.context.preview;
export const selectReport = (s: S) => s.context.report;
export const selectAlert = (s: S) => s.context.alert;
/** Why Preview is not offered yet, or null. */
export const selectChangesProblem = (s: S) => changesProblem(s.context.fields, s.context.changes);
export const selectCanApply = (s: S) => s.matches('preview') && (s.context.preview?.changing ?? 0) > 0;
export const selectReportRows = (s: S) => s.context.report?.results.slice(0, REPORT_ROWS_SHOWN) ?? [];
