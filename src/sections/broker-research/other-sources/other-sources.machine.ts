// Fulfillments from Other Sources (decision 060): a file of entitlements from outside the platform
// is chosen, read in the browser (a Web Worker: the read report), named with its source and
// distributor, checked by the server row by row (the verify report), confirmed, and applied in
// one server transaction that checks every row again; the latest imports are listed beside it.
import { assign, fromPromise, setup } from 'xstate';
import {
  OTHER_SOURCE_FILE_MAX_BYTES,
  type AppliedFile,
  type ImportsReply,
  type OtherSourceFileSummary,
  type VerifyReply,
} from '../../../domain/broker-research-other-sources';
import { fieldRefusalOf } from '../../../domain/field-errors';
import { callStates } from '../../../machines/shared/call-state';
import { failureMessage, serverMessage } from '../../../machines/shared/failure';
import { chooseFile, chosenFileOf, chosenFileProblem, fileRefusedState } from '../../../machines/shared/upload-choice';
import type {
  ChosenFile,
  OtherSourceUploadContext,
  OtherSourceUploadEvent,
  OtherSourceUploadInput,
  UploadCall,
} from './other-sources.types';

const fileOf = (event: OtherSourceUploadEvent) => chosenFileOf<ChosenFile>(event);
const problemOf = (file: ChosenFile) => chosenFileProblem(file, OTHER_SOURCE_FILE_MAX_BYTES);

const CHOOSE_FILE = chooseFile('otherSourceUpload', 'readFailed', 'reading');

const call = ({ context }: { context: OtherSourceUploadContext }): UploadCall => ({
  file: context.file!,
  sourceName: context.sourceName.trim(),
  dist: context.dist,
});
/** A failed check or apply: the server's words, and the fields it refused. */
const refusalOf = (error: unknown) => ({
  error: serverMessage(error),
  fieldErrors: fieldRefusalOf(error)?.fields ?? {},
});
const noResult = { verified: null, applied: null, error: null, fieldErrors: {} };

const otherSourceUploadSetup = setup({
  types: {
    context: {} as OtherSourceUploadContext,
    events: {} as OtherSourceUploadEvent,
    input: {} as OtherSourceUploadInput,
  },
  actors: {
    listImports: fromPromise<ImportsReply>(() => Promise.reject(new Error('provide listImports'))),
    /** Reads the file off the page's thread (a Web Worker in the page; the reader itself in tests). */
    readFile: fromPromise<OtherSourceFileSummary, { file: ChosenFile }>(() =>
      Promise.reject(new Error('provide readFile')),
    ),
    verifyFile: fromPromise<VerifyReply, UploadCall>(() => Promise.reject(new Error('provide verifyFile'))),
    applyFile: fromPromise<AppliedFile, UploadCall>(() => Promise.reject(new Error('provide applyFile'))),
  },
  actions: {
    refuseFileHere: assign(({ event }) => ({
      file: null,
      fileName: fileOf(event).name,
      read: null,
      refusal: problemOf(fileOf(event)),
      ...noResult,
    })),
    takeFile: assign(({ event }) => ({
      file: fileOf(event),
      fileName: fileOf(event).name,
      read: null,
      refusal: null,
      ...noResult,
    })),
    clear: assign({ file: null, fileName: null, read: null, refusal: null, ...noResult }),
    changeDetails: assign(({ context, event }) => {
      const e = event as Extract<OtherSourceUploadEvent, { type: 'details.change' }>;
      return {
        sourceName: e.sourceName ?? context.sourceName,
        dist: e.dist ?? context.dist,
        error: null,
        fieldErrors: {},
      };
    }),
  },
  guards: {
    fileRefusedHere: ({ event }) => problemOf(fileOf(event)) !== null,
    fileRead: (_, read: OtherSourceFileSummary) => read.ok,
    detailsGiven: ({ context }) =>
      (context.read?.taken ?? 0) > 0 && context.sourceName.trim() !== '' && context.dists.includes(context.dist),
    anyTaken: ({ context }) => (context.verified?.taken ?? 0) > 0,
  },
});

const calling = callStates(otherSourceUploadSetup);

