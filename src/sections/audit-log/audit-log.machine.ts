// The Audit Log (decision 062): entries newest first a page at a time, filtered as the URL says
// (category, author, record, action words, days, result); an entry opens beside the list as its
// change field by field. A new search (or Back) reads the list again and puts the entry away.
import { assign, fromPromise, setup } from 'xstate';
import { AUDIT_MESSAGES, auditCursorText } from '../../domain/audit-log';
import { callStates } from '../../machines/shared/call-state';
import { refusalMessage } from '../../machines/shared/failure';
import { listStates } from '../../machines/shared/list-states';
import type {
  AuditBrowserContext,
  AuditBrowserEvent,
  AuditBrowserInput,
  AuditQuery,
  EntryOutcome,
  LoadOutcome,
} from './audit-log.types';

const sameQuery = (a: AuditQuery, b: AuditQuery) => JSON.stringify(a) === JSON.stringify(b);

const list = listStates<AuditBrowserContext, AuditBrowserEvent>()({
  retry: 'list.retry',
  failure: (error) => `${AUDIT_MESSAGES.listFailed} ${refusalMessage(error)}`,
});

const auditBrowserSetup = setup({
  types: { context: {} as AuditBrowserContext, events: {} as AuditBrowserEvent, input: {} as AuditBrowserInput },
  actors: {
    loadPage: fromPromise<LoadOutcome, AuditQuery>(() => Promise.reject(new Error('provide loadPage'))),
    loadEntry: fromPromise<EntryOutcome, { id: number }>(() => Promise.reject(new Error('provide loadEntry'))),
  },
  guards: {
    newQuery: ({ context, event }) => event.type === 'query.set' && !sameQuery(context.query, event.query),
  },
});

const calling = callStates(auditBrowserSetup);

export const auditBrowserMachine = auditBrowserSetup.createMachine({
  id: 'auditBrowser',
  context: ({ input }) => ({
    query: input.query,
    entries: [],
    next: null,
    total: 0,
    totalCapped: false,
    error: null,
    openId: null,
    entry: null,
    entryError: null,
  }),
  initial: 'loading',
  on: {
    // The URL moved (a filter, a page, Back): the list follows, whatever is on screen.
    'query.set': {
      guard: 'newQuery',
      target: '.loading',
      actions: assign(({ event }) => ({ query: event.query, openId: null, entry: null, entryError: null })),
    },
  },
  states: {
    loading: calling('loadPage', {
      input: ({ context }) => context.query,
      onDone: {
        target: 'browsing',
        actions: assign(({ event }) => ({
          entries: event.output.entries,
          next: event.output.next ? auditCursorText(event.output.next) : null,
          total: event.output.total,
          totalCapped: event.output.total_capped,
          error: null,
        })),
      },
      onError: list.onError,
    }),
    failed: list.failed,
    browsing: {
      initial: 'closed',
      on: {
        'entry.open': {
          target: '.opening',
          actions: assign(({ event }) => ({ openId: event.id, entry: null, entryError: null })),
        },
      },
      states: {
        closed: {},
        opening: {
          tags: ['entryBusy'],
          invoke: {
            id: 'loadEntry',
            src: 'loadEntry',
            input: ({ context }) => ({ id: context.openId! }),
            onDone: { target: 'open', actions: assign({ entry: ({ event }) => event.output }) },
            onError: {
              target: 'entryFailed',
              actions: assign({
                entryError: ({ event }) => `${AUDIT_MESSAGES.entryFailed} ${refusalMessage(event.error)}`,
              }),
            },
          },
        },
        open: {
          on: { 'entry.close': { target: 'closed', actions: assign({ openId: null, entry: null }) } },
        },
        entryFailed: {
          on: {
            'entry.retry': { target: 'opening', actions: assign({ entryError: null }) },
            'entry.close': { target: 'closed', actions: assign({ openId: null, entryError: null }) },
          },
        },
      },
    },
  },
});
