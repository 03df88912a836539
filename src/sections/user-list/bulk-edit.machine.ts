// Bulk edit (spec §3 bulk-editable fields, §4, §8): the person picks fields and values for the
// users selected in the list (or for the identifiers of an uploaded CSV), sees what applying
// would change, applies it in one server transaction and gets a report per user. A status 0
// reply is the server saying the edit cannot go ahead: its text is shown as an alert and the
// person is back at choosing; a plain error response is shown as it came. Each apply carries an
// operation id, kept (through a reload of the tab) until its outcome is known: when no answer
// arrives, or the page was reloaded meanwhile, the server is asked what became of it (decision 041).
import { assign, fromPromise, setup } from 'xstate';
import type { BulkSelection } from '../../domain/users';
import { callStates } from '../../machines/shared/call-state';
import { serverMessage, errorOf } from '../../machines/shared/failure';
import { changesProblem, initialValue } from '../../domain/bulk-edit';
import { csvFileProblem, type CsvRowProblem } from '../../domain/csv-upload';
import type {
  ApplyCall,
  ApplyOutcome,
  BulkCall,
  BulkEditContext,
  BulkEditEvent,
  BulkEditInput,
  OutcomeReply,
  PreviewOutcome,
  ReportData,
  UploadOutcome,
  UploadSummary,
} from './bulk-edit.types';

type StatusZero = { status: 0; data: string };
const isStatusZero = (reply: { status: number }): reply is StatusZero => reply.status === 0;

/** Changes in the order the fields are listed, whatever order they were ticked in. */
function ordered(context: BulkEditContext, changes: Record<string, boolean | string>) {
  return Object.fromEntries(context.fields.filter((f) => f.key in changes).map((f) => [f.key, changes[f.key]!]));
}

const call = ({ context }: { context: BulkEditContext }): BulkCall => ({
  selection: context.selection,
  changes: context.changes,
});
const applyCall = ({ context }: { context: BulkEditContext }): ApplyCall => ({
  ...call({ context }),
  operationId: context.operationId!,
});

/** The words for an edit whose answer was lost and of which the server holds no record. */
export const NOT_APPLIED = 'no answer came, and the server has no record of the edit.';
/** After a reload: the edit sent before it did not happen. */
export const EARLIER_NOT_APPLIED =
  'Your last bulk edit was not applied: its answer was lost, and the server has no record of it.';

/** The reason under `file` of a 400 that refused the uploaded file whole, or null. */
export function fileRefusal(error: unknown): string | null {
  const e = error as { status?: unknown; data?: { errors?: { file?: unknown } } } | null;
  const reason = e?.status === 400 && Array.isArray(e.data?.errors?.file) ? e.data.errors.file[0] : undefined;
  return typeof reason === 'string' ? reason : null;
}

type UploadFileEvent = Extract<BulkEditEvent, { type: 'upload.file' }>;
const fileOf = (event: BulkEditEvent) => (event as UploadFileEvent).file;

/** A file: refused here when its name, type or size cannot be a CSV upload, else sent. */
const UPLOAD_FILE = [
  { guard: 'fileRefusedHere', target: '#bulkEdit.uploadRefused', actions: 'noteFileRefusedHere' },
  { guard: 'canUpload', target: '#bulkEdit.uploading', actions: 'noteFileSent' },
] as const;

function uploadSummary(fileName: string, reply: UploadOutcome): UploadSummary {
  const { validDataPoints, inValidDataPoints, rows, header, report } = reply.data;
  return {
    fileName,
    matched: validDataPoints.length,
    unmatched: inValidDataPoints,
    identifiers: validDataPoints.map((p) => p.identifier),
    rows,
    header,
    report,
  };
}

