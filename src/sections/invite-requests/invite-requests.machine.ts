// Invite Request Users (spec §2; decision 064): the requests newest first a page at a time, by
// status and search as the URL says, each open one naming its duplicate. A row offers what its
// status allows: Approve (a form with the create form's step one settings; the server's words
// shown at their fields), Reject (asks why) and, once approved, Send invitation again. Open rows
// can be ticked and approved together with one set of settings after a preview of what each
// would become. Every action is sent from the version the row was read at: someone else first,
// the row shows what they did and the person is told who. An approval being filled in is kept
// across a reload (the `draft` input, decision 042) and reopens on its request while it is open.
import { assign, fromPromise, setup, type DoneActorEvent, type ErrorActorEvent, type EventObject } from 'xstate';
import {
  canActOnInvite,
  INVITE_MESSAGES,
  inviteCursorText,
  inviteDecidedText,
  INVITE_REASON_MAX,
  MAX_BULK_APPROVE,
  staleInviteOf,
  type InviteRequestItem,
} from '../../domain/invite-requests';
import { fieldRefusalOf } from '../../domain/field-errors';
import { callStates } from '../../machines/shared/call-state';
import { failureMessage, refusalMessage, errorOf } from '../../machines/shared/failure';
import { noticeOf } from '../../machines/shared/notice';
import { reviewPageRead } from '../../machines/shared/review-list';
import type {
  ActOutcome,
  ApproveDraft,
  BulkOutcomeReply,
  InviteQuery,
  InviteReviewContext,
  InviteReviewEvent,
  InviteReviewInput,
  LoadOutcome,
  Options,
  SettingsDraft,
} from './invite-requests.types';
import { refusedFields } from '../../machines/shared/save-outcome';
import { listStates } from '../../machines/shared/list-states';

const replaced = (items: InviteRequestItem[], item: InviteRequestItem) =>
  items.map((r) => (r.id === item.id ? item : r));
const sameQuery = (a: InviteQuery, b: InviteQuery) => a.status === b.status && a.q === b.q && a.cursor === b.cursor;
export const reasonGiven = (text: string) => text.trim().length > 0 && text.trim().length <= INVITE_REASON_MAX;

/** The form's first values: the request's matched organization, a trial user, the first owner offered (the person's choices to change). */
export function freshSettings(options: Options | null, org: { id: number; name: string } | null): SettingsDraft {
  return {
    organization_id: org ? String(org.id) : '',
    organization_name: org?.name ?? '',
    user_type: options?.user_types.includes('trial') ? 'trial' : (options?.user_types[0] ?? ''),
    user_category: 'general',
    owner: options?.owners[0]?.key ?? '',
    product_configuration: options?.default_configuration ?? '',
    data_plan: [],
    expiry_dt: '',
    send_invitation: true,
  };
}
const draftTarget = (draft: ApproveDraft | null, page: LoadOutcome) =>
  draft === null ? undefined : page.list.requests.find((r) => r.id === draft.id && canActOnInvite('approve', r.status));
const pickOf = (items: InviteRequestItem[], ids: number[]) =>
  ids.map((id) => ({ id, version: items.find((r) => r.id === id)?.version ?? 0 }));

type EventOf<T extends InviteReviewEvent['type']> = Extract<InviteReviewEvent, { type: T }>;
/** A change of the context made by one of the machine's events (or an invoke's answer), typed as it arrives. */
const change = <Ev extends EventObject>(
  changes: (context: InviteReviewContext, event: Ev) => Partial<InviteReviewContext>,
) =>
  assign<InviteReviewContext, Ev, undefined, InviteReviewEvent, never>(({ context, event }) => changes(context, event));

