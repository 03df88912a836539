// Tags (spec §3, §5, §7): the tag calls, the Create Tag form, and the display rules (preview
// cut, label contrast) the tag selector uses.
import * as v from 'valibot';
import { listAtMost } from './json-list';
import { Id, JsonField, RequiredText, Text } from './wire';
import { countText } from './format';

export const DEFAULT_TAG_COLOR = '#C0C0C0';
export const TAG_PREVIEW_CHARS = 50;
export const TAG_GROUP_PREVIEW_CHARS = 10;
export const COLOR_PATTERN = /^#[0-9a-fA-F]{6}$/;

export const Tag = v.object({
  id: v.number(),
  name: v.string(),
  color: v.string(),
  description: v.string(),
  /** Parent tag group id (spec §3 `group`). */
  group: v.nullable(v.number()),
  icon: v.nullable(v.string()),
});
export type Tag = v.InferOutput<typeof Tag>;

/** user/fetch_user_tags/: every tag and group, and the tags of userId when given. */
export const FetchTagsForm = v.object({ userId: v.optional(v.union([v.literal(''), Id]), '') });
export const FetchTagsReply = v.object({
  status: v.literal(true),
  msg: v.object({ tags: v.array(Tag), tag_groups: v.array(Tag), user_tags: v.array(v.number()) }),
});
export type FetchTagsReply = v.InferOutput<typeof FetchTagsReply>;

/** user/update_user_tags/ with action create: the Create Tag dialog. */
export const CreateTagForm = v.object({
  action: v.literal('create'),
  type: v.optional(v.picklist(['normal', 'group']), 'normal'),
  name: RequiredText('Tag Name', 100),
  parent_tag_id: v.optional(v.union([v.literal(''), Id]), ''),
  desc: v.optional(Text(500), ''),
  color: v.optional(
    v.union([v.literal(''), v.pipe(v.string(), v.regex(COLOR_PATTERN, 'Pick a colour like #C0C0C0.'))]),
    '',
  ),
});
export type CreateTagForm = v.InferOutput<typeof CreateTagForm>;
export const CreateTagReply = v.union([
  v.object({ status: v.literal(true), msg: v.string(), tag: Tag }),
  v.object({ status: v.literal(false), msg: v.string() }),
]);
export type CreateTagReply = v.InferOutput<typeof CreateTagReply>;

/** A tag the Create Tag dialog asks for, before the service writes it as a CreateTagForm. */
export interface NewTag {
  name: string;
  color: string;
  description: string;
  /** The tag group the tag joins, or null. */
  groupId: number | null;
}

/** Users one assignment may name: a bulk tag file's 100,000 rows. */
export const ASSIGN_TAGS_MAX_USERS = 100_000;
/**
 * Body cap of assign_tags/ and its preview (decision 045): 100,000 identifiers of up to 254
 * characters do not fit the 1 MB every other route keeps; a file of emails needs ~4 MB.
 */
export const ASSIGN_TAGS_MAX_BODY_BYTES = 16 * 1024 * 1024;

const TagIdsField = JsonField(v.pipe(v.array(Id), v.maxLength(500)), 'tags');
/** User ids, or (bulk upload) emails, usernames or ids as text; a list over the limit is refused unparsed. */
const UserIdentifiersField = v.pipe(
  v.string(),
  listAtMost(ASSIGN_TAGS_MAX_USERS, `Send at most ${countText(ASSIGN_TAGS_MAX_USERS)} users.`),
  JsonField(
    v.pipe(
      v.array(v.union([Id, v.pipe(v.string(), v.maxLength(254))])),
      v.minLength(1),
      v.maxLength(ASSIGN_TAGS_MAX_USERS),
    ),
    'userIds',
    ASSIGN_TAGS_MAX_BODY_BYTES,
  ),
);

/** user/assign_tags/: overwrite replaces each user's tags; empty type adds to them. */
export const AssignTagsForm = v.object({
  tags: TagIdsField,
  userIds: UserIdentifiersField,
  type: v.optional(v.picklist(['overwrite', '']), ''),
  updated_from: v.optional(v.picklist(['bulk_upload', '']), ''),
});
export type AssignTagsForm = v.InferOutput<typeof AssignTagsForm>;
/**
 * msg lists the users that matched nobody (spec §8 'Invalid Users:'); `changed` counts the users
 * whose tags changed (absent from older servers).
 */
export const AssignTagsReply = v.object({
  status: v.boolean(),
  msg: v.array(v.string()),
  changed: v.optional(v.number()),
});
export type AssignTagsReply = v.InferOutput<typeof AssignTagsReply>;

/**
 * user/assign_tags_preview/: the bulk upload's dry run with the same fields (decision 045),
 * identifiers by email, username or id as a bulk upload names them.
 */
export const AssignTagsPreviewForm = v.object({ tags: TagIdsField, userIds: UserIdentifiersField });
export type AssignTagsPreviewForm = v.InferOutput<typeof AssignTagsPreviewForm>;
export const AssignTagsPreviewReply = v.object({
  status: v.literal(true),
  /** Live users the identifiers name (each once). */
  matched: v.number(),
  /** Identifiers that name no live user, in the order sent. */
  unmatched: v.array(v.string()),
  /** Users whose tags Reset Tags (overwrite) would change. */
  overwrite: v.number(),
  /** Users whose tags Add Tags would change. */
  add: v.number(),
});
export type AssignTagsPreviewReply = v.InferOutput<typeof AssignTagsPreviewReply>;

/** Spec §5: descriptions preview at 50 characters (groups 10) plus '...'. */
export function previewText(text: string, isGroup: boolean): string {
  const max = isGroup ? TAG_GROUP_PREVIEW_CHARS : TAG_PREVIEW_CHARS;
  return text.length > max ? `${text.slice(0, max)}...` : text;
}

/** Spec §5: label text black or white by the colour's brightness (ITU-R BT.601 weights). */
export function labelTextColor(color: string): 'black' | 'white' {
  const hex = COLOR_PATTERN.test(color) ? color : DEFAULT_TAG_COLOR;
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)) as [number, number, number];
  return (r * 299 + g * 587 + b * 114) / 1000 >= 128 ? 'black' : 'white';
}
