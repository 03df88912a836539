// Demo templates (decision 052): several of each source, checked by the account settings rules
// like any saved template, and a few organizations following them. The account settings of every
// organization are another seed's (seed-accounts.ts); this one only links: where an organization
// has a settings row it takes the template's values and link, otherwise it gets the row a write
// through writeAccountSettings would make. Run after the organizations and their groups.
import type { Kysely } from 'kysely';
import { accountSettingsProblems, defaultAccountSettings } from '../../src/domain/account-settings';
import { productTemplatesSource, SPECIALIST_SOURCE } from '../../src/domain/templates';
import { writeAudit } from '../audit';
import type { Database } from './schema';

interface SeedTemplate {
  name: string;
  description: string;
  specialist?: boolean;
  settings: Record<string, unknown>;
  flags: Record<string, unknown>;
  groups: string[];
  sourceUser?: string;
}

const TEMPLATES: SeedTemplate[] = [
  {
    name: 'Research Desk Standard',
    description: 'Buy-side research desks: higher document limits, notes and NER on.',
    settings: { otd_limit: 50, dd_limit: 500, export_hits_limit: 200, ner: true, note_fields: true, excelplug: true },
    flags: { allow_multiple_sessions: true, redirect: true },
    groups: ['Research Team', 'Portfolio Managers'],
  },
  {
    name: 'Trial Account',
    description: 'Two-week trials: the defaults with exports kept small.',
    settings: { export_hits_limit: 25, restrict_export: true },
    flags: {},
    groups: [],
  },
  {
    name: 'Enterprise Compliance',
    description: 'Banks with compliance review: admin and compliance settings on, exports restricted.',
    settings: {
      otd_limit: 100,
      dd_limit: 1000,
      export_hits_limit: 500,
      admin_and_compliance_settings: true,
      restrict_export: true,
      wopi_edit: true,
    },
    flags: { client_code: true, public_doc: false },
    groups: ['Security Master'],
  },
  {
    name: 'Newsroom',
    description: 'Journalists: news stream and alerts on, notebooks off the switcher.',
    settings: { hide_news_stream: false, enable_notification: true, intraday_data: true, startup_screen: 'docsearch' },
    flags: { disable_minimodal: true },
    groups: ['Research Team'],
  },
  {
    name: 'Specialist: Data Science Pilot',
    description: 'Set up by product specialists for data-science pilots: data team flags and CKEditor 5.',
    specialist: true,
    settings: { ck5: 1, custom_entity: true, ds_bulk_rr: true, otd_limit: 40, dd_limit: 400 },
    flags: { convert_tks: true },
    groups: ['Collab Desk'],
    sourceUser: 'product.specialist@staff-console.local',
  },
  {
    name: 'Specialist: Vega Preview',
    description: 'Vega as the default view for accounts in the preview programme.',
    specialist: true,
    settings: { rms_version_switcher: true },
    flags: { vega_as_default: true },
    groups: [],
    sourceUser: 'product.specialist@staff-console.local',
  },
];

/** Which of the first organizations follow which template (by index). */
const FOLLOWERS: [orgIndex: number, templateIndex: number][] = [
  [0, 0],
  [1, 0],
  [2, 2],
  [3, 1],
];

export async function seedTemplates(
  trx: Kysely<Database>,
  ctx: { productKey: string; serverType: string },
  orgIds: readonly number[],
  now: number,
): Promise<void> {
  const defaults = defaultAccountSettings(ctx.productKey, ctx.serverType);
  const ids: number[] = [];
  const values: {
    account_settings: typeof defaults.account_settings;
    account_level_flags: typeof defaults.account_level_flags;
  }[] = [];
  for (const t of TEMPLATES) {
    const flags = { ...defaults.account_level_flags, ...t.flags };
    if (t.flags['vega_as_default']) flags[`${ctx.productKey}vega`] = true;
    const v = { account_settings: { ...defaults.account_settings, ...t.settings }, account_level_flags: flags };
    const problems = accountSettingsProblems(ctx.productKey, v);
    if (Object.keys(problems).length)
      throw new Error(`Seed template '${t.name}' breaks the account rules: ${JSON.stringify(problems)}`);
    const row = await trx
      .insertInto('settings_templates')
      .values({
        name: t.name,
        description: t.description,
        source: t.specialist ? SPECIALIST_SOURCE : productTemplatesSource(ctx.productKey),
        settings: JSON.stringify(v),
        groups: JSON.stringify(t.groups),
        source_user: t.sourceUser ?? null,
        account_id: null,
        created_by: 'system',
        updated_by: 'system',
        created_at: now,
        updated_at: now,
        version: 1,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids.push(Number(row.id));
    values.push(v);
  }
  for (const [orgIndex, templateIndex] of FOLLOWERS) {
    const accountId = orgIds[orgIndex];
    if (accountId === undefined) continue;
    const groups = await trx
      .selectFrom('user_groups')
      .select(['id', 'name'])
      .where('organization_id', '=', accountId)
      .execute();
    const wanted = new Set(TEMPLATES[templateIndex]!.groups.map((n) => n.toLowerCase()));
    const columns = {
      settings: JSON.stringify(values[templateIndex]!.account_settings),
      level_flags: JSON.stringify(values[templateIndex]!.account_level_flags),
      groups: JSON.stringify(
        groups
          .filter((g) => wanted.has(g.name.toLowerCase()))
          .map((g) => Number(g.id))
          .sort((a, b) => a - b),
      ),
      template_id: ids[templateIndex]!,
      updated_by: 'system',
      updated_at: now,
    };
    const updated = await trx
      .updateTable('account_settings')
      .set((eb) => ({ ...columns, version: eb('version', '+', 1) }))
      .where('account_id', '=', accountId)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) === 0) {
      await trx
        .insertInto('account_settings')
        .values({ account_id: accountId, ...columns, created_by: 'system', created_at: now, version: 1 })
        .execute();
    }
  }
  await writeAudit(trx, {
    category: 'template settings',
    author: 'system',
    action: 'demo templates created',
    origin: 'server',
    at: now,
    current: { templates: TEMPLATES.map((t) => t.name), followers: FOLLOWERS.length },
    success: true,
  });
}
