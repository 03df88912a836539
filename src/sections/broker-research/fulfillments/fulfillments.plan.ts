// The FulFillments walk: the list read (a first page with more, the last page, nothing for a
// filter, a later page emptied meanwhile, or not read at all), paged on and back, a filter set and cleared, both downloads, and an
// active fulfillment ended (ended; ended first by someone else; not sent) or left alone.
// The second walk opens on an ending kept across a reload: its dialog again with the reason
// typed, then sent or put away.
import type { FulfillmentListReply, FulfillmentRow } from '../../../domain/broker-research-fulfillments';
import { doneEvent, failedEvent, staleEvent, type MachinePlan } from '../../../workflows/plan';
import { researchFulfillmentsMachine } from './fulfillments.machine';
import { searchOf } from './fulfillments.search';
import type { EndDraft, ResearchFulfillmentsContext } from './fulfillments.types';

/** The list as the tab opens. */
export const PLAIN_SEARCH = searchOf({});
/** A filter nothing matches in the walk's world: fulfillments from other sources. */
export const OTHER_SOURCE_SEARCH = searchOf({ source: 'other_source' });
export const PLAN_REASON = 'The contract with the broker ended.';

const row = (id: number): FulfillmentRow => ({
  id,
  user_id: id,
  user_name: `Reader ${id}`,
  user_email: `reader${id}@example.test`,
  organization_id: 1,
  organization: 'Northwind Capital',
  broker_id: 1,
  broker: 'Apex Research',
  source: 'request',
  request_id: id,
  source_name: null,
  dist: null,
  starts_at: 1_764_000_000_000,
  ends_at: null,
  status: 'active',
  ended_at: null,
  ended_by: null,
  ended_reason: null,
  created_at: 1_764_000_000_000,
  version: 1,
});
const page = (ids: number[], more: { next?: boolean; prev?: boolean; total?: number | null }) =>
  doneEvent('loadPage', {
    reply: {
      status: true,
      items: ids.map(row),
      count: ids.length,
      total: more.total ?? null,
      total_capped: false,
      next_cursor: more.next ? 'next' : null,
      prev_cursor: more.prev ? 'prev' : null,
      named: { broker: null, organization: null, user: null },
    } satisfies FulfillmentListReply,
    brokers: [{ id: 1, name: 'Apex Research', open_access: false }],
  });

export const researchFulfillmentsPlan: MachinePlan<typeof researchFulfillmentsMachine> = {
  machine: researchFulfillmentsMachine,
  input: { search: PLAIN_SEARCH, draft: null },
  events: [
    { type: 'query.set', query: OTHER_SOURCE_SEARCH },
    { type: 'query.set', query: PLAIN_SEARCH },
    { type: 'page.next' },
    { type: 'page.prev' },
    { type: 'list.retry' },
    { type: 'export.request', format: 'csv' },
    { type: 'export.request', format: 'xlsx' },
    { type: 'end.open', id: 1 },
    { type: 'reason.type', text: PLAN_REASON },
    { type: 'end.confirm' },
    { type: 'end.cancel' },
  ],
  outcomes: [
    { name: 'firstPage', event: page([1, 2], { next: true, total: 60 }) },
    { name: 'lastPage', event: page([3], { prev: true }) },
    { name: 'nothing', event: page([], { total: 0 }) },
    /** A later page whose rows were removed meanwhile: empty, with the way back. */
    { name: 'emptied', event: page([], { prev: true }) },
    { name: 'loadFailed', event: failedEvent('loadPage') },
    {
      name: 'ended',
      event: doneEvent('endFulfillment', {
        status: true,
        msg: 'Fulfillment ended.',
        fulfillment: { ...row(1), status: 'ended', version: 2 },
      }),
    },
    {
      name: 'endedMeanwhile',
      event: staleEvent('endFulfillment', {
        msg: 'Already ended by colleague.',
        fulfillment: { ...row(1), status: 'ended', version: 2 },
      }),
    },
    { name: 'endFailed', event: failedEvent('endFulfillment') },
  ],
  // The walk offers each event where it shows something new: the filter, the downloads and the
  // ending on the first page of the plain list, page turns on the plain list; a load's answer is
  // the one the walk's world gives for the filters and page asked.
  filterEvents: (s, e) => {
    const c = s.context as ResearchFulfillmentsContext;
    const filtered = c.search.source !== '';
    const deep = c.pending.page > 0;
    if (e.type === 'xstate.done.actor.loadPage') {
      const reply = (e as unknown as { output: { reply: FulfillmentListReply } }).output.reply;
      if (filtered) return reply.items.length === 0 && reply.prev_cursor === null;
      if (reply.items.length === 0) return deep && reply.prev_cursor !== null;
      return deep === (reply.prev_cursor !== null);
    }
    if (e.type === 'xstate.error.actor.loadPage') return !filtered;
    if (e.type === 'query.set') {
      const to = (e as unknown as { query: { source: string } }).query.source;
      return to === '' ? filtered : !filtered && !deep && s.matches('listed');
    }
    if (['export.request', 'end.open'].includes(e.type)) return !deep && !filtered;
    if (e.type === 'reason.type') return c.ending !== null && c.ending.reason === '';
    return true;
  },
  serializeState: (s) => {
    const c = s.context as ResearchFulfillmentsContext;
    return JSON.stringify([
      s.value,
      c.pending.page > 0,
      c.search.source,
      c.ending !== null && c.ending.reason !== '',
      c.ending !== null && c.ending.error !== null,
    ]);
  },
};

/** After a reload with a reason being typed (decision 042): the first row, still active, is being ended. */
export const PLAN_END_DRAFT: EndDraft = { id: 1, reason: PLAN_REASON };
export const researchFulfillmentsDraftPlan: MachinePlan<typeof researchFulfillmentsMachine> = {
  machine: researchFulfillmentsMachine,
  input: { search: PLAIN_SEARCH, draft: PLAN_END_DRAFT },
  events: [{ type: 'end.confirm' }, { type: 'end.cancel' }],
  outcomes: researchFulfillmentsPlan.outcomes.filter((o) => ['firstPage', 'ended'].includes(o.name)),
  filterEvents: researchFulfillmentsPlan.filterEvents!,
  serializeState: researchFulfillmentsPlan.serializeState,
};
