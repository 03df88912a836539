// SKU Configuration (decision 053): SKUs created, listed, changed from a version (two edits from
// one version: one wins, the other gets the SKU now), retired and reactivated; bad input refused
// at its field (unknown settings, non-numbers, export hits 2,001, a data plan the §5 rules refuse,
// a code taken in another case, a 1 MB body); assignment previewed (what changes, which account
// rule the result breaks) and applied from the account's settings version in one transaction
// (settings, holding, audit); a retired SKU refused; two assignments to one account from one
// version: one wins. Every route needs sku_configuration_access. On SQLite and, with
// TEST_DATABASE_URL, PostgreSQL.
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BadRequestReply } from '../../src/domain/field-errors';
import { FEATURE_KEYS } from '../../src/domain/features';
import {
  AccountSkusReply,
  AssignPreviewReply,
  AssignReply,
  SkuHoldersReply,
  SkuListReply,
  SkuReply,
  StaleAssignReply,
  StaleSkuReply,
  type Sku,
} from '../../src/domain/skus';
import { readAccountSettings } from '../../server/accounts/settings-store';
import { seedIfEmpty } from '../../server/db/seed';
import { createTestServer, type TestServer } from '../support/server';
import type { Browser } from './support/browser';
import { signIn } from './support/sign-in';
import { SEEDING_MS } from './support/timeouts';

let server: TestServer;
let admin: Browser;
let other: Browser;
let counter = 0;
const KEY = 'product';
const ctx = () => ({ productKey: server.config.productKey, serverType: server.config.serverType });

beforeAll(async () => {
  server = await createTestServer();
  admin = await signIn(
    server,
    await server.createStaff({ username: 'skukeeper', features: [...FEATURE_KEYS], activated: true }),
  );
  other = await signIn(
    server,
    await server.createStaff({
      username: 'skuother',
      features: ['admin_panel_access', 'sku_configuration_access'],
      activated: true,
    }),
  );
});
afterAll(async () => {
  await server.close();
});

async function call(b: Browser, path: string, form: Record<string, string> = {}) {
  const res = await b.post(path, form);
  return { status: res.status, body: (await res.json()) as unknown };
}
async function get(b: Browser, path: string) {
  const res = await b.send('GET', path);
  return { status: res.status, body: (await res.json()) as unknown };
}
const refusal = (body: unknown) => v.parse(BadRequestReply, body);

