// Broker Domain Mappings (Broker Research tab, spec §2; decision 061): every mapping of an email
// domain to a broker, a page at a time by domain, searched by the start of a domain or a broker's
// name and filtered by broker (the query is the URL's). A mapping is added (a domain and a broker
// picked by name), edited from the version it was read at, or removed after a confirmation. A
// domain naming another broker is refused at the domain field, naming it; someone else's change in
// between is told with what is stored now, and saving again replaces theirs; a changed form asks
// before it is closed and comes back after a reload. A row's users open the users its domain
// recognises beside the list.
import { assign, fromPromise, setup } from 'xstate';
import { staleDomainMappingOf, type DomainMapping } from '../../../domain/broker-research-domain-mappings';
import { callStates } from '../../../machines/shared/call-state';
import { failureMessage, errorOf } from '../../../machines/shared/failure';
import { listStates } from '../../../machines/shared/list-states';
import { noticeOf } from '../../../machines/shared/notice';
import { refusalNotice } from '../../../machines/shared/save-outcome';
import type {
  DomainForm,
  DomainFormValues,
  DomainMappingsContext,
  DomainMappingsEvent,
  DomainMappingsInput,
  DomainQuery,
  FindOutcome,
  LoadOutcome,
  RemoveInput,
  RemoveOutcome,
  SaveInput,
  SaveOutcome,
  UsersOutcome,
} from './domain-mappings.types';

export const DOMAIN_FAILED = 'Something went wrong.';

const sameValues = (a: DomainFormValues, b: DomainFormValues) =>
  a.domain.trim() === b.domain.trim() && (a.broker?.id ?? null) === (b.broker?.id ?? null);
export const formChanged = (form: DomainForm | null) => form !== null && !sameValues(form.values, form.base);

const valuesOf = (m: DomainMapping): DomainFormValues => ({
  domain: m.domain,
  broker: { id: m.broker_id, name: m.broker_name },
});
const editFormOf = (m: DomainMapping): DomainForm => ({
  mode: 'edit',
  id: m.id,
  version: m.version,
  values: valuesOf(m),
  base: valuesOf(m),
});
const EMPTY: DomainFormValues = { domain: '', broker: null };

const withoutError = (errors: Record<string, string>, field: string) =>
  Object.fromEntries(Object.entries(errors).filter(([k]) => k !== field && k !== '_'));

/** A closed form and whatever it showed. */
const CLOSED = { form: null, brokerSearch: '', brokerChoices: null, serverErrors: {}, conflict: null } as const;

const list = listStates<DomainMappingsContext, DomainMappingsEvent>()({ retry: 'list.retry', failure: failureMessage });

const domainMappingsSetup = setup({
  types: { context: {} as DomainMappingsContext, events: {} as DomainMappingsEvent, input: {} as DomainMappingsInput },
  actors: {
    loadPage: fromPromise<LoadOutcome, DomainQuery>(() => Promise.reject(new Error('provide loadPage'))),
    findBrokers: fromPromise<FindOutcome, { text: string }>(() => Promise.reject(new Error('provide findBrokers'))),
    saveMapping: fromPromise<SaveOutcome, SaveInput>(() => Promise.reject(new Error('provide saveMapping'))),
    removeMapping: fromPromise<RemoveOutcome, RemoveInput>(() => Promise.reject(new Error('provide removeMapping'))),
    loadUsers: fromPromise<UsersOutcome, { domain: string }>(() => Promise.reject(new Error('provide loadUsers'))),
  },
  guards: {
    hasDraft: ({ context }) => context.draft !== null,
    changed: ({ context }) => formChanged(context.form),
    stale: (_, error: unknown) => staleDomainMappingOf(error)?.current != null,
    gone: (_, error: unknown) => staleDomainMappingOf(error) !== null,
  },
});

const calling = callStates(domainMappingsSetup);

