// Account Settings (decision 051) over HTTP: the account list in keyset pages with its word-prefix
// search and bounded total; one account's settings (the §9 defaults until saved) with the SKUs it
// holds (retired ones too), created from
// version 0 (is_new_created), saved from a version (a save in between is told: 409 with the
// settings now, also when two saves race), put back on the defaults; every refusal a 400 naming
// its field (non-numbers, 1.5, dd ≤ otd, export hits 2,001, unknown template, unknown keys,
// invalid JSON text in a field), a 1 MB body and a body that is not a form refused cleanly; the
// account record created and edited (names unique whatever their case); each change one
// transaction with its 'account settings' audit row; support refused. Requests are form data as
// the panel sends them (spec §7): objects and lists as JSON text in their fields.
// On SQLite and, with TEST_DATABASE_URL, PostgreSQL.
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AccountRecordReply,
  AccountSettingsPage,
  AccountSettingsReply,
  ListAccountsReply,
  StaleAccountRecordReply,
} from '../../src/domain/accounts';
import {
  accountSettingsContract,
  accountSettingsProblems,
  defaultAccountSettings,
  StaleAccountSettingsReply,
} from '../../src/domain/account-settings';
import { CSRF_COOKIE, CSRF_FIELD } from '../../src/domain/constants';
import { FEATURE_KEYS } from '../../src/domain/features';
import { BadRequestReply } from '../../src/domain/field-errors';
import { seedIfEmpty } from '../../server/db/seed';
import { createTestServer, type TestServer } from '../support/server';
import type { Browser } from './support/browser';
import { signIn } from './support/sign-in';
import { SEEDING_MS } from './support/timeouts';

let server: TestServer;
let admin: Browser;
let support: Browser;
const KEY = 'product';

const NAMES = [
  'Alpha Capital Partners',
  'Blue Capital',
  'Capital One Research',
  'capitalize Ltd',
  'Harbor-Capital Group',
  'Northwind (Capital) Holdings',
  'Decapitalized Inc',
  'Global Partners',
  'Zeta Group',
  'Omega Holdings',
];

beforeAll(async () => {
  server = await createTestServer();
  admin = await signIn(
    server,
    await server.createStaff({ username: 'acctkeeper', features: [...FEATURE_KEYS], activated: true }),
  );
  support = await signIn(
    server,
    await server.createStaff({
      username: 'acctsupport',
      features: ['admin_panel_access', 'user_mgmt'],
      activated: true,
    }),
  );
  for (const name of NAMES)
    await server.db
      .insertInto('organizations')
      .values({ name, salesforce_id: null, sf_acc_id: null, created_at: 1 })
      .execute();
});
afterAll(async () => {
  await server.close();
});

/** Form fields as the panel sends them: text as it is, null as '', objects, lists and numbers as JSON text. */
const formOf = (fields: Record<string, unknown>) =>
  Object.fromEntries(
    Object.entries(fields).map(([k, x]) => [k, typeof x === 'string' ? x : x === null ? '' : JSON.stringify(x)]),
  );

async function call(b: Browser, method: string, path: string, fields?: Record<string, unknown>) {
  const res = await b.send(method, path, fields === undefined ? {} : { form: formOf(fields) });
  return { status: res.status, body: (await res.json()) as unknown };
}
const refusal = (body: unknown) => v.parse(BadRequestReply, body);
const list = async (query: Record<string, string>) => {
  const { status, body } = await call(admin, 'GET', `/api/as/?${new URLSearchParams(query)}`);
  expect(status, JSON.stringify(body)).toBe(200);
  return v.parse(ListAccountsReply, body);
};
async function newAccount(name: string): Promise<number> {
  const row = await server.db
    .insertInto('organizations')
    .values({ name, salesforce_id: null, sf_acc_id: null, created_at: 1 })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}
function body(
  accountId: number,
  version: number | null,
  changes: Record<string, unknown> = {},
  flags: Record<string, unknown> = {},
) {
  const d = defaultAccountSettings(KEY, 'app');
  return {
    account_id: accountId,
    ...(version === null ? {} : { version }),
    account_settings: { ...d.account_settings, ...changes },
    account_level_flags: { ...d.account_level_flags, ...flags },
    accountsettings_groups: [],
    templatesettings_id: null,
  };
}
const auditRows = async (fragment: string) =>
  (
    await server.db
      .selectFrom('audit_log')
      .selectAll()
      .where('category', '=', 'account settings')
      .orderBy('id')
      .execute()
  ).filter((r) => r.action.includes(fragment));

