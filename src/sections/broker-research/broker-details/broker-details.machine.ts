// Broker Details (Broker Research tab, spec §2, §7; decision 059): one broker's record, the broker
// of the URL, or a searchable picker without one. The record shows its names, distributors, sales
// contacts, MiFID II status, linked brokers and entitlements; one form at a time changes it (the
// mifid update, a sales contact added or edited, a broker linked, distributor info), and a contact
// or a link is removed after a question. Every change names the broker's version; someone else's
// change in between is said, with the record as stored now, and saving again applies this
// person's. A refusal shows at its field; a changed form comes back after a reload.
import { assign, fromPromise, setup } from 'xstate';
import { staleBrokerOf, type BrokerChange } from '../../../domain/broker-research-brokers';
import { callStates } from '../../../machines/shared/call-state';
import { errorOf, failureMessage, refusalMessage } from '../../../machines/shared/failure';
import { noticeOf } from '../../../machines/shared/notice';
import { NOTHING_ANSWERED, refusalNotice } from '../../../machines/shared/save-outcome';
import type {
  BrokerDetailsContext,
  BrokerDetailsEvent,
  BrokerDetailsInput,
  ChangeInput,
  ChangeOutcome,
  DetailsForm,
  FindOutcome,
  FormField,
  FormValues,
  LoadOutcome,
} from './broker-details.types';

export const DETAILS_FAILED = 'Something went wrong.';
/** How many brokers a search shows. */
export const FIND_LIMIT = 20;

export const formChanged = (form: DetailsForm | null) =>
  form !== null && JSON.stringify(form.values) !== JSON.stringify(form.base);
/** The form can be sent: changed, a link form with a broker chosen, a contact with a name and an email. */
export function formReady(form: DetailsForm | null): boolean {
  if (!formChanged(form)) return false;
  const values = form!.values;
  if (values.kind === 'link') return values.linked !== null;
  if (values.kind === 'contact') return values.name.trim() !== '' && values.email.trim() !== '';
  if (values.kind === 'distributor') return values.code.trim() !== '';
  return true;
}

/** The request of a form. */
export function changeOf(values: FormValues): BrokerChange {
  switch (values.kind) {
    case 'mifid':
      return { kind: 'mifid', mifid_status: values.mifid_status };
    case 'contact': {
      const { name, email, phone, region } = values;
      return values.contact === null
        ? { kind: 'contact.add', name, email, phone, region }
        : { kind: 'contact.edit', contact: values.contact, name, email, phone, region };
    }
    case 'link':
      return { kind: 'link', linked_broker: values.linked!.id };
    case 'distributor':
      return { kind: 'distributor', dist: values.dist, code: values.code, active: values.active };
  }
}

function withField(values: FormValues, field: FormField, value: string): FormValues {
  return field in values ? ({ ...values, [field]: value } as FormValues) : values;
}

const withoutError = (errors: Record<string, string>, ...fields: string[]) =>
  Object.fromEntries(Object.entries(errors).filter(([k]) => !fields.includes(k) && k !== '_'));
/** Nothing open: no form, no question, no search. */
const CLOSED = { form: null, removal: null, search: '', found: null, serverErrors: {}, conflict: null } as const;

const brokerDetailsSetup = setup({
  types: { context: {} as BrokerDetailsContext, events: {} as BrokerDetailsEvent, input: {} as BrokerDetailsInput },
  actors: {
    loadDetails: fromPromise<LoadOutcome, { broker: number }>(() => Promise.reject(new Error('provide loadDetails'))),
    findBrokers: fromPromise<FindOutcome, { text: string }>(() => Promise.reject(new Error('provide findBrokers'))),
    changeBroker: fromPromise<ChangeOutcome, ChangeInput>(() => Promise.reject(new Error('provide changeBroker'))),
  },
  guards: {
    hasBroker: ({ context }) => context.broker !== null,
    draftHere: ({ context }) => context.draft !== null && context.draft.broker === context.broker,
    stale: (_, error: unknown) => staleBrokerOf(error) !== null,
  },
});

const calling = callStates(brokerDetailsSetup);

