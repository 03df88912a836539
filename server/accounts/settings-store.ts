// An account's settings, read and written one way for every screen that changes them: Account
// Settings saves them, Template Settings applies a template, SKU Configuration assigns a SKU's
// defaults (decisions 051–053). A write names the version it started from (0: nothing stored
// yet) and is one conditional statement, so of two saves from one version only the first lands;
// the caller runs it inside its transaction and writes its audit row there.
import * as v from 'valibot';
import type { Kysely, Transaction } from 'kysely';
import {
  accountSettingsContract,
  accountSettingsProblems,
  defaultAccountSettings,
  type AccountLevelFlags,
  type AccountSettingsRecord,
  type AccountSettingsValues,
} from '../../src/domain/account-settings';
import type { Database } from '../db/schema';

type Db = Kysely<Database> | Transaction<Database>;

/** What the rules depend on: the platform key (keyed flag names) and the deployment (§9 notebook rule). */
export interface AccountContext {
  productKey: string;
  serverType: string;
}

/** The four things a save sets. */
export interface AccountSettingsWrite {
  account_settings: AccountSettingsValues;
  account_level_flags: AccountLevelFlags;
  accountsettings_groups: number[];
  templatesettings_id: number | null;
}

const parseJson = <T>(text: string, fallback: T): T => {
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
};

/**
 * Stored values over today's defaults: a key added to the settings since the row was saved reads
 * as its default, a key since retired is dropped, so the form always shows exactly the contract.
 */
function overDefaults(
  ctx: AccountContext,
  settingsText: string,
  flagsText: string,
): Pick<AccountSettingsWrite, 'account_settings' | 'account_level_flags'> {
  const defaults = defaultAccountSettings(ctx.productKey, ctx.serverType);
  const keep = <T extends Record<string, unknown>>(base: T, stored: Record<string, unknown>): T =>
    Object.fromEntries(Object.keys(base).map((k) => [k, k in stored ? stored[k] : base[k]])) as T;
  return {
    account_settings: keep(defaults.account_settings, parseJson(settingsText, {})),
    account_level_flags: keep(defaults.account_level_flags, parseJson(flagsText, {})),
  };
}

/**
 * Every organization (o) with its saved settings (s) and their template (t), both absent until the
 * account's settings are first saved: what the account list and an account's settings read.
 */
export function accountsWithSettings(db: Db) {
  return db
    .selectFrom('organizations as o')
    .leftJoin('account_settings as s', 's.account_id', 'o.id')
    .leftJoin('settings_templates as t', 't.id', 's.template_id');
}

function selectRecords(db: Db) {
  return accountsWithSettings(db).select([
    'o.id as account_id',
    'o.name as account_name',
    's.settings',
    's.level_flags',
    's.groups',
    's.template_id',
    't.name as template_name',
    's.version',
    's.created_by',
    's.updated_by',
    's.created_at',
    's.updated_at',
  ]);
}

type Row = Awaited<ReturnType<ReturnType<typeof selectRecords>['executeTakeFirst']>> & object;

function recordOf(ctx: AccountContext, row: Row): AccountSettingsRecord {
  const stored = row.settings !== null && row.level_flags !== null;
  const values = stored
    ? overDefaults(ctx, row.settings!, row.level_flags!)
    : defaultAccountSettings(ctx.productKey, ctx.serverType);
  return {
    account_id: Number(row.account_id),
    account_name: row.account_name,
    ...values,
    accountsettings_groups: stored ? parseJson<number[]>(row.groups ?? '[]', []) : [],
    templatesettings_id: row.template_id === null ? null : Number(row.template_id),
    template_name: row.template_name ?? null,
    is_new_created: !stored,
    version: stored ? Number(row.version) : 0,
    created_by: row.created_by ?? null,
    updated_by: row.updated_by ?? null,
    created_at: row.created_at === null ? null : Number(row.created_at),
    updated_at: row.updated_at === null ? null : Number(row.updated_at),
  };
}

/** One account's settings (the defaults while nothing is stored); null when the organization does not exist. */
/** A record's settings as a write carries them: what a change is compared with, or written back. */
export const settingsWriteOf = (
  r: Pick<
    AccountSettingsRecord,
    'account_settings' | 'account_level_flags' | 'accountsettings_groups' | 'templatesettings_id'
  >,
): AccountSettingsWrite => ({
  account_settings: r.account_settings as AccountSettingsWrite['account_settings'],
  account_level_flags: r.account_level_flags as AccountSettingsWrite['account_level_flags'],
  accountsettings_groups: r.accountsettings_groups,
  templatesettings_id: r.templatesettings_id,
});

