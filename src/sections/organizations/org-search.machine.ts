// The organisation picker's search (spec §2 shared pieces, §5, §9): nothing is searched under
// ORG_SEARCH_MIN_CHARS characters; from there the search waits ORG_SEARCH_DEBOUNCE_MS after the
// last keystroke, then asks the server. Typing again restarts the wait and drops a search under
// way, so an older answer can never replace a newer one.
import { assign, fromPromise, setup } from 'xstate';
import { ORG_SEARCH_DEBOUNCE_MS, ORG_SEARCH_MIN_CHARS } from '../../domain/constants';
import type { Organization } from '../../domain/users';
import { callStates } from '../../machines/shared/call-state';
import { failureMessage } from '../../machines/shared/failure';
import { listStates } from '../../machines/shared/list-states';
import type { OrgSearchContext, OrgSearchEvent } from './org-search.types';

const searchable = (query: string) => query.trim().length >= ORG_SEARCH_MIN_CHARS;

// A failed search shows no results of the one before; Retry sends the same text again.
const list = listStates<OrgSearchContext, OrgSearchEvent>()({
  loading: 'searching',
  failedTags: ['failed'],
  retry: 'list.retry',
  retried: null,
  failure: failureMessage,
  dropped: { results: [] },
});

const orgSearchSetup = setup({
  types: { context: {} as OrgSearchContext, events: {} as OrgSearchEvent },
  actors: {
    searchOrganizations: fromPromise<Organization[], { query: string }>(() =>
      Promise.reject(new Error('provide searchOrganizations')),
    ),
  },
  delays: { orgSearchDebounce: ORG_SEARCH_DEBOUNCE_MS },
  guards: {
    searchable: ({ event }) => event.type === 'query.change' && searchable(event.query),
    found: (_, results: Organization[]) => results.length > 0,
  },
  actions: {
    setQuery: assign({ query: ({ event }) => (event.type === 'query.change' ? event.query : '') }),
    reset: assign({ query: '', results: [], highlighted: 0, error: null }),
  },
});

const calling = callStates(orgSearchSetup);

export const orgSearchMachine = orgSearchSetup.createMachine({
  id: 'orgSearch',
  context: { query: '', results: [], highlighted: 0, error: null },
  initial: 'closed',
  states: {
    closed: {
      on: {
        'query.change': [
          { guard: 'searchable', target: 'open.waiting', actions: 'setQuery' },
          { target: 'open.tooShort', actions: 'setQuery' },
        ],
      },
    },
    open: {
      tags: ['open'],
      initial: 'tooShort',
      on: {
        // Every keystroke re-enters waiting, which restarts the debounce and cancels a search.
        'query.change': [
          { guard: 'searchable', target: '.waiting', reenter: true, actions: 'setQuery' },
          { target: '.tooShort', actions: 'setQuery' },
        ],
        'list.close': { target: 'closed', actions: 'reset' },
      },
      states: {
        tooShort: { tags: ['tooShort'] },
        waiting: {
          tags: ['busy'],
          after: { orgSearchDebounce: 'searching' },
        },
        searching: calling('searchOrganizations', {
          input: ({ context }) => ({ query: context.query.trim() }),
          onDone: [
            {
              guard: { type: 'found', params: ({ event }) => event.output },
              target: 'results',
              actions: assign({ results: ({ event }) => event.output, highlighted: 0, error: null }),
            },
            { target: 'empty', actions: assign({ results: [], error: null }) },
          ],
          onError: list.onError,
        }),
        results: {
          tags: ['results'],
          on: {
            'highlight.next': {
              actions: assign({ highlighted: ({ context }) => (context.highlighted + 1) % context.results.length }),
            },
            'highlight.prev': {
              actions: assign({
                highlighted: ({ context }) =>
                  (context.highlighted - 1 + context.results.length) % context.results.length,
              }),
            },
            'option.choose': { target: '#orgSearch.closed', actions: 'reset' },
          },
        },
        empty: { tags: ['empty'] },
        failed: list.failed,
      },
    },
  },
});