export const brokerDetailsMachine = brokerDetailsSetup.createMachine({
  id: 'brokerDetails',
  context: ({ input }) => ({
    broker: input.broker,
    details: null,
    search: '',
    found: null,
    form: null,
    draft: input.draft,
    removal: null,
    ...NOTHING_ANSWERED,
  }),
  initial: 'start',
  on: {
    // The URL names another broker (the picker, Back, a link from another tab), or none.
    'broker.open': {
      target: '.loading',
      actions: assign(({ event }) => ({ ...CLOSED, broker: event.broker, details: null, notice: null, error: null })),
    },
    'broker.close': {
      target: '.choosing',
      actions: assign({ ...CLOSED, broker: null, details: null, notice: null, error: null }),
    },
  },
  states: {
    start: { always: [{ guard: 'hasBroker', target: 'loading' }, { target: 'choosing' }] },
    choosing: {
      on: {
        'search.find': { target: 'finding', actions: assign({ search: ({ event }) => event.text, notice: null }) },
      },
    },
    finding: calling('findBrokers', {
      input: ({ context }) => ({ text: context.search }),
      onDone: {
        target: 'choosing',
        actions: assign({ found: ({ event }) => event.output.brokers.map((b) => ({ id: b.id, name: b.name })) }),
      },
      onError: {
        target: 'choosing',
        actions: assign(({ event }) => ({
          found: null,
          notice: noticeOf(false, `The brokers could not be searched. ${failureMessage(event.error)}`),
        })),
      },
    }),
    loading: calling('loadDetails', {
      input: ({ context }) => ({ broker: context.broker! }),
      onDone: [
        {
          // A form kept from before a reload opens again over the record.
          guard: 'draftHere',
          target: 'editing',
          actions: assign(({ context, event }) => ({
            details: event.output.details,
            form: context.draft,
            draft: null,
            error: null,
          })),
        },
        { target: 'viewing', actions: assign(({ event }) => ({ details: event.output.details, error: null })) },
      ],
      onError: { target: 'failed', actions: assign({ error: ({ event }) => failureMessage(event.error) }) },
    }),
    failed: {
      on: { 'details.retry': { target: 'loading', actions: assign({ error: null }) } },
    },
    viewing: {
      on: {
        'form.open': {
          target: 'editing',
          actions: assign(({ context, event }) => ({
            ...CLOSED,
            notice: null,
            form: {
              broker: context.broker!,
              version: context.details!.broker.version,
              values: event.values,
              base: event.values,
            },
          })),
        },
        'remove.open': {
          target: 'confirming',
          actions: assign({ removal: ({ event }) => event.removal, notice: null, conflict: null }),
        },
      },
    },
    editing: {
      tags: ['form'],
      on: {
        'form.field': {
          actions: assign(({ context, event }) => ({
            form: { ...context.form!, values: withField(context.form!.values, event.field, event.value) },
            serverErrors: withoutError(context.serverErrors, event.field),
            notice: null,
          })),
        },
        'form.active': {
          actions: assign(({ context, event }) => ({
            form:
              context.form!.values.kind === 'distributor'
                ? { ...context.form!, values: { ...context.form!.values, active: event.value } }
                : context.form,
            serverErrors: withoutError(context.serverErrors, 'active'),
            notice: null,
          })),
        },
        // The link form's broker search.
        'search.find': { target: 'searching', actions: assign({ search: ({ event }) => event.text, notice: null }) },
        'link.choose': {
          actions: assign(({ context, event }) => ({
            form: { ...context.form!, values: { kind: 'link' as const, linked: event.broker } },
            found: null,
            serverErrors: withoutError(context.serverErrors, 'linked_broker'),
            notice: null,
          })),
        },
        'form.save': { target: 'saving', actions: assign({ serverErrors: {}, notice: null }) },
        'form.cancel': { target: 'viewing', actions: assign({ ...CLOSED, notice: null }) },
      },
    },
    searching: {
      tags: ['form', 'busy'],
      invoke: {
        id: 'findBrokers',
        src: 'findBrokers',
        input: ({ context }) => ({ text: context.search }),
        onDone: {
          target: 'editing',
          // The broker itself is never offered.
          actions: assign({
            found: ({ context, event }) =>
              event.output.brokers.filter((b) => b.id !== context.broker).map((b) => ({ id: b.id, name: b.name })),
          }),
        },
        onError: {
          target: 'editing',
          actions: assign(({ event }) => ({
            found: null,
            notice: noticeOf(false, `The brokers could not be searched. ${failureMessage(event.error)}`),
          })),
        },
      },
    },
    saving: {
      tags: ['form', 'busy'],
      invoke: {
        id: 'changeBroker',
        src: 'changeBroker',
        input: ({ context }) => ({
          broker: context.broker!,
          version: context.form!.version,
          change: changeOf(context.form!.values),
        }),
        onDone: {
          target: 'viewing',
          actions: assign(({ event }) => ({
            ...CLOSED,
            details: event.output.details,
            notice: noticeOf(true, event.output.msg),
          })),
        },
        onError: [
          {
            // Someone else changed the broker first: the record now shows, the form keeps this person's, saving again applies it.
            guard: { type: 'stale', params: errorOf },
            target: 'editing',
            actions: assign(({ context, event }) => {
              const stale = staleBrokerOf(event.error)!;
              return {
                details: stale.details,
                form: { ...context.form!, version: stale.details.broker.version },
                conflict: stale.msg,
                notice: noticeOf(false, DETAILS_FAILED),
              };
            }),
          },
          {
            target: 'editing',
            actions: assign(({ event }) => refusalNotice(DETAILS_FAILED, event.error)),
          },
        ],
      },
    },
    confirming: {
      on: {
        'remove.confirm': { target: 'removing' },
        'remove.cancel': { target: 'viewing', actions: assign({ removal: null }) },
      },
    },
    removing: calling('changeBroker', {
      input: ({ context }) => {
        const r = context.removal!;
        const change: BrokerChange =
          r.kind === 'unlink'
            ? { kind: 'unlink', linked_broker: r.linked_broker }
            : { kind: 'contact.remove', contact: r.contact };
        return { broker: context.broker!, version: context.details!.broker.version, change };
      },
      onDone: {
        target: 'viewing',
        actions: assign(({ event }) => ({
          removal: null,
          details: event.output.details,
          notice: noticeOf(true, event.output.msg),
        })),
      },
      onError: [
        {
          // Changed meanwhile: the record now shows; the person looks again before removing.
          guard: { type: 'stale', params: errorOf },
          target: 'viewing',
          actions: assign(({ event }) => {
            const stale = staleBrokerOf(event.error)!;
            return {
              removal: null,
              details: stale.details,
              conflict: stale.msg,
              notice: noticeOf(false, DETAILS_FAILED),
            };
          }),
        },
        {
          target: 'confirming',
          actions: assign(({ event }) => ({
            notice: noticeOf(false, `${DETAILS_FAILED} ${refusalMessage(event.error)}`),
          })),
        },
      ],
    }),
  },
});
