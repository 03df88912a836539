// A record's History tab (decision 062): the Audit Log's entries naming this record, newest first,
// each with its change field by field; older entries a page at a time.
import { assign, fromPromise, setup } from 'xstate';
import { AUDIT_MESSAGES, auditCursorText } from '../../domain/audit-log';
import { callStates } from '../../machines/shared/call-state';
import { refusalMessage } from '../../machines/shared/failure';
import { listStates } from '../../machines/shared/list-states';
import { noticeOf } from '../../machines/shared/notice';
import type {
  HistoryOutcome,
  HistoryQuery,
  RecordHistoryContext,
  RecordHistoryEvent,
  RecordHistoryInput,
} from './record-history.types';

const nextOf = (page: HistoryOutcome) => (page.next ? auditCursorText(page.next) : null);

const list = listStates<RecordHistoryContext, RecordHistoryEvent>()({
  retry: 'list.retry',
  failure: (error) => `${AUDIT_MESSAGES.historyFailed} ${refusalMessage(error)}`,
});

const recordHistorySetup = setup({
  types: { context: {} as RecordHistoryContext, events: {} as RecordHistoryEvent, input: {} as RecordHistoryInput },
  actors: {
    loadHistory: fromPromise<HistoryOutcome, HistoryQuery>(() => Promise.reject(new Error('provide loadHistory'))),
  },
});

const calling = callStates(recordHistorySetup);

export const recordHistoryMachine = recordHistorySetup.createMachine({
  id: 'recordHistory',
  context: ({ input }) => ({ kind: input.kind, id: input.id, entries: [], next: null, error: null, notice: null }),
  initial: 'loading',
  states: {
    loading: calling('loadHistory', {
      input: ({ context }) => ({ kind: context.kind, id: context.id, cursor: '' }),
      onDone: {
        target: 'shown',
        actions: assign(({ event }) => ({ entries: event.output.entries, next: nextOf(event.output), error: null })),
      },
      onError: list.onError,
    }),
    failed: list.failed,
    shown: {
      on: { 'history.more': { target: 'loadingMore', actions: assign({ notice: null }) } },
    },
    loadingMore: {
      tags: ['busy'],
      invoke: {
        id: 'loadMore',
        src: 'loadHistory',
        input: ({ context }) => ({ kind: context.kind, id: context.id, cursor: context.next ?? '' }),
        onDone: {
          target: 'shown',
          actions: assign(({ context, event }) => ({
            entries: [...context.entries, ...event.output.entries],
            next: nextOf(event.output),
          })),
        },
        onError: {
          target: 'shown',
          actions: assign({
            notice: ({ event }) => noticeOf(false, `${AUDIT_MESSAGES.historyFailed} ${refusalMessage(event.error)}`),
          }),
        },
      },
    },
  },
});
