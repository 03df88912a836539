// Group ManagementV2's browser (spec §2; decision 049): every group of the platform, searched by
// name and narrowed to one organization, 50 a page with More groups (a keyset cursor); a group
// opened shows its members (up to 10,000, filtered in the page, drawn virtualised) and takes one
// out after a confirmation. The bulk membership upload is its own machine beside it.
import { assign, fromPromise, setup } from 'xstate';
import type {
  GroupBrowserContext,
  GroupBrowserEvent,
  GroupBrowserInput,
  MembersOutcome,
  RemoveOutcome,
  SearchInput,
  SearchOutcome,
} from './groups-v2.types';
import { serverMessage } from '../../machines/shared/failure';
import { listStates } from '../../machines/shared/list-states';

type E<T extends GroupBrowserEvent['type']> = Extract<GroupBrowserEvent, { type: T }>;

const searchInput = ({ context }: { context: GroupBrowserContext }): SearchInput => ({
  query: context.query.trim(),
  organizationId: context.organization?.org_id ?? null,
  after: null,
});

// A page of groups (the first or the next) that fails leads to one failed search, retried from page 1.
const list = listStates<GroupBrowserContext, GroupBrowserEvent>()({
  loading: 'searching',
  failed: 'searchFailed',
  retry: 'list.retry',
  retried: null,
  failure: serverMessage,
});

const members = listStates<GroupBrowserContext, GroupBrowserEvent>()({
  failed: 'loadFailed',
  failedTags: ['groupLoadFailed'],
  retry: 'group.retry',
  failure: serverMessage,
});

export const groupBrowserMachine = setup({
  types: {
    context: {} as GroupBrowserContext,
    events: {} as GroupBrowserEvent,
    input: {} as GroupBrowserInput | undefined,
  },
  actors: {
    searchGroups: fromPromise<SearchOutcome, SearchInput>(() => Promise.reject(new Error('provide searchGroups'))),
    loadMembers: fromPromise<MembersOutcome, { groupId: number }>(() =>
      Promise.reject(new Error('provide loadMembers')),
    ),
    removeMember: fromPromise<RemoveOutcome, { groupId: number; userId: number }>(() =>
      Promise.reject(new Error('provide removeMember')),
    ),
  },
  guards: {
    hasNext: ({ context }) => context.next !== null,
    groupNamed: ({ context }) => context.group !== null,
    removed: (_, reply: RemoveOutcome) => reply.status,
  },
}).createMachine({
  id: 'groupBrowser',
  context: ({ input }) => ({
    query: input?.query ?? '',
    organization: null,
    searched: { query: '', organization: null },
    groups: [],
    next: null,
    // A group the address names opens at once; its members' read says what it is.
    group:
      input?.groupId === undefined
        ? null
        : {
            id: input.groupId,
            name: `Group #${input.groupId}`,
            kind: '',
            organization_id: null,
            organization: null,
            members: 0,
          },
    members: [],
    truncated: false,
    filter: '',
    removing: null,
    notice: null,
    error: null,
  }),
  on: {
    'query.change': { actions: assign({ query: ({ event }) => event.text }) },
  },
  initial: 'opening',
  states: {
    opening: { always: [{ guard: 'groupNamed', target: 'group' }, { target: 'searching' }] },
    searching: {
      tags: ['busy', 'searching'],
      invoke: {
        id: 'searchGroups',
        src: 'searchGroups',
        input: searchInput,
        onDone: {
          target: 'listed',
          actions: assign(({ context, event }) => ({
            groups: event.output.groups,
            next: event.output.next,
            error: null,
            searched: { query: context.query.trim(), organization: context.organization },
          })),
        },
        onError: list.onError,
      },
    },
    searchFailed: {
      tags: ['searchFailed'],
      on: {
        ...list.on,
        'search.submit': 'searching',
        'org.pick': { target: 'searching', actions: assign({ organization: ({ event }) => event.org }) },
        'org.clear': { target: 'searching', actions: assign({ organization: null }) },
      },
    },
    listed: {
      tags: ['listed'],
      on: {
        'search.submit': 'searching',
        'org.pick': { target: 'searching', actions: assign({ organization: ({ event }) => event.org }) },
        'org.clear': { target: 'searching', actions: assign({ organization: null }) },
        'page.more': { guard: 'hasNext', target: 'loadingMore' },
        'group.open': {
          target: 'group',
          actions: assign({ group: ({ event }) => event.group, members: [], filter: '', notice: null, error: null }),
        },
      },
    },
    /** The next page, appended: what the list showed stays. */
    loadingMore: {
      tags: ['busy', 'listed', 'loadingMore'],
      invoke: {
        id: 'searchMore',
        src: 'searchGroups',
        input: ({ context }) => ({
          query: context.searched.query,
          organizationId: context.searched.organization?.org_id ?? null,
          after: context.next,
        }),
        onDone: {
          target: 'listed',
          actions: assign(({ context, event }) => ({
            groups: [...context.groups, ...event.output.groups],
            next: event.output.next,
          })),
        },
        onError: list.onError,
      },
    },
    group: {
      on: {
        // Back to the list, searched again: the member counts may have changed.
        'group.close': {
          target: 'searching',
          actions: assign({ group: null, members: [], filter: '', removing: null, notice: null, error: null }),
        },
      },
      initial: 'loading',
      states: {
        loading: {
          tags: ['busy', 'groupLoading'],
          invoke: {
            id: 'loadMembers',
            src: 'loadMembers',
            input: ({ context }) => ({ groupId: context.group!.id }),
            onDone: {
              target: 'shown',
              actions: assign(({ event }) => ({
                group: event.output.group,
                members: event.output.members,
                truncated: event.output.truncated,
              })),
            },
            onError: members.onError,
          },
        },
        loadFailed: members.failed,
        shown: {
          tags: ['groupShown'],
          on: {
            'members.filter': { actions: assign({ filter: ({ event }) => event.text }) },
            'members.reload': { target: 'loading', actions: assign({ notice: null, error: null }) },
            'member.remove': {
              target: 'confirming',
              actions: assign({
                removing: ({ event }) => (event as E<'member.remove'>).member,
                notice: null,
                error: null,
              }),
            },
          },
        },
        confirming: {
          tags: ['groupShown', 'confirming'],
          on: {
            'remove.confirm': 'removing',
            'remove.cancel': { target: 'shown', actions: assign({ removing: null }) },
          },
        },
        removing: {
          tags: ['busy', 'groupShown', 'removing'],
          invoke: {
            id: 'removeMember',
            src: 'removeMember',
            input: ({ context }) => ({ groupId: context.group!.id, userId: context.removing!.id }),
            onDone: [
              {
                guard: { type: 'removed', params: ({ event }) => event.output },
                target: 'loading',
                actions: assign({ notice: ({ event }) => event.output.msg, removing: null }),
              },
              // Not a member (any more): someone else took the user out; the list is loaded again.
              { target: 'loading', actions: assign({ error: ({ event }) => event.output.msg, removing: null }) },
            ],
            onError: {
              target: 'shown',
              actions: assign({ error: ({ event }) => serverMessage(event.error), removing: null }),
            },
          },
        },
      },
    },
  },
});
