// Restrict Broker (spec §2, §4 "Broker controls", §8; decision 047): pick an organization, then a
// user of it; the user's Requested Brokers and My Brokers load with the two switches. Rows are
// selected per list (Select All takes what the list's search shows); Add to My Brokers takes the
// requested rows selected, Delete from My Brokers the selected rows of My Brokers, and the two
// one-click actions take none. One action or one switch runs at a time; both lists then show the
// brokers the server answered. While Freeze My Brokers is on the four actions are off (the
// server refuses them too); the switches stay on, so the user can be unfrozen. The three actions
// that take brokers out of My Brokers ask first (confirming), naming what goes and how many.
// An address naming an organization (and a user of it) opens them at once (opening, a transient
// first state; the organization is read by its id, the user found among its users by theirs).
import { and, assign, fromPromise, setup } from 'xstate';
import { BROKER_MESSAGES, ONE_CLICK_ACTIONS, type BrokerAction } from '../../domain/brokers';
import { callStates } from '../../machines/shared/call-state';
import { refusalMessage } from '../../machines/shared/failure';
import { listStates } from '../../machines/shared/list-states';
import type {
  ActionOutcome,
  BrokerActionsContext,
  BrokerActionsEvent,
  BrokerActionsInput,
  BrokerNotice,
  EntityListReply,
  FlagName,
  FoundOrg,
  ListName,
  LoadedBrokers,
  SavedFlags,
} from './restrict-broker.types';

const EMPTY_LISTS = { my: [], requested: [] };
const NO_SELECTION = { my: [], requested: [] };
const NO_SEARCH = { my: '', requested: '' };
/** Nothing named by the address any more: what a person picks (or what was not found) replaces it. */
const NOT_OPENING = { org: null, user: null };
/** What another user empties: their lists, what was selected and searched in them, what was said. */
const NO_USER = {
  opening: NOT_OPENING,
  email: null,
  lists: EMPTY_LISTS,
  selected: NO_SELECTION,
  search: NO_SEARCH,
  notice: null,
  error: null,
};
/** What another organization empties besides: its users. */
const NO_ORG_USERS = { users: [], moreUsers: false, ...NO_USER };

/** Another user or organization picked, or the organization cleared: read again from there. */
const repick = {
  'user.pick': { target: '#brokerActions.loadingBrokers', actions: 'pickUser' },
  'org.pick': { target: '#brokerActions.loadingUsers', actions: 'pickOrg' },
  'org.clear': { target: '#brokerActions.noOrganization', actions: 'clearOrg' },
} as const;

/** The list whose selection an action takes; none for the one-click actions. */
export const listOfAction = (action: BrokerAction): ListName | null =>
  ONE_CLICK_ACTIONS.includes(action) ? null : action === 'add' ? 'requested' : 'my';

/** The actions that take brokers out of My Brokers: they ask before they run. */
export const ASKING_ACTIONS: readonly BrokerAction[] = ['remove_oa', 'overwrite_req', 'delete'];

/** What a failed call says: the server's own words for a refused input, else the failure. */
const failureNotice = (error: unknown, before = ''): BrokerNotice => ({
  tone: 'error',
  text: `${before}${refusalMessage(error)}`,
  detail: null,
});

/** The selected ids still in their list. */
const pruned = (selected: number[], list: { id: number }[]) => {
  const present = new Set(list.map((b) => b.id));
  return selected.filter((id) => present.has(id));
};

const orgs = listStates<BrokerActionsContext, BrokerActionsEvent>()({
  loading: 'findingOrg',
  failed: 'orgFailed',
  retry: 'org.retry',
  failure: (error) => failureNotice(error).text,
});
const users = listStates<BrokerActionsContext, BrokerActionsEvent>()({
  loading: 'loadingUsers',
  failed: 'usersFailed',
  retry: 'users.retry',
  failure: (error) => failureNotice(error).text,
});
const brokers = listStates<BrokerActionsContext, BrokerActionsEvent>()({
  loading: 'loadingBrokers',
  failed: 'brokersFailed',
  retry: 'brokers.retry',
  failure: (error) => failureNotice(error).text,
});

