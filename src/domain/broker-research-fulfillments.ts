// FulFillments (spec §2 Broker Research, §7 user/get_fulfillment_info/ and
// user/export_br_fulfill_info/; decision 058): who reads which broker's research, since when and
// through which request or other source. The list is filtered by status, source, broker,
// organization, user and the day it was recorded, newest first, in keyset pages; the export is
// the same list as a CSV or XLSX download; staff end an active fulfillment with a reason.
// Requests are form data (spec §7); ids travel as text.
import * as v from 'valibot';
import {
  FULFILLMENT_SOURCES,
  FULFILLMENT_STATUSES,
  Reason,
  type FulfillmentSource,
  type FulfillmentStatus,
} from './broker-research';
import { PAGE_SIZES } from './constants';
import { Id } from './wire';
import { countText } from './format';

// ── filters ───────────────────────────────────────────────────────────────
/** A day as the URL and the date inputs write it. */
export const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
const isRealDay = (day: string) => DAY_PATTERN.test(day) && new Date(`${day}T00:00:00Z`).toISOString().startsWith(day);
const Day = (what: string) =>
  v.union([
    v.literal(''),
    v.pipe(v.string(), v.trim(), v.check(isRealDay, `${what} must be a date such as 2026-11-27.`)),
  ]);
const OptionalId = v.optional(v.union([v.literal(''), Id]), '');

/** The first moment (UTC) of a day written YYYY-MM-DD. */
export const dayStart = (day: string): number => Date.parse(`${day}T00:00:00Z`);
export const DAY_MS = 86_400_000;

/**
 * The list's filters. `from` and `to` are days (UTC, both included) on which the fulfillment was
 * recorded (created_at: an approval, an import): the list's own order, so a range is one stretch
 * of every filter's index (decision 058).
 */
const filterEntries = {
  status: v.optional(v.union([v.literal(''), v.picklist(FULFILLMENT_STATUSES, 'Choose active or ended.')]), ''),
  source: v.optional(v.union([v.literal(''), v.picklist(FULFILLMENT_SOURCES, 'Choose a source from the list.')]), ''),
  broker_id: OptionalId,
  organization_id: OptionalId,
  user_id: OptionalId,
  from: v.optional(Day('From'), ''),
  to: v.optional(Day('To'), ''),
};
const inOrder = (f: { from: string; to: string }) => f.from === '' || f.to === '' || f.from <= f.to;
const RANGE_ORDER = 'To must be on or after From.';

export const FulfillmentFilter = v.object(filterEntries);
export type FulfillmentFilter = v.InferOutput<typeof FulfillmentFilter>;
export const NO_FILTER: FulfillmentFilter = {
  status: '',
  source: '',
  broker_id: '',
  organization_id: '',
  user_id: '',
  from: '',
  to: '',
};

// ── POST user/get_fulfillment_info/ ───────────────────────────────────────
export const FULFILLMENT_PAGE_SIZE = 50;
/** The total is counted up to this many, then said as "more than". */
export const FULFILLMENT_TOTAL_CAP = 1_000;

export const FulfillmentListForm = v.pipe(
  v.object({
    ...filterEntries,
    /** Opaque keyset position from a previous reply; '' for the first page. */
    cursor: v.optional(v.pipe(v.string(), v.maxLength(400)), ''),
    page_size: v.optional(
      v.pipe(
        v.union([v.string(), v.number()]),
        v.transform(Number),
        v.picklist(PAGE_SIZES, `Choose ${PAGE_SIZES.join(', ')} fulfillments a page.`),
      ),
      FULFILLMENT_PAGE_SIZE,
    ),
    /** Count the matches (the first page of a search asks; page turns keep theirs). */
    with_total: v.optional(
      v.pipe(
        v.picklist(['true', 'false']),
        v.transform((x) => x === 'true'),
      ),
      'true',
    ),
  }),
  v.forward(
    v.check((f) => inOrder(f), RANGE_ORDER),
    ['to'],
  ),
);
export type FulfillmentListForm = v.InferOutput<typeof FulfillmentListForm>;

