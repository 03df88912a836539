// A user's notebook on the platform (spec §3 "Notebook content types", "Template sources", §7,
// §9 notebook version; decision 065): which notebook content the platform emails them about and
// how often, the note templates they start notes from (chosen from the library, by source), the
// tags their notebook offers (tags and tag groups of Segments & Tags), the notebook version they
// are on against the deployment's default, and their transcript source and research provider.
// One row per user holds the three choices under one version: every save names the version read,
// and a stale save is refused with the setting as stored now and who saved it.
import * as v from 'valibot';
import { COLOR_PATTERN, Tag } from './tags';
import { Id, JsonField, RequiredText, Text } from './wire';
import { RR_PRO_OPTIONS, TR_SRC_OPTIONS } from './user-fields';

/** Spec §3 "Notebook content types". */
export const NOTEBOOK_CONTENT_TYPES = [
  'notebook',
  'highlight',
  'plotter',
  'clipper',
  'email',
  'attachment',
  'sntclipper',
  'bookmark',
] as const;
export type NotebookContentType = (typeof NOTEBOOK_CONTENT_TYPES)[number];
export const NOTEBOOK_CONTENT_LABELS: Record<NotebookContentType, string> = {
  notebook: 'Notes',
  highlight: 'Highlights',
  plotter: 'Plotter charts',
  clipper: 'Web clips',
  email: 'Emailed notes',
  attachment: 'Attachments',
  sntclipper: 'Sentiment clips',
  bookmark: 'Bookmarks',
};

/** How often the platform emails a user about notebook content shared with them. */
export const NOTIFICATION_FREQUENCIES = ['off', 'instant', 'daily', 'weekly'] as const;
export type NotificationFrequency = (typeof NOTIFICATION_FREQUENCIES)[number];
export const NOTIFICATION_FREQUENCY_LABELS: Record<NotificationFrequency, string> = {
  off: 'Never',
  instant: 'As it happens',
  daily: 'Daily digest',
  weekly: 'Weekly digest',
};

export const NOTE_TEMPLATE_NAME_MAX = 120;
export const NOTE_TEMPLATE_BODY_MAX = 20_000;
/** Most note templates, and most notebook tags, one user keeps. */
export const MAX_USER_NOTE_TEMPLATES = 50;
export const MAX_NOTEBOOK_TAGS = 200;

export const NOTEBOOK_MESSAGES = {
  noUser: (id: number) => `No user has the id ${id}.`,
  stale: (by: string | null) =>
    `${by ?? 'Someone'} changed this notebook's settings since you opened them; they are shown as saved now.`,
  unknownTemplates: (ids: readonly number[]) => `No library template has the id ${ids.join(', ')}.`,
  sourceNotAllowed: "Product specialist templates need the 'Advanced settings' permission.",
  unknownTags: (ids: readonly number[]) => `No tag has the id ${ids.join(', ')}.`,
  groupNotTag: (ids: readonly number[]) =>
    `Tag groups cannot be notebook tags themselves (${ids.join(', ')}); choose tags inside them.`,
  contentTypesNeeded: 'Choose at least one kind of content, or set the frequency to Never.',
  saved: 'Notebook settings saved.',
} as const;

// ── the setting on the wire ──────────────────────────────────────────
export const NotificationSetting = v.object({
  frequency: v.picklist(NOTIFICATION_FREQUENCIES),
  content_types: v.array(v.picklist(NOTEBOOK_CONTENT_TYPES)),
});
export type NotificationSetting = v.InferOutput<typeof NotificationSetting>;

/** The notebook version a user is on, against §9's rule for this deployment. */
export const NotebookVersion = v.object({
  /** The user's own (the rms_version flag). */
  version: v.picklist(['v1', 'v2']),
  switcher: v.boolean(),
  /** What §9 gives a new account on this deployment. */
  deployment: v.string(),
  default_version: v.picklist(['v1', 'v2']),
  default_switcher: v.boolean(),
});
export type NotebookVersion = v.InferOutput<typeof NotebookVersion>;

export const NotebookSetting = v.object({
  user_id: v.number(),
  notification: NotificationSetting,
  template_ids: v.array(v.number()),
  tag_ids: v.array(v.number()),
  /** 0 until first saved: a user nobody has changed has the defaults. */
  version: v.number(),
  updated_by: v.nullable(v.string()),
  updated_at: v.nullable(v.number()),
});
export type NotebookSetting = v.InferOutput<typeof NotebookSetting>;

/** A user nobody changed: a daily digest of notes, highlights and emailed notes. */
export const DEFAULT_NOTIFICATION: NotificationSetting = {
  frequency: 'daily',
  content_types: ['notebook', 'highlight', 'email'],
};

// ── POST user/get_notebook_notifiaction_setting/ (user_id) ───────────
export const NotebookUserForm = v.object({ user_id: Id });
export const NotebookSettingReply = v.object({
  status: v.literal(true),
  setting: NotebookSetting,
  notebook: NotebookVersion,
});
export type NotebookSettingReply = v.InferOutput<typeof NotebookSettingReply>;

