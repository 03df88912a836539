// The event store (decision 063): what happened on the platform, one row per event, from the
// server (sign-in events, recorded as the audit log is written) or from another source that files
// them. The Events view lists them newest first (keyset on occurred_at, id) and one person's
// summary; spec §7 names the calls (segment/fetch_segmentio_events/, user/get_user_segment_data/).
import * as v from 'valibot';
import { Chart, OptionalId, RangeEnd } from './reports';
import { oneLine } from './wire-input';

export const EVENT_PAGE_SIZE = 50;
export const EVENT_NAME_MAX = 100;
export const EVENT_SOURCES = ['server', 'panel', 'platform'] as const;
export const EVENT_SOURCE_LABELS: Record<(typeof EVENT_SOURCES)[number], string> = {
  server: 'Server',
  panel: 'Panel',
  platform: 'Platform',
};
export const eventSourceLabel = (s: string) =>
  Object.hasOwn(EVENT_SOURCE_LABELS, s) ? EVENT_SOURCE_LABELS[s as keyof typeof EVENT_SOURCE_LABELS] : s;

export const EventItem = v.object({
  id: v.number(),
  name: v.string(),
  source: v.string(),
  user: v.nullable(v.object({ id: v.number(), username: v.string(), email: v.string() })),
  organization: v.nullable(v.object({ id: v.number(), name: v.string() })),
  /** The username or email the event names (a refused sign-in names who was tried). */
  actor: v.nullable(v.string()),
  occurred_at: v.number(),
});
export type EventItem = v.InferOutput<typeof EventItem>;

export const EventCursor = v.object({ at: v.number(), id: v.number() });
export type EventCursor = v.InferOutput<typeof EventCursor>;
export const eventCursorText = (c: EventCursor) => `${c.at}.${c.id}`;
const CursorField = v.pipe(
  v.string(),
  v.regex(/^\d{1,15}\.\d{1,15}$/, 'Not a page of this list.'),
  v.transform((s): EventCursor => {
    const [at, id] = s.split('.');
    return { at: Number(at), id: Number(id) };
  }),
);
const IdField = v.pipe(
  v.string(),
  v.regex(/^\d{1,15}$/, 'Expected an id.'),
  v.transform(Number),
  v.minValue(1, 'Expected an id.'),
);

// ── POST segment/fetch_segmentio_events/ ─────────────────────────────
export const EventsQuery = v.object({
  from: RangeEnd,
  to: RangeEnd,
  org_id: OptionalId,
  name: v.optional(
    v.pipe(v.string(), v.trim(), v.maxLength(EVENT_NAME_MAX, `At most ${EVENT_NAME_MAX} characters.`), oneLine()),
    '',
  ),
  cursor: v.optional(v.union([v.literal(''), CursorField], 'Not a page of this list.'), ''),
});
export type EventsQuery = v.InferOutput<typeof EventsQuery>;
export const EventsReply = v.object({
  status: v.literal(true),
  events: v.array(EventItem),
  next: v.nullable(EventCursor),
  /** The names events carry in the range, commonest first, for the name filter. */
  names: v.array(v.string()),
});
export type EventsReply = v.InferOutput<typeof EventsReply>;

// ── POST user/get_user_segment_data/ ─────────────────────────────────
export const UserSegmentQuery = v.object({ user_id: IdField, from: RangeEnd, to: RangeEnd });
export type UserSegmentQuery = v.InferOutput<typeof UserSegmentQuery>;
export const UserSegmentReply = v.object({
  status: v.literal(true),
  user: v.object({ id: v.number(), username: v.string(), email: v.string(), name: v.string() }),
  first_seen: v.nullable(v.number()),
  last_seen: v.nullable(v.number()),
  charts: v.array(Chart),
  recent: v.array(EventItem),
});
export type UserSegmentReply = v.InferOutput<typeof UserSegmentReply>;
