// Demo account settings (decision 051): every seeded organization has its settings stored, varied
// from spec §9's defaults (limits, editor version, query bits, switches, regions, data team flags)
// and some following one of its own groups for new users; all valid by the contract's rules.
import type { Kysely } from 'kysely';
import {
  accountFieldNames,
  accountSettingsProblems,
  ACCOUNT_SWITCHES,
  defaultAccountSettings,
  EDITOR_VERSIONS,
  queryPermissionOf,
  QUERY_BITS,
  RESEARCH_PROVIDERS,
  type AccountLevelFlags,
  type AccountSettingsValues,
} from '../../src/domain/account-settings';
import { productNames } from '../../src/domain/product';
import type { Database } from './schema';

/** The settings of the n-th account: the defaults with a deterministic spread of changes. */
export function seededAccountValues(
  key: string,
  serverType: string,
  n: number,
): { account_settings: AccountSettingsValues; account_level_flags: AccountLevelFlags } {
  const d = defaultAccountSettings(key, serverType);
  const names = accountFieldNames(key);
  const otd = [20, 25, 50, 100, 10][n % 5]!;
  const settings: AccountSettingsValues = {
    ...d.account_settings,
    otd_limit: otd,
    dd_limit: otd * [5, 4, 10, 3][n % 4]!,
    export_hits_limit: [50, 100, 500, 2_000, 250][n % 5]!,
    other_docsearch_features: 1 + (n % 4),
    ck5: EDITOR_VERSIONS[n % EDITOR_VERSIONS.length]!.value,
    research_provider: RESEARCH_PROVIDERS[n % RESEARCH_PROVIDERS.length]!,
    startup_screen: productNames(key).startupScreens[n % 4]!,
    regions: { americas: true, emea: n % 3 !== 1, asia: n % 4 !== 2 },
  };
  for (const [i, s] of ACCOUNT_SWITCHES.entries()) settings[s] = (n + i) % 3 === 0;
  const flags: AccountLevelFlags = {
    ...d.account_level_flags,
    new_filter_permission: queryPermissionOf(
      QUERY_BITS.filter((_, b) => b === 0 || (n >> b) % 2 === 1).map((q) => q.bit),
    ),
  };
  for (const [i, f] of names.otherFlags.entries())
    if (f !== 'vega_as_default') flags[f] = (n + i) % 4 === 0 || flags[f] === true;
  flags['vega_as_default'] = flags[names.vega] === true && n % 2 === 0;
  for (const [i, f] of names.dataTeamFlags.entries()) flags[f] = (n + i) % 5 === 0;
  const values = { account_settings: settings, account_level_flags: flags };
  if (Object.keys(accountSettingsProblems(key, values)).length > 0)
    throw new Error(`Seeded account settings ${n} break the rules`);
  return values;
}

export async function seedAccountSettings(
  trx: Kysely<Database>,
  ctx: { productKey: string; serverType: string },
  now: number,
): Promise<number> {
  const orgs = await trx.selectFrom('organizations').select('id').orderBy('id').execute();
  const groups = await trx
    .selectFrom('user_groups')
    .select(['id', 'organization_id'])
    .where('kind', '=', 'general')
    .orderBy('id')
    .execute();
  const firstGroup = new Map<number, number>();
  for (const g of groups)
    if (g.organization_id !== null && !firstGroup.has(Number(g.organization_id)))
      firstGroup.set(Number(g.organization_id), Number(g.id));
  const rows = orgs.map((o, n) => {
    const values = seededAccountValues(ctx.productKey, ctx.serverType, n);
    const group = firstGroup.get(Number(o.id));
    return {
      account_id: Number(o.id),
      settings: JSON.stringify(values.account_settings),
      level_flags: JSON.stringify(values.account_level_flags),
      groups: JSON.stringify(group !== undefined && n % 2 === 0 ? [group] : []),
      template_id: null,
      created_by: 'system',
      updated_by: 'system',
      created_at: now,
      updated_at: now,
      version: 1,
    };
  });
  for (let i = 0; i < rows.length; i += 200)
    await trx
      .insertInto('account_settings')
      .values(rows.slice(i, i + 200))
      .execute();
  return rows.length;
}