describe('the account list', () => {
  it('finds names starting with the text or with a word that does, without regard to case', async () => {
    const page = await list({ q: 'CAPITAL' });
    expect(page.items.map((i) => i.name)).toEqual([
      'Alpha Capital Partners',
      'Blue Capital',
      'Capital One Research',
      'capitalize Ltd',
      'Harbor-Capital Group',
      'Northwind (Capital) Holdings',
    ]);
    expect(page).toMatchObject({
      total_accounts: 6,
      total_capped: false,
      count: 6,
      next_cursor: null,
      prev_cursor: null,
    });
    expect((await list({ q: 'group' })).items.map((i) => i.name)).toEqual(['Harbor-Capital Group', 'Zeta Group']);
    expect((await list({ q: '100%_' })).items).toEqual([]);
    // Every word of the search starts a word of the name.
    expect((await list({ q: 'cap part' })).items.map((i) => i.name)).toEqual(['Alpha Capital Partners']);
    expect((await list({ q: '--' })).items).toEqual([]);
  });

  it('finds a short prefix that starts many words by walking the names in order', async () => {
    for (let i = 1; i <= 20; i++) await newAccount(`Quorum Q${String(i).padStart(2, '0')}x Trust`);
    const page = await list({ q: 'Q', page_size: '20' });
    expect(page.items.map((i) => i.name)).toEqual(
      Array.from({ length: 20 }, (_, i) => `Quorum Q${String(i + 1).padStart(2, '0')}x Trust`),
    );
    expect(page.next_cursor).toBeNull();
    expect((await list({ q: 'q07x' })).items.map((i) => i.name)).toEqual(['Quorum Q07x Trust']);
    await server.db.deleteFrom('organizations').where('name', 'like', 'Quorum Q%').execute();
    expect((await list({ q: 'quorum' })).items).toEqual([]);
  });

  it('pages by name then id, forward and back, each page said by its cursor', async () => {
    const all = await list({ page_size: '100' });
    const total = all.total_accounts;
    expect(total).toBe(all.count);
    const first = await list({ page_size: '20', q: '' });
    expect(first.total_accounts).toBe(total);
    // Fill to more than one page of 20.
    for (let i = 0; i < 25 - total; i++) await newAccount(`Paging Account ${String(i).padStart(2, '0')}`);
    const p1 = await list({ page_size: '20' });
    expect(p1.count).toBe(20);
    expect(p1.next_cursor).not.toBeNull();
    const p2 = await list({ page_size: '20', cursor: p1.next_cursor! });
    expect(p2.prev_cursor).not.toBeNull();
    expect(p2.next_cursor).toBeNull();
    const back = await list({ page_size: '20', cursor: p2.prev_cursor! });
    expect(back.items.map((i) => i.account_id)).toEqual(p1.items.map((i) => i.account_id));
    const ordered = [...p1.items, ...p2.items].map((i) => i.name.toLowerCase());
    expect(ordered).toEqual([...ordered].sort());
    expect(p1.total_accounts).toBe(p2.total_accounts);
  });

  it('refuses a page size it does not offer and a cursor of another search', async () => {
    const size = await call(admin, 'GET', '/api/as/?page_size=30');
    expect(size.status).toBe(400);
    expect(refusal(size.body).fields).toHaveProperty('page_size');
    const p1 = await list({ page_size: '20' });
    const other = await call(admin, 'GET', `/api/as/?q=zeta&cursor=${p1.next_cursor}`);
    expect(refusal(other.body).fields['cursor']).toBe(
      'The page cursor belongs to another search; start from the first page.',
    );
    expect(refusal((await call(admin, 'GET', '/api/as/?cursor=nonsense')).body).fields).toHaveProperty('cursor');
  });
});

