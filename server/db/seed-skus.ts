// Demo SKUs (decision 053): four bundles a market-data platform sells — one retired — and a few
// accounts holding them. Holdings are assigned as the screen assigns them: the account's settings
// read now (the defaults, version 0, when nothing is saved), the SKU's defaults laid on top,
// checked with the account rules and written with writeAccountSettings, so this seed does not
// depend on which other seed ran before it.
import type { Transaction } from 'kysely';
import { productNames } from '../../src/domain/product';
import type { ServerConfig } from '../config';
import { writeAudit } from '../audit';
import { accountWriteProblems, readAccountSettings, writeAccountSettings } from '../accounts/settings-store';
import { skuById } from '../skus/store';
import { withSkuDefaults } from '../skus/assign';
import type { Database } from './schema';

const AUTHOR = 'system';

export async function seedSkus(
  trx: Transaction<Database>,
  config: ServerConfig,
  orgIds: readonly number[],
  now: number,
): Promise<void> {
  const p = productNames(config.productKey);
  const [basic, res, resProf] = p.configurations;
  const skus = [
    {
      code: 'CORE-TERMINAL',
      name: 'Core terminal',
      description: 'Docsearch and the news stream for a small desk.',
      product_configuration: basic,
      data_plan: [],
      settings: { otd_limit: 20, dd_limit: 100, export_hits_limit: 50 },
      level_flags: {},
      status: 'active',
    },
    {
      code: 'RESEARCH-PRO',
      name: 'Research professional',
      description: 'Broker research with market data and Excel.',
      product_configuration: res,
      data_plan: [p.data, 'rns'],
      settings: { otd_limit: 50, dd_limit: 250, export_hits_limit: 500, excelplug: true, intraday_data: true },
      level_flags: { open_intercom: true },
      status: 'active',
    },
    {
      code: 'ENTERPRISE-ALT',
      name: 'Enterprise with alternative data',
      description: 'Everything, alternative data and shareholder data included.',
      product_configuration: resProf,
      data_plan: [p.altData, 'shareholder_data', 'lexis_nexis'],
      settings: {
        otd_limit: 200,
        dd_limit: 1000,
        export_hits_limit: 2000,
        excelplug: true,
        ner: true,
        custom_entity: true,
      },
      level_flags: { [p.vega]: true, allow_multiple_sessions: true },
      status: 'active',
    },
    {
      code: 'LEGACY-2019',
      name: 'Legacy bundle (2019)',
      description: 'Sold until 2024; kept for the accounts that hold it.',
      product_configuration: basic,
      data_plan: ['rns'],
      settings: { export_hits_limit: 100 },
      level_flags: {},
      status: 'retired',
    },
  ];
  const ids: number[] = [];
  for (const s of skus) {
    const row = await trx
      .insertInto('skus')
      .values({
        code: s.code,
        name: s.name,
        description: s.description,
        product_configuration: s.product_configuration,
        data_plan: JSON.stringify(s.data_plan),
        settings: JSON.stringify(s.settings),
        level_flags: JSON.stringify(s.level_flags),
        status: s.status,
        created_by: AUTHOR,
        updated_by: AUTHOR,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids.push(Number(row.id));
  }
  // A few holdings: organizations 1–2 on Research professional, 3 on Enterprise, 4 on the legacy bundle.
  const holdings: [number | undefined, number][] = [
    [orgIds[0], ids[1]!],
    [orgIds[1], ids[1]!],
    [orgIds[2], ids[2]!],
    [orgIds[3], ids[3]!],
  ];
  const ctx = { productKey: config.productKey, serverType: config.serverType };
  for (const [accountId, skuId] of holdings) {
    if (accountId === undefined) continue;
    const current = await readAccountSettings(trx, ctx, accountId);
    const sku = await skuById(trx, skuId);
    if (!current || !sku) continue;
    const write = withSkuDefaults(current, sku);
    if (Object.keys(await accountWriteProblems(trx, ctx, accountId, write)).length) continue;
    const written = await writeAccountSettings(trx, ctx, {
      accountId,
      version: current.version,
      write,
      author: AUTHOR,
      at: now,
    });
    if (!written.ok) continue;
    await trx
      .insertInto('account_skus')
      .values({ account_id: accountId, sku_id: skuId, assigned_by: AUTHOR, assigned_at: now })
      .execute();
  }
  await writeAudit(trx, {
    category: 'sku configuration',
    author: AUTHOR,
    action: 'demo SKUs created',
    origin: 'server',
    at: now,
    current: { skus: skus.map((s) => s.code), holdings: holdings.length },
    success: true,
  });
}
