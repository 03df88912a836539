// The Requests tab's walk: the list read (a first page with more after it, the last page, no
// answer, a cursor the server refuses — page 1 with a notice), filtered to New, paged forward and
// back; rows chosen one by one, the page at once, cleared; a request opened (or no answer) and
// closed; approved or sent (done; someone else decided first; no answer), rejected with a reason
// or the dialog cancelled; a bulk action on the chosen requests or on all matching: previewed (or
// no answer), approve or reject (with its reason) confirmed or taken back, applied (or no answer),
// its report closed. The second walk opens on a rejection reason kept across a reload: the request
// opens again with its dialog and the reason, then rejected or the dialog cancelled. The third opens
// on a bulk rejection's reason kept: the chosen requests counted again, the confirmation with the
// reason, applied and reported, or taken back.
import { staleEvent, type MachinePlan } from '../../../workflows/plan';
import { researchRequestsMachine } from './requests.machine';
import { NO_FILTERS, type RequestsDraft } from './requests.types';

const ROW = {
  id: 1,
  status: 'new' as const,
  user: { id: 1, name: 'Ada Reader', email: 'ada@example.com' },
  organization: { id: 1, name: 'Northwind Capital' },
  broker: { id: 1, name: 'Apex Securities' },
  note: '',
  reason: null,
  created_at: 0,
  sent_at: null,
  decided_at: null,
  decided_by: null,
  version: 1,
};
const NAMED = { broker: null, org: null, user: null };
const page = (next: string | null, prev: string | null) => ({
  page: {
    status: true,
    items: [ROW],
    total: 60,
    total_capped: false,
    next_cursor: next,
    prev_cursor: prev,
    named: NAMED,
  },
  brokers: [{ id: 1, name: 'Apex Securities', open_access: false }],
});
const DETAIL = { status: true, request: ROW, history: [], fulfillment: null };
const PREVIEW = {
  status: true,
  selected: 1,
  capped: false,
  applies: { approve: 1, reject: 1, send: 1 },
  changed_since: 0,
  by_status: { new: 1, sent: 0, approved: 0, rejected: 0, cancelled: 0 },
  requests: [{ id: 1, version: 1, status: 'new' }],
};
const BAD_CURSOR = 'The page cursor is not valid; start from the first page.';
/** The URL changed to a page the server cannot read (an old bookmark). */
export const STALE_CURSOR = 'stale';
export const PLAN_REASON = 'No research agreement with this broker.';

