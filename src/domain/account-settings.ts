// What a customer account (an organization) may do: its settings (spec §3 "Account settings"),
// its account-level flags ("Other flags" with the query bits, and the "Data team flags"), the
// groups its new users join and the template it follows. One set of rules for every screen that
// writes them — Account Settings, Template Settings (a template holds the same two objects) and
// SKU Configuration (a SKU's defaults) — so a value refused on one is refused on all (decision 051).
//
// Some keys carry the platform key (`{product}vega`, `is_{product}_data_admin` …): the schemas are
// built per key by `accountSettingsContract(key)`, like every other product-keyed field.
import * as v from 'valibot';
import { conflictOf } from './conflict';
import { productNames } from './product';
import { RR_PRO_OPTIONS } from './user-fields';
import { Id, Text } from './wire';
import { countText } from './format';

// ── Constants (spec §3, §9) ───────────────────────────────────────────────
/** Spec §9: "Export hits max 2000" — a label there, enforced here. */
export const EXPORT_HITS_MAX = 2_000;
/** The most documents a day-limit may name: a bound, so a typo of extra zeros is caught. */
export const DOC_LIMIT_MAX = 1_000_000;
export const OTHER_DOCSEARCH_FEATURES_MAX = 255;

/** Editor version (spec §3): ck4 (-1), ck4 switched back (0), ck5 (1). The key is `ck5`. */
export const EDITOR_VERSIONS = [
  { value: -1, label: 'CKEditor 4' },
  { value: 0, label: 'CKEditor 4 (switched back from 5)' },
  { value: 1, label: 'CKEditor 5' },
] as const;
export type EditorVersion = (typeof EDITOR_VERSIONS)[number]['value'];

/** The query bits of "Other flags", summed into `new_filter_permission` (a string, '16' by default). */
export const QUERY_BITS = [
  { bit: 16, label: 'Query timeout change' },
  { bit: 32, label: 'Unary not span' },
  { bit: 64, label: 'Multi term' },
  { bit: 128, label: 'Multi term span' },
] as const;
const ALL_QUERY_BITS = QUERY_BITS.reduce((sum, q) => sum | q.bit, 0);

export const NOTEBOOK_VERSIONS = ['v1', 'v2'] as const;
export const REGIONS = ['americas', 'emea', 'asia'] as const;
export const RESEARCH_PROVIDERS = RR_PRO_OPTIONS;

/**
 * Deployments (server types) whose accounts start on notebook v2 (spec §9). The spec names two
 * customer deployments without saying which; these are the server types they run as, and they
 * also start with the version switcher on.
 */
export const NOTEBOOK_V2_DEPLOYMENTS = ['app', 'testing', 'local'] as const;
export const NOTEBOOK_CUSTOMER_DEPLOYMENTS = ['enterprise', 'enterprise_eu'] as const;

/** The plain on/off settings of spec §3 "Account settings", in the spec's order. */
export const ACCOUNT_SWITCHES = [
  'ds_bulk_rr',
  'drive_integrations',
  'docsearch_user_priviliges',
  'download_internal_content',
  'excelplug',
  'intraday_data',
  'hide_news_stream',
  'cboe_us_live_intraday',
  'evernote_sync',
  'ner',
  'note_fields',
  'wopi_edit',
  'evernote_v2',
  'custom_entity',
  'rms_version_switcher',
  'enable_notification',
  'admin_and_compliance_settings',
  'restrict_export',
] as const;
/** The on/off defaults of spec §9 that are account settings too. */
export const ACCOUNT_DEFAULT_SWITCHES = [
  'inactive_user_login',
  'alert_emails',
  'send_email',
  'active',
  'smartfilter',
] as const;

/** Spec §3 "Other flags" that are plain on/off; `{product}vega` is built per key. */
const OTHER_FLAGS_BEFORE_VEGA = [
  'open_intercom',
  'client_code',
  'disable_minimodal',
  'allow_multiple_sessions',
  'redirect',
] as const;
const OTHER_FLAGS_AFTER_VEGA = ['vega_as_default', 'is_migrated', 'pptscraper', 'public_doc'] as const;