/** The step one settings being filled in, the same in an approval and a bulk approval: each field, the data plan, the invitation, and the organization typed (then searched). */
const settingsEvents = {
  'field.set': {
    actions: change<EventOf<'field.set'>>((context, event) => ({
      settings: { ...context.settings, [event.field]: event.value },
      fieldErrors: { ...context.fieldErrors, [event.field]: '' },
    })),
  },
  'plan.set': {
    actions: change<EventOf<'plan.set'>>((context, event) => ({
      settings: { ...context.settings, data_plan: event.items },
    })),
  },
  'invitation.set': {
    actions: change<EventOf<'invitation.set'>>((context, event) => ({
      settings: { ...context.settings, send_invitation: event.send },
    })),
  },
  'org.find': {
    target: 'finding',
    actions: change<EventOf<'org.find'>>((context, event) => ({
      settings: { ...context.settings, organization_name: event.text },
    })),
  },
};

/** The organizations searched by the name typed, back to the form with the choices or why not. */
const findingOrganizations = {
  tags: ['busy'],
  invoke: {
    id: 'findOrganizations',
    src: 'findOrganizations',
    input: ({ context }: { context: InviteReviewContext }) => ({ text: context.settings.organization_name }),
    onDone: {
      target: 'editing',
      actions: change<DoneActorEvent<Options>>((_, event) => ({ orgChoices: event.output.organizations })),
    },
    onError: {
      target: 'editing',
      actions: change<ErrorActorEvent>((_, event) => ({
        fieldErrors: {
          organization_id: `The organizations could not be searched. ${refusalMessage(event.error)}`,
        },
      })),
    },
  },
} as const;

/** The request an action is about, at the version it was read. */
const rowAt = (context: InviteReviewContext) => ({
  id: context.target!,
  version: context.items.find((r) => r.id === context.target)!.version,
});
/** An action done: the row as it is now, and what the server said. */
const actedOn = { type: 'done', params: ({ event }: { event: { output: ActOutcome } }) => event.output } as const;
/** Someone else acted on the row first. */
const staleFirst = { type: 'stale', params: errorOf } as const;
/** A dialog's action done: back to the list, the row as it is now. */
const doneToList = { target: '#inviteReview.browsing', actions: actedOn } as const;
/** A dialog's action refused at its fields: the dialog stays, with the server's words at them. */
const refusedInDialog = { target: 'editing', actions: { type: 'fieldRefusal', params: errorOf } } as const;

const pageRead = reviewPageRead<InviteReviewContext, InviteReviewEvent, LoadOutcome>();

const list = listStates<InviteReviewContext, InviteReviewEvent>()({
  retry: 'list.retry',
  failure: (error) => `${INVITE_MESSAGES.listFailed} ${refusalMessage(error)}`,
});

const inviteReviewSetup = setup({
  types: { context: {} as InviteReviewContext, events: {} as InviteReviewEvent, input: {} as InviteReviewInput },
  actors: {
    loadPage: fromPromise<LoadOutcome, InviteQuery>(() => Promise.reject(new Error('provide loadPage'))),
    findOrganizations: fromPromise<Options, { text: string }>(() =>
      Promise.reject(new Error('provide findOrganizations')),
    ),
    approve: fromPromise<ActOutcome, { id: number; version: number; settings: SettingsDraft }>(() =>
      Promise.reject(new Error('provide approve')),
    ),
    reject: fromPromise<ActOutcome, { id: number; version: number; reason: string }>(() =>
      Promise.reject(new Error('provide reject')),
    ),
    resend: fromPromise<ActOutcome, { id: number; version: number }>(() => Promise.reject(new Error('provide resend'))),
    bulkApprove: fromPromise<
      BulkOutcomeReply,
      { requests: { id: number; version: number }[]; settings: SettingsDraft; preview: boolean }
    >(() => Promise.reject(new Error('provide bulkApprove'))),
  },
  guards: {
    newQuery: ({ context, event }) => event.type === 'query.set' && !sameQuery(context.query, event.query),
    reasonGiven: ({ context }) => reasonGiven(context.reason),
    anySelected: ({ context }) => context.selected.length > 0,
    stale: (_, error: unknown) => staleInviteOf(error) !== null,
    refusedFields,
    draftReopens: ({ context }, page: LoadOutcome) => draftTarget(context.draft, page) !== undefined,
  },
  actions: {
    showPage: assign((_, page: LoadOutcome) => ({
      items: page.list.requests,
      next: page.list.next ? inviteCursorText(page.list.next) : null,
      options: page.options,
      error: null,
      draft: null,
    })),
    staleRow: assign(({ context }, error: unknown) => {
      const stale = staleInviteOf(error)!;
      return {
        items: replaced(context.items, stale.current),
        target: null,
        selected: context.selected.filter((id) => id !== stale.current.id),
        conflicts: { ...context.conflicts, [stale.current.id]: `${inviteDecidedText(stale.current)} first.` },
        notice: noticeOf(false, stale.msg),
      };
    }),
    done: assign(({ context }, out: ActOutcome) => ({
      items: replaced(context.items, out.request),
      target: null,
      selected: context.selected.filter((id) => id !== out.request.id),
      reason: '',
      fieldErrors: {},
      notice: noticeOf(true, out.msg),
    })),
    fieldRefusal: assign((_, error: unknown) => {
      const refusal = fieldRefusalOf(error);
      return {
        fieldErrors: refusal
          ? { ...refusal.fields, _: refusal.msg }
          : { _: `Nothing was done. ${failureMessage(error)}` },
      };
    }),
  },
});