export async function readAccountSettings(
  db: Db,
  ctx: AccountContext,
  accountId: number,
): Promise<AccountSettingsRecord | null> {
  const row = await selectRecords(db).where('o.id', '=', accountId).executeTakeFirst();
  return row ? recordOf(ctx, row) : null;
}

/** Several accounts' settings by id; ids of no organization are absent from the map. */
export async function readAccountSettingsMany(
  db: Db,
  ctx: AccountContext,
  accountIds: readonly number[],
): Promise<Map<number, AccountSettingsRecord>> {
  const out = new Map<number, AccountSettingsRecord>();
  for (let i = 0; i < accountIds.length; i += 500) {
    const rows = await selectRecords(db)
      .where('o.id', 'in', accountIds.slice(i, i + 500))
      .execute();
    for (const row of rows) out.set(Number(row.account_id), recordOf(ctx, row));
  }
  return out;
}

/**
 * Every problem a write would have, by request field: the contract's cross-field rules, groups
 * that are not this account's, a template that does not exist. `prefix` places the fields inside
 * a larger body. Empty when the write may go ahead.
 */
export async function accountWriteProblems(
  db: Db,
  ctx: AccountContext,
  accountId: number,
  write: AccountSettingsWrite,
  prefix = '',
): Promise<Record<string, string>> {
  const problems = accountSettingsProblems(ctx.productKey, write, prefix);
  if (write.accountsettings_groups.length) {
    const owned = await db
      .selectFrom('user_groups')
      .select('id')
      .where('organization_id', '=', accountId)
      .where('id', 'in', write.accountsettings_groups)
      .execute();
    const ownedIds = new Set(owned.map((g) => Number(g.id)));
    const foreign = write.accountsettings_groups.filter((id) => !ownedIds.has(id));
    if (foreign.length)
      problems[`${prefix}accountsettings_groups`] = `Not a group of this account: ${foreign.join(', ')}.`;
  }
  if (write.templatesettings_id !== null) {
    const template = await db
      .selectFrom('settings_templates')
      .select('id')
      .where('id', '=', write.templatesettings_id)
      .executeTakeFirst();
    if (!template) problems[`${prefix}templatesettings_id`] = 'There is no such template; it may have been deleted.';
  }
  return problems;
}

/** Re-checks stored-shape values with the contract's schemas (a template's or SKU's stored JSON, say). */
export function parseAccountValues(
  ctx: AccountContext,
  values: { account_settings: unknown; account_level_flags: unknown },
) {
  const contract = accountSettingsContract(ctx.productKey);
  const settings = v.safeParse(contract.settings, values.account_settings);
  const flags = v.safeParse(contract.levelFlags, values.account_level_flags);
  return settings.success && flags.success
    ? { account_settings: settings.output, account_level_flags: flags.output }
    : null;
}

export type AccountWriteOutcome =
  | { ok: true; previous: AccountSettingsRecord; record: AccountSettingsRecord }
  | { ok: false; reason: 'stale'; current: AccountSettingsRecord }
  | { ok: false; reason: 'missing' };

/**
 * Writes an account's settings from `version` (0 creates the row) in the caller's transaction.
 * Checks nothing but the version: run accountWriteProblems first. The caller writes the audit row
 * from `previous` and `record`.
 */
export async function writeAccountSettings(
  trx: Transaction<Database>,
  ctx: AccountContext,
  input: { accountId: number; version: number; write: AccountSettingsWrite; author: string; at: number },
): Promise<AccountWriteOutcome> {
  const previous = await readAccountSettings(trx, ctx, input.accountId);
  if (!previous) return { ok: false, reason: 'missing' };
  const columns = {
    settings: JSON.stringify(input.write.account_settings),
    level_flags: JSON.stringify(input.write.account_level_flags),
    groups: JSON.stringify(input.write.accountsettings_groups),
    template_id: input.write.templatesettings_id,
    updated_by: input.author,
    updated_at: input.at,
  };
  let changed: number;
  if (input.version === 0) {
    const inserted = await trx
      .insertInto('account_settings')
      .values({ account_id: input.accountId, ...columns, created_by: input.author, created_at: input.at, version: 1 })
      .onConflict((oc) => oc.column('account_id').doNothing())
      .executeTakeFirst();
    changed = Number(inserted.numInsertedOrUpdatedRows ?? 0n);
  } else {
    const updated = await trx
      .updateTable('account_settings')
      .set((eb) => ({ ...columns, version: eb('version', '+', 1) }))
      .where('account_id', '=', input.accountId)
      .where('version', '=', input.version)
      .executeTakeFirst();
    changed = Number(updated.numUpdatedRows);
  }
  const now = await readAccountSettings(trx, ctx, input.accountId);
  if (!now) return { ok: false, reason: 'missing' };
  if (changed === 0) return { ok: false, reason: 'stale', current: now };
  return { ok: true, previous, record: now };
}

