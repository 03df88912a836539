// Segments (Segments & Tags, Segments tab; decision 046): a named, saved user-list query. The
// query is the list's own filter and order, checked with the list's own schemas (UserFilter and
// the search form's sort and dir), so a segment lists, counts and tags exactly the users the list
// shows for it. Members are live users: a segment never holds deleted ones.
import * as v from 'valibot';
import { conflictOf } from './conflict';
import { AssignTagsReply } from './tags';
import { SearchUsersForm, TOTAL_CAP, totalWords, UserFilter } from './users';
import { Id, JsonField, NameAndDescription, StoredEdit, Text } from './wire';
import { countText } from './format';

export const SEGMENT_NAME_MAX = 100;
export const SEGMENT_DESCRIPTION_MAX = 500;
export const SEGMENT_PAGE_SIZES = [20, 50] as const;
/** A segment's tags are applied to at most this many members; above it the call is refused. */
export const SEGMENT_ASSIGN_MAX = 100_000;

/** The saved query: the list's filter (live users only) and order, and the organization's name for its chip. */
export const SegmentQuery = v.strictObject({
  q: UserFilter.entries.q,
  user_type: UserFilter.entries.user_type,
  user_category: UserFilter.entries.user_category,
  organization_id: UserFilter.entries.organization_id,
  active: UserFilter.entries.active,
  deleted: v.optional(
    v.literal('exclude', 'A segment holds live users only: deleted users cannot be part of one.'),
    'exclude',
  ),
  sort: SearchUsersForm.entries.sort,
  dir: SearchUsersForm.entries.dir,
  /** Display only: the organization filter's name, as the list's chip shows it. */
  org_name: v.optional(Text(200), ''),
});
export type SegmentQuery = v.InferOutput<typeof SegmentQuery>;

export const Segment = v.object({
  id: v.number(),
  name: v.string(),
  description: v.string(),
  query: SegmentQuery,
  /** Live users matching the query; with search text counted to TOTAL_CAP + 1 (then capped). */
  member_count: v.number(),
  member_count_capped: v.boolean(),
  created_by: v.string(),
  updated_by: v.string(),
  created_at: v.number(),
  updated_at: v.number(),
  /** Raised by every save: an update names the version it started from. */
  version: v.number(),
});
export type Segment = v.InferOutput<typeof Segment>;

/** How many members, in words: "1,234", or "more than 1,000" when the count stopped at the cap. */
export function memberWords(segment: Pick<Segment, 'member_count' | 'member_count_capped'>): string {
  return segment.member_count_capped ? totalWords(TOTAL_CAP + 1) : countText(segment.member_count);
}

const Named = NameAndDescription(SEGMENT_NAME_MAX, SEGMENT_DESCRIPTION_MAX);
const PageNumber = v.pipe(
  v.union([v.pipe(v.string(), v.regex(/^\d{1,7}$/, 'A page number.'), v.transform(Number)), v.number()]),
  v.integer('A page number.'),
  v.minValue(1),
);

// ── GET /segments/ ────────────────────────────────────────────────────────
/** A page of segments by name; `q` finds names holding the text; `id` asks for one (its count read now). */
export const ListSegmentsForm = v.object({
  q: v.optional(Text(SEGMENT_NAME_MAX), ''),
  page: v.optional(PageNumber, 1),
  page_size: v.optional(
    v.pipe(v.union([v.string(), v.number()]), v.transform(Number), v.picklist(SEGMENT_PAGE_SIZES, 'Choose 20 or 50.')),
    20,
  ),
  id: v.optional(v.union([v.literal(''), Id]), ''),
});
export type ListSegmentsForm = v.InferOutput<typeof ListSegmentsForm>;
export const ListSegmentsReply = v.object({
  status: v.literal(true),
  segments: v.array(Segment),
  /** Segments matching `q`, on every page. */
  total: v.number(),
  page: v.number(),
  page_size: v.number(),
});
export type ListSegmentsReply = v.InferOutput<typeof ListSegmentsReply>;

// ── POST /segments/ and PUT /segments/ ────────────────────────────────────
export const CreateSegmentForm = v.object({ ...Named, query: JsonField(SegmentQuery, 'query') });
export type CreateSegmentForm = v.InferOutput<typeof CreateSegmentForm>;

export const UpdateSegmentForm = v.object({
  ...StoredEdit,
  ...Named,
  /** Left out: the query stays as it is. */
  query: v.optional(JsonField(SegmentQuery, 'query')),
});
export type UpdateSegmentForm = v.InferOutput<typeof UpdateSegmentForm>;

export const SegmentReply = v.object({ status: v.literal(true), msg: v.string(), segment: Segment });
export type SegmentReply = v.InferOutput<typeof SegmentReply>;

/** HTTP 409: someone saved (or deleted) the segment since this edit's version; `current` is what is stored now. */
export const StaleSegmentReply = v.object({ status: v.literal(false), msg: v.string(), current: v.nullable(Segment) });
export type StaleSegmentReply = v.InferOutput<typeof StaleSegmentReply>;

/** The stale-save answer a failed call carries (read by shape, as fieldRefusalOf reads a 400). */
export const staleSegmentOf = (error: unknown): StaleSegmentReply | null => conflictOf(error, StaleSegmentReply);

// ── DELETE /segments/{id}/ ────────────────────────────────────────────────
export const DeleteSegmentReply = v.object({ status: v.literal(true), msg: v.string() });
export type DeleteSegmentReply = v.InferOutput<typeof DeleteSegmentReply>;

// ── POST /segments/assign_tags/ ───────────────────────────────────────────
/** Tags for every member: 'overwrite' (Reset Tags) replaces their tags, '' (Add Tags) adds to them. */
export const AssignSegmentTagsForm = v.object({
  segment_id: Id,
  tags: JsonField(v.pipe(v.array(Id), v.maxLength(500)), 'tags'),
  type: v.optional(v.picklist(['overwrite', '']), ''),
});
export type AssignSegmentTagsForm = v.InferOutput<typeof AssignSegmentTagsForm>;

/** user/assign_tags/'s reply (msg: identifiers that matched nobody, none here), with the members and how many changed. */
export const AssignSegmentTagsReply = v.object({
  ...AssignTagsReply.entries,
  /** Members the tags were applied to. */
  members: v.number(),
  /** Members whose tags were different before (read just before the change). */
  changed: v.number(),
});
export type AssignSegmentTagsReply = v.InferOutput<typeof AssignSegmentTagsReply>;
