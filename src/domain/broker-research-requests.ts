// Broker Research → Requests (decisions 055, 057): users' requests for a broker's research, listed
// newest first in keyset pages filtered by status, broker, organization, user and date; one
// request with its history; an action (approve, reject with a reason, send to the broker) on one
// request or on up to BULK_MAX at once, each from the version the person saw. Bodies are form data,
// lists as JSON text in one field (JsonField). The lifecycle itself (REQUEST_ACTIONS) lives in
// broker-research.ts.
import * as v from 'valibot';
import { conflictOf } from './conflict';
import {
  REQUEST_ACTION_KEYS,
  REQUEST_ACTIONS,
  REQUEST_STATUS_LABELS,
  REQUEST_STATUSES,
  Reason,
  canAct,
  type RequestAction,
  type RequestStatus,
} from './broker-research';
import { PAGE_SIZES } from './constants';
import { Id, JsonField } from './wire';
import { countText } from './format';

export const REQUESTS_PATH = '/api/researchreports/requests/';
export const REQUEST_PATHS = {
  list: `${REQUESTS_PATH}list/`,
  one: `${REQUESTS_PATH}one/`,
  action: `${REQUESTS_PATH}action/`,
  bulkPreview: `${REQUESTS_PATH}bulk_preview/`,
  bulk: `${REQUESTS_PATH}bulk/`,
} as const;

/** The audit record kind of a request: its history is read by it. */
export const REQUEST_RECORD_KIND = 'research_request';
/** Matching requests are counted up to this, then said as "more than". */
export const REQUEST_TOTAL_CAP = 1_000;
/** The most requests one bulk action takes (a selection, or the newest of all matching). */
export const BULK_MAX = 1_000;

// ── the list ──────────────────────────────────────────────────────────────
const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
/** YYYY-MM-DD, a real day; '' for none. */
export const Day = v.pipe(
  v.string(),
  v.trim(),
  v.check(
    (s) => s === '' || (DAY_PATTERN.test(s) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s)),
    'Type a date as YYYY-MM-DD.',
  ),
);
const OptionalId = v.optional(v.union([v.literal(''), Id], 'Expected an id.'), '');
export const StatusFilter = v.optional(
  v.union([v.literal(''), v.picklist(REQUEST_STATUSES)], `Choose one of: ${REQUEST_STATUSES.join(', ')}.`),
  '',
);

/** The filters of the list, as the URL and the form carry them ('' for none). */
export const RequestFilterFields = {
  status: StatusFilter,
  broker: OptionalId,
  org: OptionalId,
  user: OptionalId,
  from: v.optional(Day, ''),
  to: v.optional(Day, ''),
};
const inOrder = (f: { from: string; to: string }) => f.from === '' || f.to === '' || f.from <= f.to;
const OUT_OF_ORDER = 'The end date is before the start date.';
export const RequestFilters = v.pipe(
  v.object(RequestFilterFields),
  v.forward(
    v.check((f) => inOrder(f), OUT_OF_ORDER),
    ['to'],
  ),
);
export type RequestFilters = v.InferOutput<typeof RequestFilters>;
export const NO_REQUEST_FILTERS: RequestFilters = { status: '', broker: '', org: '', user: '', from: '', to: '' };
/** The list's filters as the URL carries them ('' for none). */
export interface RequestFilterText {
  status: string;
  broker: string;
  org: string;
  user: string;
  from: string;
  to: string;
}
/** What the list shows: the filters and the page (a keyset cursor, '' for the first). */
export interface RequestsQuery {
  filters: RequestFilterText;
  cursor: string;
}
/** The rows a bulk action is previewed for: the chosen ones, or every row the filters match. */
export type PreviewInput =
  { kind: 'chosen'; requests: SeenRequest[] } | { kind: 'matching'; filters: RequestFilterText };

export const ListRequestsForm = v.pipe(
  v.object({
    ...RequestFilterFields,
    /** Opaque keyset position from a previous reply; '' for the first page. */
    cursor: v.optional(v.pipe(v.string(), v.maxLength(500)), ''),
    page_size: v.optional(
      v.pipe(
        v.union([v.string(), v.number()]),
        v.transform(Number),
        v.picklist(PAGE_SIZES, `Choose ${PAGE_SIZES.join(', ')} requests a page.`),
      ),
      50,
    ),
  }),
  v.forward(
    v.check((f) => inOrder(f), OUT_OF_ORDER),
    ['to'],
  ),
);
export type ListRequestsForm = v.InferOutput<typeof ListRequestsForm>;

