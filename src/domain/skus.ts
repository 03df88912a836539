// SKU Configuration (/sku_configuration, decision 053). A SKU is a sellable bundle: a product
// configuration (spec §3: `{product}_basic`, `_res`, `_res_prof`), data plan items (spec §5's
// rules, reconcileDataPlan in user-rules.ts) and default account settings — a PARTIAL of the
// account settings and account-level flags of account-settings.ts: only the keys a SKU names are
// set on an account it is assigned to, through the same rules as Account Settings.
//
// Staff create, change (from a version: stale → 409 with the SKU now), retire and reactivate SKUs
// (a retired SKU cannot be assigned, and still shows on the accounts holding it), list the
// accounts holding each (paged), preview an assignment (what changes, what the account rules
// refuse), then assign it from the account's settings version (stale → 409 with a new preview).
import * as v from 'valibot';
import { conflictOf } from './conflict';
import {
  accountSettingsContract,
  accountSettingsProblems,
  defaultAccountSettings,
  DOC_LIMIT_MAX,
  type AccountLevelFlags,
  type AccountSettingsValues,
} from './account-settings';
import { MAX_SEARCH_TEXT } from './constants';
import { FieldMessages } from './field-errors';
import { productNames } from './product';
import { NO_DATA_PLAN, reconcileDataPlan } from './user-rules';
import { Id, JsonField, NameAndDescription, StoredEdit, Text } from './wire';

// ── Limits and words ──────────────────────────────────────────────────────
export const SKU_CODE_MAX = 40;
export const SKU_NAME_MAX = 100;
export const SKU_DESCRIPTION_MAX = 500;
/** Upper-case letters and digits in parts joined by single hyphens: MD-PRO, RES-2026. Typed in any case, kept upper-case. */
export const SKU_CODE_PATTERN = /^[A-Z0-9]+(?:-[A-Z0-9]+)*$/;
export const SKU_STATUSES = ['active', 'retired'] as const;
export type SkuStatus = (typeof SKU_STATUSES)[number];
export const SKU_STATUS_FILTERS = ['all', 'active', 'retired'] as const;
export const SKU_HOLDERS_PAGE = 25;

export const SKU_MESSAGES = {
  code: 'Letters, digits and single hyphens between them, such as MD-PRO-2.',
  codeTaken: (code: string) => `A SKU with the code '${code}' exists (codes are the same whatever their case).`,
  configuration: 'Choose a product configuration.',
  dataPlanItem: (item: string) => `There is no data plan item ${JSON.stringify(item)}.`,
  retired: (code: string) => `SKU '${code}' is retired: it cannot be assigned. Reactivate it first.`,
  missing: 'There is no such SKU; it may have been deleted.',
  noAccount: 'There is no such account (organization).',
  stale: (code: string) => `Someone else changed SKU '${code}' since you opened it.`,
  staleAccount: (account: string) =>
    `The settings of ${account} were changed by someone else since the preview; here is what assigning changes now.`,
  refusedOnAccount: (code: string, account: string, rules: string) =>
    `SKU '${code}' cannot be assigned to ${account}: ${rules}`,
} as const;

/** The code as kept: trimmed, upper-case. */
export const normalizeSkuCode = (code: string) => code.trim().toUpperCase();

// ── Rules both sides run ──────────────────────────────────────────────────
/** What a SKU sets on an account: the two partial objects. */
export interface SkuDefaults {
  account_settings: Partial<AccountSettingsValues>;
  account_level_flags: Partial<AccountLevelFlags>;
}

/** The strict schema of a SKU's defaults for a platform key: unknown keys and non-numbers refused at their field. */
export function skuDefaultsSchema(key: string) {
  const contract = accountSettingsContract(key);
  return v.object({ account_settings: contract.partialSettings, account_level_flags: contract.partialLevelFlags });
}

/**
 * The data plan rules of spec §5 for a SKU (no user category): a plan the rules would change is
 * refused with the rule's own message, so what is stored is what is sold. 'null' alone is no plan.
 */
export function skuDataPlanProblem(key: string, plan: readonly string[]): string | null {
  const allowed = [...productNames(key).dataPlanItems, NO_DATA_PLAN];
  const unknown = plan.find((item) => !allowed.includes(item));
  if (unknown !== undefined) return SKU_MESSAGES.dataPlanItem(unknown);
  const result = reconcileDataPlan(key, plan, '');
  if (result.error) return result.error;
  const same = result.plan.length === plan.length && result.plan.every((item, i) => item === plan[i]);
  if (!same) return result.notices[0] ?? `Data plan ${JSON.stringify(plan)} is not an allowed combination.`;
  return null;
}

