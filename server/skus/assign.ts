// Assigning a SKU to an account (decision 053): its defaults (the keys the SKU names) go over the
// account's settings through the same rules as Account Settings — accountWriteProblems on the
// result, writeAccountSettings from the version the preview was read at — in ONE transaction with
// the holding row and the audit row (category 'sku configuration', previous and current). Of two
// assignments to one account from one version the first lands and the second is told, with a new
// preview. Unassigning removes the holding only: the settings stay as they are (decision 053).
import type { Kysely, Transaction } from 'kysely';
import type { AccountSettingsRecord } from '../../src/domain/account-settings';
import type { AssignPreview, SettingChange, Sku } from '../../src/domain/skus';
import { writeAudit } from '../audit';
import type { Database } from '../db/schema';
import {
  accountWriteProblems,
  readAccountSettings,
  settingsDiff,
  settingsWriteOf,
  writeAccountSettings,
  type AccountContext,
  type AccountSettingsWrite,
} from '../accounts/settings-store';
import { skuById } from './store';
import { refusableTransaction } from '../db/refusable-transaction';

type Db = Kysely<Database> | Transaction<Database>;

/** The account's settings with the SKU's defaults on top: only keys the contract still has. */
export function withSkuDefaults(current: AccountSettingsRecord, sku: Sku): AccountSettingsWrite {
  const over = (base: Record<string, unknown>, defaults: Record<string, unknown>) => ({
    ...base,
    ...Object.fromEntries(Object.entries(defaults).filter(([k]) => k in base)),
  });
  const before = settingsWriteOf(current);
  return {
    ...before,
    account_settings: over(before.account_settings, sku.account_settings) as AccountSettingsWrite['account_settings'],
    account_level_flags: over(
      before.account_level_flags,
      sku.account_level_flags,
    ) as AccountSettingsWrite['account_level_flags'],
  };
}

const changesOf = (before: AccountSettingsWrite, after: AccountSettingsWrite): SettingChange[] =>
  Object.entries(settingsDiff(before, after)).map(([field, [b, a]]) => ({ field, before: b, after: a }));

async function holds(db: Db, accountId: number, skuId: number): Promise<boolean> {
  return (
    (await db
      .selectFrom('account_skus')
      .select('sku_id')
      .where('account_id', '=', accountId)
      .where('sku_id', '=', skuId)
      .executeTakeFirst()) !== undefined
  );
}

export type PreviewResult =
  | { ok: true; preview: AssignPreview; write: AccountSettingsWrite }
  | { ok: false; reason: 'missing_sku' | 'missing_account' };

export async function previewAssignment(
  db: Db,
  ctx: AccountContext,
  skuId: number,
  accountId: number,
): Promise<PreviewResult> {
  const sku = await skuById(db, skuId);
  if (!sku) return { ok: false, reason: 'missing_sku' };
  const current = await readAccountSettings(db, ctx, accountId);
  if (!current) return { ok: false, reason: 'missing_account' };
  const write = withSkuDefaults(current, sku);
  const problems = await accountWriteProblems(db, ctx, accountId, write);
  return {
    ok: true,
    write,
    preview: {
      sku,
      account: { account_id: current.account_id, name: current.account_name },
      version: current.version,
      held: await holds(db, accountId, skuId),
      changes: changesOf(settingsWriteOf(current), write),
      problems,
    },
  };
}

export type AssignResult =
  | { ok: true; version: number; changes: SettingChange[]; preview: AssignPreview }
  | { ok: false; reason: 'missing_sku' | 'missing_account' }
  | { ok: false; reason: 'retired'; preview: AssignPreview }
  | { ok: false; reason: 'problems'; preview: AssignPreview }
  | { ok: false; reason: 'stale'; preview: AssignPreview };