export const RequestRow = v.object({
  id: v.number(),
  status: v.picklist(REQUEST_STATUSES),
  user: v.object({ id: v.number(), name: v.string(), email: v.string() }),
  organization: v.nullable(v.object({ id: v.number(), name: v.string() })),
  broker: v.object({ id: v.number(), name: v.string() }),
  note: v.string(),
  /** Why it was rejected or cancelled. */
  reason: v.nullable(v.string()),
  created_at: v.number(),
  sent_at: v.nullable(v.number()),
  decided_at: v.nullable(v.number()),
  /** Username of the staff member who decided. */
  decided_by: v.nullable(v.string()),
  /** Raised by every change; an action names the version it was taken from. */
  version: v.number(),
});
export type RequestRow = v.InferOutput<typeof RequestRow>;

const Named = v.object({ id: v.number(), name: v.string() });
export const ListRequestsReply = v.object({
  status: v.literal(true),
  items: v.array(RequestRow),
  /** Requests matching the filters, counted up to REQUEST_TOTAL_CAP + 1. */
  total: v.number(),
  total_capped: v.boolean(),
  next_cursor: v.nullable(v.string()),
  prev_cursor: v.nullable(v.string()),
  /** The names of the broker, organization and user filtered by, so a reloaded page can say them. */
  named: v.object({
    broker: v.nullable(Named),
    org: v.nullable(Named),
    user: v.nullable(v.object({ id: v.number(), name: v.string(), email: v.string() })),
  }),
});
export type ListRequestsReply = v.InferOutput<typeof ListRequestsReply>;

/** "1,234 requests" or "more than 1,000 requests". */
export function requestTotalWords(total: number, capped: boolean): string {
  if (capped) return `more than ${countText(REQUEST_TOTAL_CAP)} requests`;
  return `${countText(total)} ${total === 1 ? 'request' : 'requests'}`;
}

// ── one request ───────────────────────────────────────────────────────────
export const OneRequestQuery = v.object({ id: Id });

export const HistoryEntry = v.object({
  at: v.number(),
  /** Username of who acted. */
  by: v.string(),
  action: v.string(),
  /** The status it moved from and to. */
  from: v.nullable(v.picklist(REQUEST_STATUSES)),
  to: v.nullable(v.picklist(REQUEST_STATUSES)),
  reason: v.nullable(v.string()),
  /** The fulfillment an approval created. */
  fulfillment_id: v.nullable(v.number()),
  bulk: v.boolean(),
});
export type HistoryEntry = v.InferOutput<typeof HistoryEntry>;

export const RequestFulfillment = v.object({
  id: v.number(),
  status: v.picklist(['active', 'ended']),
  starts_at: v.number(),
  ended_at: v.nullable(v.number()),
});
export type RequestFulfillment = v.InferOutput<typeof RequestFulfillment>;

export const OneRequestReply = v.object({
  status: v.literal(true),
  request: RequestRow,
  /** Oldest first. */
  history: v.array(HistoryEntry),
  /** The fulfillment its approval created, if any. */
  fulfillment: v.nullable(RequestFulfillment),
});
export type OneRequestReply = v.InferOutput<typeof OneRequestReply>;

// ── actions ───────────────────────────────────────────────────────────────
export const ActionName = v.picklist(REQUEST_ACTION_KEYS, `Choose one of: ${REQUEST_ACTION_KEYS.join(', ')}.`);
const Version = v.pipe(
  v.union([
    v.pipe(v.string(), v.regex(/^\d{1,9}$/, 'Expected the version the request was read at.'), v.transform(Number)),
    v.number(),
  ]),
  v.integer('Expected the version the request was read at.'),
  v.minValue(1, 'Expected the version the request was read at.'),
);
/** A rejection says why; the other actions take no reason. */
const saysWhy = (f: { action: RequestAction; reason: string }) => f.action !== 'reject' || f.reason.trim() !== '';
const OptionalReason = v.optional(
  v.union([v.pipe(v.string(), v.trim(), v.length(0)), Reason], 'At most 500 characters.'),
  '',
);

export const RequestActionForm = v.pipe(
  v.object({
    id: Id,
    action: ActionName,
    version: Version,
    reason: OptionalReason,
  }),
  v.forward(
    v.check((f) => saysWhy(f), 'Say why.'),
    ['reason'],
  ),
);
export type RequestActionForm = v.InferOutput<typeof RequestActionForm>;

/** Why an action left a request as it was. */
export const NOT_CHANGED = ['decided', 'moved', 'not_allowed', 'active_fulfillment', 'missing'] as const;
export type NotChangedWhy = (typeof NOT_CHANGED)[number];

export const NotChanged = v.object({
  id: v.number(),
  why: v.picklist(NOT_CHANGED),
  /** In words, naming who decided when someone did. */
  msg: v.string(),
  /** The request as stored now (null when it no longer exists). */
  status: v.nullable(v.picklist(REQUEST_STATUSES)),
  decided_by: v.nullable(v.string()),
  /** The active fulfillment an approval met. */
  fulfillment_id: v.nullable(v.number()),
});
export type NotChanged = v.InferOutput<typeof NotChanged>;

