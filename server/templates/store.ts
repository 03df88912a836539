// Templates in the database (decision 052): listed (by the sources the reader may use, with how
// many accounts follow each), created, changed from a version and deleted, each change one
// transaction with its 'template settings' audit row (previous and current). Names arrive
// whitespace-collapsed (the contract does it); the unique index on lower(name) decides a race.
// Deleting a template unlinks the accounts that followed it: they keep their settings, their
// template link becomes null and their settings version moves on (an open account form from
// before is then told rather than re-linking a template that is gone).
import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import {
  accountSettingsContract,
  accountSettingsProblems,
  defaultAccountSettings,
  type AccountLevelFlags,
  type AccountSettingsValues,
} from '../../src/domain/account-settings';
import { fieldsOfIssues, type FieldMessages } from '../../src/domain/field-errors';
import { TEMPLATE_MESSAGES, templateSources, type CreateTemplateBody, type Template } from '../../src/domain/templates';
import * as v from 'valibot';
import { auditRecordChange, type ChangeTrail } from '../audit';
import type { AccountContext } from '../accounts/settings-store';
import type { Database, SettingsTemplatesTable } from '../db/schema';
import { isUniqueViolation } from '../db/unique-violation';
import { deleteAtVersion, firstVersion, updateAtVersion } from '../db/versioned-row';
import { contains } from '../db/like';

type Db = Kysely<Database> | Transaction<Database>;
export type TemplateRow = Selectable<SettingsTemplatesTable> & { account_name?: string | null };

export interface TemplateValues {
  account_settings: AccountSettingsValues;
  account_level_flags: AccountLevelFlags;
}

const parseJson = <T>(text: string, fallback: T): T => {
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
};

/** A stored template's values over today's defaults (a setting added since reads as its default). */
export function templateValues(ctx: AccountContext, row: Pick<TemplateRow, 'settings'>): TemplateValues {
  const stored = parseJson<{
    account_settings?: Record<string, unknown>;
    account_level_flags?: Record<string, unknown>;
  }>(row.settings, {});
  const defaults = defaultAccountSettings(ctx.productKey, ctx.serverType);
  const keep = <T extends Record<string, unknown>>(base: T, over: Record<string, unknown> | undefined): T =>
    Object.fromEntries(Object.keys(base).map((k) => [k, over && k in over ? over[k] : base[k]])) as T;
  return {
    account_settings: keep(defaults.account_settings, stored.account_settings),
    account_level_flags: keep(defaults.account_level_flags, stored.account_level_flags),
  };
}

export function toTemplate(ctx: AccountContext, row: TemplateRow, accounts: number | null = null): Template {
  return {
    id: Number(row.id),
    template_name: row.name,
    template_description: row.description,
    source: row.source,
    template_settings: templateValues(ctx, row),
    templatesettings_groups: parseJson<string[]>(row.groups, []),
    created_by: row.created_by,
    updated_by: row.updated_by,
    source_user: row.source_user,
    account_id: row.account_id === null ? null : Number(row.account_id),
    account_name: row.account_name ?? null,
    created_at: Number(row.created_at),
    updated_at: Number(row.updated_at),
    version: Number(row.version),
    accounts,
  };
}

/** What the audit keeps of a template. */
const audited = (row: Selectable<SettingsTemplatesTable>) => ({
  id: Number(row.id),
  template_name: row.name,
  template_description: row.description,
  source: row.source,
  template_settings: parseJson(row.settings, {}),
  templatesettings_groups: parseJson(row.groups, []),
  source_user: row.source_user,
  account_id: row.account_id,
  version: Number(row.version),
});

/** A template change's audit entries, read back in the template's history. */
const trailOf = (actor: Actor, now: number): ChangeTrail => ({
  category: 'template settings',
  kind: 'template',
  author: actor.username,
  at: now,
});

function selectTemplates(db: Db) {
  return db
    .selectFrom('settings_templates as t')
    .leftJoin('organizations as o', 'o.id', 't.account_id')
    .selectAll('t')
    .select('o.name as account_name');
}

export async function templateRow(db: Db, id: number): Promise<TemplateRow | undefined> {
  return selectTemplates(db).where('t.id', '=', id).executeTakeFirst();
}