export const domainMappingsMachine = domainMappingsSetup.createMachine({
  id: 'domainMappings',
  context: ({ input }) => ({
    query: input.query,
    trail: [],
    items: [],
    next: null,
    loaded: false,
    draft: input.draft,
    form: null,
    brokerSearch: '',
    brokerChoices: null,
    serverErrors: {},
    conflict: null,
    removing: null,
    recognised: null,
    error: null,
    notice: null,
  }),
  initial: 'loading',
  states: {
    loading: calling('loadPage', {
      input: ({ context }) => context.query,
      onDone: [
        {
          // A form kept from before a reload opens again over the list.
          guard: 'hasDraft',
          target: 'form',
          actions: assign(({ context, event }) => ({
            items: event.output.items,
            next: event.output.next,
            loaded: true,
            error: null,
            form: context.draft,
            draft: null,
          })),
        },
        {
          target: 'browsing',
          actions: assign(({ event }) => ({
            items: event.output.items,
            next: event.output.next,
            loaded: true,
            error: null,
          })),
        },
      ],
      onError: list.onError,
    }),
    failed: {
      on: {
        ...list.on,
        'query.set': {
          target: 'loading',
          actions: assign(({ event }) => ({ query: event.query, trail: [], notice: null, error: null })),
        },
      },
    },
    browsing: {
      on: {
        // A search, or the URL changed (Back, a link from another tab): that list from its first page.
        'query.set': {
          target: 'loading',
          actions: assign(({ event }) => ({ query: event.query, trail: [], notice: null })),
        },
        'page.next': {
          target: 'loading',
          actions: assign(({ context }) => ({
            trail: [...context.trail, context.query.cursor],
            query: { ...context.query, cursor: context.next ?? '' },
            notice: null,
          })),
        },
        'page.previous': {
          // Back a page; after a reload on a later page (no trail), to the first.
          target: 'loading',
          actions: assign(({ context }) => ({
            trail: context.trail.slice(0, -1),
            query: { ...context.query, cursor: context.trail.at(-1) ?? '' },
            notice: null,
          })),
        },
        'add.open': {
          target: 'form',
          actions: assign({
            form: () => ({ mode: 'add' as const, id: null, version: 0, values: EMPTY, base: EMPTY }),
            notice: null,
          }),
        },
        'edit.open': {
          target: 'form',
          actions: assign({ form: ({ event }) => editFormOf(event.mapping), notice: null }),
        },
        'remove.open': {
          target: 'confirmingRemove',
          actions: assign({ removing: ({ event }) => event.mapping, notice: null }),
        },
        'users.open': {
          target: 'recognised',
          actions: assign({
            recognised: ({ event }) => ({ mapping: event.mapping, users: null, error: null }),
            notice: null,
          }),
        },
      },
    },
    // The users a mapping recognises, beside the list.
    recognised: {
      initial: 'loading',
      on: { 'users.close': { target: 'browsing', actions: assign({ recognised: null }) } },
      states: {
        loading: calling('loadUsers', {
          input: ({ context }) => ({ domain: context.recognised!.mapping.domain }),
          onDone: {
            target: 'shown',
            actions: assign({
              recognised: ({ context, event }) => ({
                ...context.recognised!,
                users: event.output.items,
                more: event.output.next !== null,
              }),
            }),
          },
          onError: {
            target: 'failed',
            actions: assign({
              recognised: ({ context, event }) => ({ ...context.recognised!, error: failureMessage(event.error) }),
            }),
          },
        }),
        shown: {},
        failed: {
          on: {
            'users.retry': {
              target: 'loading',
              actions: assign({ recognised: ({ context }) => ({ ...context.recognised!, error: null }) }),
            },
          },
        },
      },
    },
    form: {
      initial: 'editing',
      states: {
        editing: {
          tags: ['form'],
          on: {
            'form.domain': {
              actions: assign(({ context, event }) => ({
                form: { ...context.form!, values: { ...context.form!.values, domain: event.value } },
                serverErrors: withoutError(context.serverErrors, 'domain'),
                notice: null,
              })),
            },
            'broker.find': { target: 'finding', actions: assign({ brokerSearch: ({ event }) => event.text }) },
            'broker.choose': {
              actions: assign(({ context, event }) => ({
                form: { ...context.form!, values: { ...context.form!.values, broker: event.broker } },
                brokerChoices: null,
                serverErrors: withoutError(context.serverErrors, 'broker_id'),
                notice: null,
              })),
            },
            'form.save': { target: 'saving', actions: assign({ serverErrors: {}, notice: null }) },
            'form.cancel': [
              { guard: 'changed', target: 'leaving' },
              { target: '#domainMappings.browsing', actions: assign({ ...CLOSED }) },
            ],
          },
        },
        finding: {
          tags: ['form'],
          invoke: {
            id: 'findBrokers',
            src: 'findBrokers',
            input: ({ context }) => ({ text: context.brokerSearch }),
            onDone: { target: 'editing', actions: assign({ brokerChoices: ({ event }) => event.output.items }) },
            onError: {
              target: 'editing',
              actions: assign(({ context, event }) => ({
                brokerChoices: [],
                serverErrors: {
                  ...context.serverErrors,
                  broker_id: `The brokers could not be searched. ${failureMessage(event.error)}`,
                },
              })),
            },
          },
        },
        leaving: {
          tags: ['form'],
          on: {
            'leave.confirm': { target: '#domainMappings.browsing', actions: assign({ ...CLOSED }) },
            'leave.stay': { target: 'editing' },
          },
        },
        saving: {
          tags: ['busy', 'form'],
          invoke: {
            id: 'saveMapping',
            src: 'saveMapping',
            input: ({ context }) => ({ form: context.form! }),
            onDone: {
              target: '#domainMappings.loading',
              actions: assign(({ event }) => ({ ...CLOSED, notice: noticeOf(true, event.output.msg) })),
            },
            onError: [
              {
                // Someone else changed it first: theirs is shown, the form keeps this person's, saving again replaces theirs.
                guard: { type: 'stale', params: errorOf },
                target: 'editing',
                actions: assign(({ context, event }) => {
                  const stale = staleDomainMappingOf(event.error)!;
                  const current = stale.current!;
                  return {
                    form: { ...context.form!, version: current.version, base: valuesOf(current) },
                    conflict: { msg: stale.msg, current },
                    notice: noticeOf(false, DOMAIN_FAILED),
                  };
                }),
              },
              {
                // Removed by someone else: nothing to save to; the list is read again.
                guard: { type: 'gone', params: errorOf },
                target: '#domainMappings.loading',
                actions: assign(({ event }) => ({
                  ...CLOSED,
                  notice: noticeOf(false, staleDomainMappingOf(event.error)!.msg),
                })),
              },
              {
                target: 'editing',
                actions: assign(({ event }) => refusalNotice(DOMAIN_FAILED, event.error)),
              },
            ],
          },
        },
      },
    },
    confirmingRemove: {
      on: {
        'remove.confirm': { target: 'removing' },
        'remove.cancel': { target: 'browsing', actions: assign({ removing: null }) },
      },
    },
    removing: calling('removeMapping', {
      input: ({ context }) => ({ id: context.removing!.id, version: context.removing!.version }),
      onDone: {
        target: 'loading',
        actions: assign(({ event }) => ({ removing: null, notice: noticeOf(true, event.output.msg) })),
      },
      onError: [
        {
          // Changed or removed by someone else since it was read: said, and the list read again.
          guard: { type: 'gone', params: errorOf },
          target: 'loading',
          actions: assign(({ event }) => ({
            removing: null,
            notice: noticeOf(false, staleDomainMappingOf(event.error)!.msg),
          })),
        },
        {
          target: 'confirmingRemove',
          actions: assign(({ event }) => ({
            notice: noticeOf(false, `${DOMAIN_FAILED} ${failureMessage(event.error)}`),
          })),
        },
      ],
    }),
  },
});
