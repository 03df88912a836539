// Broker Research, FulFillments (decision 058). The URL holds the list's filters and page: a
// person's change of filter navigates, and the machine hears it as `query.set` and reads page 1
// of the new filters; a page turn loads its page and writes its cursor to the URL (the echo of
// that navigation finds nothing new), so Reload and Back find the page again. The total is
// counted with each filter's first page; the brokers for the filter are read once, with the
// first page. Export is the browser's download of the filters' every row (a form post). Ending
// an active fulfillment asks why, then sends it from the version shown: ended, it says so and
// reads the page again; ended or changed first by someone else, it says who and shows the row
// as it is now; not sent, the dialog stays with the reason and says why. An ending being worded
// is kept across a reload (the `draft` input, decision 042): once the page is read, the same
// fulfillment's dialog opens again with the reason typed, if it is still active on that page.
import { assign, fromPromise, sendTo, setup } from 'xstate';
import { EXPORT_CHILD, exportDownloadMachine, exportStart } from '../../export-download/export-download.machine';
import { REASON_MAX } from '../../../domain/broker-research';
import { FULFILLMENT_MESSAGES } from '../../../domain/broker-research-fulfillments';
import { exportFields, sameFilters, sameSearch, type FulfillmentSearch } from './fulfillments.search';
import type {
  EndDraft,
  EndFulfillmentReply,
  EndRequest,
  PageOutcome,
  PageRequest,
  ResearchFulfillmentsContext,
  ResearchFulfillmentsEvent,
  ResearchFulfillmentsInput,
} from './fulfillments.types';
import { callStates } from '../../../machines/shared/call-state';
import { serverMessage, errorOf } from '../../../machines/shared/failure';
import { listStates } from '../../../machines/shared/list-states';
import { noticeOf } from '../../../machines/shared/notice';

/** Why the typed reason cannot be sent, or null. */
export function reasonProblem(reason: string): string | null {
  const text = reason.trim();
  if (text === '') return 'Say why.';
  return text.length > REASON_MAX ? `At most ${REASON_MAX} characters; this has ${text.length}.` : null;
}

/** The server said no because someone else got there first (409) or the row is gone (404). */
const overtaken = (error: unknown) => {
  const status = (error as { status?: unknown } | null)?.status;
  return status === 409 || status === 404;
};

const pageOf = (search: FulfillmentSearch) => ({
  cursor: search.cursor,
  page: search.cursor === '' ? 0 : Math.max(1, Number(search.page || '2') - 1),
});
const firstPage = { cursor: '', page: 0 };
/** The kept ending's fulfillment on the page read, when it is still active. */
const draftTarget = (draft: EndDraft | null, outcome: PageOutcome) =>
  draft === null ? undefined : outcome.reply.items.find((r) => r.id === draft.id && r.status === 'active');

// The failure's text is shown only while failed; the next page read clears it, so Retry leaves it.
const list = listStates<ResearchFulfillmentsContext, ResearchFulfillmentsEvent>()({
  retry: 'list.retry',
  retried: null,
  failure: serverMessage,
});

const researchFulfillmentsSetup = setup({
  types: {
    context: {} as ResearchFulfillmentsContext,
    events: {} as ResearchFulfillmentsEvent,
    input: {} as ResearchFulfillmentsInput,
  },
  actors: {
    loadPage: fromPromise<PageOutcome, PageRequest>(() => Promise.reject(new Error('provide loadPage'))),
    endFulfillment: fromPromise<EndFulfillmentReply, EndRequest>(() =>
      Promise.reject(new Error('provide endFulfillment')),
    ),
    exportDownload: exportDownloadMachine,
  },
  guards: {
    searchChanged: ({ context, event }) => event.type === 'query.set' && !sameSearch(context.search, event.query),
    hasNext: ({ context }) => context.nextCursor !== null,
    hasPrev: ({ context }) => context.prevCursor !== null,
    pageEmpty: (_, outcome: PageOutcome) => outcome.reply.items.length === 0,
    endable: ({ context, event }) =>
      event.type === 'end.open' && context.rows.some((r) => r.id === event.id && r.status === 'active'),
    reasonOk: ({ context }) => context.ending !== null && reasonProblem(context.ending.reason) === null,
    overtaken: (_, error: unknown) => overtaken(error),
    draftReopens: ({ context }, outcome: PageOutcome) => draftTarget(context.draft, outcome) !== undefined,
  },
  actions: {
    /** Provided by the tab: writes the search to the URL. */
    navigate: (_, _params: { search: FulfillmentSearch }) => {},
    /** The download of every matching row, handed to the export child. */
    downloadExport: sendTo(EXPORT_CHILD, (_, params: { fields: ReturnType<typeof exportFields> }) =>
      exportStart(_, params),
    ),
    adoptSearch: assign(({ context, event }) => {
      const search = (event as Extract<ResearchFulfillmentsEvent, { type: 'query.set' }>).query;
      // Another page of the same filters keeps their total.
      const same = sameFilters(context.search, search);
      return {
        search,
        pending: pageOf(search),
        total: same ? context.total : null,
        capped: same ? context.capped : false,
        notice: null,
      };
    }),
    toPage: assign(({ context }, pending: { cursor: string; page: number }) => ({
      pending,
      notice: null,
      search: {
        ...context.search,
        cursor: pending.cursor,
        page: pending.cursor === '' ? '' : String(pending.page + 1),
      },
    })),
    showPage: assign(({ context }, outcome: PageOutcome) => ({
      rows: outcome.reply.items,
      nextCursor: outcome.reply.next_cursor,
      prevCursor: outcome.reply.prev_cursor,
      named: outcome.reply.named,
      total: outcome.reply.total ?? context.total,
      capped: outcome.reply.total === null ? context.capped : outcome.reply.total_capped,
      brokers: outcome.brokers ?? context.brokers,
      page: context.pending.page,
      error: null,
      draft: null,
    })),
  },
});