/**
 * Problems a SKU's defaults have whatever account they land on: the account rules run over the
 * most permissive account (no OTD limit, the largest DD limit, Vega on) with the SKU's values on
 * top, so only a rule the SKU breaks by itself is reported (a SKU naming OTD 500 and DD 100, say).
 * Whether it fits a given account is the assignment preview's question.
 */
export function skuDefaultsProblems(key: string, defaults: SkuDefaults): Record<string, string> {
  const base = defaultAccountSettings(key, 'app');
  const vega = productNames(key).vega;
  const permissive = {
    account_settings: {
      ...base.account_settings,
      otd_limit: 0,
      dd_limit: DOC_LIMIT_MAX,
      ...defaults.account_settings,
    } as AccountSettingsValues,
    account_level_flags: {
      ...base.account_level_flags,
      [vega]: true,
      vega_as_default: false,
      ...defaults.account_level_flags,
    } as AccountLevelFlags,
  };
  return accountSettingsProblems(key, permissive);
}

// ── Records the server returns ────────────────────────────────────────────
export const Sku = v.object({
  id: v.number(),
  code: v.string(),
  name: v.string(),
  description: v.string(),
  product_configuration: v.string(),
  /** Data plan items as stored ('null' never stored: an empty list is no plan). */
  data_plan: v.array(v.string()),
  /** Only the keys this SKU sets. */
  account_settings: v.record(v.string(), v.unknown()),
  account_level_flags: v.record(v.string(), v.unknown()),
  status: v.picklist(SKU_STATUSES),
  /** Accounts holding it now. */
  holders: v.number(),
  version: v.number(),
  created_by: v.string(),
  updated_by: v.string(),
  created_at: v.number(),
  updated_at: v.number(),
});
export type Sku = v.InferOutput<typeof Sku>;

// ── GET api/sku/ ──────────────────────────────────────────────────────────
export const SkuListQuery = v.object({
  q: v.optional(Text(MAX_SEARCH_TEXT), ''),
  status: v.optional(v.picklist(SKU_STATUS_FILTERS, 'status is all, active or retired.'), 'all'),
});
export const SkuListReply = v.object({ status: v.literal(true), items: v.array(Sku), total: v.number() });
export type SkuListReply = v.InferOutput<typeof SkuListReply>;

// ── POST api/sku/ (create) and api/sku/update/ ────────────────────────────
const Code = v.pipe(
  v.string(),
  v.trim(),
  v.nonEmpty('Required.'),
  v.maxLength(SKU_CODE_MAX),
  v.transform(normalizeSkuCode),
  v.regex(SKU_CODE_PATTERN, SKU_MESSAGES.code),
);
/** Each object arrives as JSON text; its keys are checked per platform key by skuDefaultsSchema in the handler. */
const DefaultsObject = (what: string) =>
  JsonField(v.record(v.string(), v.unknown(), `${what} must be an object of settings.`), what, 100_000);
const SkuFields = {
  code: Code,
  ...NameAndDescription(SKU_NAME_MAX, SKU_DESCRIPTION_MAX),
  product_configuration: v.pipe(v.string(), v.trim(), v.nonEmpty(SKU_MESSAGES.configuration), v.maxLength(64)),
  data_plan: JsonField(
    v.pipe(
      v.array(v.pipe(v.string(), v.maxLength(64)), 'data_plan must be a list of data plan items.'),
      v.maxLength(10),
    ),
    'data_plan',
    10_000,
  ),
  account_settings: v.optional(DefaultsObject('account_settings'), '{}'),
  account_level_flags: v.optional(DefaultsObject('account_level_flags'), '{}'),
};
export const CreateSkuForm = v.object(SkuFields);
export type CreateSkuForm = v.InferOutput<typeof CreateSkuForm>;
export const UpdateSkuForm = v.object({ ...StoredEdit, ...SkuFields });
export type UpdateSkuForm = v.InferOutput<typeof UpdateSkuForm>;

export const SkuReply = v.object({ status: v.literal(true), msg: v.string(), sku: Sku });
export type SkuReply = v.InferOutput<typeof SkuReply>;

