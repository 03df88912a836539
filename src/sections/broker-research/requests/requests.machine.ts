// Broker Research → Requests (decision 057): the requests listed newest first under the filters of
// the URL (status, broker, organization, user, dates), a page at a time by cursor; rows chosen
// across pages; a request opened with its history, then approved, rejected with a reason (a
// dialog, an approval asks first) or sent to the broker, each from the version on screen — someone else deciding first
// is said, with the request as it is now; a bulk action on the chosen requests or on all matching
// (the newest 1,000): a preview of how many each action applies to, a confirmation, one
// transaction, a report of the requests it left as they were. A rejection reason kept from before
// a reload (the `draft` input, decision 042) opens its request, or its bulk rejection, again with
// the dialog and the reason.
import * as v from 'valibot';
import { assign, fromPromise, setup } from 'xstate';
import { Reason, canAct, type RequestAction, type RequestStatus } from '../../../domain/broker-research';
import {
  BULK_MAX,
  REQUEST_ACTION_DONE,
  requestConflictOf,
  type PreviewInput,
} from '../../../domain/broker-research-requests';
import type {
  ActInput,
  ActOutcome,
  BulkApplyInput,
  BulkOutcome,
  BulkScope,
  ListInput,
  ListOutcome,
  PreviewOutcome,
  RequestOutcome,
  RequestsContext,
  RequestsDraft,
  RequestsEvent,
  RequestsInput,
} from './requests.types';
import { serverMessage, errorOf } from '../../../machines/shared/failure';
import { listStates } from '../../../machines/shared/list-states';
import { noticeOf } from '../../../machines/shared/notice';

type E<T extends RequestsEvent['type']> = Extract<RequestsEvent, { type: T }>;

const reasonOk = (text: string) => v.safeParse(Reason, text).success;

/** A 400 naming the cursor: the page asked for is not one the server can read. */
const cursorRefused = (error: unknown): boolean => {
  const e = error as { status?: number; data?: { fields?: Record<string, unknown> } } | null;
  return e?.status === 400 && typeof e.data?.fields?.['cursor'] === 'string';
};

// A refused cursor reads page 1, saying why in the server's words.
const list = listStates<RequestsContext, RequestsEvent>()({
  failed: 'loadFailed',
  failedTags: ['loadFailed'],
  retry: 'list.retry',
  failure: serverMessage,
  refusedCursor: (context, error) => ({
    query: { ...context.query, cursor: '' },
    notice: noticeOf(false, serverMessage(error)),
  }),
});

type KeptRequest = Extract<RequestsDraft, { kind: 'request' }>;
type KeptBulk = Extract<RequestsDraft, { kind: 'bulk' }>;
const keptRequest = (c: RequestsContext): KeptRequest | null => (c.draft?.kind === 'request' ? c.draft : null);
const keptBulk = (c: RequestsContext): KeptBulk | null => (c.draft?.kind === 'bulk' ? c.draft : null);

const noBulk = { scope: 'chosen' as BulkScope, preview: null, action: null, reason: '', report: null };

/** An action on the open request: the version on screen. */
const actInput = ({ context }: { context: RequestsContext }): ActInput => ({
  id: context.detail!.request.id,
  version: context.detail!.request.version,
  action: context.action!,
  reason: context.action === 'reject' ? context.reason : '',
});

