// Bulk membership upload of Group ManagementV2 (spec §3 "Validated file data", §7; decision 049):
// a CSV of emails, usernames or user ids is read in a Web Worker (the Bulk Tag Upload's reader),
// checked against the group by the server (user/verify_file_data/: each row valid, or not with
// its reason), shown as a preview, and on Add to group applied in one server transaction
// (user/add_users_to_groups/), which checks again and answers row by row.
import { assign, fromPromise, setup } from 'xstate';
import { callStates } from '../../machines/shared/call-state';
import { serverMessage } from '../../machines/shared/failure';
import { fileReadSteps, uploadedValues } from '../../machines/shared/file-read';
import type {
  ApplyOutcome,
  GroupBulkUploadContext,
  GroupBulkUploadEvent,
  GroupBulkUploadInput,
  UploadCall,
  VerifyOutcome,
} from './groups-v2-upload.types';

const file = fileReadSteps<GroupBulkUploadContext, GroupBulkUploadEvent>()({
  machine: 'groupBulkUpload',
  emptied: { preview: null, report: null },
});

const call = ({ context }: { context: GroupBulkUploadContext }): UploadCall => ({
  groupId: context.groupId,
  identifiers: uploadedValues(context),
});

const groupBulkUploadSetup = setup({
  types: {
    context: {} as GroupBulkUploadContext,
    events: {} as GroupBulkUploadEvent,
    input: {} as GroupBulkUploadInput,
  },
  actors: {
    parseFile: file.parseFile,
    verifyFile: fromPromise<VerifyOutcome, UploadCall>(() => Promise.reject(new Error('provide verifyFile'))),
    addUsers: fromPromise<ApplyOutcome, UploadCall>(() => Promise.reject(new Error('provide addUsers'))),
  },
  actions: {
    ...file.actions,
    clear: assign({ fileName: null, upload: null, refusal: null, preview: null, report: null, error: null }),
  },
  guards: {
    ...file.guards,
    anyValid: ({ context }) => (context.preview?.validDataPoints.length ?? 0) > 0,
    /** Every row of the file was set aside by the reader: nothing to ask the server about. */
    nothingRead: ({ context }) => uploadedValues(context).length === 0,
  },
});

const calling = callStates(groupBulkUploadSetup);

export const groupBulkUploadMachine = groupBulkUploadSetup.createMachine({
  id: 'groupBulkUpload',
  context: ({ input }) => ({
    groupId: input.groupId,
    fileName: null,
    upload: null,
    refusal: null,
    preview: null,
    report: null,
    error: null,
  }),
  initial: 'idle',
  states: {
    ...file.readingStates(['busy']),
    /** The file's identifiers: checked by the server, previewed, then applied. */
    parsed: {
      tags: ['parsed'],
      initial: 'taking',
      states: {
        taking: { always: [{ guard: 'nothingRead', target: 'nothingRead' }, { target: 'verifying' }] },
        /** No row names anyone (a file of several columns, say): the reader's per-row report. */
        nothingRead: {
          tags: ['nothingRead'],
          on: {
            'file.choose': file.choose,
            'upload.clear': { target: '#groupBulkUpload.idle', actions: 'clear' },
          },
        },
        verifying: calling(
          'verifyFile',
          {
            input: call,
            onDone: { target: 'preview', actions: assign({ preview: ({ event }) => event.output, error: null }) },
            onError: {
              target: 'verifyFailed',
              actions: assign({ preview: null, error: ({ event }) => serverMessage(event.error) }),
            },
          },
          ['busy', 'verifying'],
        ),
        verifyFailed: {
          tags: ['verifyFailed'],
          on: {
            'verify.retry': { target: 'verifying', actions: assign({ error: null }) },
            'upload.clear': { target: '#groupBulkUpload.idle', actions: 'clear' },
          },
        },
        /** The valid rows and the rows not taken, each with its reason; Add to group when any is valid. */
        preview: {
          tags: ['preview'],
          on: {
            apply: { guard: 'anyValid', target: 'applying' },
            'file.choose': file.choose,
            'upload.clear': { target: '#groupBulkUpload.idle', actions: 'clear' },
          },
        },
        applying: calling(
          'addUsers',
          {
            input: call,
            onDone: { target: '#groupBulkUpload.report', actions: assign({ report: ({ event }) => event.output }) },
            onError: {
              target: '#groupBulkUpload.failed',
              actions: assign({ report: null, error: ({ event }) => serverMessage(event.error) }),
            },
          },
          ['busy', 'preview', 'applying'],
        ),
      },
    },
    /** The per-row report: the users added, and every row not added with its reason. */
    report: {
      tags: ['report'],
      on: {
        'file.choose': file.choose,
        'upload.clear': { target: 'idle', actions: 'clear' },
      },
    },
    /** Nothing was added (one transaction): back to the preview (checked again), or start over. */
    failed: {
      tags: ['failed'],
      on: {
        'apply.back': { target: 'parsed', actions: assign({ error: null, report: null }) },
        'upload.clear': { target: 'idle', actions: 'clear' },
      },
    },
  },
});
