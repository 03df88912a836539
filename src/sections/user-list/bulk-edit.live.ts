// The real services of this screen's machine. Beside the machine rather than in live.ts (the
// first page load's actors), so they load with the lazy section that uses them, never with /login.
import { fromPromise } from 'xstate';
import { problemsCsv } from '../../domain/csv-upload';
import {
  applyBulkEdit,
  bulkEditOutcome,
  pendingBulkOperation,
  previewBulkEdit,
  rememberBulkOperation,
  uploadBulkEditFile,
} from './bulk-edit.service';
import { saveFile } from '../../services/downloads';
import { bulkEditMachine } from './bulk-edit.machine';
import { REPORT_FILE_NAME, reportCsv } from './bulk-edit.report';
import { UPLOAD_REPORT_FILE_NAME } from './bulk-edit.selectors';

/** The list's bulk edit dialog. */
export const liveBulkEditMachine = bulkEditMachine.provide({
  actors: {
    uploadIdentifiers: fromPromise(({ input }) => uploadBulkEditFile(input.file)),
    previewEdit: fromPromise(({ input }) => previewBulkEdit(input)),
    applyEdit: fromPromise(({ input }) => applyBulkEdit(input)),
    askOutcome: fromPromise(({ input }) => bulkEditOutcome(input.operationId)),
  },
  actions: {
    saveReport: ({ context }, { report }) =>
      saveFile(new Blob([reportCsv(report, context.fields)], { type: 'text/csv;charset=utf-8' }), REPORT_FILE_NAME),
    rememberOperation: (_, { operationId }) => rememberBulkOperation(operationId),
    forgetOperation: () => rememberBulkOperation(null),
    saveUploadReport: (_, { report }) =>
      saveFile(new Blob([problemsCsv(report)], { type: 'text/csv;charset=utf-8' }), UPLOAD_REPORT_FILE_NAME),
  },
});

/** The edit this tab sent before a reload and never heard back about, for the machine's input. */
export const pendingOperation = pendingBulkOperation;