export const researchRequestsPlan: MachinePlan<typeof researchRequestsMachine> = {
  machine: researchRequestsMachine,
  input: { query: { filters: NO_FILTERS, cursor: '' }, draft: null },
  events: [
    { type: 'query.set', query: { filters: NO_FILTERS, cursor: STALE_CURSOR } },
    { type: 'filters.apply', filters: { ...NO_FILTERS, status: 'new' } },
    { type: 'page.next' },
    { type: 'page.prev' },
    { type: 'list.retry' },
    { type: 'row.toggle', row: { id: 1, version: 1 } },
    { type: 'page.toggleAll' },
    { type: 'selection.clear' },
    { type: 'request.open', id: 1 },
    { type: 'request.close' },
    { type: 'request.retry' },
    { type: 'action.approve' },
    { type: 'approve.confirm' },
    { type: 'approve.cancel' },
    { type: 'action.send' },
    { type: 'action.reject' },
    { type: 'reason.change', text: PLAN_REASON },
    { type: 'reject.confirm' },
    { type: 'reject.cancel' },
    { type: 'bulk.start', scope: 'chosen' },
    { type: 'bulk.start', scope: 'matching' },
    { type: 'bulk.retry' },
    { type: 'bulk.pick', action: 'approve' },
    { type: 'bulk.pick', action: 'reject' },
    { type: 'bulk.reason', text: PLAN_REASON },
    { type: 'bulk.confirm' },
    { type: 'bulk.back' },
    { type: 'bulk.cancel' },
    { type: 'bulk.close' },
  ],
  outcomes: [
    { name: 'firstPage', event: { type: 'xstate.done.actor.listRequests', output: page('n1', null) } },
    { name: 'lastPage', event: { type: 'xstate.done.actor.listRequests', output: page(null, 'p1') } },
    { name: 'listFailed', event: { type: 'xstate.error.actor.listRequests', error: { status: 0 } } },
    {
      name: 'cursorRefused',
      event: {
        type: 'xstate.error.actor.listRequests',
        error: {
          status: 400,
          data: { status: false, msg: BAD_CURSOR, errors: { cursor: [BAD_CURSOR] }, fields: { cursor: BAD_CURSOR } },
        },
      },
    },
    { name: 'requestLoaded', event: { type: 'xstate.done.actor.loadRequest', output: DETAIL } },
    { name: 'requestFailed', event: { type: 'xstate.error.actor.loadRequest', error: { status: 0 } } },
    {
      name: 'acted',
      event: {
        type: 'xstate.done.actor.actOn',
        output: {
          status: true,
          msg: 'Request 1 approved.',
          request: { ...ROW, status: 'approved', version: 2 },
          fulfillment_id: 1,
        },
      },
    },
    {
      name: 'decidedMeanwhile',
      event: staleEvent('actOn', {
        msg: 'Approved by rival after you opened it; nothing of yours was changed.',
        request: { ...ROW, status: 'approved', version: 2, decided_by: 'rival' },
        conflict: {
          id: 1,
          why: 'decided',
          msg: 'Approved by rival after you opened it; nothing of yours was changed.',
          status: 'approved',
          decided_by: 'rival',
          fulfillment_id: null,
        },
      }),
    },
    { name: 'actFailed', event: { type: 'xstate.error.actor.actOn', error: { status: 0 } } },
    { name: 'previewed', event: { type: 'xstate.done.actor.previewBulk', output: PREVIEW } },
    { name: 'previewFailed', event: { type: 'xstate.error.actor.previewBulk', error: { status: 0 } } },
    {
      name: 'applied',
      event: {
        type: 'xstate.done.actor.applyBulk',
        output: { status: true, msg: '1 request approved.', changed: 1, not_changed: [] },
      },
    },
    { name: 'applyFailed', event: { type: 'xstate.error.actor.applyBulk', error: { status: 0 } } },
  ],
  serializeState: (s) =>
    JSON.stringify([
      s.value,
      s.matches('loading') ? s.context.query.cursor : '',
      s.context.query.filters.status,
      Boolean(s.context.page?.next_cursor),
      Boolean(s.context.page?.prev_cursor),
      s.context.selected.length > 0,
      s.context.notice !== null,
      s.context.conflict !== null,
      s.context.error !== null,
      s.context.action,
      s.context.reason !== '',
      s.context.bulk.scope,
      s.context.bulk.action,
      s.context.bulk.reason !== '',
    ]),
  filterEvents: (s, e) => {
    const c = s.context;
    if (s.hasTag('busy')) {
      if (!e.type.startsWith('xstate.')) return false;
      if (s.matches('loading')) {
        const refused =
          e.type === 'xstate.error.actor.listRequests' && (e as { error?: { status?: number } }).error?.status === 400;
        if (c.query.cursor === STALE_CURSOR) return refused;
        if (refused) return false;
        const output = (e as { output?: { page: { next_cursor: string | null } } }).output?.page;
        // A page forward is the last; a page back, or any first read, the first.
        if (c.query.cursor === 'n1') return output !== undefined && output.next_cursor === null;
        if (output) return output.next_cursor !== null;
        // No answer: walked on the first read only.
        return c.page === null;
      }
      if (s.matches({ request: 'loading' }))
        return (
          e.type === 'xstate.done.actor.loadRequest' || (c.notice === null && c.conflict === null && c.error === null)
        );
      // Someone else deciding first and no answer are walked on the approval.
      if (s.matches({ request: 'acting' }) && e.type.startsWith('xstate.error.')) return c.action === 'approve';
      // A bulk action on all matching is walked to its end; no answer, on the chosen ones.
      if (s.matches({ bulk: 'previewing' }) || s.matches({ bulk: 'applying' }))
        return e.type.startsWith('xstate.done.') || c.bulk.scope === 'chosen';
      return true;
    }
    if (e.type === 'query.set')
      return (
        s.matches('listed') &&
        Boolean(c.page?.next_cursor) &&
        !c.selected.length &&
        c.notice === null &&
        c.query.filters.status === ''
      );
    if (s.matches('loadFailed')) return e.type === 'list.retry';
    if (s.matches({ request: 'loadFailed' })) return e.type === 'request.retry' || e.type === 'request.close';
    if (s.matches('listed')) {
      // After a cursor refused, an action or a bulk report the walk ends: the list is the same list.
      if (c.notice !== null) return false;
      if (c.query.filters.status === 'new')
        return e.type === 'bulk.start' && (e as { scope?: string }).scope === 'matching';
      if (c.page?.prev_cursor) return e.type === 'page.prev';
      if (c.selected.length)
        return (
          e.type === 'selection.clear' || (e.type === 'bulk.start' && (e as { scope?: string }).scope === 'chosen')
        );
      return ['query.set', 'filters.apply', 'page.next', 'row.toggle', 'page.toggleAll', 'request.open'].includes(
        e.type,
      );
    }
    if (s.matches({ request: 'shown' })) {
      // After an action (or a refusal of one) the panel is read again; the walk ends there, Back to requests walked once.
      if (c.notice !== null || c.conflict !== null) return false;
      if (c.error !== null) return e.type === 'request.close';
      return e.type.startsWith('action.');
    }
    // The approval's question: approved, or cancelled back to the request as it was.
    if (s.matches({ request: 'approving' })) return e.type === 'approve.confirm' || e.type === 'approve.cancel';
    if (s.matches({ request: 'rejecting' })) {
      if (e.type === 'reason.change') return c.reason === '';
      if (e.type === 'reject.confirm') return c.reason !== '';
      return e.type === 'reject.cancel' && c.reason === '';
    }
    if (s.matches({ bulk: 'previewed' })) {
      if (c.bulk.scope === 'matching') return e.type === 'bulk.pick' && (e as { action?: string }).action === 'approve';
      return e.type === 'bulk.pick' || e.type === 'bulk.cancel';
    }
    if (s.matches({ bulk: 'confirming' })) {
      if (c.error !== null) return e.type === 'bulk.cancel';
      if (e.type === 'bulk.reason') return c.bulk.action === 'reject' && c.bulk.reason === '';
      if (e.type === 'bulk.confirm') return c.bulk.action === 'approve' || c.bulk.reason !== '';
      return e.type === 'bulk.back' && c.bulk.action === 'approve';
    }
    if (s.matches({ bulk: 'previewFailed' })) return e.type === 'bulk.retry' || e.type === 'bulk.cancel';
    if (s.matches({ bulk: 'reported' })) return e.type === 'bulk.close';
    return true;
  },
};