const calling = callStates(inviteReviewSetup);

export const inviteReviewMachine = inviteReviewSetup.createMachine({
  id: 'inviteReview',
  context: ({ input }) => ({
    query: input.query,
    items: [],
    next: null,
    options: null,
    selected: [],
    target: null,
    settings: freshSettings(null, null),
    orgChoices: [],
    fieldErrors: {},
    reason: '',
    draft: input.draft,
    report: null,
    reportMsg: null,
    conflicts: {},
    notice: null,
    error: null,
  }),
  initial: 'loading',
  on: {
    // The URL moved (a filter, a page, Back): the list follows, whatever is on screen.
    'query.set': {
      guard: 'newQuery',
      target: '.loading',
      actions: assign(({ event }) => ({ query: event.query, notice: null, conflicts: {}, selected: [], target: null })),
    },
  },
  states: {
    loading: calling('loadPage', {
      input: ({ context }) => context.query,
      // An approval kept across a reload: its form opens again with what was chosen.
      onDone: pageRead('approving', (context) => ({
        target: context.draft!.id,
        settings: context.draft!.settings,
        fieldErrors: {},
      })),
      onError: list.onError,
    }),
    failed: list.failed,
    browsing: {
      on: {
        'request.toggle': {
          actions: assign(({ context, event }) => ({
            selected: context.selected.includes(event.id)
              ? context.selected.filter((id) => id !== event.id)
              : [...context.selected, event.id].slice(0, MAX_BULK_APPROVE),
          })),
        },
        'approve.open': {
          target: 'approving',
          actions: assign(({ context, event }) => {
            const r = context.items.find((i) => i.id === event.id);
            return {
              target: event.id,
              settings: freshSettings(context.options, r?.organization ?? null),
              orgChoices: r?.organization ? [r.organization] : [],
              fieldErrors: {},
              notice: null,
            };
          }),
        },
        'reject.open': {
          target: 'rejecting',
          actions: assign(({ event }) => ({ target: event.id, reason: '', notice: null })),
        },
        resend: { target: 'resending', actions: assign(({ event }) => ({ target: event.id, notice: null })) },
        'bulk.open': {
          guard: 'anySelected',
          target: 'bulk',
          // The organization the first chosen request was matched to, if any, to confirm or change.
          actions: assign(({ context }) => {
            const org = context.items.find((r) => r.id === context.selected[0])?.organization ?? null;
            return {
              target: null,
              settings: freshSettings(context.options, org),
              orgChoices: org ? [org] : [],
              fieldErrors: {},
              report: null,
              reportMsg: null,
              notice: null,
            };
          }),
        },
      },
    },
    approving: {
      initial: 'editing',
      on: { 'form.cancel': { target: 'browsing', actions: assign({ target: null, fieldErrors: {} }) } },
      states: {
        editing: {
          on: {
            ...settingsEvents,
            'approve.send': { target: 'sending' },
          },
        },
        finding: findingOrganizations,
        sending: calling('approve', {
          input: ({ context }) => ({
            ...rowAt(context),
            settings: context.settings,
          }),
          onDone: doneToList,
          onError: [
            {
              guard: staleFirst,
              target: '#inviteReview.browsing',
              actions: { type: 'staleRow', params: errorOf },
            },
            refusedInDialog,
          ],
        }),
      },
    },
    rejecting: {
      initial: 'editing',
      on: { 'form.cancel': { target: 'browsing', actions: assign({ target: null, reason: '' }) } },
      states: {
        editing: {
          on: {
            'reason.change': { actions: assign(({ event }) => ({ reason: event.text })) },
            'reject.send': { guard: 'reasonGiven', target: 'sending' },
          },
        },
        sending: calling('reject', {
          input: ({ context }) => ({
            ...rowAt(context),
            reason: context.reason.trim(),
          }),
          onDone: doneToList,
          onError: [
            {
              guard: staleFirst,
              target: '#inviteReview.browsing',
              actions: [{ type: 'staleRow', params: errorOf }, assign({ reason: '' })],
            },
            refusedInDialog,
          ],
        }),
      },
    },
    resending: calling('resend', {
      input: ({ context }) => rowAt(context),
      onDone: {
        target: 'browsing',
        actions: actedOn,
      },
      onError: [
        {
          guard: staleFirst,
          target: 'browsing',
          actions: { type: 'staleRow', params: errorOf },
        },
        {
          target: 'browsing',
          actions: assign(({ event }) => ({
            target: null,
            notice: noticeOf(false, `Nothing was sent. ${refusalMessage(event.error)}`),
          })),
        },
      ],
    }),
    bulk: {
      initial: 'editing',
      on: {
        'form.cancel': { target: 'browsing', actions: assign({ fieldErrors: {}, report: null, reportMsg: null }) },
      },
      states: {
        editing: {
          on: {
            ...settingsEvents,
            'bulk.preview': { target: 'previewing' },
          },
        },
        finding: findingOrganizations,
        previewing: {
          tags: ['busy'],
          invoke: {
            id: 'bulkPreview',
            src: 'bulkApprove',
            input: ({ context }) => ({
              requests: pickOf(context.items, context.selected),
              settings: context.settings,
              preview: true,
            }),
            onDone: {
              target: 'previewed',
              actions: assign(({ event }) => ({
                report: event.output.outcomes,
                reportMsg: event.output.msg,
                fieldErrors: {},
              })),
            },
            onError: {
              target: 'editing',
              actions: { type: 'fieldRefusal', params: errorOf },
            },
          },
        },
        previewed: {
          on: {
            'bulk.confirm': { target: 'sending' },
            'bulk.back': { target: 'editing', actions: assign({ report: null, reportMsg: null }) },
          },
        },
        sending: calling('bulkApprove', {
          input: ({ context }) => ({
            requests: pickOf(context.items, context.selected),
            settings: context.settings,
            preview: false,
          }),
          onDone: {
            target: 'done',
            actions: assign(({ event }) => ({
              report: event.output.outcomes,
              reportMsg: event.output.msg,
              selected: [],
            })),
          },
          onError: {
            target: 'editing',
            actions: [assign({ report: null, reportMsg: null }), { type: 'fieldRefusal', params: errorOf }],
          },
        }),
        done: {
          // The list is read again: the approved rows have moved on.
          on: {
            'bulk.close': {
              target: '#inviteReview.loading',
              actions: assign(({ context }) => ({
                notice: noticeOf(true, context.reportMsg ?? ''),
                report: null,
                reportMsg: null,
              })),
            },
          },
        },
      },
    },
  },
});