/** Every key of the two objects, per platform key. */
export interface AccountFieldNames {
  otherFlags: readonly string[];
  vega: string;
  dataTeamFlags: readonly string[];
}
export function accountFieldNames(key: string): AccountFieldNames {
  const vega = productNames(key).vega;
  return {
    otherFlags: [...OTHER_FLAGS_BEFORE_VEGA, vega, ...OTHER_FLAGS_AFTER_VEGA],
    vega,
    dataTeamFlags: [`is_${key}_data_admin`, `is_${key}_data_user`, `${key}_data_comp_flag`, 'convert_tks'],
  };
}

// ── Values ────────────────────────────────────────────────────────────────
export type Switches = Record<string, boolean>;
export interface AccountSettingsValues extends Record<string, unknown> {
  otd_limit: number;
  dd_limit: number;
  export_hits_limit: number;
  other_docsearch_features: number;
  ck5: EditorVersion;
  startup_screen: string;
  research_provider: (typeof RESEARCH_PROVIDERS)[number];
  notebook_version: (typeof NOTEBOOK_VERSIONS)[number];
  notebook_version_switcher: boolean;
  regions: Record<(typeof REGIONS)[number], boolean>;
}
/** "Other flags" and "Data team flags", plus the query bits as their sum. */
export interface AccountLevelFlags extends Record<string, unknown> {
  new_filter_permission: string;
}

/** Spec §9's notebook rule: v2 on app, testing, local and the two customer deployments; the switcher on for those two. */
export function notebookDefaults(serverType: string): {
  notebook_version: 'v1' | 'v2';
  notebook_version_switcher: boolean;
} {
  const customer = (NOTEBOOK_CUSTOMER_DEPLOYMENTS as readonly string[]).includes(serverType);
  const v2 = customer || (NOTEBOOK_V2_DEPLOYMENTS as readonly string[]).includes(serverType);
  return { notebook_version: v2 ? 'v2' : 'v1', notebook_version_switcher: customer };
}

/** What a new account starts from (spec §9 "Account defaults"). */
export function defaultAccountSettings(
  key: string,
  serverType: string,
): { account_settings: AccountSettingsValues; account_level_flags: AccountLevelFlags } {
  const names = accountFieldNames(key);
  const off = (keys: readonly string[]) => Object.fromEntries(keys.map((k) => [k, false]));
  return {
    account_settings: {
      otd_limit: 20,
      dd_limit: 100,
      export_hits_limit: 50,
      other_docsearch_features: 1,
      ...off(ACCOUNT_SWITCHES),
      inactive_user_login: true,
      alert_emails: true,
      send_email: true,
      active: true,
      smartfilter: true,
      ck5: -1,
      startup_screen: 'docsearch',
      research_provider: 'tri',
      ...notebookDefaults(serverType),
      regions: { americas: true, emea: true, asia: true },
    },
    account_level_flags: {
      ...off(names.otherFlags),
      allow_multiple_sessions: true,
      ...off(names.dataTeamFlags),
      new_filter_permission: '16',
    },
  };
}

/** The query bits set in `new_filter_permission`. */
export function queryBitsOf(permission: string): number[] {
  const n = Number(permission);
  return QUERY_BITS.filter((q) => (n & q.bit) !== 0).map((q) => q.bit);
}
export function queryPermissionOf(bits: readonly number[]): string {
  return String(bits.reduce((sum, b) => sum | b, 0));
}

// ── Rules (both sides; the server runs them before every write) ──────────
export const ACCOUNT_MESSAGES = {
  wholeNumber: 'A whole number.',
  ddAboveOtd: (otd: number) => `The DD limit must be greater than the OTD limit (${countText(otd)}).`,
  exportHitsMax: `The export hits limit is at most ${countText(EXPORT_HITS_MAX)}.`,
  vegaDefault: (vegaLabel: string) => `Vega as default needs ${vegaLabel} on.`,
  queryBits: 'Only the query bits 16, 32, 64 and 128 can be set.',
} as const;