export const RequestActionReply = v.object({
  status: v.literal(true),
  msg: v.string(),
  request: RequestRow,
  /** The fulfillment an approval created. */
  fulfillment_id: v.nullable(v.number()),
});
export type RequestActionReply = v.InferOutput<typeof RequestActionReply>;

/** HTTP 409: the request was not changed (someone decided first, it moved, an active fulfillment exists). */
export const RequestConflictReply = v.object({
  status: v.literal(false),
  msg: v.string(),
  conflict: NotChanged,
  /** The request as stored now. */
  request: v.nullable(RequestRow),
});
export type RequestConflictReply = v.InferOutput<typeof RequestConflictReply>;

export const requestConflictOf = (error: unknown): RequestConflictReply | null =>
  conflictOf(error, RequestConflictReply);

// ── bulk ──────────────────────────────────────────────────────────────────
export const SeenRequest = v.object({ id: Id, version: Version });
export type SeenRequest = v.InferOutput<typeof SeenRequest>;
const SeenList = v.pipe(
  v.array(SeenRequest),
  v.minLength(1, 'Choose at least one request.'),
  v.maxLength(BULK_MAX, `At most ${countText(BULK_MAX)} requests at once.`),
);

/** Either the requests chosen (with the versions seen) or all matching the filters (the newest BULK_MAX). */
export const BulkSelection = v.variant(
  'kind',
  [
    v.object({ kind: v.literal('chosen'), requests: SeenList }),
    v.object({ kind: v.literal('matching'), filters: RequestFilters }),
  ],
  'Expected the chosen requests or the filters.',
);
export type BulkSelection = v.InferOutput<typeof BulkSelection>;

export const BulkPreviewForm = v.object({ selection: JsonField(BulkSelection, 'selection', 100_000) });
export type BulkPreviewForm = v.InferOutput<typeof BulkPreviewForm>;

export const BulkPreviewReply = v.object({
  status: v.literal(true),
  /** The requests the selection holds (as seen, or as matching now). */
  selected: v.number(),
  /** More matched than BULK_MAX: the newest BULK_MAX are taken. */
  capped: v.boolean(),
  /** How many of them each action applies to (their status allows it, unchanged since seen). */
  applies: v.object({ approve: v.number(), reject: v.number(), send: v.number() }),
  /** Changed by someone since they were seen: no action applies to them. */
  changed_since: v.number(),
  by_status: v.record(v.picklist(REQUEST_STATUSES), v.number()),
  /** The requests with the versions an action will be taken from. */
  requests: v.array(v.object({ id: v.number(), version: v.number(), status: v.picklist(REQUEST_STATUSES) })),
});
export type BulkPreviewReply = v.InferOutput<typeof BulkPreviewReply>;

export const BulkActionForm = v.pipe(
  v.object({
    action: ActionName,
    requests: JsonField(SeenList, 'requests', 100_000),
    reason: OptionalReason,
  }),
  v.forward(
    v.check((f) => saysWhy(f), 'Say why.'),
    ['reason'],
  ),
);
export type BulkActionForm = v.InferOutput<typeof BulkActionForm>;

export const BulkActionReply = v.object({
  status: v.literal(true),
  msg: v.string(),
  changed: v.number(),
  not_changed: v.array(NotChanged),
});
export type BulkActionReply = v.InferOutput<typeof BulkActionReply>;

// ── words ─────────────────────────────────────────────────────────────────
export const REQUEST_COLUMN_LABELS = {
  when: 'Requested',
  user: 'User',
  organization: 'Organization',
  broker: 'Broker',
  status: 'Status',
  note: 'Note',
  decided: 'Decided',
} as const;

export const REQUEST_ACTION_DONE: Record<RequestAction, string> = {
  approve: 'approved',
  reject: 'rejected',
  send: 'sent to the broker',
};
export const REQUEST_AUDIT_ACTIONS: Record<RequestAction, string> = {
  approve: 'research request approved',
  reject: 'research request rejected',
  send: 'research request sent to broker',
};

export const requestStatusLabel = (s: RequestStatus) => REQUEST_STATUS_LABELS[s];
/** The actions a request of this status offers, in the lifecycle's order. */
export const actionsFor = (status: RequestStatus): RequestAction[] =>
  REQUEST_ACTION_KEYS.filter((a) => canAct(a, status));
export const actionLabel = (a: RequestAction) => REQUEST_ACTIONS[a].label;

export const requestDoneWords = (action: RequestAction, id: number) => `Request ${id} ${REQUEST_ACTION_DONE[action]}.`;

/** What a bulk action did, in words: "3 requests rejected; 2 not changed." */
export function bulkOutcomeWords(action: RequestAction, changed: number, notChanged: number): string {
  const done = `${countText(changed)} ${changed === 1 ? 'request' : 'requests'} ${REQUEST_ACTION_DONE[action]}`;
  return notChanged === 0 ? `${done}.` : `${done}; ${countText(notChanged)} not changed.`;
}
