// Account Settings' changes (decision 051), each one transaction with its audit row (category
// 'account settings', previous and current): saving an account's settings (through the shared
// versioned write of settings-store.ts), putting an account back on the defaults (its saved row
// removed, from the version the person saw), and creating or editing the account record itself
// (name unique whatever its case, its own version).
import { sql, type Kysely, type Transaction } from 'kysely';
import {
  accountNameKey,
  normaliseAccountName,
  type AccountRecord,
  type AccountSettingsInput,
} from '../../src/domain/accounts';
import type { AccountSettingsRecord } from '../../src/domain/account-settings';
import { auditRecordChange, type ChangeTrail } from '../audit';
import { engineOf } from '../db/connect';
import type { Database } from '../db/schema';
import {
  accountWriteProblems,
  readAccountSettings,
  settingsDiff,
  settingsWriteOf,
  writeAccountSettings,
  type AccountContext,
  type AccountSettingsWrite,
} from './settings-store';

const CATEGORY = 'account settings' as const;

/** An account change's audit entries, read back in the account's history. */
const trailOf = (author: string, at: number): ChangeTrail => ({ category: CATEGORY, kind: 'account', author, at });

/** What an audit row keeps of a record: the four things saved, and the version. */
const audited = (r: AccountSettingsRecord) => ({ account_id: r.account_id, version: r.version, ...settingsWriteOf(r) });

/** A settings change that did not go through: saved since its version was read, or no such account. */
export type SettingsNotChanged =
  { ok: false; reason: 'stale'; current: AccountSettingsRecord } | { ok: false; reason: 'missing' };

export type SaveOutcome =
  | { ok: true; record: AccountSettingsRecord; created: boolean }
  | { ok: false; reason: 'fields'; fields: Record<string, string> }
  | SettingsNotChanged;

export async function saveAccountSettings(
  db: Kysely<Database>,
  ctx: AccountContext,
  input: AccountSettingsInput,
  author: string,
  at: number,
): Promise<SaveOutcome> {
  const write: AccountSettingsWrite = {
    account_settings: input.account_settings,
    account_level_flags: input.account_level_flags,
    accountsettings_groups: input.accountsettings_groups,
    templatesettings_id: input.templatesettings_id,
  };
  const problems = await accountWriteProblems(db, ctx, input.account_id, write);
  if (Object.keys(problems).length > 0) return { ok: false, reason: 'fields', fields: problems };
  return db.transaction().execute(async (trx): Promise<SaveOutcome> => {
    const out = await writeAccountSettings(trx, ctx, {
      accountId: input.account_id,
      version: input.version,
      write,
      author,
      at,
    });
    if (!out.ok) return out;
    const changed = settingsDiff(settingsWriteOf(out.previous), write);
    await auditRecordChange(
      trx,
      trailOf(author, at),
      input.account_id,
      `${input.version === 0 ? 'account settings created' : 'account settings saved'}: ${out.record.account_name} (${Object.keys(changed).length} changed)`,
      { previous: audited(out.previous), current: audited(out.record) },
    );
    return { ok: true, record: out.record, created: input.version === 0 };
  });
}

export type ResetOutcome =
  { ok: true; record: AccountSettingsRecord; previous: AccountSettingsRecord } | SettingsNotChanged;

/** Removes the saved settings of an account (from `version`): it runs on spec §9's defaults again. */
export async function resetAccountSettings(
  db: Kysely<Database>,
  ctx: AccountContext,
  accountId: number,
  version: number,
  author: string,
  at: number,
): Promise<ResetOutcome> {
  return db.transaction().execute(async (trx): Promise<ResetOutcome> => {
    const previous = await readAccountSettings(trx, ctx, accountId);
    if (!previous) return { ok: false, reason: 'missing' };
    const removed = await trx
      .deleteFrom('account_settings')
      .where('account_id', '=', accountId)
      .where('version', '=', version)
      .executeTakeFirst();
    const now = (await readAccountSettings(trx, ctx, accountId))!;
    if (Number(removed.numDeletedRows) === 0) return { ok: false, reason: 'stale', current: now };
    await auditRecordChange(
      trx,
      trailOf(author, at),
      accountId,
      `account settings back to the defaults: ${previous.account_name}`,
      { previous: audited(previous), current: audited(now) },
    );
    return { ok: true, record: now, previous };
  });
}

// ── the account record ──────────────────────────────────────────────────
function recordOf(row: {
  id: number;
  name: string;
  salesforce_id: string | null;
  sf_acc_id: string | null;
  version: number;
  created_at: number;
}): AccountRecord {
  return {
    account_id: Number(row.id),
    name: row.name,
    salesforce_id: row.salesforce_id,
    sf_acc_id: row.sf_acc_id,
    version: Number(row.version),
    created_at: Number(row.created_at),
  };
}

type Db = Kysely<Database> | Transaction<Database>;

export async function readAccountRecord(db: Db, id: number): Promise<AccountRecord | null> {
  const row = await db
    .selectFrom('organizations')
    .select(['id', 'name', 'salesforce_id', 'sf_acc_id', 'version', 'created_at'])
    .where('id', '=', id)
    .executeTakeFirst();
  return row ? recordOf(row) : null;
}

const KEY_BATCH = 500;