const brokerActionsSetup = setup({
  types: { context: {} as BrokerActionsContext, events: {} as BrokerActionsEvent, input: {} as BrokerActionsInput },
  actors: {
    findOrg: fromPromise<FoundOrg, { orgId: number }>(() => Promise.reject(new Error('provide findOrg'))),
    loadUsers: fromPromise<EntityListReply, { sfAccId: string }>(() => Promise.reject(new Error('provide loadUsers'))),
    loadBrokers: fromPromise<LoadedBrokers, { product: string; email: string }>(() =>
      Promise.reject(new Error('provide loadBrokers')),
    ),
    runAction: fromPromise<ActionOutcome, { product: string; email: string; action: BrokerAction; brokers: number[] }>(
      () => Promise.reject(new Error('provide runAction')),
    ),
    saveFlags: fromPromise<SavedFlags, { product: string; email: string; flag: FlagName; value: boolean }>(() =>
      Promise.reject(new Error('provide saveFlags')),
    ),
  },
  guards: {
    orgNamed: ({ context }) => context.opening.org !== null,
    orgFound: (_, found: FoundOrg) => found !== null,
    hasUsers: (_, reply: EntityListReply) => reply.user.length > 0,
    /** The user the address names is among the organization's. */
    userNamed: ({ context }, reply: EntityListReply) => reply.user.some((u) => u.id === context.opening.user),
    frozen: ({ context }) => context.flags.freeze,
    mayRun: ({ context, event }) => {
      if (event.type !== 'action.run') return false;
      const list = listOfAction(event.action);
      return list === null || context.selected[list].length > 0;
    },
    asks: ({ event }) => event.type === 'action.run' && ASKING_ACTIONS.includes(event.action),
  },
  actions: {
    pickOrg: assign(({ event }) => (event.type === 'org.pick' ? { org: event.org, ...NO_ORG_USERS } : {})),
    clearOrg: assign({ org: null, ...NO_ORG_USERS }),
    pickUser: assign(({ event }) => (event.type === 'user.pick' ? { ...NO_USER, email: event.email } : {})),
    setSearch: assign({
      search: ({ context, event }) =>
        event.type === 'search.change' ? { ...context.search, [event.list]: event.text } : context.search,
    }),
    toggleOne: assign({
      selected: ({ context, event }) => {
        if (event.type !== 'select.toggle') return context.selected;
        const list = context.selected[event.list];
        return {
          ...context.selected,
          [event.list]: list.includes(event.id) ? list.filter((id) => id !== event.id) : [...list, event.id],
        };
      },
    }),
    toggleAll: assign({
      selected: ({ context, event }) => {
        if (event.type !== 'select.all') return context.selected;
        const shown = new Set(event.ids);
        const others = context.selected[event.list].filter((id) => !shown.has(id));
        return { ...context.selected, [event.list]: event.on ? [...others, ...event.ids] : others };
      },
    }),
  },
});

const calling = callStates(brokerActionsSetup);