/** After a reload with a reason typed for the newest request (decision 042). */
export const PLAN_DRAFT: RequestsDraft = {
  kind: 'request',
  request: 1,
  reason: 'Kept across a reload: no agreement with this broker.',
};
export const researchRequestsDraftPlan: MachinePlan<typeof researchRequestsMachine> = {
  machine: researchRequestsMachine,
  input: { query: { filters: NO_FILTERS, cursor: '' }, draft: PLAN_DRAFT },
  events: [{ type: 'reject.confirm' }, { type: 'reject.cancel' }],
  outcomes: researchRequestsPlan.outcomes.filter((o) => ['firstPage', 'requestLoaded', 'acted'].includes(o.name)),
  serializeState: (s) =>
    JSON.stringify([
      s.value,
      s.context.draft !== null,
      s.context.reason !== '',
      s.context.action,
      s.context.notice !== null,
    ]),
  filterEvents: (s, e) => {
    if (s.hasTag('busy')) return e.type.startsWith('xstate.');
    // The kept reason is rejected with, or its dialog cancelled; the walk ends on the request shown.
    return s.matches({ request: 'rejecting' });
  },
};

/** After a reload with a reason typed for rejecting the chosen requests (decision 042). */
export const PLAN_BULK_DRAFT: RequestsDraft = {
  kind: 'bulk',
  scope: 'chosen',
  requests: [{ id: 1, version: 1 }],
  reason: 'Kept across a reload: the research budget is spent.',
};
export const researchRequestsBulkDraftPlan: MachinePlan<typeof researchRequestsMachine> = {
  machine: researchRequestsMachine,
  input: { query: { filters: NO_FILTERS, cursor: '' }, draft: PLAN_BULK_DRAFT },
  events: [{ type: 'bulk.confirm' }, { type: 'bulk.back' }, { type: 'bulk.close' }],
  outcomes: researchRequestsPlan.outcomes.filter((o) => ['firstPage', 'previewed', 'applied'].includes(o.name)),
  serializeState: (s) =>
    JSON.stringify([
      s.value,
      s.context.draft !== null,
      s.context.bulk.action,
      s.context.bulk.reason !== '',
      s.context.notice !== null,
    ]),
  filterEvents: (s, e) => {
    if (s.hasTag('busy')) return e.type.startsWith('xstate.');
    // The kept reason is rejected with (and the report closed; the walk ends on the list), or taken back to the counts.
    if (s.matches({ bulk: 'confirming' })) return e.type === 'bulk.confirm' || e.type === 'bulk.back';
    return s.matches({ bulk: 'reported' }) && e.type === 'bulk.close';
  },
};