export async function assignSku(
  db: Kysely<Database>,
  ctx: AccountContext,
  input: { skuId: number; accountId: number; version: number },
  author: string,
  now: number,
): Promise<AssignResult> {
  return refusableTransaction(db, async (trx): Promise<AssignResult> => {
    const seen = await previewAssignment(trx, ctx, input.skuId, input.accountId);
    if (!seen.ok) return seen;
    const { preview, write } = seen;
    if (preview.sku.status === 'retired') return { ok: false, reason: 'retired', preview };
    if (preview.version !== input.version) return { ok: false, reason: 'stale', preview };
    if (Object.keys(preview.problems).length) return { ok: false, reason: 'problems', preview };
    const skusBefore = await heldCodes(trx, input.accountId);
    let version = preview.version;
    if (preview.changes.length) {
      const written = await writeAccountSettings(trx, ctx, {
        accountId: input.accountId,
        version: input.version,
        write,
        author,
        at: now,
      });
      if (!written.ok) {
        if (written.reason === 'missing') return { ok: false, reason: 'missing_account' };
        const again = await previewAssignment(trx, ctx, input.skuId, input.accountId);
        return again.ok ? { ok: false, reason: 'stale', preview: again.preview } : again;
      }
      version = written.record.version;
    }
    await trx
      .insertInto('account_skus')
      .values({ account_id: input.accountId, sku_id: input.skuId, assigned_by: author, assigned_at: now })
      .onConflict((oc) => oc.columns(['account_id', 'sku_id']).doUpdateSet({ assigned_by: author, assigned_at: now }))
      .execute();
    await writeAudit(trx, {
      category: 'sku configuration',
      author,
      at: now,
      success: true,
      action: `SKU ${preview.sku.code} (#${preview.sku.id}) assigned to ${preview.account.name} (#${input.accountId})`,
      previous: {
        skus: skusBefore,
        settings_version: preview.version,
        ...Object.fromEntries(preview.changes.map((c) => [c.field, c.before])),
      },
      record: { kind: 'account', id: input.accountId },
      current: {
        skus: await heldCodes(trx, input.accountId),
        settings_version: version,
        ...Object.fromEntries(preview.changes.map((c) => [c.field, c.after])),
      },
    });
    return { ok: true, version, changes: preview.changes, preview };
  });
}

async function heldCodes(db: Db, accountId: number): Promise<string[]> {
  return (
    await db
      .selectFrom('account_skus')
      .innerJoin('skus', 'skus.id', 'account_skus.sku_id')
      .select('skus.code')
      .where('account_skus.account_id', '=', accountId)
      .orderBy('skus.code')
      .execute()
  ).map((r) => r.code);
}

export type UnassignResult =
  { ok: true; held: boolean; sku: Sku; account: string } | { ok: false; reason: 'missing_sku' | 'missing_account' };

/** Removes the holding; the account's settings stay as they are. */
export async function unassignSku(
  db: Kysely<Database>,
  input: { skuId: number; accountId: number },
  author: string,
  now: number,
): Promise<UnassignResult> {
  return db.transaction().execute(async (trx): Promise<UnassignResult> => {
    const sku = await skuById(trx, input.skuId);
    if (!sku) return { ok: false, reason: 'missing_sku' };
    const org = await trx
      .selectFrom('organizations')
      .select('name')
      .where('id', '=', input.accountId)
      .executeTakeFirst();
    if (!org) return { ok: false, reason: 'missing_account' };
    const before = await heldCodes(trx, input.accountId);
    const gone = await trx
      .deleteFrom('account_skus')
      .where('account_id', '=', input.accountId)
      .where('sku_id', '=', input.skuId)
      .executeTakeFirst();
    const held = Number(gone.numDeletedRows) > 0;
    if (held) {
      await writeAudit(trx, {
        category: 'sku configuration',
        author,
        at: now,
        success: true,
        action: `SKU ${sku.code} (#${sku.id}) taken from ${org.name} (#${input.accountId}); its settings stay`,
        previous: { skus: before },
        current: { skus: await heldCodes(trx, input.accountId) },
        record: { kind: 'account', id: input.accountId },
      });
    }
    return { ok: true, held, sku: { ...sku, holders: sku.holders - (held ? 1 : 0) }, account: org.name };
  });
}
