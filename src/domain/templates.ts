// Template Settings (/template_settings, decision 052): reusable sets of account settings. A
// template holds the same two objects as an account (spec §3 "Template": template_settings =
// { account_settings, account_level_flags }), checked by the same rules (account-settings.ts),
// and the names of groups an account's new users join, matched against each account's own groups
// when the template is applied. Names are whitespace-collapsed and trimmed before they are checked
// and saved, unique whatever their case (spec §5). Sources (spec §3): `{product}_templates`, and
// `product_specialist_templates` for those holding SPECIALIST_FEATURE. Applying a template is a
// dry run (what changes on each account) and then one transaction from the versions it showed.
import * as v from 'valibot';
import { conflictOf } from './conflict';
import type { FeatureKey } from './features';
import { Id, JsonField, Text } from './wire';
import { countText } from './format';

export const TEMPLATE_NAME_MAX = 100;
export const TEMPLATE_DESCRIPTION_MAX = 500;
export const TEMPLATE_GROUPS_MAX = 50;
export const TEMPLATE_GROUP_NAME_MAX = 100;
export const TEMPLATE_SOURCE_USER_MAX = 150;
/** The most accounts one apply (and its dry run) may name. */
export const APPLY_ACCOUNTS_MAX = 1_000;

// ── Sources (spec §3 "Template sources") ──────────────────────────────────
export const SPECIALIST_SOURCE = 'product_specialist_templates';
/**
 * The feature that opens product specialist templates. Spec §3 says "when the feature is present"
 * and §6 names no key for it; the product specialists are the staff who set accounts' advanced
 * configuration, so it is `adv_settings` ('Advanced settings'). Decision 052.
 */
export const SPECIALIST_FEATURE: FeatureKey = 'adv_settings';

export const productTemplatesSource = (productKey: string) => `${productKey}_templates`;

/** Every source a deployment knows, in the order a form offers them. */
export function templateSources(productKey: string): string[] {
  return [productTemplatesSource(productKey), SPECIALIST_SOURCE];
}

/** The sources a person with these features may read, create, edit and apply. */
export function sourcesFor(productKey: string, features: readonly string[]): string[] {
  return templateSources(productKey).filter((s) => s !== SPECIALIST_SOURCE || features.includes(SPECIALIST_FEATURE));
}

/** The words for a source: 'Acme templates', 'Product specialist templates'. */
export function sourceLabel(source: string, productName: string): string {
  return source === SPECIALIST_SOURCE ? 'Product specialist templates' : `${productName} templates`;
}

/** Spec §5: whitespace collapsed and trimmed before checking and saving. */
export function normalizeTemplateName(name: string): string {
  return name.replace(/\s+/gu, ' ').trim();
}

export const TEMPLATE_MESSAGES = {
  nameRequired: 'Give the template a name.',
  nameTaken: (name: string) => `A template named '${name}' exists (names are the same whatever their case).`,
  missing: 'There is no such template; it may have been deleted.',
  sourceNotAllowed: "Product specialist templates need the 'Advanced settings' permission.",
  sourceUnknown: (sources: readonly string[]) => `Choose a source: ${sources.join(' or ')}.`,
} as const;

// ── The record ────────────────────────────────────────────────────────────
export const TemplateSettings = v.object({
  account_settings: v.record(v.string(), v.unknown()),
  account_level_flags: v.record(v.string(), v.unknown()),
});

export const Template = v.object({
  id: v.number(),
  template_name: v.string(),
  template_description: v.string(),
  source: v.string(),
  template_settings: TemplateSettings,
  /** Names of groups; applied, each is matched against the account's own groups by name. */
  templatesettings_groups: v.array(v.string()),
  created_by: v.string(),
  updated_by: v.string(),
  /** Who the template was made for or from (free text, spec §3). */
  source_user: v.nullable(v.string()),
  /** The account the template was taken from, if any. */
  account_id: v.nullable(v.number()),
  account_name: v.nullable(v.string()),
  created_at: v.number(),
  updated_at: v.number(),
  version: v.number(),
  /** With `stats`: how many accounts follow the template; otherwise null. */
  accounts: v.nullable(v.number()),
});
export type Template = v.InferOutput<typeof Template>;