/** How many accounts follow each template (one indexed count per template). */
export async function followerCounts(db: Db, ids: readonly number[]): Promise<Map<number, number>> {
  const out = new Map<number, number>(ids.map((id) => [id, 0]));
  for (let i = 0; i < ids.length; i += 500) {
    const rows = await db
      .selectFrom('account_settings')
      .select(['template_id', (eb) => eb.fn.countAll<number>().as('n')])
      .where('template_id', 'in', ids.slice(i, i + 500))
      .groupBy('template_id')
      .execute();
    for (const r of rows) out.set(Number(r.template_id), Number(r.n));
  }
  return out;
}

export interface ListFilter {
  query: string;
  name: string;
  id: number | null;
  stats: boolean;
  sources: readonly string[];
}

export async function listTemplates(
  db: Db,
  ctx: AccountContext,
  filter: ListFilter,
): Promise<{ templates: Template[]; withoutTemplate: number | null }> {
  let q = selectTemplates(db).where('t.source', 'in', [...filter.sources]);
  if (filter.id !== null) q = q.where('t.id', '=', filter.id);
  if (filter.name) q = q.where(sql<boolean>`lower(t.name) = lower(${filter.name})`);
  if (filter.query) {
    const text = filter.query.toLowerCase();
    q = q.where((eb) => eb.or([contains(sql`lower(t.name)`, text), contains(sql`lower(t.description)`, text)]));
  }
  const rows = await q
    .orderBy(sql`lower(t.name)`)
    .orderBy('t.id')
    .execute();
  if (!filter.stats) return { templates: rows.map((r) => toTemplate(ctx, r)), withoutTemplate: null };
  const counts = await followerCounts(
    db,
    rows.map((r) => Number(r.id)),
  );
  const [orgs, following] = await Promise.all([
    db
      .selectFrom('organizations')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('account_settings')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('template_id', 'is not', null)
      .executeTakeFirstOrThrow(),
  ]);
  return {
    templates: rows.map((r) => toTemplate(ctx, r, counts.get(Number(r.id)) ?? 0)),
    withoutTemplate: Number(orgs.n) - Number(following.n),
  };
}

async function nameInUse(db: Db, name: string, except: number | null): Promise<string | null> {
  let q = db
    .selectFrom('settings_templates')
    .select('name')
    .where(sql<boolean>`lower(name) = lower(${name})`);
  if (except !== null) q = q.where('id', '<>', except);
  return (await q.executeTakeFirst())?.name ?? null;
}

/**
 * The template body checked as the account settings are (the contract's schemas of this platform
 * key, then its cross-field rules), the source against what this person may use, and the account
 * it names. Problems by request field (`template_settings.account_settings.dd_limit`).
 */
export async function checkTemplateBody(
  db: Db,
  ctx: AccountContext,
  body: CreateTemplateBody,
  allowedSources: readonly string[],
): Promise<{ ok: true; values: TemplateValues } | { ok: false; fields: FieldMessages }> {
  const contract = accountSettingsContract(ctx.productKey);
  const fields: FieldMessages = {};
  const place = (prefix: string, issues: readonly v.BaseIssue<unknown>[]) => {
    for (const [k, msg] of Object.entries(fieldsOfIssues(issues)))
      fields[k === '_' ? prefix : `${prefix}.${k}`] ??= msg;
  };
  const settings = v.safeParse(contract.settings, body.template_settings.account_settings);
  if (!settings.success) place('template_settings.account_settings', settings.issues);
  const flags = v.safeParse(contract.levelFlags, body.template_settings.account_level_flags);
  if (!flags.success) place('template_settings.account_level_flags', flags.issues);
  if (settings.success && flags.success) {
    Object.assign(
      fields,
      accountSettingsProblems(
        ctx.productKey,
        { account_settings: settings.output, account_level_flags: flags.output },
        'template_settings.',
      ),
    );
  }
  const known = templateSources(ctx.productKey);
  if (!known.includes(body.source)) fields['source'] = TEMPLATE_MESSAGES.sourceUnknown(known);
  else if (!allowedSources.includes(body.source)) fields['source'] = TEMPLATE_MESSAGES.sourceNotAllowed;
  if (body.account_id !== null) {
    const org = await db.selectFrom('organizations').select('id').where('id', '=', body.account_id).executeTakeFirst();
    if (!org) fields['account_id'] = 'There is no such account.';
  }
  if (Object.keys(fields).length || !settings.success || !flags.success) return { ok: false, fields };
  return { ok: true, values: { account_settings: settings.output, account_level_flags: flags.output } };
}

export interface Actor {
  username: string;
}

export type ChangeResult =
  | { ok: true; row: TemplateRow; unlinked?: number }
  | { ok: false; reason: 'name'; taken: string }
  | { ok: false; reason: 'stale'; current: TemplateRow | null }
  | { ok: false; reason: 'missing' };