/** HTTP 409: the SKU changed since the version the edit started from; `current` is what is stored now. */
export const StaleSkuReply = v.object({
  status: v.literal(false),
  msg: v.string(),
  stale: v.literal(true),
  current: v.nullable(Sku),
});
export type StaleSkuReply = v.InferOutput<typeof StaleSkuReply>;

// ── POST api/sku/status/ (retire, reactivate) ─────────────────────────────
export const SkuStatusForm = v.object({
  ...StoredEdit,
  status: v.picklist(SKU_STATUSES, 'status is active or retired.'),
});
export type SkuStatusForm = v.InferOutput<typeof SkuStatusForm>;

// ── GET api/sku/holders/ ──────────────────────────────────────────────────
export const SkuHoldersQuery = v.object({
  sku_id: Id,
  /** The last account id of the page before (keyset). */
  after: v.optional(Id),
  limit: v.optional(
    v.pipe(v.string(), v.regex(/^\d{1,3}$/, 'A whole number.'), v.transform(Number), v.minValue(1), v.maxValue(100)),
    String(SKU_HOLDERS_PAGE),
  ),
});
export const SkuHolder = v.object({
  account_id: v.number(),
  name: v.string(),
  assigned_by: v.string(),
  assigned_at: v.number(),
});
export type SkuHolder = v.InferOutput<typeof SkuHolder>;
export const SkuHoldersReply = v.object({
  status: v.literal(true),
  items: v.array(SkuHolder),
  total: v.number(),
  /** Pass as `after` for the next page; null on the last. */
  next: v.nullable(v.number()),
});
export type SkuHoldersReply = v.InferOutput<typeof SkuHoldersReply>;

// ── GET api/sku/account/ (the SKUs one account holds, retired ones too) ───
export const AccountSkusQuery = v.object({ account_id: Id });
export const AccountSkusReply = v.object({
  status: v.literal(true),
  items: v.array(v.object({ sku: Sku, assigned_by: v.string(), assigned_at: v.number() })),
});
export type AccountSkusReply = v.InferOutput<typeof AccountSkusReply>;

// ── POST api/sku/assign/preview/, api/sku/assign/, api/sku/unassign/ ──────
export const AssignPreviewForm = v.object({ sku_id: Id, account_id: Id });
export const AssignForm = v.object({
  sku_id: Id,
  account_id: Id,
  /** The account's settings version the preview was read at (0: nothing saved yet). */
  version: v.pipe(
    v.union([v.pipe(v.string(), v.regex(/^\d{1,15}$/, 'Expected a version.'), v.transform(Number)), v.number()]),
    v.integer(),
    v.minValue(0),
  ),
});
export type AssignForm = v.InferOutput<typeof AssignForm>;
export const UnassignForm = AssignPreviewForm;

export const SettingChange = v.object({
  /** Dotted as the account settings name it: account_settings.otd_limit, account_level_flags.ner. */
  field: v.string(),
  before: v.unknown(),
  after: v.unknown(),
});
export type SettingChange = v.InferOutput<typeof SettingChange>;

export const AssignPreview = v.object({
  sku: Sku,
  account: v.object({ account_id: v.number(), name: v.string() }),
  /** The account's settings version now: the assignment names it. */
  version: v.number(),
  /** The account holds this SKU already (assigning again sets its defaults again). */
  held: v.boolean(),
  changes: v.array(SettingChange),
  /** The account rules the result breaks, by field; empty when it may go ahead. */
  problems: FieldMessages,
});
export type AssignPreview = v.InferOutput<typeof AssignPreview>;
export const AssignPreviewReply = v.object({ status: v.literal(true), preview: AssignPreview });
export type AssignPreviewReply = v.InferOutput<typeof AssignPreviewReply>;
export const AssignReply = v.object({
  status: v.literal(true),
  msg: v.string(),
  version: v.number(),
  changes: v.array(SettingChange),
});
export type AssignReply = v.InferOutput<typeof AssignReply>;
/** HTTP 409: the account's settings moved since the preview; `preview` is what assigning does now. */
export const StaleAssignReply = v.object({
  status: v.literal(false),
  msg: v.string(),
  stale: v.literal(true),
  preview: AssignPreview,
});
export type StaleAssignReply = v.InferOutput<typeof StaleAssignReply>;
export const UnassignReply = v.object({ status: v.literal(true), msg: v.string() });

/** A 409 of the SKU calls, read by shape. */
export const skuConflictOf = (error: unknown): StaleSkuReply | StaleAssignReply | null =>
  conflictOf(error, StaleSkuReply, StaleAssignReply);
