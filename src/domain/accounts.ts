// The Account Settings calls (spec §7 "Accounts and templates", decision 051): the account list
// (GET api/as/), one account's settings (GET api/as/?account_id=), saving them (POST from nothing
// stored, PUT from a version), putting an account back on the defaults (DELETE api/as/{id}/?version=)
// and the account (organization) record itself (GET/PUT/POST api/account/). Bodies are form data
// (spec §7), as Template Settings and SKU Configuration send them: plain values as plain fields,
// objects and lists as JSON text in one field each (JsonField), so a refusal inside one still
// names its dotted path (`account_settings.dd_limit`). The settings' own rules live in
// account-settings.ts; this file only places them in requests.
import * as v from 'valibot';
import {
  AccountGroups,
  AccountListItem,
  AccountName,
  AccountSettingsRecord,
  accountSettingsContract,
  type AccountLevelFlags,
  type AccountSettingsValues,
} from './account-settings';
import { CSRF_FIELD, MAX_SEARCH_TEXT, PAGE_SIZES } from './constants';
import { Id, JsonField, Text } from './wire';
import { countText } from './format';

// ── GET api/as/ ───────────────────────────────────────────────────────────
/**
 * The list's search (decision 051): a name matches when it starts with the text or has a word
 * that does ('cap' finds 'Capital Partners' and 'Blue Capital'), without regard to case. The
 * total is counted to ACCOUNT_TOTAL_CAP and then said as "more than".
 */
export const ACCOUNT_TOTAL_CAP = 1_000;
export const PageSize = v.optional(
  v.pipe(
    v.union([v.string(), v.number()]),
    v.transform(Number),
    v.picklist(PAGE_SIZES, `Choose ${PAGE_SIZES.join(', ')} accounts a page.`),
  ),
  20,
);

export const ListAccountsQuery = v.object({
  q: v.optional(Text(MAX_SEARCH_TEXT), ''),
  /** Opaque keyset position from a previous reply; '' for the first page. */
  cursor: v.optional(v.pipe(v.string(), v.maxLength(1000)), ''),
  page_size: PageSize,
  /** With it, the reply is that account's settings instead of a list. */
  account_id: v.optional(v.union([v.literal(''), Id]), ''),
});
export type ListAccountsQuery = v.InferOutput<typeof ListAccountsQuery>;

export const ListAccountsReply = v.object({
  status: v.literal(true),
  items: v.array(AccountListItem),
  /** Accounts matching the search, counted up to ACCOUNT_TOTAL_CAP + 1. */
  total_accounts: v.number(),
  /** More than ACCOUNT_TOTAL_CAP match. */
  total_capped: v.boolean(),
  /** Rows on this page. */
  count: v.number(),
  next_cursor: v.nullable(v.string()),
  prev_cursor: v.nullable(v.string()),
});
export type ListAccountsReply = v.InferOutput<typeof ListAccountsReply>;

/** The total in words: "1,234 accounts" or "more than 1,000 accounts". */
export function accountTotalWords(total: number, capped: boolean): string {
  const n = capped ? `more than ${countText(ACCOUNT_TOTAL_CAP)}` : countText(total);
  return `${n} ${total === 1 && !capped ? 'account' : 'accounts'}`;
}

export const AccountSettingsReply = v.object({
  status: v.literal(true),
  msg: v.optional(v.string(), ''),
  /** POST answers true: the account's settings were stored for the first time. */
  is_new_created: v.optional(v.boolean()),
  result: AccountSettingsRecord,
});
export type AccountSettingsReply = v.InferOutput<typeof AccountSettingsReply>;

// ── POST / PUT api/as/ ────────────────────────────────────────────────────
export interface AccountSettingsInput {
  account_id: number;
  /** PUT: the version the edit started from. */
  version: number;
  account_settings: AccountSettingsValues;
  account_level_flags: AccountLevelFlags;
  accountsettings_groups: number[];
  templatesettings_id: number | null;
}