/** Keys the organizations another writer left without name_key (seeds, older tools), a batch at a time. */
async function keyUnkeyedNames(trx: Transaction<Database>): Promise<void> {
  for (;;) {
    const rows = await trx
      .selectFrom('organizations')
      .select(['id', 'name'])
      .where('name_key', 'is', null)
      .orderBy('id')
      .limit(KEY_BATCH)
      .execute();
    if (rows.length === 0) return;
    const keys = sql.join(
      rows.map((r) => sql`when ${Number(r.id)} then ${accountNameKey(r.name)}`),
      sql` `,
    );
    await trx
      .updateTable('organizations')
      .set({ name_key: sql<string>`case id ${keys} end` })
      .where(
        'id',
        'in',
        rows.map((r) => Number(r.id)),
      )
      .execute();
  }
}

/**
 * Account names are unique whatever their case (decision 051), checked inside the writing
 * transaction on name_key, computed here in JavaScript so both engines agree on what "the same
 * name" is (the databases' lower() do not: migration 033). Organizations also come from places
 * with no such check (older data), so this is not a unique index: on PostgreSQL the writers of
 * names queue on one advisory lock, on SQLite the write transaction is already alone.
 */
async function nameHeldByOther(trx: Transaction<Database>, name: string, exceptId: number | null): Promise<boolean> {
  if (engineOf(trx) === 'postgres') await sql`select pg_advisory_xact_lock(51051)`.execute(trx);
  await keyUnkeyedNames(trx);
  let q = trx.selectFrom('organizations').select('id').where('name_key', '=', accountNameKey(name));
  if (exceptId !== null) q = q.where('id', '!=', exceptId);
  return (await q.limit(1).executeTakeFirst()) !== undefined;
}

/**
 * The exact unique constraint on organizations.name, met by a writer that bypassed the check (it
 * runs under no lock of ours): the same refusal as the check's, never a 500.
 */
function isNameViolation(err: unknown): boolean {
  const e = err as { code?: unknown; message?: unknown } | null;
  const text = String(e?.message ?? '');
  return (
    (e?.code === '23505' && /organizations_name/.test(text)) ||
    /UNIQUE constraint failed: organizations\.name\b/.test(text)
  );
}

/** One change to an account record in one transaction; the unique index refusing its name answers 'name'. */
async function changeRecord(
  db: Kysely<Database>,
  work: (trx: Transaction<Database>) => Promise<RecordOutcome>,
): Promise<RecordOutcome> {
  try {
    return await db.transaction().execute(work);
  } catch (err) {
    if (isNameViolation(err)) return { ok: false, reason: 'name' };
    throw err;
  }
}

export type RecordOutcome =
  | { ok: true; record: AccountRecord }
  | { ok: false; reason: 'name' }
  | { ok: false; reason: 'stale'; current: AccountRecord }
  | { ok: false; reason: 'missing' };

export async function createAccount(
  db: Kysely<Database>,
  input: { name: string; salesforce_id: string | null; sf_acc_id: string | null },
  author: string,
  at: number,
): Promise<RecordOutcome> {
  const name = normaliseAccountName(input.name);
  return changeRecord(db, async (trx): Promise<RecordOutcome> => {
    if (await nameHeldByOther(trx, name, null)) return { ok: false, reason: 'name' };
    const row = await trx
      .insertInto('organizations')
      .values({
        name,
        name_key: accountNameKey(name),
        salesforce_id: input.salesforce_id,
        sf_acc_id: input.sf_acc_id,
        created_at: at,
      })
      .returning(['id', 'name', 'salesforce_id', 'sf_acc_id', 'version', 'created_at'])
      .executeTakeFirstOrThrow();
    const record = recordOf(row);
    await auditRecordChange(trx, trailOf(author, at), record.account_id, `account created: ${name}`, {
      current: record,
    });
    return { ok: true, record };
  });
}

export async function updateAccount(
  db: Kysely<Database>,
  input: { account_id: number; version: number; name: string; salesforce_id: string | null; sf_acc_id: string | null },
  author: string,
  at: number,
): Promise<RecordOutcome> {
  const name = normaliseAccountName(input.name);
  return changeRecord(db, async (trx): Promise<RecordOutcome> => {
    const previous = await readAccountRecord(trx, input.account_id);
    if (!previous) return { ok: false, reason: 'missing' };
    if (await nameHeldByOther(trx, name, input.account_id)) return { ok: false, reason: 'name' };
    const updated = await trx
      .updateTable('organizations')
      .set((eb) => ({
        name,
        name_key: accountNameKey(name),
        salesforce_id: input.salesforce_id,
        sf_acc_id: input.sf_acc_id,
        version: eb('version', '+', 1),
      }))
      .where('id', '=', input.account_id)
      .where('version', '=', input.version)
      .executeTakeFirst();
    const now = (await readAccountRecord(trx, input.account_id))!;
    if (Number(updated.numUpdatedRows) === 0) return { ok: false, reason: 'stale', current: now };
    await auditRecordChange(trx, trailOf(author, at), input.account_id, `account edited: ${name}`, {
      previous,
      current: now,
    });
    return { ok: true, record: now };
  });
}

/** The groups of one account (what accountsettings_groups may name) and the templates it may follow. */
export async function accountChoices(db: Kysely<Database>, accountId: number) {
  const groups = await db
    .selectFrom('user_groups')
    .select(['id', 'name', 'kind'])
    .where('organization_id', '=', accountId)
    .orderBy('name')
    .limit(500)
    .execute();
  const templates = await db
    .selectFrom('settings_templates')
    .select(['id', 'name'])
    .orderBy(sql`lower(name)`)
    .limit(500)
    .execute();
  return {
    groups: groups.map((g) => ({ id: Number(g.id), name: g.name, kind: g.kind })),
    templates: templates.map((t) => ({ id: Number(t.id), name: t.name })),
  };
}
