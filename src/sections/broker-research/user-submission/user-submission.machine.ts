// Broker Research, User Submission (spec §2; decision 056): research users submitted, newest
// first a page at a time, filtered by status and title as the URL says; each row offers the
// review actions its status allows (SUBMISSION_ACTIONS): Start review, Publish, and Reject, which
// asks why first. An action is sent from the version the row was read at: done, the row shows
// its new status and who; someone else first, the row shows what they did and the person is told
// who; refused or not sent, said. A row keeps its place until the list is read again. A
// rejection being worded is kept across a reload (the `draft` input, decision 042): once the page
// is read, the same submission's dialog opens again with the reason typed, if it can still be rejected.
import { assign, fromPromise, setup } from 'xstate';
import { REASON_MAX } from '../../../domain/broker-research';
import {
  actionsFor,
  cursorText,
  decidedText,
  SUBMISSION_MESSAGES,
  staleSubmissionOf,
  type SubmissionItem,
} from '../../../domain/broker-research-user-submission';
import { callStates } from '../../../machines/shared/call-state';
import { refusalMessage, errorOf } from '../../../machines/shared/failure';
import { listStates } from '../../../machines/shared/list-states';
import { noticeOf } from '../../../machines/shared/notice';
import { reviewPageRead } from '../../../machines/shared/review-list';
import type {
  ActInput,
  ActOutcome,
  LoadOutcome,
  RejectDraft,
  ResearchSubmissionsContext,
  ResearchSubmissionsEvent,
  ResearchSubmissionsInput,
  SubmissionQuery,
} from './user-submission.types';

const replaced = (items: SubmissionItem[], item: SubmissionItem) => items.map((s) => (s.id === item.id ? item : s));
const sameQuery = (a: SubmissionQuery, b: SubmissionQuery) =>
  a.status === b.status && a.q === b.q && a.cursor === b.cursor;
/** The kept rejection's submission on the page read, when it can still be rejected. */
const draftTarget = (draft: RejectDraft | null, page: LoadOutcome) =>
  draft === null
    ? undefined
    : page.submissions.find((s) => s.id === draft.id && actionsFor(s.status).includes('reject'));
/** A reason the server takes: said, within REASON_MAX. */
export const reasonGiven = (text: string) => text.trim().length > 0 && text.trim().length <= REASON_MAX;

const pageRead = reviewPageRead<ResearchSubmissionsContext, ResearchSubmissionsEvent, LoadOutcome>();

const list = listStates<ResearchSubmissionsContext, ResearchSubmissionsEvent>()({
  retry: 'list.retry',
  failure: (error) => `${SUBMISSION_MESSAGES.listFailed} ${refusalMessage(error)}`,
});

const researchSubmissionsSetup = setup({
  types: {
    context: {} as ResearchSubmissionsContext,
    events: {} as ResearchSubmissionsEvent,
    input: {} as ResearchSubmissionsInput,
  },
  actors: {
    loadPage: fromPromise<LoadOutcome, SubmissionQuery>(() => Promise.reject(new Error('provide loadPage'))),
    act: fromPromise<ActOutcome, ActInput>(() => Promise.reject(new Error('provide act'))),
  },
  guards: {
    newQuery: ({ context, event }) => event.type === 'query.set' && !sameQuery(context.query, event.query),
    reasonGiven: ({ context }) => reasonGiven(context.rejecting?.reason ?? ''),
    stale: (_, error: unknown) => staleSubmissionOf(error) !== null,
    draftReopens: ({ context }, page: LoadOutcome) => draftTarget(context.draft, page) !== undefined,
  },
  actions: {
    setQuery: assign(({ event }) =>
      event.type === 'query.set' ? { query: event.query, notice: null, conflicts: {} } : {},
    ),
    showPage: assign((_, page: LoadOutcome) => ({
      items: page.submissions,
      next: page.next ? cursorText(page.next) : null,
      error: null,
      draft: null,
    })),
  },
});

const calling = callStates(researchSubmissionsSetup);

export const researchSubmissionsMachine = researchSubmissionsSetup.createMachine({
  id: 'researchSubmissions',
  context: ({ input }) => ({
    query: input.query,
    items: [],
    next: null,
    rejecting: null,
    draft: input.draft,
    acting: null,
    conflicts: {},
    notice: null,
    error: null,
  }),
  initial: 'loading',
  on: {
    // The URL moved (a filter, a page, Back): the list follows, whatever is on screen.
    'query.set': { guard: 'newQuery', target: '.loading', actions: ['setQuery', assign({ rejecting: null })] },
  },
  states: {
    loading: calling('loadPage', {
      input: ({ context }) => context.query,
      // A rejection kept across a reload: its dialog opens again with the reason typed.
      onDone: pageRead('rejecting', (context, page) => {
        const s = draftTarget(context.draft, page)!;
        return { rejecting: { id: s.id, title: s.title, reason: context.draft!.reason } };
      }),
      onError: list.onError,
    }),
    failed: list.failed,
    browsing: {
      on: {
        'submission.act': {
          target: 'acting',
          actions: assign(({ event }) => ({
            acting: { id: event.id, action: event.action, reason: null },
            notice: null,
          })),
        },
        'submission.reject': {
          target: 'rejecting',
          actions: assign(({ context, event }) => ({
            rejecting: { id: event.id, title: context.items.find((s) => s.id === event.id)?.title ?? '', reason: '' },
            notice: null,
          })),
        },
      },
    },
    rejecting: {
      on: {
        'reason.change': {
          actions: assign(({ context, event }) => ({ rejecting: { ...context.rejecting!, reason: event.text } })),
        },
        'reject.confirm': {
          guard: 'reasonGiven',
          target: 'acting',
          actions: assign(({ context }) => ({
            acting: { id: context.rejecting!.id, action: 'reject' as const, reason: context.rejecting!.reason.trim() },
            rejecting: null,
          })),
        },
        'reject.cancel': { target: 'browsing', actions: assign({ rejecting: null }) },
      },
    },
    acting: calling('act', {
      input: ({ context }) => {
        const a = context.acting!;
        return {
          id: a.id,
          action: a.action,
          reason: a.reason,
          version: context.items.find((s) => s.id === a.id)!.version,
        };
      },
      onDone: {
        target: 'browsing',
        actions: assign(({ context, event }) => ({
          items: replaced(context.items, event.output.submission),
          acting: null,
          notice: noticeOf(true, `${event.output.msg} ${event.output.submission.title}`),
        })),
      },
      onError: [
        {
          // Someone else moved it on first: the row shows what they did, and the person is told who.
          guard: { type: 'stale', params: errorOf },
          target: 'browsing',
          actions: assign(({ context, event }) => {
            const stale = staleSubmissionOf(event.error)!;
            return {
              items: replaced(context.items, stale.current),
              acting: null,
              conflicts: { ...context.conflicts, [stale.current.id]: `${decidedText(stale.current)} first.` },
              notice: noticeOf(false, stale.msg),
            };
          }),
        },
        {
          target: 'browsing',
          actions: assign(({ event }) => ({
            acting: null,
            notice: noticeOf(false, `Nothing was done. ${refusalMessage(event.error)}`),
          })),
        },
      ],
    }),
  },
});