/** A save refused because the setting moved on: the setting as stored now. */
export const StaleNotebookReply = v.object({
  status: v.literal(false),
  stale: v.literal(true),
  msg: v.string(),
  setting: NotebookSetting,
});
export type StaleNotebookReply = v.InferOutput<typeof StaleNotebookReply>;

const Version = v.pipe(
  v.union([v.pipe(v.string(), v.regex(/^\d{1,9}$/, 'Expected a version.'), v.transform(Number)), v.number()]),
  v.integer(),
  v.minValue(0),
);

// ── POST user/save_notebook_notification_setting/ (user_id, version, frequency, content_types) ──
export const SaveNotificationForm = v.object({
  user_id: Id,
  version: Version,
  frequency: v.picklist(NOTIFICATION_FREQUENCIES, 'Choose how often.'),
  content_types: JsonField(
    v.array(v.picklist(NOTEBOOK_CONTENT_TYPES, 'Not a notebook content type.')),
    'content_types',
  ),
});
export type SaveNotificationForm = v.InferOutput<typeof SaveNotificationForm>;

/** A notebook list of ids (templates, tags) as its form field holds it: JSON, at most `max`. */
const IdsUpTo = (max: number, what: string, field: string) =>
  JsonField(v.pipe(v.array(Id), v.maxLength(max, `At most ${max} ${what}.`)), field);

// ── POST user/save_note_templates/ (user_id, version, template_ids) ──
export const SaveNoteTemplatesForm = v.object({
  user_id: Id,
  version: Version,
  template_ids: IdsUpTo(MAX_USER_NOTE_TEMPLATES, 'templates', 'template_ids'),
});
export type SaveNoteTemplatesForm = v.InferOutput<typeof SaveNoteTemplatesForm>;

// ── POST user/save_notebook_tags/ (user_id, version, tag_ids) ────────
export const SaveNotebookTagsForm = v.object({
  user_id: Id,
  version: Version,
  tag_ids: IdsUpTo(MAX_NOTEBOOK_TAGS, 'tags', 'tag_ids'),
});
export type SaveNotebookTagsForm = v.InferOutput<typeof SaveNotebookTagsForm>;

export const SaveNotebookReply = v.object({ status: v.literal(true), msg: v.string(), setting: NotebookSetting });
export type SaveNotebookReply = v.InferOutput<typeof SaveNotebookReply>;

// ── GET user/fetch_library_templates/ (source) ───────────────────────
export const LibraryTemplate = v.object({
  id: v.number(),
  source: v.string(),
  name: v.string(),
  content_type: v.picklist(NOTEBOOK_CONTENT_TYPES),
  /** The first 200 characters of the template's text. */
  excerpt: v.string(),
});
export type LibraryTemplate = v.InferOutput<typeof LibraryTemplate>;
/** An empty source: every source this session may read. */
export const LibraryTemplatesQuery = v.object({ source: v.optional(Text(80), '') });
export const LibraryTemplatesReply = v.object({
  status: v.literal(true),
  /** The sources this session may read, with their words ('Acme templates'). */
  sources: v.array(v.object({ source: v.string(), label: v.string() })),
  templates: v.array(LibraryTemplate),
});
export type LibraryTemplatesReply = v.InferOutput<typeof LibraryTemplatesReply>;

// ── GET user/fetch_tag_groups/ and POST user/create_tag_group/ ───────
export const TagGroupsQuery = v.object({});
export const TagGroupsReply = v.object({
  status: v.literal(true),
  /** Every group with the tags inside it; `ungrouped` holds the rest. */
  groups: v.array(v.object({ group: Tag, tags: v.array(Tag) })),
  ungrouped: v.array(Tag),
});
export type TagGroupsReply = v.InferOutput<typeof TagGroupsReply>;
export const CreateTagGroupForm = v.object({
  name: RequiredText('Group name', 100),
  desc: v.optional(Text(500), ''),
  color: v.optional(
    v.union([v.literal(''), v.pipe(v.string(), v.regex(COLOR_PATTERN, 'Pick a colour like #C0C0C0.'))]),
    '',
  ),
});
export type CreateTagGroupForm = v.InferOutput<typeof CreateTagGroupForm>;
export const CreateTagGroupReply = v.object({ status: v.literal(true), msg: v.string(), group: Tag });
export type CreateTagGroupReply = v.InferOutput<typeof CreateTagGroupReply>;

// ── POST user/fetch_transcript_src/ (user_id) ────────────────────────
// Their words are user-labels.ts's `optionLabel`, as on the Profile tab.
export const TranscriptSourceReply = v.object({
  status: v.literal(true),
  tr_src: v.picklist(TR_SRC_OPTIONS),
  rr_pro: v.picklist(RR_PRO_OPTIONS),
  /** Whether this session may change them (tr_src_toggle), on the Profile tab. */
  may_change: v.boolean(),
});
export type TranscriptSourceReply = v.InferOutput<typeof TranscriptSourceReply>;