/**
 * Checks across fields that a schema of one field cannot: each problem at its field, dotted as the
 * request names it (`account_settings.dd_limit`). `prefix` places them inside a larger body (a
 * template's `template_settings.`).
 */
export function accountSettingsProblems(
  key: string,
  values: { account_settings: AccountSettingsValues; account_level_flags: AccountLevelFlags },
  prefix = '',
): Record<string, string> {
  const problems: Record<string, string> = {};
  const s = values.account_settings;
  if (s.dd_limit <= s.otd_limit)
    problems[`${prefix}account_settings.dd_limit`] = ACCOUNT_MESSAGES.ddAboveOtd(s.otd_limit);
  const names = accountFieldNames(key);
  if (values.account_level_flags['vega_as_default'] === true && values.account_level_flags[names.vega] !== true) {
    problems[`${prefix}account_level_flags.vega_as_default`] = ACCOUNT_MESSAGES.vegaDefault(
      `${productNames(key).name} Vega`,
    );
  }
  return problems;
}

// ── Schemas ───────────────────────────────────────────────────────────────
/** A whole number from JSON or form text ('20'); 1.5, '1e3', 'abc' and '' are refused. */
const WholeNumber = (max: number, tooMany: string = `At most ${countText(max)}.`) =>
  v.pipe(
    v.union(
      [
        v.pipe(v.string(), v.trim(), v.regex(/^\d{1,9}$/, ACCOUNT_MESSAGES.wholeNumber), v.transform(Number)),
        v.number(ACCOUNT_MESSAGES.wholeNumber),
      ],
      ACCOUNT_MESSAGES.wholeNumber,
    ),
    v.integer(ACCOUNT_MESSAGES.wholeNumber),
    v.minValue(0, 'At least 0.'),
    v.maxValue(max, tooMany),
  );
const Switch = v.boolean('On or off (true or false).');

export interface AccountSettingsContract {
  names: AccountFieldNames;
  /** `account_settings`: every key required, none unknown. */
  settings: v.GenericSchema<unknown, AccountSettingsValues>;
  /** `account_level_flags`: every key required, none unknown. */
  levelFlags: v.GenericSchema<unknown, AccountLevelFlags>;
  /** A partial of each, for a SKU's defaults: only what is named is set. */
  partialSettings: v.GenericSchema<unknown, Partial<AccountSettingsValues>>;
  partialLevelFlags: v.GenericSchema<unknown, Partial<AccountLevelFlags>>;
}

const contracts = new Map<string, AccountSettingsContract>();

export function accountSettingsContract(key: string): AccountSettingsContract {
  let contract = contracts.get(key);
  if (contract) return contract;
  const names = accountFieldNames(key);
  const switches = (keys: readonly string[]) => Object.fromEntries(keys.map((k) => [k, Switch]));
  const settingsEntries = {
    otd_limit: WholeNumber(DOC_LIMIT_MAX),
    dd_limit: WholeNumber(DOC_LIMIT_MAX),
    export_hits_limit: WholeNumber(EXPORT_HITS_MAX, ACCOUNT_MESSAGES.exportHitsMax),
    other_docsearch_features: WholeNumber(OTHER_DOCSEARCH_FEATURES_MAX),
    ...switches(ACCOUNT_SWITCHES),
    ...switches(ACCOUNT_DEFAULT_SWITCHES),
    ck5: v.picklist(
      EDITOR_VERSIONS.map((e) => e.value),
      'Choose an editor version.',
    ),
    startup_screen: v.picklist(productNames(key).startupScreens as string[], 'Choose a startup screen.'),
    research_provider: v.picklist(RESEARCH_PROVIDERS, 'Choose a research provider.'),
    notebook_version: v.picklist(NOTEBOOK_VERSIONS, 'Choose a notebook version.'),
    notebook_version_switcher: Switch,
    regions: v.strictObject(switches(REGIONS), `Regions are ${REGIONS.join(', ')}, each on or off.`),
  };
  const levelEntries = {
    ...switches(names.otherFlags),
    ...switches(names.dataTeamFlags),
    new_filter_permission: v.pipe(
      v.union(
        [
          v.pipe(v.string(), v.trim(), v.regex(/^\d{1,4}$/, ACCOUNT_MESSAGES.queryBits)),
          v.pipe(v.number(), v.transform(String)),
        ],
        ACCOUNT_MESSAGES.queryBits,
      ),
      v.check((s) => (Number(s) & ~ALL_QUERY_BITS) === 0, ACCOUNT_MESSAGES.queryBits),
      v.transform((s) => String(Number(s))),
    ),
  };
  const unknownKey = (what: string) => (issue: v.BaseIssue<unknown>) =>
    issue.expected === 'never'
      ? `${what} has no setting ${JSON.stringify((issue.path ?? []).at(-1)?.key)}.`
      : issue.message;
  contract = {
    names,
    settings: v.strictObject(settingsEntries, unknownKey('account_settings')) as unknown as v.GenericSchema<
      unknown,
      AccountSettingsValues
    >,
    levelFlags: v.strictObject(levelEntries, unknownKey('account_level_flags')) as unknown as v.GenericSchema<
      unknown,
      AccountLevelFlags
    >,
    partialSettings: v.strictObject(
      partialEntries(settingsEntries),
      unknownKey('account_settings'),
    ) as unknown as v.GenericSchema<unknown, Partial<AccountSettingsValues>>,
    partialLevelFlags: v.strictObject(
      partialEntries(levelEntries),
      unknownKey('account_level_flags'),
    ) as unknown as v.GenericSchema<unknown, Partial<AccountLevelFlags>>,
  };
  contracts.set(key, contract);
  return contract;
}