const calling = callStates(researchFulfillmentsSetup);

export const researchFulfillmentsMachine = researchFulfillmentsSetup.createMachine({
  id: 'researchFulfillments',
  context: ({ input }) => ({
    search: input.search,
    rows: [],
    total: null,
    capped: false,
    named: null,
    brokers: null,
    nextCursor: null,
    prevCursor: null,
    pending: pageOf(input.search),
    page: 0,
    error: null,
    notice: null,
    ending: null,
    draft: input.draft,
  }),
  initial: 'loading',
  // The export's download, the same flow as every export's (its state shows beside the buttons).
  invoke: { id: EXPORT_CHILD, src: 'exportDownload' },
  on: {
    'query.set': { guard: 'searchChanged', target: '.loading', actions: ['adoptSearch', assign({ ending: null })] },
  },
  states: {
    loading: calling('loadPage', {
      input: ({ context }) => ({
        search: context.search,
        cursor: context.pending.cursor,
        withTotal: context.pending.cursor === '' || context.total === null,
        withBrokers: context.brokers === null,
      }),
      onDone: [
        {
          // An ending kept across a reload: its dialog opens again with the reason typed.
          guard: { type: 'draftReopens', params: ({ event }) => event.output },
          target: 'confirming',
          actions: [
            assign({
              ending: ({ context, event }) => ({
                row: draftTarget(context.draft, event.output)!,
                reason: context.draft!.reason,
                error: null,
              }),
            }),
            { type: 'showPage', params: ({ event }) => event.output },
          ],
        },
        {
          guard: { type: 'pageEmpty', params: ({ event }) => event.output },
          target: 'empty',
          actions: { type: 'showPage', params: ({ event }) => event.output },
        },
        { target: 'listed', actions: { type: 'showPage', params: ({ event }) => event.output } },
      ],
      onError: list.onError,
    }),
    listed: {
      tags: ['shown'],
      on: {
        'page.next': list.turn('next', [
          { type: 'toPage', params: ({ context }) => ({ cursor: context.nextCursor ?? '', page: context.page + 1 }) },
          { type: 'navigate', params: ({ context }) => ({ search: context.search }) },
        ]),
        'page.prev': list.turn('prev', [
          {
            type: 'toPage',
            params: ({ context }) =>
              context.page <= 1 ? firstPage : { cursor: context.prevCursor ?? '', page: context.page - 1 },
          },
          { type: 'navigate', params: ({ context }) => ({ search: context.search }) },
        ]),
        'export.request': {
          actions: {
            type: 'downloadExport',
            params: ({ context, event }) => ({ fields: exportFields(context.search, event.format) }),
          },
        },
        'end.open': {
          guard: 'endable',
          target: 'confirming',
          actions: assign({
            ending: ({ context, event }) => ({
              row: context.rows.find((r) => r.id === event.id)!,
              reason: '',
              error: null,
            }),
            notice: null,
          }),
        },
      },
    },
    /** Nothing matches these filters (or this page was emptied meanwhile). */
    empty: {
      tags: ['shown'],
      on: {
        'page.prev': list.turn('prev', [
          { type: 'toPage', params: () => firstPage },
          { type: 'navigate', params: ({ context }) => ({ search: context.search }) },
        ]),
      },
    },
    failed: list.failed,
    /** The dialog asks why; the list stays behind it. */
    confirming: {
      tags: ['shown', 'dialog'],
      on: {
        'reason.type': {
          actions: assign({ ending: ({ context, event }) => ({ ...context.ending!, reason: event.text }) }),
        },
        'end.confirm': { guard: 'reasonOk', target: 'ending' },
        'end.cancel': { target: 'listed', actions: assign({ ending: null }) },
      },
    },
    ending: {
      tags: ['shown', 'dialog', 'busy'],
      invoke: {
        id: 'endFulfillment',
        src: 'endFulfillment',
        input: ({ context }) => ({
          id: context.ending!.row.id,
          version: context.ending!.row.version,
          reason: context.ending!.reason.trim(),
        }),
        onDone: {
          target: 'loading',
          actions: assign({
            ending: null,
            notice: ({ event }) => noticeOf(true, event.output.msg),
          }),
        },
        onError: [
          {
            // Someone else was first: said, and the page read again shows the row as it is now.
            guard: { type: 'overtaken', params: errorOf },
            target: 'loading',
            actions: assign({
              ending: null,
              notice: ({ event }) => noticeOf(false, serverMessage(event.error) || FULFILLMENT_MESSAGES.changed),
            }),
          },
          {
            target: 'confirming',
            actions: assign({
              ending: ({ context, event }) => ({ ...context.ending!, error: serverMessage(event.error) }),
            }),
          },
        ],
      },
    },
  },
});