// ── GET api/ts/ ───────────────────────────────────────────────────────────
const OptionalId = v.optional(v.union([v.literal(''), Id], 'Expected a template id.'), '');
export const TemplateListQuery = v.object({
  /** Names or descriptions holding this text. */
  query: v.optional(Text(TEMPLATE_NAME_MAX), ''),
  /** One name exactly (whatever its case, after collapsing whitespace). */
  template_name: v.optional(v.pipe(Text(TEMPLATE_NAME_MAX), v.transform(normalizeTemplateName)), ''),
  template_id: OptionalId,
  stats: v.optional(
    v.pipe(
      v.picklist(['', 'true', 'false', '1', '0'], 'stats is true or false.'),
      v.transform((s) => s === 'true' || s === '1'),
    ),
    '',
  ),
});
export type TemplateListQuery = v.InferOutput<typeof TemplateListQuery>;

export const TemplateListReply = v.object({
  status: v.literal(true),
  msg: v.string(),
  result: v.array(Template),
  /** The sources this person may use (product specialist templates only with SPECIALIST_FEATURE). */
  sources: v.array(v.string()),
  /** With stats: accounts following no template. */
  accounts_without_template: v.nullable(v.number()),
});
export type TemplateListReply = v.InferOutput<typeof TemplateListReply>;

// ── POST api/ts/ and PUT api/ts/?template_id= (form; objects as JSON fields) ─
const TemplateName = v.pipe(
  v.string('Give the template a name.'),
  v.transform(normalizeTemplateName),
  v.nonEmpty(TEMPLATE_MESSAGES.nameRequired),
  v.maxLength(TEMPLATE_NAME_MAX),
  v.regex(/^[^\p{Cc}]*$/u, 'Control characters are not allowed.'),
);
const GroupName = v.pipe(
  v.string('Group names are text.'),
  v.transform(normalizeTemplateName),
  v.nonEmpty('A group name cannot be empty.'),
  v.maxLength(TEMPLATE_GROUP_NAME_MAX),
);
const GroupNames = v.pipe(
  v.array(GroupName, 'templatesettings_groups is a list of group names.'),
  v.maxLength(TEMPLATE_GROUPS_MAX),
  // The same name twice (whatever its case) is kept once.
  v.transform((names) => names.filter((n, i) => names.findIndex((m) => m.toLowerCase() === n.toLowerCase()) === i)),
);

const templateEntries = {
  template_name: TemplateName,
  template_description: v.optional(Text(TEMPLATE_DESCRIPTION_MAX), ''),
  source: v.string('Choose a source.'),
  /** Checked against the account settings contract of the platform key by the server. */
  template_settings: JsonField(
    v.object(
      { account_settings: v.unknown(), account_level_flags: v.unknown() },
      'template_settings holds account_settings and account_level_flags.',
    ),
    'template_settings',
  ),
  templatesettings_groups: v.optional(JsonField(GroupNames, 'templatesettings_groups'), '[]'),
  source_user: v.optional(
    v.pipe(
      Text(TEMPLATE_SOURCE_USER_MAX),
      v.transform((s) => s || null),
    ),
    '',
  ),
  account_id: v.optional(
    v.union(
      [
        v.pipe(
          v.literal(''),
          v.transform(() => null),
        ),
        Id,
      ],
      'Expected an account id.',
    ),
    '',
  ),
};
export const CreateTemplateBody = v.object(templateEntries);
export type CreateTemplateBody = v.InferOutput<typeof CreateTemplateBody>;
export const UpdateTemplateBody = v.object({ ...templateEntries, version: Id });
export type UpdateTemplateBody = v.InferOutput<typeof UpdateTemplateBody>;
export const TemplateIdQuery = v.object({ template_id: Id });
export const DeleteTemplateQuery = v.object({ version: Id });

export const TemplateReply = v.object({ status: v.literal(true), msg: v.string(), template: Template });
export type TemplateReply = v.InferOutput<typeof TemplateReply>;
export const DeleteTemplateReply = v.object({ status: v.literal(true), msg: v.string(), unlinked: v.number() });
export type DeleteTemplateReply = v.InferOutput<typeof DeleteTemplateReply>;