async function guarded(
  db: Kysely<Database>,
  name: string,
  work: (trx: Transaction<Database>) => Promise<ChangeResult>,
): Promise<ChangeResult> {
  try {
    return await db.transaction().execute(work);
  } catch (err) {
    if (isUniqueViolation(err)) return { ok: false, reason: 'name', taken: (await nameInUse(db, name, null)) ?? name };
    throw err;
  }
}

const columnsOf = (body: CreateTemplateBody, values: TemplateValues) => ({
  name: body.template_name,
  description: body.template_description,
  source: body.source,
  settings: JSON.stringify(values),
  groups: JSON.stringify(body.templatesettings_groups),
  source_user: body.source_user || null,
  account_id: body.account_id,
});

export function createTemplate(
  db: Kysely<Database>,
  body: CreateTemplateBody,
  values: TemplateValues,
  actor: Actor,
  now: number,
): Promise<ChangeResult> {
  return guarded(db, body.template_name, async (trx) => {
    const taken = await nameInUse(trx, body.template_name, null);
    if (taken !== null) return { ok: false, reason: 'name', taken };
    const row = await trx
      .insertInto('settings_templates')
      .values({ ...columnsOf(body, values), ...firstVersion(actor.username, now) })
      .returningAll()
      .executeTakeFirstOrThrow();
    await auditRecordChange(trx, trailOf(actor, now), row.id, `template created: ${row.name} (#${row.id})`, {
      current: audited(row),
    });
    return { ok: true, row: (await templateRow(trx, Number(row.id)))! };
  });
}

export function updateTemplate(
  db: Kysely<Database>,
  id: number,
  version: number,
  body: CreateTemplateBody,
  values: TemplateValues,
  actor: Actor,
  now: number,
): Promise<ChangeResult> {
  return guarded(db, body.template_name, async (trx) => {
    const before = await trx.selectFrom('settings_templates').selectAll().where('id', '=', id).executeTakeFirst();
    if (!before) return { ok: false, reason: 'missing' };
    if (Number(before.version) !== version)
      return { ok: false, reason: 'stale', current: (await templateRow(trx, id)) ?? null };
    const taken = await nameInUse(trx, body.template_name, id);
    if (taken !== null) return { ok: false, reason: 'name', taken };
    const row = await updateAtVersion(
      trx,
      'settings_templates',
      { id, version },
      { ...columnsOf(body, values), updated_by: actor.username, updated_at: now },
    );
    if (!row) return { ok: false, reason: 'stale', current: (await templateRow(trx, id)) ?? null };
    await auditRecordChange(trx, trailOf(actor, now), id, `template changed: ${row.name} (#${row.id})`, {
      previous: audited(before),
      current: audited(row),
    });
    return { ok: true, row: (await templateRow(trx, id))! };
  });
}

/** Deletes a template from `version`; its followers keep their settings and lose the link. */
export function deleteTemplate(
  db: Kysely<Database>,
  id: number,
  version: number,
  actor: Actor,
  now: number,
): Promise<ChangeResult> {
  return guarded(db, '', async (trx) => {
    const before = await templateRow(trx, id);
    if (!before) return { ok: false, reason: 'missing' };
    if (Number(before.version) !== version) return { ok: false, reason: 'stale', current: before };
    const followers = (
      await trx.selectFrom('account_settings').select('account_id').where('template_id', '=', id).execute()
    ).map((r) => Number(r.account_id));
    if (followers.length) {
      await trx
        .updateTable('account_settings')
        .set((eb) => ({
          template_id: null,
          version: eb('version', '+', 1),
          updated_by: actor.username,
          updated_at: now,
        }))
        .where('template_id', '=', id)
        .execute();
    }
    const gone = await deleteAtVersion(trx, 'settings_templates', { id, version });
    if (!gone) return { ok: false, reason: 'stale', current: (await templateRow(trx, id)) ?? null };
    await auditRecordChange(
      trx,
      trailOf(actor, now),
      gone.id,
      `template deleted: ${gone.name} (#${gone.id}); ${followers.length} account(s) unlinked`,
      { previous: { ...audited(gone), followers }, current: { unlinked_accounts: followers } },
    );
    return { ok: true, row: before, unlinked: followers.length };
  });
}

/** A template this reader may see: specialist templates only with the feature. */
export const visibleTo = (row: Pick<TemplateRow, 'source'>, sources: readonly string[]) => sources.includes(row.source);