describe("one account's settings", () => {
  it('reads the defaults of spec §9 until saved, with the account’s groups to pick from', async () => {
    const id = await newAccount('Defaults Trading');
    await server.db
      .insertInto('user_groups')
      .values({
        name: 'Desk A',
        kind: 'general',
        organization_id: id,
        created_at: 1,
        updated_at: 1,
        updated_by: 'x',
        version: 1,
        autoshare: 0,
        thesis: 0,
        collab: 0,
        sec_master: 0,
      })
      .execute();
    const { status, body: reply } = await call(admin, 'GET', `/api/as/?account_id=${id}`);
    expect(status).toBe(200);
    const page = v.parse(AccountSettingsPage, reply);
    expect(page.result).toMatchObject({
      is_new_created: true,
      version: 0,
      account_settings: { export_hits_limit: 50, otd_limit: 20, dd_limit: 100, notebook_version: 'v2' },
    });
    expect(page.groups.map((g) => g.name)).toEqual(['Desk A']);
    expect(page.skus).toEqual([]);
    expect((await call(admin, 'GET', '/api/as/?account_id=999999')).status).toBe(404);
  });

  it('lists the SKUs the account holds, by code, retired ones included (as SKU Configuration reads them)', async () => {
    const id = await newAccount('Holding Brokers');
    const other = await newAccount('Other Holder');
    const sku = async (code: string, name: string, status: string) =>
      Number(
        (
          await server.db
            .insertInto('skus')
            .values({
              code,
              name,
              product_configuration: 'basic',
              status,
              created_by: 'x',
              updated_by: 'x',
              created_at: 1,
              updated_at: 1,
            })
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id,
      );
    const pro = await sku('HOLD-PRO', 'Research professional', 'active');
    const legacy = await sku('HOLD-LEGACY', 'Legacy bundle', 'retired');
    const unheld = await sku('HOLD-NONE', 'Held by another', 'active');
    await server.db
      .insertInto('account_skus')
      .values([
        { account_id: id, sku_id: pro, assigned_by: 'x', assigned_at: 1 },
        { account_id: id, sku_id: legacy, assigned_by: 'x', assigned_at: 1 },
        { account_id: other, sku_id: unheld, assigned_by: 'x', assigned_at: 1 },
      ])
      .execute();
    const { status, body: reply } = await call(admin, 'GET', `/api/as/?account_id=${id}`);
    expect(status, JSON.stringify(reply)).toBe(200);
    expect(v.parse(AccountSettingsPage, reply).skus).toEqual([
      { id: legacy, code: 'HOLD-LEGACY', name: 'Legacy bundle', retired: true },
      { id: pro, code: 'HOLD-PRO', name: 'Research professional', retired: false },
    ]);
  });

  it('creates from version 0 (is_new_created), saves from a version, and tells a save from an older one', async () => {
    const id = await newAccount('Saving Partners');
    const created = await call(
      admin,
      'POST',
      '/api/as/',
      body(id, null, { dd_limit: 400 }, { new_filter_permission: '48' }),
    );
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const c = v.parse(AccountSettingsReply, created.body);
    expect(c).toMatchObject({
      is_new_created: true,
      result: {
        version: 1,
        account_settings: { dd_limit: 400 },
        account_level_flags: { new_filter_permission: '48' },
        created_by: 'acctkeeper',
      },
    });
    expect(await auditRows('account settings created: Saving Partners')).toHaveLength(1);

    // Creating again: someone has stored them meanwhile.
    const again = await call(admin, 'POST', '/api/as/', body(id, null));
    expect(again.status).toBe(409);
    expect(v.parse(StaleAccountSettingsReply, again.body).current.version).toBe(1);

    const saved = await call(admin, 'PUT', '/api/as/', body(id, 1, { otd_limit: 30, dd_limit: 400 }));
    expect(saved.status).toBe(200);
    expect(v.parse(AccountSettingsReply, saved.body).result).toMatchObject({
      version: 2,
      account_settings: { otd_limit: 30 },
    });
    const [row] = await auditRows('account settings saved: Saving Partners');
    expect(JSON.parse(row!.previous_data!)).toMatchObject({ version: 1, account_settings: { otd_limit: 20 } });
    expect(JSON.parse(row!.current_data!)).toMatchObject({ version: 2, account_settings: { otd_limit: 30 } });

    const stale = await call(admin, 'PUT', '/api/as/', body(id, 1, { otd_limit: 40, dd_limit: 400 }));
    expect(stale.status).toBe(409);
    const s = v.parse(StaleAccountSettingsReply, stale.body);
    expect(s.msg).toBe("acctkeeper saved this account's settings since you opened it.");
    expect(s.current).toMatchObject({ version: 2, account_settings: { otd_limit: 30 } });
  });

  it('of two saves from one version sent at once, one lands and the other is told', async () => {
    const id = await newAccount('Racing Holdings');
    await call(admin, 'POST', '/api/as/', body(id, null));
    const [a, b] = await Promise.all([
      call(admin, 'PUT', '/api/as/', body(id, 1, { otd_limit: 11 })),
      call(admin, 'PUT', '/api/as/', body(id, 1, { otd_limit: 12 })),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const loser = a.status === 409 ? a : b;
    const winner = a.status === 200 ? a : b;
    expect(v.parse(StaleAccountSettingsReply, loser.body).current.account_settings['otd_limit']).toBe(
      v.parse(AccountSettingsReply, winner.body).result.account_settings['otd_limit'],
    );
    expect(await auditRows('account settings saved: Racing Holdings')).toHaveLength(1);
  });

  it('puts an account back on the defaults from the version seen, audited', async () => {
    const id = await newAccount('Resetting Group');
    await call(admin, 'POST', '/api/as/', body(id, null, { export_hits_limit: 2_000 }));
    const stale = await call(admin, 'DELETE', `/api/as/${id}/?version=7`);
    expect(stale.status).toBe(409);
    expect(refusal((await call(admin, 'DELETE', `/api/as/${id}/`)).body).fields).toHaveProperty('version');
    const done = await call(admin, 'DELETE', `/api/as/${id}/?version=1`);
    expect(done.status).toBe(200);
    expect(v.parse(AccountSettingsReply, done.body)).toMatchObject({
      msg: 'Resetting Group is back on the default settings.',
      result: { is_new_created: true, version: 0, account_settings: { export_hits_limit: 50 } },
    });
    const [row] = await auditRows('account settings back to the defaults: Resetting Group');
    expect(JSON.parse(row!.previous_data!)).toMatchObject({
      version: 1,
      account_settings: { export_hits_limit: 2_000 },
    });
    expect((await call(admin, 'DELETE', '/api/as/999999/?version=1')).status).toBe(404);
    expect((await call(admin, 'DELETE', '/api/as/abc/?version=1')).status).toBe(400);
  });
});

describe('refusals name their fields', () => {
  let id: number;
  beforeAll(async () => {
    id = await newAccount('Refusing Capital');
  });
  const refused = async (fields: Record<string, unknown>, method = 'POST') => {
    const { status, body: reply } = await call(admin, method, '/api/as/', fields);
    expect(status, JSON.stringify(reply)).toBe(400);
    return refusal(reply).fields;
  };

  it('non-numbers, fractions, numbers past their limits', async () => {
    expect(await refused(body(id, null, { otd_limit: 'abc' }))).toEqual({
      'account_settings.otd_limit': 'A whole number.',
    });
    expect(await refused(body(id, null, { dd_limit: 1.5 }))).toEqual({
      'account_settings.dd_limit': 'A whole number.',
    });
    expect(await refused(body(id, null, { dd_limit: '1.5' }))).toEqual({
      'account_settings.dd_limit': 'A whole number.',
    });
    expect(await refused(body(id, null, { otd_limit: '' }))).toEqual({
      'account_settings.otd_limit': 'A whole number.',
    });
    expect(await refused(body(id, null, { export_hits_limit: 2_001 }))).toEqual({
      'account_settings.export_hits_limit': 'The export hits limit is at most 2,000.',
    });
    expect(await refused(body(id, null, { otd_limit: -1 }))).toEqual({ 'account_settings.otd_limit': 'At least 0.' });
    expect(await refused(body(id, null, {}, { new_filter_permission: '8' }))).toEqual({
      'account_level_flags.new_filter_permission': 'Only the query bits 16, 32, 64 and 128 can be set.',
    });
  });

  it('dd at or below otd, an unknown template, groups of another account', async () => {
    expect(await refused(body(id, null, { otd_limit: 100, dd_limit: 100 }))).toEqual({
      'account_settings.dd_limit': 'The DD limit must be greater than the OTD limit (100).',
    });
    expect(await refused({ ...body(id, null), templatesettings_id: 424_242 })).toEqual({
      templatesettings_id: 'There is no such template; it may have been deleted.',
    });
    expect(await refused({ ...body(id, null), accountsettings_groups: [424_242] })).toEqual({
      accountsettings_groups: 'Not a group of this account: 424242.',
    });
  });

  it('unknown keys, missing keys, a missing version', async () => {
    expect(await refused(body(id, null, { bogus: true }))).toEqual({
      'account_settings.bogus': 'account_settings has no setting "bogus".',
    });
    expect(await refused({ ...body(id, null), extra: 1 })).toEqual({ extra: 'The request has no field "extra".' });
    const d = body(id, null);
    const { dd_limit: _, ...withoutDd } = d.account_settings;
    expect(await refused({ ...d, account_settings: withoutDd })).toHaveProperty(['account_settings.dd_limit']);
    expect(await refused(body(id, null), 'PUT')).toHaveProperty('version');
    expect(await refused({ ...body(id, null), account_id: 'x' })).toHaveProperty('account_id');
    expect(await refused({ ...body(id, 1), version: 'abc' }, 'PUT')).toEqual({
      version: 'The version is a whole number.',
    });
    expect(await refused({ ...body(id, 1), version: '1.5' }, 'PUT')).toEqual({
      version: 'The version is a whole number.',
    });
    expect(await refused(body(id, 3))).toEqual({ version: 'A new account’s settings start from version 0.' });
    expect(await refused({ ...body(id, null), templatesettings_id: 'abc' })).toHaveProperty('templatesettings_id');
  });

  it('JSON text in a field that is not JSON, or not the shape the field holds, is named by that field', async () => {
    expect(await refused({ ...body(id, null), account_settings: '{"otd_limit": ' })).toEqual({
      account_settings: 'account_settings must be JSON.',
    });
    expect(await refused({ ...body(id, null), account_level_flags: 'yes' })).toEqual({
      account_level_flags: 'account_level_flags must be JSON.',
    });
    expect(await refused({ ...body(id, null), accountsettings_groups: '[1,' })).toEqual({
      accountsettings_groups: 'accountsettings_groups must be JSON.',
    });
    expect(await refused({ ...body(id, null), account_settings: '[1, 2]' })).toEqual({
      account_settings: 'account_settings must be an object of settings.',
    });
    expect(await refused({ ...body(id, null), account_level_flags: 'null' })).toEqual({
      account_level_flags: 'account_level_flags must be an object of settings.',
    });
    expect(await refused({ ...body(id, null), accountsettings_groups: '{"a": 1}' })).toEqual({
      accountsettings_groups: 'accountsettings_groups is a list of group ids.',
    });
    expect(Object.keys(await refused({ ...body(id, null), accountsettings_groups: '["x"]' }))).toEqual([
      'accountsettings_groups.0',
    ]);
  });

  it('takes the CSRF token in the form field, as the panel sends it, and keeps it out of the settings', async () => {
    const fresh = await newAccount('Form Token Partners');
    const res = await admin.send('POST', '/api/as/', {
      csrf: false,
      form: { ...formOf(body(fresh, null)), [CSRF_FIELD]: admin.cookie(CSRF_COOKIE)! },
    });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(v.parse(AccountSettingsReply, await res.json()).result.account_settings).not.toHaveProperty(CSRF_FIELD);
  });

  it('a body that is not a form, a part of one, and a 1 MB one, are refused without a 500', async () => {
    const json = await admin.send('POST', '/api/as/', { json: body(id, null) });
    expect(json.status).toBe(400);
    expect(refusal(await json.json()).msg).toBe('Send this request as form data.');
    const part = await call(admin, 'POST', '/api/as/', { account_id: id });
    expect(part.status).toBe(400);
    expect(refusal(part.body).fields).toMatchObject({
      account_settings: 'Required.',
      account_level_flags: 'Required.',
    });
    const big = {
      ...body(id, null),
      account_settings: JSON.stringify({ ...body(id, null).account_settings, padding: 'x'.repeat(1024 * 1024) }),
    };
    const res = await admin.send('POST', '/api/as/', { form: formOf(big) });
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ status: false, msg: 'Request body is too large.' });
    const broken = await admin.send('PUT', '/api/as/', {
      body: '--x\r\nContent-Disposition: form-data; name="account_id"\r\n\r\n1',
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
    });
    expect(broken.status).toBe(400);
    const account = await admin.send('PUT', '/api/account/', { json: { account_id: id, version: 1, name: 'X' } });
    expect(account.status).toBe(400);
  });
});

describe('the account record', () => {
  it('creates an account with a name unique whatever its case, reads and edits it from a version', async () => {
    const created = await call(admin, 'POST', '/api/account/', {
      name: '  Fresh   Meridian  Capital ',
      salesforce_id: '001ABC',
      sf_acc_id: '',
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const rec = v.parse(AccountRecordReply, created.body).result;
    expect(rec).toMatchObject({ name: 'Fresh Meridian Capital', salesforce_id: '001ABC', sf_acc_id: null, version: 1 });
    const dup = await call(admin, 'POST', '/api/account/', { name: 'FRESH MERIDIAN capital' });
    expect(dup.status).toBe(400);
    expect(refusal(dup.body).fields).toEqual({ name: "An account named 'FRESH MERIDIAN capital' already exists." });
    expect(refusal((await call(admin, 'POST', '/api/account/', { name: '   ' })).body).fields).toHaveProperty('name');
    expect(
      refusal((await call(admin, 'POST', '/api/account/', { name: 'Odd', salesforce_id: 'no spaces please' })).body)
        .fields,
    ).toHaveProperty('salesforce_id');

    const read = v.parse(
      AccountRecordReply,
      (await call(admin, 'GET', `/api/account/?account_id=${rec.account_id}`)).body,
    );
    expect(read.result).toEqual(rec);
    const edited = await call(admin, 'PUT', '/api/account/', {
      account_id: rec.account_id,
      version: 1,
      name: 'Meridian Capital',
      salesforce_id: '001ABC',
      sf_acc_id: 'SF-9',
    });
    expect(v.parse(AccountRecordReply, edited.body).result).toMatchObject({
      name: 'Meridian Capital',
      sf_acc_id: 'SF-9',
      version: 2,
    });
    const stale = await call(admin, 'PUT', '/api/account/', {
      account_id: rec.account_id,
      version: 1,
      name: 'Other Name',
    });
    expect(stale.status).toBe(409);
    expect(v.parse(StaleAccountRecordReply, stale.body).current).toMatchObject({
      name: 'Meridian Capital',
      version: 2,
    });
    // The word index follows a rename.
    expect((await list({ q: 'meridian' })).items.map((i) => i.name)).toEqual(['Meridian Capital']);
    expect((await list({ q: 'fresh' })).items).toEqual([]);
    // Its own name in another case is not a clash.
    expect(
      (await call(admin, 'PUT', '/api/account/', { account_id: rec.account_id, version: 2, name: 'MERIDIAN Capital' }))
        .status,
    ).toBe(200);
    expect(await auditRows('account created: Fresh Meridian Capital')).toHaveLength(1);
    expect(await auditRows('account edited: Meridian Capital')).toHaveLength(1);
    expect((await call(admin, 'GET', '/api/account/?account_id=999999')).status).toBe(404);
  });
});

describe('permissions', () => {
  it('refuses every call to a session without account_settings_tab', async () => {
    const id = await newAccount('Guarded Partners');
    const calls: [string, string, Record<string, unknown>?][] = [
      ['GET', '/api/as/'],
      ['GET', `/api/as/?account_id=${id}`],
      ['POST', '/api/as/', body(id, null)],
      ['PUT', '/api/as/', body(id, 1)],
      ['DELETE', `/api/as/${id}/?version=1`],
      ['GET', `/api/account/?account_id=${id}`],
      ['POST', '/api/account/', { name: 'Sneaky' }],
    ];
    for (const [method, path, fields] of calls) {
      const res = await call(support, method, path, fields);
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(res.body).toEqual({
        status: false,
        msg: 'You do not have permission to perform this action: it needs the ‘Account settings’ permission.',
      });
    }
    expect(
      await server.db
        .selectFrom('account_settings')
        .select('account_id')
        .where('account_id', '=', id)
        .executeTakeFirst(),
    ).toBeUndefined();
  });
});

describe('demo data', () => {
  it(
    'stores valid, varied settings for every seeded organization',
    async () => {
      const fresh = await createTestServer();
      try {
        await seedIfEmpty(fresh.db, fresh.config, Date.now());
        const orgs = await fresh.db.selectFrom('organizations').select('id').execute();
        const rows = await fresh.db.selectFrom('account_settings').selectAll().execute();
        expect(rows.map((r) => Number(r.account_id)).sort((a, b) => a - b)).toEqual(
          orgs.map((o) => Number(o.id)).sort((a, b) => a - b),
        );
        const contract = accountSettingsContract(fresh.config.productKey);
        const otds = new Set<number>();
        for (const row of rows) {
          const values = {
            account_settings: v.parse(contract.settings, JSON.parse(row.settings)),
            account_level_flags: v.parse(contract.levelFlags, JSON.parse(row.level_flags)),
          };
          expect(accountSettingsProblems(fresh.config.productKey, values)).toEqual({});
          otds.add(values.account_settings.otd_limit);
        }
        expect(otds.size).toBeGreaterThan(2);
        expect(rows.some((r) => r.groups !== '[]')).toBe(true);
      } finally {
        await fresh.close();
      }
    },
    SEEDING_MS,
  );
});