export const researchRequestsMachine = setup({
  types: {
    context: {} as RequestsContext,
    events: {} as RequestsEvent,
    input: {} as RequestsInput,
  },
  actors: {
    listRequests: fromPromise<ListOutcome, ListInput>(() => Promise.reject(new Error('provide listRequests'))),
    loadRequest: fromPromise<RequestOutcome, { id: number }>(() => Promise.reject(new Error('provide loadRequest'))),
    actOn: fromPromise<ActOutcome, ActInput>(() => Promise.reject(new Error('provide actOn'))),
    previewBulk: fromPromise<PreviewOutcome, PreviewInput>(() => Promise.reject(new Error('provide previewBulk'))),
    applyBulk: fromPromise<BulkOutcome, BulkApplyInput>(() => Promise.reject(new Error('provide applyBulk'))),
  },
  guards: {
    hasNext: ({ context }) => Boolean(context.page?.next_cursor),
    hasPrev: ({ context }) => Boolean(context.page?.prev_cursor),
    hasRows: ({ context }) => (context.page?.items.length ?? 0) > 0,
    /** The chosen requests, or all matching: something to act on. */
    bulkable: ({ context }, scope: BulkScope) =>
      (scope === 'chosen' ? context.selected.length : (context.page?.items.length ?? 0)) > 0,
    /** A row is taken out, or there is room for it. */
    canToggle: ({ context }, row: { id: number }) =>
      context.selected.some((s) => s.id === row.id) || context.selected.length < BULK_MAX,
    mayApprove: ({ context }) => context.detail !== null && canAct('approve', context.detail.request.status),
    maySend: ({ context }) => context.detail !== null && canAct('send', context.detail.request.status),
    mayReject: ({ context }) => context.detail !== null && canAct('reject', context.detail.request.status),
    reasonOk: ({ context }) => reasonOk(context.reason),
    keptRequest: ({ context }) => keptRequest(context) !== null,
    keptReasonApplies: ({ context }, status: RequestStatus) =>
      keptRequest(context) !== null && canAct('reject', status),
    keptBulk: ({ context }) => keptBulk(context) !== null,
    /** The kept bulk reason, while the rejection still applies to some of the requests. */
    keptBulkApplies: ({ context }, preview: PreviewOutcome) => keptBulk(context) !== null && preview.applies.reject > 0,
    conflict: (_, error: unknown) => requestConflictOf(error) !== null,
    cursorRefused: (_, error: unknown) => cursorRefused(error),
    applies: ({ context }, action: RequestAction) => (context.bulk.preview?.applies[action] ?? 0) > 0,
    bulkReady: ({ context }) =>
      context.bulk.action !== null && (context.bulk.action !== 'reject' || reasonOk(context.bulk.reason)),
  },
}).createMachine({
  id: 'researchRequests',
  context: ({ input }) => ({
    query: input.query,
    page: null,
    brokers: null,
    selected: [],
    openId: null,
    detail: null,
    action: null,
    reason: '',
    bulk: noBulk,
    notice: null,
    conflict: null,
    error: null,
    draft: input.draft,
  }),
  on: {
    // The URL changed under the list (Back, Forward, a link): that list, from its start.
    'query.set': {
      target: '.loading',
      actions: assign(({ event }) => ({
        query: event.query,
        openId: null,
        detail: null,
        action: null,
        bulk: noBulk,
        notice: null,
        conflict: null,
        error: null,
        draft: null,
      })),
    },
  },
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy', 'loading'],
      invoke: {
        id: 'listRequests',
        src: 'listRequests',
        input: ({ context }) => ({ query: context.query, withBrokers: context.brokers === null }),
        onDone: [
          // A reason was being typed before a reload: its request, or its bulk rejection, opens again.
          {
            guard: 'keptRequest',
            target: 'request',
            actions: assign(({ context, event }) => ({
              page: event.output.page,
              brokers: event.output.brokers ?? context.brokers,
              error: null,
              openId: keptRequest(context)!.request,
              detail: null,
            })),
          },
          {
            guard: 'keptBulk',
            target: 'bulk',
            actions: assign(({ context, event }) => {
              const kept = keptBulk(context)!;
              return {
                page: event.output.page,
                brokers: event.output.brokers ?? context.brokers,
                error: null,
                bulk: { ...noBulk, scope: kept.scope },
                selected: kept.scope === 'chosen' ? kept.requests : context.selected,
              };
            }),
          },
          {
            target: 'listed',
            actions: assign(({ context, event }) => ({
              page: event.output.page,
              brokers: event.output.brokers ?? context.brokers,
              error: null,
            })),
          },
        ],
        onError: list.onError,
      },
    },
    loadFailed: list.failed,
    listed: {
      tags: ['listed'],
      on: {
        'filters.apply': {
          target: 'loading',
          actions: assign(({ event }) => ({
            query: { filters: (event as E<'filters.apply'>).filters, cursor: '' },
            notice: null,
            error: null,
          })),
        },
        'page.next': list.turn('next', (context) => ({
          query: { ...context.query, cursor: context.page!.next_cursor! },
          notice: null,
        })),
        'page.prev': list.turn('prev', (context) => ({
          query: { ...context.query, cursor: context.page!.prev_cursor! },
          notice: null,
        })),
        'row.toggle': {
          guard: { type: 'canToggle', params: ({ event }) => event.row },
          actions: assign({
            selected: ({ context, event }) =>
              context.selected.some((s) => s.id === event.row.id)
                ? context.selected.filter((s) => s.id !== event.row.id)
                : [...context.selected, event.row],
          }),
        },
        'page.toggleAll': {
          guard: 'hasRows',
          actions: assign({
            selected: ({ context }) => {
              const rows = context.page!.items;
              const chosen = new Set(context.selected.map((s) => s.id));
              if (rows.every((r) => chosen.has(r.id)))
                return context.selected.filter((s) => !rows.some((r) => r.id === s.id));
              const added = rows.filter((r) => !chosen.has(r.id)).map((r) => ({ id: r.id, version: r.version }));
              return [...context.selected, ...added].slice(0, BULK_MAX);
            },
          }),
        },
        'selection.clear': { actions: assign({ selected: [] }) },
        'request.open': {
          target: 'request',
          actions: assign(({ event }) => ({
            openId: (event as E<'request.open'>).id,
            detail: null,
            notice: null,
            conflict: null,
            error: null,
          })),
        },
        'bulk.start': {
          guard: { type: 'bulkable', params: ({ event }) => event.scope },
          target: 'bulk',
          actions: assign(({ event }) => ({ bulk: { ...noBulk, scope: event.scope }, notice: null, error: null })),
        },
      },
    },
    request: {
      on: {
        // Back to the list, read again: the request (and others) may have moved.
        'request.close': {
          target: 'loading',
          actions: assign({ openId: null, detail: null, action: null, reason: '', conflict: null, error: null }),
        },
      },
      initial: 'loading',
      states: {
        loading: {
          tags: ['busy', 'requestLoading'],
          invoke: {
            id: 'loadRequest',
            src: 'loadRequest',
            input: ({ context }) => ({ id: context.openId! }),
            onDone: [
              // The kept reason, back in its dialog, while the request may still be rejected.
              {
                guard: { type: 'keptReasonApplies', params: ({ event }) => event.output.request.status },
                target: 'rejecting',
                actions: assign(({ context, event }) => ({
                  detail: event.output,
                  action: 'reject' as const,
                  reason: keptRequest(context)!.reason,
                  draft: null,
                })),
              },
              { target: 'shown', actions: assign({ detail: ({ event }) => event.output, draft: null }) },
            ],
            onError: {
              target: 'loadFailed',
              actions: assign({ error: ({ event }) => serverMessage(event.error), draft: null }),
            },
          },
        },
        loadFailed: {
          tags: ['requestLoadFailed'],
          on: { 'request.retry': { target: 'loading', actions: assign({ error: null }) } },
        },
        shown: {
          tags: ['requestShown'],
          on: {
            // Approving gives the user the broker's research: it asks first.
            'action.approve': {
              guard: 'mayApprove',
              target: 'approving',
              actions: assign({ action: 'approve' as const, notice: null, conflict: null, error: null }),
            },
            'action.send': {
              guard: 'maySend',
              target: 'acting',
              actions: assign({ action: 'send' as const, notice: null, conflict: null, error: null }),
            },
            'action.reject': {
              guard: 'mayReject',
              target: 'rejecting',
              actions: assign({ action: 'reject' as const, reason: '', notice: null, conflict: null, error: null }),
            },
          },
        },
        /** The question before an approval: who gets which broker's research; Cancel changes nothing. */
        approving: {
          tags: ['requestShown', 'approving'],
          on: {
            'approve.confirm': { target: 'acting' },
            'approve.cancel': { target: 'shown', actions: assign({ action: null }) },
          },
        },
        /** The reject dialog: the reason, then Reject. */
        rejecting: {
          tags: ['requestShown', 'rejecting'],
          on: {
            'reason.change': { actions: assign({ reason: ({ event }) => event.text }) },
            'reject.confirm': { guard: 'reasonOk', target: 'acting' },
            'reject.cancel': { target: 'shown', actions: assign({ action: null, reason: '' }) },
          },
        },
        acting: {
          tags: ['busy', 'requestShown', 'acting'],
          invoke: {
            id: 'actOn',
            src: 'actOn',
            input: actInput,
            onDone: {
              target: 'loading',
              actions: assign({ notice: ({ event }) => noticeOf(true, event.output.msg), action: null, reason: '' }),
            },
            onError: [
              // Someone else acted first: the request is read again as it is now, and that is said.
              {
                guard: { type: 'conflict', params: errorOf },
                target: 'loading',
                actions: assign({
                  conflict: ({ event }) => requestConflictOf(event.error)!.msg,
                  action: null,
                  reason: '',
                }),
              },
              {
                target: 'shown',
                actions: assign(({ context, event }) => ({
                  error: `The request was not ${REQUEST_ACTION_DONE[context.action!]}: ${serverMessage(event.error)}`,
                  action: null,
                })),
              },
            ],
          },
        },
      },
    },
    bulk: {
      on: {
        'bulk.cancel': { target: 'listed', actions: assign({ bulk: noBulk, error: null }) },
      },
      initial: 'previewing',
      states: {
        previewing: {
          tags: ['busy', 'previewing'],
          invoke: {
            id: 'previewBulk',
            src: 'previewBulk',
            input: ({ context }): PreviewInput =>
              context.bulk.scope === 'chosen'
                ? { kind: 'chosen', requests: context.selected }
                : { kind: 'matching', filters: context.query.filters },
            onDone: [
              // The kept reason, back in the rejection's confirmation.
              {
                guard: { type: 'keptBulkApplies', params: ({ event }) => event.output },
                target: 'confirming',
                actions: assign(({ context, event }) => ({
                  bulk: {
                    ...context.bulk,
                    preview: event.output,
                    action: 'reject' as const,
                    reason: keptBulk(context)!.reason,
                  },
                  error: null,
                  draft: null,
                })),
              },
              {
                target: 'previewed',
                actions: assign(({ context, event }) => ({
                  bulk: { ...context.bulk, preview: event.output },
                  error: null,
                  draft: null,
                })),
              },
            ],
            onError: {
              target: 'previewFailed',
              actions: assign({ error: ({ event }) => serverMessage(event.error), draft: null }),
            },
          },
        },
        previewFailed: {
          tags: ['previewFailed'],
          on: { 'bulk.retry': { target: 'previewing', actions: assign({ error: null }) } },
        },
        previewed: {
          tags: ['previewed'],
          on: {
            'bulk.pick': {
              guard: { type: 'applies', params: ({ event }) => event.action },
              target: 'confirming',
              actions: assign(({ context, event }) => ({
                bulk: { ...context.bulk, action: event.action, reason: '' },
                error: null,
              })),
            },
          },
        },
        /** Asks before the action is taken on the requests it applies to (a rejection with its reason). */
        confirming: {
          tags: ['previewed', 'confirming'],
          on: {
            'bulk.reason': {
              actions: assign(({ context, event }) => ({ bulk: { ...context.bulk, reason: event.text } })),
            },
            'bulk.confirm': { guard: 'bulkReady', target: 'applying' },
            'bulk.back': {
              target: 'previewed',
              actions: assign(({ context }) => ({ bulk: { ...context.bulk, action: null, reason: '' } })),
            },
          },
        },
        applying: {
          tags: ['busy', 'previewed', 'applying'],
          invoke: {
            id: 'applyBulk',
            src: 'applyBulk',
            input: ({ context }) => ({
              action: context.bulk.action!,
              requests: context.bulk.preview!.requests.map((r) => ({ id: r.id, version: r.version })),
              reason: context.bulk.reason,
            }),
            onDone: {
              target: 'reported',
              actions: assign(({ context, event }) => ({
                bulk: { ...context.bulk, report: event.output },
                selected: [],
              })),
            },
            onError: {
              target: 'confirming',
              actions: assign({ error: ({ event }) => `Nothing was changed: ${serverMessage(event.error)}` }),
            },
          },
        },
        /** What was done and what was left as it was (and why). */
        reported: {
          tags: ['reported'],
          on: {
            'bulk.close': {
              target: '#researchRequests.loading',
              actions: assign({
                bulk: noBulk,
                notice: ({ context }) => (context.bulk.report ? noticeOf(true, context.bulk.report.msg) : null),
              }),
            },
          },
        },
      },
    },
  },
});
