// Bulk Tag Upload (Segments & Tags; spec §2, §4, §5, §8; decision 045): a CSV of emails,
// usernames or user ids is read in a Web Worker and reported row by row; the tags come from the
// tag selector (a child actor, choosing without saving); once both are chosen a dry run says how
// many identifiers match users, which do not, and how many users' tags Reset Tags (overwrite)
// and Add Tags would change. The person confirms one of the two, which is then applied in one
// server transaction: 'Response Status : Success' and the identifiers under 'Invalid Users:'.
import { and, assign, fromPromise, not, setup, stateIn } from 'xstate';
import { csvLine } from '../../domain/csv-cell';
import { serverMessage } from '../../machines/shared/failure';
import { fileReadSteps, uploadedValues } from '../../machines/shared/file-read';
import { tagSelectorMachine } from '../tags/tag-selector.machine';
import type {
  ApplyInput,
  ApplyOutcome,
  BulkTagUploadContext,
  BulkTagUploadEvent,
  PreviewInput,
  PreviewOutcome,
} from './bulk-tag-upload.types';

/** The words of an assignment that matched nobody (its users were deleted since the dry run). */
export const NOBODY_MATCHED = 'No user matched; no tags were changed.';

type Snapshot = Extract<BulkTagUploadEvent, { type: 'xstate.snapshot.tagSelector' }>;
/** The selector's chosen tags; null for a snapshot without them (a selector not started yet). */
const chosenOf = (event: BulkTagUploadEvent): number[] | null => (event as Snapshot).snapshot.context?.chosen ?? null;
const sameTags = (a: readonly number[], b: readonly number[]) =>
  a.length === b.length && a.every((id, i) => id === b[i]);

const file = fileReadSteps<BulkTagUploadContext, BulkTagUploadEvent>()({
  machine: 'bulkTagUpload',
  emptied: { preview: null, result: null },
});

const call = ({ context }: { context: BulkTagUploadContext }): PreviewInput => ({
  tags: context.tagIds,
  userIds: uploadedValues(context),
});