/** The fields of two records that differ, for audit rows and the template diff: dotted key → [before, after]. */
export function settingsDiff(
  before: AccountSettingsWrite,
  after: AccountSettingsWrite,
): Record<string, [unknown, unknown]> {
  const diff: Record<string, [unknown, unknown]> = {};
  const walk = (path: string, a: unknown, b: unknown) => {
    if (
      a !== null &&
      b !== null &&
      typeof a === 'object' &&
      typeof b === 'object' &&
      !Array.isArray(a) &&
      !Array.isArray(b)
    ) {
      for (const k of new Set([...Object.keys(a), ...Object.keys(b)]))
        walk(path ? `${path}.${k}` : k, (a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]);
    } else if (JSON.stringify(a) !== JSON.stringify(b)) {
      diff[path] = [a, b];
    }
  };
  walk('', before, after);
  return diff;
}

// ── Bulk writes (added for Template Settings, decision 052) ───────────────
// The batched form of writeAccountSettings for a writer of many accounts at once (a template
// applied to 1,000): the same columns and the same version rule, but one statement per group of
// accounts sharing a version and groups (an UPDATE … WHERE account_id IN (…) AND version = v), and
// one multi-row INSERT … ON CONFLICT DO NOTHING per 200 accounts on version 0. Like
// writeAccountSettings it checks nothing but the versions and runs in the caller's transaction;
// the caller has read the previous records and writes the audit.

export interface AccountSettingsBatchItem {
  accountId: number;
  /** The version the caller read (0: nothing stored yet). */
  version: number;
  write: AccountSettingsWrite;
}

/** Writes every item from its version; answers the ids whose version had moved (nothing written for those; the caller rolls back). */
export async function writeAccountSettingsMany(
  trx: Transaction<Database>,
  input: { items: readonly AccountSettingsBatchItem[]; author: string; at: number },
): Promise<{ stale: number[] }> {
  const stale: number[] = [];
  const columnsOf = (w: AccountSettingsWrite) => ({
    settings: JSON.stringify(w.account_settings),
    level_flags: JSON.stringify(w.account_level_flags),
    groups: JSON.stringify(w.accountsettings_groups),
    template_id: w.templatesettings_id,
    updated_by: input.author,
    updated_at: input.at,
  });
  const fresh = input.items.filter((i) => i.version === 0);
  for (let i = 0; i < fresh.length; i += 200) {
    const batch = fresh.slice(i, i + 200);
    const inserted = await trx
      .insertInto('account_settings')
      .values(
        batch.map((item) => ({
          account_id: item.accountId,
          ...columnsOf(item.write),
          created_by: input.author,
          created_at: input.at,
          version: 1,
        })),
      )
      .onConflict((oc) => oc.column('account_id').doNothing())
      .returning('account_id')
      .execute();
    const done = new Set(inserted.map((r) => Number(r.account_id)));
    stale.push(...batch.filter((item) => !done.has(item.accountId)).map((item) => item.accountId));
  }
  // Accounts sharing the values to write and the version read: one conditional UPDATE each group.
  const groups = new Map<string, AccountSettingsBatchItem[]>();
  for (const item of input.items.filter((i) => i.version !== 0)) {
    const key = `${item.version} ${JSON.stringify(columnsOf(item.write))}`;
    groups.set(key, [...(groups.get(key) ?? []), item]);
  }
  for (const items of groups.values()) {
    for (let i = 0; i < items.length; i += 500) {
      const batch = items.slice(i, i + 500);
      const updated = await trx
        .updateTable('account_settings')
        .set((eb) => ({ ...columnsOf(batch[0]!.write), version: eb('version', '+', 1) }))
        .where(
          'account_id',
          'in',
          batch.map((b) => b.accountId),
        )
        .where('version', '=', batch[0]!.version)
        .returning('account_id')
        .execute();
      const done = new Set(updated.map((r) => Number(r.account_id)));
      stale.push(...batch.filter((item) => !done.has(item.accountId)).map((item) => item.accountId));
    }
  }
  return { stale };
}
