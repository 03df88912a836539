// Applying a template to accounts (decision 052). The dry run answers, per account, what would
// change (settingsDiff of the account now against the template) and which of the template's group
// names the account has (its own groups, matched by name whatever their case). The apply names the
// template version and each account's settings version the dry run showed; in ONE transaction it
// checks them all (set-based reads), writes every account that changes with
// writeAccountSettingsMany (writeAccountSettings' columns and version rule, batched; the template
// link set), and writes the audit: one 'template settings' row summarising, on the template's
// History, and one 'account settings' row per changed account, on that account's History, in
// batched inserts. Any account changed since the dry run rolls everything back and is named in
// the 409.
import type { Kysely, Transaction } from 'kysely';
import { accountSettingsProblems, type AccountSettingsRecord } from '../../src/domain/account-settings';
import type { AccountPreview } from '../../src/domain/templates';
import { writeAuditMany, type AuditEntry } from '../audit';
import {
  readAccountSettingsMany,
  settingsDiff,
  writeAccountSettingsMany,
  type AccountContext,
  type AccountSettingsWrite,
} from '../accounts/settings-store';
import type { Database } from '../db/schema';
import { chunks } from '../db/value-lists';
import { templateRow, templateValues, type TemplateRow } from './store';
import { refusableTransaction } from '../db/refusable-transaction';

type Db = Kysely<Database> | Transaction<Database>;

/** Audit rows per statement: an apply to many accounts is a few inserts. */
const AUDIT_BATCH = 1_000;

/** Each account's groups by folded name → id. */
async function groupsByAccount(db: Db, accountIds: readonly number[]): Promise<Map<number, Map<string, number>>> {
  const out = new Map<number, Map<string, number>>();
  for (let i = 0; i < accountIds.length; i += 500) {
    const rows = await db
      .selectFrom('user_groups')
      .select(['id', 'name', 'organization_id'])
      .where('organization_id', 'in', accountIds.slice(i, i + 500))
      .execute();
    for (const r of rows) {
      const org = Number(r.organization_id);
      let names = out.get(org);
      if (!names) out.set(org, (names = new Map()));
      const key = r.name.trim().toLowerCase();
      if (!names.has(key)) names.set(key, Number(r.id));
    }
  }
  return out;
}

const sortedIds = (ids: readonly number[]) => [...ids].sort((a, b) => a - b);

interface Planned {
  record: AccountSettingsRecord;
  target: AccountSettingsWrite;
  preview: AccountPreview;
}

/** What applying `template` would write on each account, and what that changes. */
async function plan(
  db: Db,
  ctx: AccountContext,
  template: TemplateRow,
  accountIds: readonly number[],
): Promise<{ planned: Planned[]; missing: number[] }> {
  const [records, groups] = await Promise.all([
    readAccountSettingsMany(db, ctx, accountIds),
    groupsByAccount(db, accountIds),
  ]);
  const values = templateValues(ctx, template);
  const names: string[] = JSON.parse(template.groups) as string[];
  const templateNames = new Map<number, string | null>([[Number(template.id), template.name]]);
  const planned: Planned[] = [];
  const missing: number[] = [];
  for (const id of accountIds) {
    const record = records.get(id);
    if (!record) {
      missing.push(id);
      continue;
    }
    const own = groups.get(id) ?? new Map<string, number>();
    const matched = names.filter((n) => own.has(n.toLowerCase()));
    const target: AccountSettingsWrite = {
      ...values,
      accountsettings_groups: sortedIds(matched.map((n) => own.get(n.toLowerCase())!)),
      templatesettings_id: Number(template.id),
    };
    const now: AccountSettingsWrite = {
      account_settings: record.account_settings as AccountSettingsWrite['account_settings'],
      account_level_flags: record.account_level_flags as AccountSettingsWrite['account_level_flags'],
      accountsettings_groups: sortedIds(record.accountsettings_groups),
      templatesettings_id: record.templatesettings_id,
    };
    if (record.templatesettings_id !== null && !templateNames.has(record.templatesettings_id))
      templateNames.set(record.templatesettings_id, record.template_name);
    planned.push({
      record,
      target,
      preview: {
        account_id: id,
        account_name: record.account_name,
        version: record.version,
        changes: settingsDiff(now, target),
        groups_matched: matched,
        groups_unmatched: names.filter((n) => !own.has(n.toLowerCase())),
        following:
          record.templatesettings_id === null ? null : { id: record.templatesettings_id, name: record.template_name },
      },
    });
  }
  return { planned, missing };
}

