// The copy of chosen saved searches, watchlists or dashboards onto other users (decision 065):
// the users typed (emails, usernames or ids), what happens to a name a user already has, then a
// preview per user (added, renamed, skipped, replaced and each clash) before the copy itself.
// Changing the users or the choice after a preview needs a new one. A refusal naming fields is
// shown at its fields; a call that got no answer (or a 403) is said with Retry. The dialog says
// when it closes, with the server's message when something was copied.
import { assign, fromPromise, setup } from 'xstate';
import { fieldRefusalOf } from '../../domain/field-errors';
import type { CopyContentReply, CopyRequest } from '../../domain/user-content';
import { failureMessage, errorOf } from '../../machines/shared/failure';
import type { ContentCopyContext, ContentCopyEvent, ContentCopyInput, CopyClosed } from './content-copy.types';

/** The typed users as the server takes them: one per line or comma-separated, blanks dropped. */
export const targetsOf = (text: string): string[] =>
  text
    .split(/[\n,;]+/)
    .map((t) => t.trim())
    .filter((t) => t !== '');

const callOf = (c: ContentCopyContext, preview: boolean): CopyRequest => ({
  kind: c.kind,
  sourceUserId: c.sourceUserId,
  itemIds: c.items.map((i) => i.id),
  targets: targetsOf(c.targets),
  onClash: c.onClash,
  preview,
});

export const contentCopyMachine = setup({
  types: { context: {} as ContentCopyContext, events: {} as ContentCopyEvent, input: {} as ContentCopyInput },
  actors: {
    copyContent: fromPromise<CopyContentReply, CopyRequest>(() => Promise.reject(new Error('provide copyContent'))),
  },
  actions: {
    /** The tab that opened the dialog provides it (sendParent); alone, nobody listens. */
    announceClosed: (_, _params: CopyClosed) => {},
  },
  guards: {
    hasTargets: ({ context }) => targetsOf(context.targets).length > 0,
    refused: (_, error: unknown) => fieldRefusalOf(error) !== null,
    retryCopy: ({ context }) => context.pending === 'copy',
  },
}).createMachine({
  id: 'contentCopy',
  context: ({ input }) => ({ ...input, report: null, message: null, fieldErrors: {}, error: null, pending: 'preview' }),
  initial: 'editing',
  states: {
    editing: {
      on: {
        'targets.change': {
          actions: assign(({ context, event }) => ({
            targets: event.text,
            fieldErrors: { ...context.fieldErrors, targets: '', _: '' },
          })),
        },
        'clash.change': { actions: assign(({ event }) => ({ onClash: event.choice })) },
        'copy.preview': { guard: 'hasTargets', target: 'previewing' },
        'copy.cancel': 'closed',
      },
    },
    previewing: {
      tags: ['busy'],
      entry: assign({ pending: 'preview' as const, error: null, fieldErrors: {} }),
      invoke: {
        id: 'preview',
        src: 'copyContent',
        input: ({ context }) => callOf(context, true),
        onDone: { target: 'previewed', actions: assign({ report: ({ event }) => event.output }) },
        onError: [
          {
            guard: { type: 'refused', params: errorOf },
            target: 'editing',
            actions: assign(({ event }) => ({ fieldErrors: refusalFields(event.error) })),
          },
          {
            target: 'failed',
            actions: assign({ error: ({ event }) => `Nothing was previewed. ${failureMessage(event.error)}` }),
          },
        ],
      },
    },
    previewed: {
      on: {
        // A preview says what these users and this choice would do; any change needs a new one.
        'targets.change': { target: 'editing', actions: assign({ targets: ({ event }) => event.text, report: null }) },
        'clash.change': { target: 'editing', actions: assign({ onClash: ({ event }) => event.choice, report: null }) },
        'copy.send': 'copying',
        'copy.cancel': 'closed',
      },
    },
    copying: {
      tags: ['busy'],
      entry: assign({ pending: 'copy' as const, error: null }),
      invoke: {
        id: 'copy',
        src: 'copyContent',
        input: ({ context }) => callOf(context, false),
        onDone: {
          target: 'done',
          actions: assign({ message: ({ event }) => event.output.msg, report: ({ event }) => event.output }),
        },
        onError: [
          // Something changed since the preview (a user gone, an item removed): said at its field.
          {
            guard: { type: 'refused', params: errorOf },
            target: 'editing',
            actions: assign(({ event }) => ({ report: null, fieldErrors: refusalFields(event.error) })),
          },
          {
            target: 'failed',
            actions: assign({ error: ({ event }) => `Nothing was copied. ${failureMessage(event.error)}` }),
          },
        ],
      },
    },
    failed: {
      on: {
        'copy.retry': [{ guard: 'retryCopy', target: 'copying' }, { target: 'previewing' }],
        'copy.cancel': 'closed',
      },
    },
    done: {
      on: { 'copy.close': 'closed' },
    },
    closed: {
      type: 'final',
      entry: { type: 'announceClosed', params: ({ context }) => ({ message: context.message }) },
    },
  },
});

function refusalFields(error: unknown): Record<string, string> {
  const refusal = fieldRefusalOf(error)!;
  return { ...refusal.fields, _: refusal.msg };
}
