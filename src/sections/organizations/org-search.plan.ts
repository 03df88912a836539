// The organisation search's walk: a query too short to search and one long enough, the keys of
// the list, and every answer the server can give (matches, none, no answer).
import type { MachinePlan } from '../../workflows/plan';
import { orgSearchMachine } from './org-search.machine';

const found = [
  { id: 1, name: 'North Star Partners', salesforceId: 'SF-1' },
  { id: 2, name: 'Northwind Capital', salesforceId: null },
];

export const orgSearchPlan: MachinePlan<typeof orgSearchMachine> = {
  machine: orgSearchMachine,
  events: [
    { type: 'query.change', query: 'n' },
    { type: 'query.change', query: 'north' },
    { type: 'highlight.next' },
    { type: 'highlight.prev' },
    { type: 'option.choose', index: 0 },
    { type: 'list.close' },
    { type: 'list.retry' },
  ],
  outcomes: [
    { name: 'found', event: { type: 'xstate.done.actor.searchOrganizations', output: found } },
    { name: 'nothing', event: { type: 'xstate.done.actor.searchOrganizations', output: [] } },
    { name: 'unreachable', event: { type: 'xstate.error.actor.searchOrganizations', error: { status: 0 } } },
  ],
};