/** A version as form text ('3'); a number is taken too, as Id takes one. */
const Version = v.pipe(
  v.union(
    [
      v.pipe(v.string(), v.trim(), v.regex(/^\d{1,9}$/, 'The version is a whole number.'), v.transform(Number)),
      v.number('The version is a whole number.'),
    ],
    'The version is a whole number.',
  ),
  v.integer('The version is a whole number.'),
  v.minValue(1, 'At least 1.'),
);
/** POST: nothing stored yet, so version 0 or no version at all. */
const FROM_NOTHING = 'A new account’s settings start from version 0.';
const CreateVersion = v.optional(
  v.pipe(
    v.union([v.literal('0', FROM_NOTHING), v.literal(0, FROM_NOTHING)], FROM_NOTHING),
    v.transform(() => 0 as const),
  ),
  0,
);
/** One object of settings as JSON text; its keys are checked by the contract's strict schema. */
const SettingsField = <T>(what: string, schema: v.GenericSchema<unknown, T>) =>
  JsonField(
    v.pipe(
      v.custom<Record<string, unknown>>(
        (x) => typeof x === 'object' && x !== null && !Array.isArray(x),
        `${what} must be an object of settings.`,
      ),
      schema as v.GenericSchema<Record<string, unknown>, T>,
    ),
    what,
    100_000,
  );
/** The template the account follows: an id, or '' for none. */
const TemplateField = v.optional(
  v.union(
    [
      v.pipe(
        v.literal(''),
        v.transform(() => null),
      ),
      Id,
    ],
    'Expected a template id, or none.',
  ),
  '',
);
/**
 * The CSRF form field the panel's client adds to every form (http.ts): checked before the schema
 * runs (app.ts), allowed here so a strict form does not refuse it, and dropped from the input.
 */
const csrfEntry = { [CSRF_FIELD]: v.optional(v.string()) } as Record<
  string,
  v.OptionalSchema<v.StringSchema<undefined>, undefined>
>;
const withoutCsrf = <T extends Record<string, unknown>>(fields: T): T => {
  const { [CSRF_FIELD]: _, ...rest } = fields;
  return rest as T;
};
const noSuchField = (issue: v.BaseIssue<unknown>) =>
  issue.expected === 'never'
    ? `The request has no field ${JSON.stringify((issue.path ?? []).at(-1)?.key)}.`
    : issue.message;

const saveForms = new Map<string, v.GenericSchema<unknown, AccountSettingsInput>>();
/**
 * The form of POST (create: no version, or '0') and PUT (version required) for a platform key:
 * account_id, version and templatesettings_id ('' for none) as plain fields; account_settings,
 * account_level_flags and accountsettings_groups as JSON text, every key of both objects required,
 * none unknown; the cross-field rules run after (accountSettingsProblems).
 */
export function saveAccountSettingsForm(
  key: string,
  mode: 'create' | 'update',
): v.GenericSchema<unknown, AccountSettingsInput> {
  const memo = `${key}:${mode}`;
  let schema = saveForms.get(memo);
  if (schema) return schema;
  const contract = accountSettingsContract(key);
  schema = v.pipe(
    v.strictObject(
      {
        ...csrfEntry,
        account_id: Id,
        version: mode === 'update' ? Version : CreateVersion,
        account_settings: SettingsField('account_settings', contract.settings),
        account_level_flags: SettingsField('account_level_flags', contract.levelFlags),
        accountsettings_groups: v.optional(JsonField(AccountGroups, 'accountsettings_groups', 10_000), '[]'),
        templatesettings_id: TemplateField,
      },
      noSuchField,
    ),
    v.transform(withoutCsrf),
  ) as unknown as v.GenericSchema<unknown, AccountSettingsInput>;
  saveForms.set(memo, schema);
  return schema;
}

/** The form fields of a save as the panel sends them (POST leaves the version out). */
export function accountSettingsFields(input: AccountSettingsInput): Record<string, string> {
  return {
    account_id: String(input.account_id),
    ...(input.version === 0 ? {} : { version: String(input.version) }),
    account_settings: JSON.stringify(input.account_settings),
    account_level_flags: JSON.stringify(input.account_level_flags),
    accountsettings_groups: JSON.stringify(input.accountsettings_groups),
    templatesettings_id: input.templatesettings_id === null ? '' : String(input.templatesettings_id),
  };
}

/** DELETE api/as/{id}/?version=: the version the person saw; the saved settings go, the defaults apply. */
export const DeleteAccountSettingsQuery = v.object({
  version: v.pipe(
    v.string(),
    v.regex(/^\d{1,9}$/, 'The version is a whole number.'),
    v.transform(Number),
    v.minValue(1, 'At least 1.'),
  ),
});