async function newAccount(name = `Account ${++counter}`): Promise<number> {
  const row = await server.db
    .insertInto('organizations')
    .values({ name, salesforce_id: null, sf_acc_id: null, created_at: Date.now() })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

const skuForm = (over: Record<string, unknown> = {}): Record<string, string> => {
  const base: Record<string, unknown> = {
    code: `MD-${++counter}`,
    name: 'Market data pro',
    description: 'Research and data',
    product_configuration: `${KEY}_res`,
    data_plan: [`${KEY}_data`, 'rns'],
    account_settings: { otd_limit: 40, export_hits_limit: 500 },
    account_level_flags: { excelplug: true },
    ...over,
  };
  return Object.fromEntries(
    Object.entries(base).map(([k, val]) => [k, typeof val === 'string' ? val : JSON.stringify(val)]),
  );
};
// excelplug is an account setting, not a level flag: fix the base so it is valid.
const validForm = (over: Record<string, unknown> = {}) =>
  skuForm({ account_level_flags: { open_intercom: true }, ...over });

async function created(over: Record<string, unknown> = {}): Promise<Sku> {
  const { status, body } = await call(admin, '/api/sku/', validForm(over));
  expect(status, JSON.stringify(body)).toBe(200);
  return v.parse(SkuReply, body).sku;
}

const preview = async (skuId: number, accountId: number, b = admin) =>
  call(b, '/api/sku/assign/preview/', { sku_id: String(skuId), account_id: String(accountId) });
const assign = (skuId: number, accountId: number, version: number, b = admin) =>
  call(b, '/api/sku/assign/', { sku_id: String(skuId), account_id: String(accountId), version: String(version) });
const auditRows = async (fragment: string) =>
  (await server.db.selectFrom('audit_log').selectAll().orderBy('id').execute()).filter((r) =>
    r.action.includes(fragment),
  );

describe('create, list, change, retire', () => {
  it('creates a SKU with its code upper-cased and only the settings it names, audited', async () => {
    const sku = await created({
      code: ' md-core-1 ',
      account_settings: { otd_limit: '40', regions: { americas: true, emea: false, asia: true } },
    });
    expect(sku).toMatchObject({
      code: 'MD-CORE-1',
      name: 'Market data pro',
      product_configuration: `${KEY}_res`,
      data_plan: [`${KEY}_data`, 'rns'],
      account_settings: { otd_limit: 40, regions: { americas: true, emea: false, asia: true } },
      account_level_flags: { open_intercom: true },
      status: 'active',
      holders: 0,
      version: 1,
      created_by: 'skukeeper',
    });
    const [row] = await auditRows(`SKU created: MD-CORE-1 (#${sku.id})`);
    expect(row).toMatchObject({ category: 'sku configuration', author: 'skukeeper', success: 1 });
    expect(JSON.parse(row!.current_data!)).toMatchObject({ code: 'MD-CORE-1', account_settings: { otd_limit: 40 } });
    const listed = v.parse(SkuListReply, (await get(admin, '/api/sku/?q=md-core')).body);
    expect(listed.items.map((s) => s.code)).toEqual(['MD-CORE-1']);
  });

  it('refuses a code taken in another case, a malformed code, and an unknown configuration', async () => {
    await created({ code: 'DUP-CODE' });
    const dup = await call(admin, '/api/sku/', validForm({ code: 'dup-code' }));
    expect(dup.status).toBe(400);
    expect(refusal(dup.body).fields).toEqual({
      code: "A SKU with the code 'DUP-CODE' exists (codes are the same whatever their case).",
    });
    const bad = await call(admin, '/api/sku/', validForm({ code: 'MD--X', product_configuration: 'other_basic' }));
    expect(refusal(bad.body).fields['code']).toBe('Letters, digits and single hyphens between them, such as MD-PRO-2.');
    const conf = await call(admin, '/api/sku/', validForm({ product_configuration: 'other_basic' }));
    expect(refusal(conf.body).fields).toEqual({ product_configuration: 'Choose a product configuration.' });
  });

  it('refuses unknown setting keys, non-numbers, export hits 2,001 and a SKU breaking a rule by itself, each at its field', async () => {
    const unknown = await call(admin, '/api/sku/', validForm({ account_settings: { colour: 'red' } }));
    expect(unknown.status).toBe(400);
    expect(refusal(unknown.body).fields).toEqual({
      'account_settings.colour': 'account_settings has no setting "colour".',
    });
    const flags = await call(admin, '/api/sku/', validForm({ account_level_flags: { excelplug: true } }));
    expect(refusal(flags.body).fields).toEqual({
      'account_level_flags.excelplug': 'account_level_flags has no setting "excelplug".',
    });
    const nan = await call(admin, '/api/sku/', validForm({ account_settings: { otd_limit: 'ten', dd_limit: 1.5 } }));
    expect(refusal(nan.body).fields).toEqual({
      'account_settings.otd_limit': 'A whole number.',
      'account_settings.dd_limit': 'A whole number.',
    });
    const hits = await call(admin, '/api/sku/', validForm({ account_settings: { export_hits_limit: 2001 } }));
    expect(refusal(hits.body).fields).toEqual({
      'account_settings.export_hits_limit': 'The export hits limit is at most 2,000.',
    });
    const both = await call(admin, '/api/sku/', validForm({ account_settings: { otd_limit: 500, dd_limit: 100 } }));
    expect(refusal(both.body).fields).toEqual({
      'account_settings.dd_limit': 'The DD limit must be greater than the OTD limit (500).',
    });
    const notJson = await call(admin, '/api/sku/', { ...validForm(), account_settings: '{not json' });
    expect(refusal(notJson.body).fields).toEqual({ account_settings: 'account_settings must be JSON.' });
  });

  it('refuses data plans the §5 rules would change, naming the rule', async () => {
    const both = await call(admin, '/api/sku/', validForm({ data_plan: [`${KEY}_data`, `${KEY}_alt_data`] }));
    expect(both.status).toBe(400);
    expect(refusal(both.body).fields['data_plan']).toBe(
      'Product Alternative data has all the features of Product Data. Therefore, Product data has been removed from selection.',
    );
    const shareholder = await call(admin, '/api/sku/', validForm({ data_plan: ['shareholder_data'] }));
    expect(refusal(shareholder.body).fields['data_plan']).toBe(
      'User must have Product Data to have shareholder data. Product data has been assigned as a result.',
    );
    const unknown = await call(admin, '/api/sku/', validForm({ data_plan: ['bloomberg'] }));
    expect(refusal(unknown.body).fields['data_plan']).toBe('There is no data plan item "bloomberg".');
    expect((await created({ data_plan: ['null'] })).data_plan).toEqual([]);
  });

  it('refuses a 1 MB body with 413', async () => {
    const res = await admin.send('POST', '/api/sku/', {
      body: `code=X&description=${'x'.repeat(1024 * 1024 + 10)}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.status).toBe(413);
  });

  it('changes a SKU from its version; of two edits from one version one wins and the other gets the SKU now', async () => {
    const sku = await created();
    const form = (name: string) => ({
      ...validForm({ code: sku.code, name }),
      id: String(sku.id),
      version: String(sku.version),
    });
    const [a, b] = await Promise.all([
      call(admin, '/api/sku/update/', form('First')),
      call(other, '/api/sku/update/', form('Second')),
    ]);
    const statuses = [a.status, b.status].sort();
    expect(statuses).toEqual([200, 409]);
    const winner = a.status === 200 ? 'First' : 'Second';
    const stale = v.parse(StaleSkuReply, a.status === 409 ? a.body : b.body);
    expect(stale.current).toMatchObject({ id: sku.id, name: winner, version: 2 });
    expect(stale.msg).toBe(`Someone else changed SKU '${sku.code}' since you opened it.`);
    const [row] = await auditRows(`SKU changed: ${sku.code} (#${sku.id})`);
    expect(JSON.parse(row!.previous_data!)).toMatchObject({ name: 'Market data pro', version: 1 });
    expect(JSON.parse(row!.current_data!)).toMatchObject({ name: winner, version: 2 });
  });

  it('retires and reactivates from a version; the list filters by status', async () => {
    const sku = await created();
    const retired = await call(admin, '/api/sku/status/', { id: String(sku.id), version: '1', status: 'retired' });
    expect(v.parse(SkuReply, retired.body)).toMatchObject({
      msg: `SKU '${sku.code}' retired.`,
      sku: { status: 'retired', version: 2 },
    });
    expect((await call(admin, '/api/sku/status/', { id: String(sku.id), version: '1', status: 'active' })).status).toBe(
      409,
    );
    const list = v.parse(SkuListReply, (await get(admin, '/api/sku/?status=retired')).body);
    expect(list.items.every((s) => s.status === 'retired')).toBe(true);
    expect(list.items.map((s) => s.id)).toContain(sku.id);
    const back = await call(admin, '/api/sku/status/', { id: String(sku.id), version: '2', status: 'active' });
    expect(v.parse(SkuReply, back.body).sku.status).toBe('active');
    expect(await auditRows(`SKU reactivated: ${sku.code}`)).toHaveLength(1);
  });
});

describe('assignment', () => {
  it('previews what changes, assigns in one transaction, lists the holder; unassigning keeps the settings', async () => {
    const sku = await created({
      account_settings: { otd_limit: 40, export_hits_limit: 500 },
      account_level_flags: { open_intercom: true },
    });
    const account = await newAccount('Harbour Lights');
    const seen = v.parse(AssignPreviewReply, (await preview(sku.id, account)).body).preview;
    expect(seen).toMatchObject({
      account: { account_id: account, name: 'Harbour Lights' },
      version: 0,
      held: false,
      problems: {},
    });
    expect(seen.changes).toEqual([
      { field: 'account_settings.otd_limit', before: 20, after: 40 },
      { field: 'account_settings.export_hits_limit', before: 50, after: 500 },
      { field: 'account_level_flags.open_intercom', before: false, after: true },
    ]);
    const done = await assign(sku.id, account, 0);
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(v.parse(AssignReply, done.body)).toMatchObject({
      msg: `SKU '${sku.code}' assigned to Harbour Lights.`,
      version: 1,
    });
    const settings = (await readAccountSettings(server.db, ctx(), account))!;
    expect(settings.account_settings).toMatchObject({ otd_limit: 40, dd_limit: 100, export_hits_limit: 500 });
    expect(settings.account_level_flags['open_intercom']).toBe(true);
    const [row] = await auditRows(`SKU ${sku.code} (#${sku.id}) assigned to Harbour Lights`);
    expect(row!.category).toBe('sku configuration');
    expect(JSON.parse(row!.previous_data!)).toMatchObject({ skus: [], 'account_settings.otd_limit': 20 });
    expect(JSON.parse(row!.current_data!)).toMatchObject({ skus: [sku.code], 'account_settings.otd_limit': 40 });
    const holders = v.parse(SkuHoldersReply, (await get(admin, `/api/sku/holders/?sku_id=${sku.id}`)).body);
    expect(holders).toMatchObject({
      total: 1,
      next: null,
      items: [{ account_id: account, name: 'Harbour Lights', assigned_by: 'skukeeper' }],
    });
    // Assigning it again: held, nothing changes, still one holding.
    const again = v.parse(AssignPreviewReply, (await preview(sku.id, account)).body).preview;
    expect(again).toMatchObject({ held: true, changes: [], version: 1 });
    expect((await assign(sku.id, account, 1)).status).toBe(200);
    expect(v.parse(SkuHoldersReply, (await get(admin, `/api/sku/holders/?sku_id=${sku.id}`)).body).total).toBe(1);
    expect(v.parse(SkuListReply, (await get(admin, `/api/sku/?q=${sku.code}`)).body).items[0]!.holders).toBe(1);
    const mine = v.parse(AccountSkusReply, (await get(admin, `/api/sku/account/?account_id=${account}`)).body);
    expect(mine.items.map((i) => i.sku.code)).toEqual([sku.code]);
    const taken = await call(admin, '/api/sku/unassign/', { sku_id: String(sku.id), account_id: String(account) });
    expect(taken.body).toMatchObject({
      msg: `SKU '${sku.code}' taken from Harbour Lights; its settings stay as they are.`,
    });
    expect((await readAccountSettings(server.db, ctx(), account))!.account_settings['otd_limit']).toBe(40);
    expect(v.parse(SkuHoldersReply, (await get(admin, `/api/sku/holders/?sku_id=${sku.id}`)).body).total).toBe(0);
    // A holding gone with its organization leaves the count exact.
    expect((await assign(sku.id, account, 1)).status).toBe(200);
    await server.db.deleteFrom('account_settings').where('account_id', '=', account).execute();
    await server.db.deleteFrom('organizations').where('id', '=', account).execute();
    expect(v.parse(SkuListReply, (await get(admin, `/api/sku/?q=${sku.code}`)).body).items[0]!.holders).toBe(0);
  });

  it('pages the holders in account order', async () => {
    const sku = await created({ account_settings: {}, account_level_flags: {} });
    const ids: number[] = [];
    for (let i = 0; i < 5; i++) {
      const id = await newAccount();
      ids.push(id);
      expect((await assign(sku.id, id, 0)).status).toBe(200);
    }
    const first = v.parse(SkuHoldersReply, (await get(admin, `/api/sku/holders/?sku_id=${sku.id}&limit=2`)).body);
    expect(first).toMatchObject({ total: 5, next: ids[1] });
    expect(first.items.map((h) => h.account_id)).toEqual(ids.slice(0, 2));
    const last = v.parse(
      SkuHoldersReply,
      (await get(admin, `/api/sku/holders/?sku_id=${sku.id}&limit=2&after=${ids[3]}`)).body,
    );
    expect(last).toMatchObject({ next: null, total: 5, items: [{ account_id: ids[4] }] });
  });

  it('refuses an assignment the account rules refuse, naming the rule, and writes nothing', async () => {
    const sku = await created({ account_settings: { otd_limit: 500 }, account_level_flags: {} });
    const account = await newAccount('Small Desk');
    const seen = v.parse(AssignPreviewReply, (await preview(sku.id, account)).body).preview;
    expect(seen.problems).toEqual({
      'account_settings.dd_limit': 'The DD limit must be greater than the OTD limit (500).',
    });
    const res = await assign(sku.id, account, 0);
    expect(res.status).toBe(400);
    expect(refusal(res.body).msg).toBe(
      `SKU '${sku.code}' cannot be assigned to Small Desk: DD limit (documents a day): The DD limit must be greater than the OTD limit (500).`,
    );
    expect((await readAccountSettings(server.db, ctx(), account))!.is_new_created).toBe(true);
    expect(v.parse(SkuHoldersReply, (await get(admin, `/api/sku/holders/?sku_id=${sku.id}`)).body).total).toBe(0);
  });

  it('refuses a retired SKU and unknown SKUs or accounts', async () => {
    const sku = await created();
    await call(admin, '/api/sku/status/', { id: String(sku.id), version: '1', status: 'retired' });
    const account = await newAccount();
    const res = await assign(sku.id, account, 0);
    expect(res.status).toBe(400);
    expect(refusal(res.body).fields).toEqual({
      sku_id: `SKU '${sku.code}' is retired: it cannot be assigned. Reactivate it first.`,
    });
    expect(refusal((await preview(999_999, account)).body).fields).toEqual({
      sku_id: 'There is no such SKU; it may have been deleted.',
    });
    expect(refusal((await preview(sku.id, 999_999)).body).fields).toEqual({
      account_id: 'There is no such account (organization).',
    });
  });

  it('of two assignments to one account from one version one lands; the other gets a new preview', async () => {
    const a = await created({ account_settings: { otd_limit: 30 }, account_level_flags: {} });
    const b = await created({ account_settings: { export_hits_limit: 900 }, account_level_flags: {} });
    const account = await newAccount('Race Capital');
    const [x, y] = await Promise.all([assign(a.id, account, 0), assign(b.id, account, 0, other)]);
    expect([x.status, y.status].sort()).toEqual([200, 409]);
    const stale = v.parse(StaleAssignReply, x.status === 409 ? x.body : y.body);
    expect(stale.msg).toBe(
      'The settings of Race Capital were changed by someone else since the preview; here is what assigning changes now.',
    );
    expect(stale.preview.version).toBe(1);
    const held = v.parse(AccountSkusReply, (await get(admin, `/api/sku/account/?account_id=${account}`)).body).items;
    expect(held).toHaveLength(1);
    // From the version now, the second lands too.
    const again = await assign(x.status === 409 ? a.id : b.id, account, stale.preview.version);
    expect(again.status).toBe(200);
    expect((await readAccountSettings(server.db, ctx(), account))!.account_settings).toMatchObject({
      otd_limit: 30,
      export_hits_limit: 900,
    });
  });
});

describe('permissions', () => {
  it('refuses staff without sku_configuration_access', async () => {
    const support = await signIn(
      server,
      await server.createStaff({
        username: 'skusupport',
        features: ['admin_panel_access', 'user_mgmt'],
        activated: true,
      }),
    );
    const res = await get(support, '/api/sku/');
    expect(res.status).toBe(403);
    expect(res.body).toEqual({
      status: false,
      msg: 'You do not have permission to perform this action: it needs the ‘SKU configuration’ permission.',
    });
    expect((await call(support, '/api/sku/', validForm())).status).toBe(403);
  });
});

describe('seed', () => {
  it(
    'seeds four SKUs (one retired) and holdings whose settings were written through the account store',
    async () => {
      const fresh = await createTestServer();
      try {
        await seedIfEmpty(fresh.db, fresh.config, Date.now());
        const skus = await fresh.db.selectFrom('skus').select(['id', 'code', 'status']).orderBy('code').execute();
        expect(skus.map((s) => `${s.code}:${s.status}`)).toEqual([
          'CORE-TERMINAL:active',
          'ENTERPRISE-ALT:active',
          'LEGACY-2019:retired',
          'RESEARCH-PRO:active',
        ]);
        const holdings = await fresh.db.selectFrom('account_skus').select(['account_id', 'sku_id']).execute();
        expect(holdings).toHaveLength(4);
        const pro = skus.find((s) => s.code === 'RESEARCH-PRO')!;
        const holder = holdings.find((h) => h.sku_id === pro.id)!;
        const settings = (await readAccountSettings(
          fresh.db,
          { productKey: fresh.config.productKey, serverType: fresh.config.serverType },
          holder.account_id,
        ))!;
        expect(settings).toMatchObject({
          is_new_created: false,
          account_settings: { otd_limit: 50, dd_limit: 250, export_hits_limit: 500, excelplug: true },
        });
      } finally {
        await fresh.close();
      }
    },
    SEEDING_MS,
  );
});