export const bulkTagUploadMachine = setup({
  types: {
    context: {} as BulkTagUploadContext,
    events: {} as BulkTagUploadEvent,
  },
  actors: {
    parseFile: file.parseFile,
    previewAssignment: fromPromise<PreviewOutcome, PreviewInput>(() =>
      Promise.reject(new Error('provide previewAssignment')),
    ),
    applyTags: fromPromise<ApplyOutcome, ApplyInput>(() => Promise.reject(new Error('provide applyTags'))),
    /** The user area's tag selector, provided so that it chooses without saving (live wiring). */
    tagSelector: tagSelectorMachine,
  },
  actions: {
    /** Saves a CSV built in the browser: every row not taken, or the identifiers that matched nobody. */
    saveCsv: (_, _params: { text: string; fileName: string }) => {},
    ...file.actions,
    takeTags: assign(({ context, event }) => ({ tagIds: [...(chosenOf(event) ?? context.tagIds)] })),
    clear: assign({
      fileName: null,
      upload: null,
      refusal: null,
      preview: null,
      previewedTags: [],
      mode: null,
      result: null,
      error: null,
    }),
  },
  guards: {
    ...file.guards,
    tagsUnchanged: ({ context, event }) => sameTags(context.tagIds, chosenOf(event) ?? context.tagIds),
    otherTags: ({ context, event }) => !sameTags(context.tagIds, chosenOf(event) ?? context.tagIds),
    noTagsChosen: ({ event }) => chosenOf(event)?.length === 0,
    hasTags: ({ context }) => context.tagIds.length > 0,
    anyMatched: ({ context }) => (context.preview?.matched ?? 0) > 0,
    assigned: (_, reply: ApplyOutcome) => reply.status,
  },
}).createMachine({
  id: 'bulkTagUpload',
  context: {
    fileName: null,
    upload: null,
    refusal: null,
    tagIds: [],
    preview: null,
    previewedTags: [],
    mode: null,
    result: null,
    error: null,
  },
  invoke: {
    id: 'tagSelector',
    src: 'tagSelector',
    input: { userId: 0 },
    // Wherever the upload stands, the choice is kept; `parsed` also runs the dry run again.
    onSnapshot: [{ guard: 'tagsUnchanged' }, { actions: 'takeTags' }],
  },
  initial: 'idle',
  states: {
    ...file.readingStates(['busy', 'keep']),
    /** The file's identifiers and its report; the dry run once tags are chosen; the confirmation; the change. */
    parsed: {
      tags: ['parsed', 'keep'],
      on: {
        'file.choose': file.choose,
        'upload.clear': { target: 'idle', actions: 'clear' },
        'problems.download': {
          actions: {
            type: 'saveCsv',
            params: ({ context }) => ({ text: context.upload?.problemsCsv ?? '', fileName: 'rows-not-taken.csv' }),
          },
        },
        // Other tags make the dry run on screen stale: run it again (or wait for tags). Not while
        // the change is on its way (the selector is locked then): the root keeps the choice.
        'xstate.snapshot.tagSelector': [
          {
            guard: and(['otherTags', not(stateIn({ parsed: 'applying' })), 'noTagsChosen']),
            target: '.awaitingTags',
            actions: ['takeTags', assign({ preview: null })],
          },
          {
            guard: and(['otherTags', not(stateIn({ parsed: 'applying' }))]),
            target: '.previewing',
            actions: 'takeTags',
          },
        ],
      },
      initial: 'settling',
      states: {
        settling: {
          always: [{ guard: 'hasTags', target: 'previewing' }, { target: 'awaitingTags' }],
        },
        awaitingTags: { tags: ['awaitingTags'] },
        previewing: {
          tags: ['busy', 'previewing'],
          invoke: {
            id: 'previewAssignment',
            src: 'previewAssignment',
            input: call,
            onDone: {
              target: 'previewShown',
              actions: assign(({ context, event }) => ({
                preview: event.output,
                previewedTags: context.tagIds,
                error: null,
              })),
            },
            onError: {
              target: 'previewFailed',
              actions: assign({ preview: null, error: ({ event }) => serverMessage(event.error) }),
            },
          },
        },
        previewFailed: {
          tags: ['previewFailed'],
          on: { 'preview.retry': { target: 'previewing', actions: assign({ error: null }) } },
        },
        previewShown: {
          tags: ['preview'],
          on: {
            'apply.overwrite': { guard: 'anyMatched', target: 'confirming', actions: assign({ mode: 'overwrite' }) },
            'apply.add': { guard: 'anyMatched', target: 'confirming', actions: assign({ mode: 'add' }) },
            'unmatched.download': {
              actions: {
                type: 'saveCsv',
                params: ({ context }) => ({
                  text: identifiersCsv(context.preview?.unmatched ?? []),
                  fileName: 'unmatched-identifiers.csv',
                }),
              },
            },
          },
        },
        confirming: {
          tags: ['preview', 'confirming'],
          on: {
            'apply.confirm': 'applying',
            'apply.cancel': { target: 'previewShown', actions: assign({ mode: null }) },
          },
        },
        applying: {
          tags: ['busy', 'preview', 'applying'],
          invoke: {
            id: 'applyTags',
            src: 'applyTags',
            input: ({ context }) => ({ ...call({ context }), mode: context.mode ?? 'add' }),
            onDone: [
              {
                guard: { type: 'assigned', params: ({ event }) => event.output },
                target: '#bulkTagUpload.done',
                actions: assign({
                  result: ({ event }) => ({ invalid: event.output.msg, changed: event.output.changed ?? 0 }),
                }),
              },
              {
                target: '#bulkTagUpload.failed',
                actions: assign({
                  result: ({ event }) => ({ invalid: event.output.msg, changed: 0 }),
                  error: NOBODY_MATCHED,
                }),
              },
            ],
            onError: {
              target: '#bulkTagUpload.failed',
              actions: assign({ result: null, error: ({ event }) => serverMessage(event.error) }),
            },
          },
        },
      },
    },
    /** 'Response Status : Success', and the identifiers that matched nobody under 'Invalid Users:'. */
    done: {
      tags: ['done'],
      on: {
        'file.choose': file.choose,
        'upload.clear': { target: 'idle', actions: 'clear' },
        'invalid.download': {
          actions: {
            type: 'saveCsv',
            params: ({ context }) => ({
              text: identifiersCsv(context.result?.invalid ?? []),
              fileName: 'invalid-users.csv',
            }),
          },
        },
      },
    },
    /** Nothing was changed (one transaction): back to the dry run, another file, or start over. */
    failed: {
      tags: ['failed', 'keep'],
      on: {
        'apply.back': { target: 'parsed', actions: assign({ error: null, result: null, mode: null }) },
        'file.choose': file.choose,
        'upload.clear': { target: 'idle', actions: 'clear' },
      },
    },
  },
});

/** One identifier per row, under an `identifier` header; cells as the panel's one CSV cell writes them. */
export function identifiersCsv(values: readonly string[]): string {
  return `identifier\r\n${values.map((v) => csvLine([v])).join('')}`;
}