const bulkEditSetup = setup({
  types: {
    context: {} as BulkEditContext,
    events: {} as BulkEditEvent,
    input: {} as BulkEditInput,
  },
  actors: {
    uploadIdentifiers: fromPromise<UploadOutcome, { file: File }>(() =>
      Promise.reject(new Error('provide uploadIdentifiers')),
    ),
    previewEdit: fromPromise<PreviewOutcome, BulkCall>(() => Promise.reject(new Error('provide previewEdit'))),
    applyEdit: fromPromise<ApplyOutcome, ApplyCall>(() => Promise.reject(new Error('provide applyEdit'))),
    askOutcome: fromPromise<OutcomeReply, { operationId: string }>(() =>
      Promise.reject(new Error('provide askOutcome')),
    ),
  },
  actions: {
    /** Saves the report as a CSV file built in the browser. */
    saveReport: (_, _params: { report: ReportData }) => {},
    /** Saves the upload's per-row report as a CSV file built in the browser. */
    saveUploadReport: (_, _params: { report: CsvRowProblem[] }) => {},
    noteFileRefusedHere: assign(({ event }) => ({
      alert: null,
      upload: null,
      fileName: fileOf(event).name,
      uploadRefusal: csvFileProblem(fileOf(event)),
    })),
    noteFileSent: assign(({ event }) => ({
      alert: null,
      upload: null,
      uploadRefusal: null,
      fileName: fileOf(event).name,
    })),
    /** The uploaded file's matches become the selection; those that matched nobody are kept, so the preview and the report name them too. */
    takeUpload: assign(({ context }) => {
      const upload = context.upload!;
      const selection: BulkSelection = { by: 'identifiers', identifiers: [...upload.identifiers, ...upload.unmatched] };
      return { selection, selectedCount: upload.matched };
    }),
    /** Keeps the operation id where a reload of the tab finds it. */
    rememberOperation: (_, _params: { operationId: string }) => {},
    forgetOperation: () => {},
  },
  guards: {
    canUpload: ({ context }) => context.canUpload,
    changesValid: ({ context }) => changesProblem(context.fields, context.changes) === null,
    isStatusZero: (_, reply: { status: number }) => isStatusZero(reply),
    /** Every row of the file was taken and matched a user: nothing to review. */
    cleanUpload: (_, reply: UploadOutcome) => reply.data.validDataPoints.length > 0 && reply.data.report.length === 0,
    uploadMatched: ({ context }) => (context.upload?.matched ?? 0) > 0,
    fileRefusedHere: ({ context, event }) => context.canUpload && csvFileProblem(fileOf(event)) !== null,
    fileRefusedThere: (_, error: unknown) => fileRefusal(error) !== null,
    previewChanges: ({ context }) => (context.preview?.changing ?? 0) > 0,
    pendingOperation: ({ context }) => context.operationId !== null,
    /** No response at all (status 0): the edit may or may not have been applied. */
    noResponse: (_, error: unknown) => !(error as { status?: number } | null)?.status,
    outcomeApplied: (_, reply: OutcomeReply) => reply.data.outcome === 'applied',
    /** Asked after a reload: nothing of the edit is on screen to send again. */
    afterReload: ({ context }) => Object.keys(context.changes).length === 0,
  },
});

const calling = callStates(bulkEditSetup);