// ── The account record: GET / PUT / POST api/account/ ─────────────────────
export const SALESFORCE_ID_MAX = 40;
export const AccountRecord = v.object({
  account_id: v.number(),
  name: v.string(),
  salesforce_id: v.nullable(v.string()),
  sf_acc_id: v.nullable(v.string()),
  version: v.number(),
  created_at: v.number(),
});
export type AccountRecord = v.InferOutput<typeof AccountRecord>;
export const AccountRecordReply = v.object({
  status: v.literal(true),
  msg: v.optional(v.string(), ''),
  result: AccountRecord,
});
export type AccountRecordReply = v.InferOutput<typeof AccountRecordReply>;
export const StaleAccountRecordReply = v.object({
  status: v.literal(false),
  msg: v.string(),
  stale: v.literal(true),
  current: AccountRecord,
});
export type StaleAccountRecordReply = v.InferOutput<typeof StaleAccountRecordReply>;

/** Names as stored and compared: inner whitespace as one space, trimmed; unique whatever their case. */
export function normaliseAccountName(name: string): string {
  return name.replace(/\s+/g, ' ').trim();
}

/**
 * What makes two account names one (organizations.name_key, migration 033): normalised, NFKC, lower
 * case by JavaScript's rules. Compared as stored text, not with the database's lower(), which folds
 * A–Z only on SQLite and depends on the locale on PostgreSQL, so both engines refuse the same names
 * ('Ärzte Nord' and 'ärzte nord' are one).
 */
export function accountNameKey(name: string): string {
  return normaliseAccountName(name).normalize('NFKC').toLowerCase();
}
const Name = v.pipe(AccountName, v.transform(normaliseAccountName), v.nonEmpty('Give the account a name.'));
/** Salesforce ids: letters, digits and '-', or empty (none). */
const SalesforceId = v.optional(
  v.pipe(
    v.union([v.string(), v.null()]),
    v.transform((s) => (s ?? '').trim()),
    v.maxLength(SALESFORCE_ID_MAX, `At most ${SALESFORCE_ID_MAX} characters.`),
    v.regex(/^[A-Za-z0-9-]*$/, 'Letters, digits and - only.'),
    v.transform((s) => (s === '' ? null : s)),
  ),
  null,
);

export const GetAccountQuery = v.object({ account_id: Id });
/** POST api/account/ (form): name, and the Salesforce ids ('' for none). */
export const CreateAccountForm = v.pipe(
  v.strictObject({ ...csrfEntry, name: Name, salesforce_id: SalesforceId, sf_acc_id: SalesforceId }, noSuchField),
  v.transform(withoutCsrf),
);
export type CreateAccountForm = v.InferOutput<typeof CreateAccountForm>;
/** PUT api/account/ (form): the same with account_id and the version the edit started from. */
export const UpdateAccountForm = v.pipe(
  v.strictObject(
    {
      ...csrfEntry,
      account_id: Id,
      version: Version,
      name: Name,
      salesforce_id: SalesforceId,
      sf_acc_id: SalesforceId,
    },
    noSuchField,
  ),
  v.transform(withoutCsrf),
);
export type UpdateAccountForm = v.InferOutput<typeof UpdateAccountForm>;
export const accountNameTaken = (name: string) => `An account named '${name}' already exists.`;

/** The groups of one account a form may pick (ids the settings' accountsettings_groups names). */
export const AccountGroupOption = v.object({ id: v.number(), name: v.string(), kind: v.string() });
export type AccountGroupOption = v.InferOutput<typeof AccountGroupOption>;
/** One SKU an account holds (SKU Configuration assigns them), retired ones included. */
export const AccountSku = v.object({ id: v.number(), code: v.string(), name: v.string(), retired: v.boolean() });
export type AccountSku = v.InferOutput<typeof AccountSku>;
/**
 * GET api/as/?account_id= carries the account's groups, the templates it may follow and the SKUs
 * it holds (by code) beside the record.
 */
export const AccountSettingsPage = v.object({
  ...AccountSettingsReply.entries,
  groups: v.array(AccountGroupOption),
  templates: v.array(v.object({ id: v.number(), name: v.string() })),
  skus: v.array(AccountSku),
});
export type AccountSettingsPage = v.InferOutput<typeof AccountSettingsPage>;