export const FulfillmentRow = v.object({
  id: v.number(),
  user_id: v.number(),
  user_name: v.string(),
  user_email: v.string(),
  organization_id: v.nullable(v.number()),
  organization: v.nullable(v.string()),
  broker_id: v.number(),
  broker: v.string(),
  source: v.picklist(FULFILLMENT_SOURCES),
  /** The request it came from (source 'request'). */
  request_id: v.nullable(v.number()),
  /** Where another source's came from (a distributor's file, a broker's client list). */
  source_name: v.nullable(v.string()),
  dist: v.nullable(v.string()),
  starts_at: v.number(),
  /** The planned end, when one was given. */
  ends_at: v.nullable(v.number()),
  status: v.picklist(FULFILLMENT_STATUSES),
  ended_at: v.nullable(v.number()),
  ended_by: v.nullable(v.string()),
  ended_reason: v.nullable(v.string()),
  created_at: v.number(),
  version: v.number(),
});
export type FulfillmentRow = v.InferOutput<typeof FulfillmentRow>;

/** A filter by id, named for the chips above the list ("User: Ann Lee"); null when the id is unknown. */
const Named = v.nullable(v.object({ id: v.number(), name: v.string() }));
export const FulfillmentListReply = v.object({
  status: v.literal(true),
  items: v.array(FulfillmentRow),
  count: v.number(),
  /** Matches counted to FULFILLMENT_TOTAL_CAP + 1, or null when not asked for. */
  total: v.nullable(v.number()),
  total_capped: v.boolean(),
  next_cursor: v.nullable(v.string()),
  prev_cursor: v.nullable(v.string()),
  named: v.object({ broker: Named, organization: Named, user: Named }),
});
export type FulfillmentListReply = v.InferOutput<typeof FulfillmentListReply>;

/** "234 fulfillments" or "more than 1,000 fulfillments". */
export function fulfillmentTotalWords(total: number, capped: boolean): string {
  if (capped) return `more than ${countText(FULFILLMENT_TOTAL_CAP)} fulfillments`;
  return `${countText(total)} ${total === 1 ? 'fulfillment' : 'fulfillments'}`;
}

// ── POST user/export_br_fulfill_info/ ─────────────────────────────────────
export const EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type FulfillmentExportFormat = (typeof EXPORT_FORMATS)[number];
export const FulfillmentExportForm = v.pipe(
  v.object({
    ...filterEntries,
    format: v.picklist(EXPORT_FORMATS, 'Choose csv or xlsx.'),
  }),
  v.forward(
    v.check((f) => inOrder(f), RANGE_ORDER),
    ['to'],
  ),
);
export type FulfillmentExportForm = v.InferOutput<typeof FulfillmentExportForm>;
/** The export's columns, in order (the header row). Times are ISO 8601, UTC. */
export const FULFILLMENT_EXPORT_COLUMNS = [
  'id',
  'user_id',
  'user_name',
  'user_email',
  'organization_id',
  'organization',
  'broker_id',
  'broker',
  'source',
  'request_id',
  'source_name',
  'dist',
  'starts_at',
  'ends_at',
  'status',
  'ended_at',
  'ended_by',
  'ended_reason',
  'created_at',
] as const satisfies readonly (keyof FulfillmentRow)[];

// ── POST user/end_br_fulfillment/ ─────────────────────────────────────────
/** Ends an active fulfillment from the version the person saw, saying why. */
export const EndFulfillmentForm = v.object({
  id: Id,
  version: v.pipe(
    v.union([v.pipe(v.string(), v.regex(/^\d{1,9}$/, 'Expected a version.'), v.transform(Number)), v.number()]),
    v.integer(),
    v.minValue(1),
  ),
  reason: Reason,
});
export type EndFulfillmentForm = v.InferOutput<typeof EndFulfillmentForm>;

export const EndFulfillmentReply = v.object({ status: v.literal(true), msg: v.string(), fulfillment: FulfillmentRow });
export type EndFulfillmentReply = v.InferOutput<typeof EndFulfillmentReply>;
/** 409: another member of staff ended it (or changed it) first; the row as it is now. */
export const EndFulfillmentConflict = v.object({
  status: v.literal(false),
  msg: v.string(),
  fulfillment: FulfillmentRow,
});
export type EndFulfillmentConflict = v.InferOutput<typeof EndFulfillmentConflict>;

export const FULFILLMENT_MESSAGES = {
  ended: 'Fulfillment ended.',
  gone: 'That fulfillment no longer exists.',
  changed: 'Someone else changed this fulfillment meanwhile; it is shown as it is now.',
  endedBy: (who: string | null) => (who ? `Already ended by ${who}.` : 'Already ended.'),
} as const;

export const isEnded = (status: FulfillmentStatus) => status === 'ended';
export type { FulfillmentSource, FulfillmentStatus };