export const bulkEditMachine = bulkEditSetup.createMachine({
  id: 'bulkEdit',
  context: ({ input }) => ({
    ...input,
    changes: {},
    fileName: null,
    upload: null,
    uploadRefusal: null,
    preview: null,
    report: null,
    alert: null,
    operationId: input.pendingOperation ?? null,
  }),
  initial: 'starting',
  states: {
    /** An edit whose outcome is still unknown (sent before a reload) is asked about first. */
    starting: {
      always: [{ guard: 'pendingOperation', target: 'checkingOutcome' }, { target: 'choosing' }],
    },
    choosing: {
      tags: ['choosing'],
      on: {
        'field.toggle': {
          actions: assign(({ context, event }) => {
            const field = context.fields.find((f) => f.key === event.key);
            if (!field) return {};
            const { [event.key]: _dropped, ...rest } = context.changes;
            return {
              changes: event.on ? ordered(context, { ...rest, [event.key]: initialValue(field) }) : rest,
              alert: null,
            };
          }),
        },
        'field.value': {
          actions: assign(({ context, event }) =>
            event.key in context.changes
              ? { changes: { ...context.changes, [event.key]: event.value }, alert: null }
              : {},
          ),
        },
        'upload.file': UPLOAD_FILE,
        'bulk.preview': { guard: 'changesValid', target: 'previewing', actions: assign({ alert: null }) },
      },
    },
    uploading: calling('uploadIdentifiers', {
      input: ({ event }) => ({ file: fileOf(event) }),
      onDone: [
        {
          guard: { type: 'cleanUpload', params: ({ event }) => event.output },
          target: 'choosing',
          actions: [
            assign({ upload: ({ context, event }) => uploadSummary(context.fileName ?? '', event.output) }),
            'takeUpload',
          ],
        },
        // Rows were not taken or matched nobody: the person reads the report before the
        // matches replace the selection.
        {
          target: 'uploadReport',
          actions: assign({ upload: ({ context, event }) => uploadSummary(context.fileName ?? '', event.output) }),
        },
      ],
      onError: [
        {
          guard: { type: 'fileRefusedThere', params: errorOf },
          target: 'uploadRefused',
          actions: assign({ uploadRefusal: ({ event }) => fileRefusal(event.error) }),
        },
        { target: 'choosing', actions: assign({ alert: ({ event }) => serverMessage(event.error) }) },
      ],
    }),
    /** The file's per-row report: use its matches, or keep the selection as it was. */
    uploadReport: {
      tags: ['uploadReport'],
      on: {
        'upload.accept': { guard: 'uploadMatched', target: 'choosing', actions: 'takeUpload' },
        'upload.dismiss': { target: 'choosing', actions: assign({ upload: null }) },
        'upload.report.download': {
          actions: { type: 'saveUploadReport', params: ({ context }) => ({ report: context.upload?.report ?? [] }) },
        },
      },
    },
    /** The file was refused whole; the selection is unchanged. */
    uploadRefused: {
      tags: ['uploadRefused'],
      on: {
        'upload.file': UPLOAD_FILE,
        'upload.dismiss': { target: 'choosing', actions: assign({ uploadRefusal: null }) },
      },
    },
    previewing: calling('previewEdit', {
      input: call,
      onDone: [
        {
          guard: { type: 'isStatusZero', params: ({ event }) => event.output },
          target: 'choosing',
          actions: assign({ alert: ({ event }) => (event.output as StatusZero).data }),
        },
        {
          target: 'preview',
          actions: assign({ preview: ({ event }) => (event.output as Extract<PreviewOutcome, { status: 1 }>).data }),
        },
      ],
      onError: { target: 'choosing', actions: assign({ alert: ({ event }) => serverMessage(event.error) }) },
    }),
    preview: {
      tags: ['preview'],
      on: {
        'bulk.apply': {
          guard: 'previewChanges',
          target: 'applying',
          actions: assign({ operationId: () => crypto.randomUUID() }),
        },
        'bulk.back': 'choosing',
      },
    },
    applying: {
      tags: ['busy', 'preview'],
      entry: { type: 'rememberOperation', params: ({ context }) => ({ operationId: context.operationId! }) },
      invoke: {
        id: 'applyEdit',
        src: 'applyEdit',
        input: applyCall,
        onDone: [
          {
            guard: { type: 'isStatusZero', params: ({ event }) => event.output },
            target: 'choosing',
            actions: [
              'forgetOperation',
              assign({ operationId: null, alert: ({ event }) => (event.output as StatusZero).data }),
            ],
          },
          {
            target: 'done',
            actions: [
              'forgetOperation',
              assign({
                operationId: null,
                report: ({ event }) => (event.output as Extract<ApplyOutcome, { status: 1 }>).data,
              }),
            ],
          },
        ],
        onError: [
          // The edit may have been applied with its answer lost: ask what became of it.
          {
            guard: { type: 'noResponse', params: errorOf },
            target: 'checkingOutcome',
          },
          // The server answered with an error: its transaction was rolled back.
          {
            target: 'failed',
            actions: [
              'forgetOperation',
              assign({ operationId: null, alert: ({ event }) => serverMessage(event.error) }),
            ],
          },
        ],
      },
    },
    checkingOutcome: {
      tags: ['busy', 'checking'],
      invoke: {
        id: 'askOutcome',
        src: 'askOutcome',
        input: ({ context }) => ({ operationId: context.operationId! }),
        onDone: [
          {
            guard: { type: 'outcomeApplied', params: ({ event }) => event.output },
            target: 'done',
            actions: [
              'forgetOperation',
              assign({
                operationId: null,
                alert: null,
                report: ({ event }) =>
                  (event.output.data as Extract<OutcomeReply['data'], { outcome: 'applied' }>).report,
              }),
            ],
          },
          {
            guard: 'afterReload',
            target: 'choosing',
            actions: ['forgetOperation', assign({ operationId: null, alert: EARLIER_NOT_APPLIED })],
          },
          { target: 'failed', actions: ['forgetOperation', assign({ operationId: null, alert: NOT_APPLIED })] },
        ],
        onError: { target: 'outcomeLost', actions: assign({ alert: ({ event }) => serverMessage(event.error) }) },
      },
    },
    /** Still no word on the edit; the id stays kept, so closing and reopening asks again too. */
    outcomeLost: {
      tags: ['lost'],
      on: { 'outcome.check': { target: 'checkingOutcome', actions: assign({ alert: null }) } },
    },
    done: {
      tags: ['done'],
      on: {
        'report.download': { actions: { type: 'saveReport', params: ({ context }) => ({ report: context.report! }) } },
      },
    },
    /** Nothing was applied (one transaction): the same edit can be sent again, under a new id. */
    failed: {
      tags: ['failed'],
      on: {
        'bulk.retry': { target: 'applying', actions: assign({ alert: null, operationId: () => crypto.randomUUID() }) },
        'bulk.back': { target: 'choosing', actions: assign({ alert: null }) },
      },
    },
  },
});