/** HTTP 409: the template changed (or went) since `version`; `current` is what is stored now. */
export const StaleTemplateReply = v.object({
  status: v.literal(false),
  msg: v.string(),
  stale: v.literal(true),
  current: v.nullable(Template),
});
export type StaleTemplateReply = v.InferOutput<typeof StaleTemplateReply>;

// ── Apply: POST api/ts/apply_preview/ and api/ts/apply/ (form; lists as JSON fields) ─
const AccountIds = v.pipe(
  v.array(Id, 'account_ids is a list of account ids.'),
  v.minLength(1, 'Choose at least one account.'),
  v.maxLength(APPLY_ACCOUNTS_MAX, `At most ${countText(APPLY_ACCOUNTS_MAX)} accounts at once.`),
  v.transform((ids) => [...new Set(ids)]),
);
export const ApplyPreviewBody = v.object({ template_id: Id, account_ids: JsonField(AccountIds, 'account_ids') });
export type ApplyPreviewBody = v.InferOutput<typeof ApplyPreviewBody>;

/** What applying the template would do to one account. */
export const AccountPreview = v.object({
  account_id: v.number(),
  account_name: v.string(),
  /** The account's settings version the apply must still find (0: nothing stored yet). */
  version: v.number(),
  /** Dotted field → [now, after]: `account_settings.dd_limit`, `account_level_flags.redirect`, `accountsettings_groups`, `templatesettings_id`. */
  changes: v.record(v.string(), v.tuple([v.unknown(), v.unknown()])),
  /** The template's group names this account has (its new users will join them) and those it has not. */
  groups_matched: v.array(v.string()),
  groups_unmatched: v.array(v.string()),
  /** The template the account follows now, if any. */
  following: v.nullable(v.object({ id: v.number(), name: v.nullable(v.string()) })),
});
export type AccountPreview = v.InferOutput<typeof AccountPreview>;

export const ApplyPreviewReply = v.object({
  status: v.literal(true),
  template: Template,
  accounts: v.array(AccountPreview),
  /** Ids of no organization. */
  missing: v.array(v.number()),
});
export type ApplyPreviewReply = v.InferOutput<typeof ApplyPreviewReply>;

export const ApplyBody = v.object({
  template_id: Id,
  /** The template's version the preview showed. */
  template_version: Id,
  accounts: JsonField(
    v.pipe(
      v.array(
        v.object({ account_id: Id, version: v.pipe(v.number('Expected a version.'), v.integer(), v.minValue(0)) }),
        'accounts is a list of {account_id, version}.',
      ),
      v.minLength(1, 'Choose at least one account.'),
      v.maxLength(APPLY_ACCOUNTS_MAX, `At most ${countText(APPLY_ACCOUNTS_MAX)} accounts at once.`),
      v.check((list) => new Set(list.map((a) => a.account_id)).size === list.length, 'An account is named twice.'),
    ),
    'accounts',
  ),
});
export type ApplyBody = v.InferOutput<typeof ApplyBody>;

export const ApplyReply = v.object({
  status: v.literal(true),
  msg: v.string(),
  /** Accounts now following the template. */
  applied: v.number(),
  /** Of those, the ones whose settings changed (the others already matched it). */
  changed: v.number(),
  template: Template,
});
export type ApplyReply = v.InferOutput<typeof ApplyReply>;

/**
 * HTTP 409: nothing was written. `accounts`: those changed since the preview (or gone);
 * `template`: the template as stored now when it changed (null when it was deleted or did not change).
 */
export const ApplyConflictReply = v.object({
  status: v.literal(false),
  msg: v.string(),
  conflict: v.picklist(['accounts', 'template']),
  accounts: v.array(v.object({ account_id: v.number(), account_name: v.nullable(v.string()) })),
  template: v.nullable(Template),
});
export type ApplyConflictReply = v.InferOutput<typeof ApplyConflictReply>;

/** A 409 of this section read by shape. */
export const templateConflictOf = (error: unknown): StaleTemplateReply | ApplyConflictReply | null =>
  conflictOf(error, StaleTemplateReply, ApplyConflictReply);