export async function previewApply(db: Db, ctx: AccountContext, template: TemplateRow, accountIds: readonly number[]) {
  const { planned, missing } = await plan(db, ctx, template, accountIds);
  return { accounts: planned.map((p) => p.preview), missing };
}

export type ApplyResult =
  | { ok: true; template: TemplateRow; applied: number; changed: number }
  | { ok: false; reason: 'missing' }
  | { ok: false; reason: 'template'; current: TemplateRow }
  | { ok: false; reason: 'accounts'; accounts: { account_id: number; account_name: string | null }[] }
  | { ok: false; reason: 'rules'; fields: Record<string, string> };

export async function applyTemplate(
  db: Kysely<Database>,
  ctx: AccountContext,
  input: {
    templateId: number;
    templateVersion: number;
    accounts: readonly { account_id: number; version: number }[];
    sources: readonly string[];
    author: string;
    now: number;
  },
): Promise<ApplyResult> {
  return refusableTransaction(db, async (trx): Promise<ApplyResult> => {
    // A no-op conditional UPDATE: checks the version and holds the template's row until the end,
    // so the template cannot change (or go) under the apply.
    const held = await trx
      .updateTable('settings_templates')
      .set((eb) => ({ version: eb.ref('version') }))
      .where('id', '=', input.templateId)
      .where('version', '=', input.templateVersion)
      .executeTakeFirst();
    const template = await templateRow(trx, input.templateId);
    if (!template || !input.sources.includes(template.source)) return { ok: false, reason: 'missing' };
    if (Number(held.numUpdatedRows) === 0) return { ok: false, reason: 'template', current: template };
    const values = templateValues(ctx, template);
    const problems = accountSettingsProblems(ctx.productKey, values, 'template_settings.');
    if (Object.keys(problems).length) return { ok: false, reason: 'rules', fields: problems };

    const ids = input.accounts.map((a) => a.account_id);
    const expected = new Map(input.accounts.map((a) => [a.account_id, a.version]));
    const { planned, missing } = await plan(trx, ctx, template, ids);
    const stale = [
      ...missing.map((id) => ({ account_id: id, account_name: null })),
      ...planned
        .filter((p) => p.record.version !== expected.get(p.record.account_id))
        .map((p) => ({ account_id: p.record.account_id, account_name: p.record.account_name })),
    ];
    if (stale.length) return { ok: false, reason: 'accounts', accounts: stale };

    const changed = planned.filter((p) => Object.keys(p.preview.changes).length > 0);
    const { stale: moved } = await writeAccountSettingsMany(trx, {
      items: changed.map((p) => ({ accountId: p.record.account_id, version: p.record.version, write: p.target })),
      author: input.author,
      at: input.now,
    });
    for (const id of moved)
      stale.push({
        account_id: id,
        account_name: planned.find((p) => p.record.account_id === id)?.record.account_name ?? null,
      });
    if (stale.length) return { ok: false, reason: 'accounts', accounts: stale };
    // One row per changed account, on that account's History, and the summary on the template's.
    const entries: AuditEntry[] = changed.map((p) => {
      const diff = p.preview.changes;
      return {
        category: 'account settings',
        author: input.author,
        at: input.now,
        success: true,
        action: `template applied to account: ${p.record.account_name} (#${p.record.account_id}): ${template.name} (#${template.id})`,
        previous: Object.fromEntries(Object.entries(diff).map(([k, [before]]) => [k, before])),
        current: Object.fromEntries(Object.entries(diff).map(([k, [, after]]) => [k, after])),
        record: { kind: 'account', id: p.record.account_id },
      };
    });
    entries.unshift({
      category: 'template settings',
      author: input.author,
      at: input.now,
      success: true,
      action: `template applied: ${template.name} (#${template.id}) to ${planned.length} account(s), ${changed.length} changed`,
      current: {
        template: {
          id: Number(template.id),
          name: template.name,
          version: Number(template.version),
          template_settings: values,
          templatesettings_groups: JSON.parse(template.groups) as unknown,
        },
        accounts: ids,
        changed_account_ids: changed.map((p) => p.record.account_id),
      },
      record: { kind: 'template', id: Number(template.id) },
    });
    for (const batch of chunks(entries, AUDIT_BATCH)) await writeAuditMany(trx, batch);
    return { ok: true, template, applied: planned.length, changed: changed.length };
  });
}