export const brokerActionsMachine = brokerActionsSetup.createMachine({
  id: 'brokerActions',
  context: ({ input }) => ({
    product: input.product,
    // A user is only looked for among the users of the organization the address names.
    opening: { org: input.orgId ?? null, user: input.orgId === undefined ? null : (input.userId ?? null) },
    org: null,
    users: [],
    moreUsers: false,
    email: null,
    lists: EMPTY_LISTS,
    flags: { auto_brm_update: true, freeze: false },
    selected: NO_SELECTION,
    search: NO_SEARCH,
    running: null,
    savingFlag: null,
    notice: null,
    error: null,
  }),
  initial: 'opening',
  states: {
    opening: { always: [{ guard: 'orgNamed', target: 'findingOrg' }, { target: 'noOrganization' }] },
    findingOrg: calling('findOrg', {
      input: ({ context }) => ({ orgId: context.opening.org ?? 0 }),
      onDone: [
        {
          guard: { type: 'orgFound', params: ({ event }) => event.output },
          target: 'loadingUsers',
          actions: assign({ org: ({ event }) => event.output }),
        },
        // No organization has that id (any more): the page starts empty.
        { target: 'noOrganization', actions: assign({ opening: NOT_OPENING }) },
      ],
      onError: orgs.onError,
    }),
    orgFailed: {
      on: {
        ...orgs.on,
        'org.pick': { target: 'loadingUsers', actions: 'pickOrg' },
      },
    },
    noOrganization: {
      on: { 'org.pick': { target: 'loadingUsers', actions: 'pickOrg' } },
    },
    loadingUsers: calling('loadUsers', {
      input: ({ context }) => ({ sfAccId: context.org?.salesforceId ?? '' }),
      onDone: [
        {
          guard: { type: 'userNamed', params: ({ event }) => event.output },
          target: 'loadingBrokers',
          actions: assign(({ context, event }) => ({
            users: event.output.user,
            moreUsers: event.output.more,
            email: event.output.user.find((u) => u.id === context.opening.user)!.key,
            opening: NOT_OPENING,
          })),
        },
        {
          guard: { type: 'hasUsers', params: ({ event }) => event.output },
          target: 'choosingUser',
          actions: assign({
            users: ({ event }) => event.output.user,
            moreUsers: ({ event }) => event.output.more,
            opening: NOT_OPENING,
          }),
        },
        { target: 'noUsers', actions: assign({ opening: NOT_OPENING }) },
      ],
      onError: users.onError,
    }),
    noUsers: {
      on: {
        'org.pick': { target: 'loadingUsers', actions: 'pickOrg' },
        'org.clear': { target: 'noOrganization', actions: 'clearOrg' },
      },
    },
    usersFailed: {
      on: {
        ...users.on,
        'org.pick': { target: 'loadingUsers', actions: 'pickOrg' },
        'org.clear': { target: 'noOrganization', actions: 'clearOrg' },
      },
    },
    choosingUser: {
      on: {
        'user.pick': { target: 'loadingBrokers', actions: 'pickUser' },
        'org.pick': { target: 'loadingUsers', actions: 'pickOrg' },
        'org.clear': { target: 'noOrganization', actions: 'clearOrg' },
      },
    },
    loadingBrokers: calling('loadBrokers', {
      input: ({ context }) => ({ product: context.product, email: context.email ?? '' }),
      onDone: {
        target: 'loaded',
        actions: assign({ lists: ({ event }) => event.output.lists, flags: ({ event }) => event.output.flags }),
      },
      onError: brokers.onError,
    }),
    brokersFailed: {
      on: {
        ...brokers.on,
        'user.pick': { target: 'loadingBrokers', actions: 'pickUser' },
        'org.pick': { target: 'loadingUsers', actions: 'pickOrg' },
        'org.clear': { target: 'noOrganization', actions: 'clearOrg' },
      },
    },
    loaded: {
      initial: 'settling',
      states: {
        // Ready or frozen, as the user's switches now say.
        settling: { always: [{ guard: 'frozen', target: 'frozen' }, { target: 'ready' }] },
        ready: {
          on: {
            'search.change': { actions: 'setSearch' },
            'select.toggle': { actions: 'toggleOne' },
            'select.all': { actions: 'toggleAll' },
            'action.run': [
              {
                guard: and(['mayRun', 'asks']),
                target: 'confirming',
                actions: assign({ running: ({ event }) => event.action, notice: null }),
              },
              {
                guard: 'mayRun',
                target: 'acting',
                actions: assign({ running: ({ event }) => event.action, notice: null }),
              },
            ],
            'flag.toggle': {
              target: 'savingFlags',
              actions: assign({ savingFlag: ({ event }) => event.flag, notice: null }),
            },
            ...repick,
          },
        },
        // The question before brokers leave My Brokers: Cancel changes nothing.
        confirming: {
          on: {
            'action.confirm': { target: 'acting' },
            'action.cancel': { target: 'ready', actions: assign({ running: null }) },
          },
        },
        frozen: {
          on: {
            'search.change': { actions: 'setSearch' },
            'flag.toggle': {
              target: 'savingFlags',
              actions: assign({ savingFlag: ({ event }) => event.flag, notice: null }),
            },
            ...repick,
          },
        },
        acting: calling('runAction', {
          input: ({ context }) => {
            const action = context.running ?? 'add';
            const list = listOfAction(action);
            return {
              product: context.product,
              email: context.email ?? '',
              action,
              brokers: list ? context.selected[list] : [],
            };
          },
          onDone: {
            target: 'settling',
            actions: assign(({ context, event }) => {
              const { status, msg, result, brokers, freeze } = event.output;
              return {
                running: null,
                lists: brokers,
                flags: { ...context.flags, freeze },
                // Done: the selection did its work. Refused: it stays for another try.
                selected: status
                  ? NO_SELECTION
                  : {
                      my: pruned(context.selected.my, brokers.my),
                      requested: pruned(context.selected.requested, brokers.requested),
                    },
                notice: status
                  ? { tone: 'info' as const, text: msg || BROKER_MESSAGES.actionDone, detail: result }
                  : { tone: 'error' as const, text: msg, detail: result || null },
              };
            }),
          },
          onError: {
            target: 'settling',
            actions: assign({
              running: null,
              notice: ({ event }) => failureNotice(event.error, 'Nothing was changed. '),
            }),
          },
        }),
        savingFlags: calling('saveFlags', {
          input: ({ context }) => {
            const flag = context.savingFlag ?? 'freeze';
            return { product: context.product, email: context.email ?? '', flag, value: !context.flags[flag] };
          },
          onDone: {
            target: 'settling',
            actions: assign(({ event }) => ({
              savingFlag: null,
              flags: { auto_brm_update: event.output.auto_brm_update, freeze: event.output.freeze },
              notice: { tone: 'info' as const, text: BROKER_MESSAGES.flagsSaved, detail: event.output.msg },
            })),
          },
          onError: {
            target: 'settling',
            actions: assign({ savingFlag: null, notice: ({ event }) => failureNotice(event.error, 'Not saved. ') }),
          },
        }),
      },
    },
  },
});