export const otherSourceUploadMachine = otherSourceUploadSetup.createMachine({
  id: 'otherSourceUpload',
  context: ({ input }) => ({
    dists: input.dists,
    file: null,
    fileName: null,
    read: null,
    refusal: null,
    sourceName: '',
    dist: input.dists.length === 1 ? input.dists[0]! : '',
    ...noResult,
    imports: null,
    importsError: null,
  }),
  initial: 'loading',
  states: {
    /** The latest imports, loaded on arrival and after each apply. */
    loading: {
      tags: ['choosing', 'loadingImports'],
      invoke: {
        id: 'listImports',
        src: 'listImports',
        onDone: {
          target: 'choosing',
          actions: assign({ imports: ({ event }) => event.output.imports, importsError: null }),
        },
        onError: { target: 'choosing', actions: assign({ importsError: ({ event }) => failureMessage(event.error) }) },
      },
    },
    choosing: {
      tags: ['choosing'],
      on: {
        'file.choose': CHOOSE_FILE,
        'imports.reload': 'loading',
      },
    },
    reading: calling('readFile', {
      input: ({ event }) => ({ file: fileOf(event) }),
      onDone: [
        {
          guard: { type: 'fileRead', params: ({ event }) => event.output },
          target: 'read',
          actions: assign({ read: ({ event }) => event.output as Extract<OtherSourceFileSummary, { ok: true }> }),
        },
        {
          target: 'readFailed',
          actions: assign({
            file: null,
            refusal: ({ event }) => (event.output as Extract<OtherSourceFileSummary, { ok: false }>).reason,
          }),
        },
      ],
      onError: {
        target: 'readFailed',
        actions: assign({ file: null, refusal: ({ event }) => failureMessage(event.error) }),
      },
    }),
    /** The file was refused whole: another file, or start over. */
    readFailed: fileRefusedState('otherSourceUpload', 'readFailed', 'reading', 'choosing'),
    /** The read report; the person names the source and the distributor, then asks the server. */
    read: {
      tags: ['read', 'details'],
      on: {
        'details.change': { actions: 'changeDetails' },
        verify: { guard: 'detailsGiven', target: 'verifying' },
        'file.choose': CHOOSE_FILE,
        'upload.clear': { target: 'choosing', actions: 'clear' },
      },
    },
    verifying: calling(
      'verifyFile',
      {
        input: call,
        onDone: {
          target: 'report',
          actions: assign({ verified: ({ event }) => event.output, error: null, fieldErrors: {} }),
        },
        onError: { target: 'verifyFailed', actions: assign(({ event }) => refusalOf(event.error)) },
      },
      ['read', 'busy'],
    ),
    /** Not checked: the server's words (a field it refused is shown at the field, which stays editable). */
    verifyFailed: {
      tags: ['read', 'details'],
      on: {
        'verify.retry': { target: 'verifying', actions: assign({ error: null, fieldErrors: {} }) },
        'details.change': { target: 'read', actions: 'changeDetails' },
        'upload.clear': { target: 'choosing', actions: 'clear' },
      },
    },
    /** The server's per-row report and its counts: apply the rows taken, or change the details. */
    report: {
      tags: ['read', 'report'],
      on: {
        apply: { guard: 'anyTaken', target: 'confirm' },
        'details.edit': { target: 'read', actions: assign({ verified: null }) },
        'file.choose': CHOOSE_FILE,
        'upload.clear': { target: 'choosing', actions: 'clear' },
      },
    },
    /** One more look: how many fulfillments, from which source, for which distributor. */
    confirm: {
      tags: ['read', 'report', 'confirm'],
      on: {
        'apply.confirm': 'applying',
        'apply.cancel': 'report',
      },
    },
    applying: {
      tags: ['read', 'report', 'busy', 'applying'],
      invoke: {
        id: 'applyFile',
        src: 'applyFile',
        input: call,
        onDone: {
          target: 'done',
          actions: assign({
            applied: ({ event }) => event.output,
            error: null,
            imports: ({ context, event }) => event.output.imports ?? context.imports,
          }),
        },
        onError: { target: 'failed', actions: assign(({ event }) => refusalOf(event.error)) },
      },
    },
    /** Nothing was written (one transaction): check again, or start over. */
    failed: {
      tags: ['read', 'failed'],
      on: {
        'apply.back': { target: 'verifying', actions: assign({ error: null, verified: null }) },
        'upload.clear': { target: 'choosing', actions: 'clear' },
      },
    },
    /** The apply's per-row report; the next file starts with the imports loaded again. */
    done: {
      tags: ['done'],
      on: {
        'upload.clear': { target: 'loading', actions: 'clear' },
      },
    },
  },
});