function partialEntries(entries: Record<string, v.GenericSchema>): Record<string, v.GenericSchema> {
  return Object.fromEntries(Object.entries(entries).map(([k, s]) => [k, v.optional(s)]));
}

// ── Account list: GET api/as/ ─────────────────────────────────────────────
export const ACCOUNT_NAME_MAX = 200;
export const AccountListItem = v.object({
  account_id: v.number(),
  name: v.string(),
  salesforce_id: v.nullable(v.string()),
  /** Null while the account runs on the defaults (nothing saved yet). */
  version: v.number(),
  templatesettings_id: v.nullable(v.number()),
  template_name: v.nullable(v.string()),
  updated_at: v.nullable(v.number()),
});
export type AccountListItem = v.InferOutput<typeof AccountListItem>;

// ── One account's settings (spec §3 "Account settings payload") ──────────
export const AccountSettingsRecord = v.object({
  account_id: v.number(),
  account_name: v.string(),
  account_settings: v.record(v.string(), v.unknown()),
  account_level_flags: v.record(v.string(), v.unknown()),
  /** Groups of this account that its new users join (ids of its groups). */
  accountsettings_groups: v.array(v.number()),
  templatesettings_id: v.nullable(v.number()),
  template_name: v.nullable(v.string()),
  /** True while nothing is stored: the values are §9's defaults and a save creates the row. */
  is_new_created: v.boolean(),
  /** 0 while nothing is stored; raised by every save. */
  version: v.number(),
  created_by: v.nullable(v.string()),
  updated_by: v.nullable(v.string()),
  created_at: v.nullable(v.number()),
  updated_at: v.nullable(v.number()),
});
export type AccountSettingsRecord = v.InferOutput<typeof AccountSettingsRecord>;

/** HTTP 409: saved by someone else since `version`; `current` is what is stored now. */
export const StaleAccountSettingsReply = v.object({
  status: v.literal(false),
  msg: v.string(),
  stale: v.literal(true),
  current: AccountSettingsRecord,
});
export type StaleAccountSettingsReply = v.InferOutput<typeof StaleAccountSettingsReply>;

export const staleAccountSettingsOf = (error: unknown): StaleAccountSettingsReply | null =>
  conflictOf(error, StaleAccountSettingsReply);

export const AccountGroups = v.pipe(
  v.array(Id, 'accountsettings_groups is a list of group ids.'),
  v.maxLength(200),
  v.transform((ids) => [...new Set(ids)]),
);
export const TemplateRef = v.nullable(Id);
export const AccountName = Text(ACCOUNT_NAME_MAX);
