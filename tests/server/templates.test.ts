// Template Settings (decision 052): templates listed (search, one name, one id, stats), created
// with messy names saved collapsed, names unique whatever their case, settings refused by the
// account rules at their fields, changed from a version (of two saves one wins), deleted (the
// followers keep their settings and lose the link), sources gated by the specialist feature, and
// applied: a dry run naming what changes, then one transaction (an account changed since the dry
// run: nothing written). On SQLite and, with TEST_DATABASE_URL, PostgreSQL.
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultAccountSettings } from '../../src/domain/account-settings';
import { RecordHistoryReply } from '../../src/domain/audit-log';
import { FEATURE_KEYS } from '../../src/domain/features';
import { BadRequestReply } from '../../src/domain/field-errors';
import {
  ApplyConflictReply,
  ApplyPreviewReply,
  ApplyReply,
  DeleteTemplateReply,
  SPECIALIST_FEATURE,
  SPECIALIST_SOURCE,
  StaleTemplateReply,
  TemplateListReply,
  TemplateReply,
  type Template,
} from '../../src/domain/templates';
import { writeAccountSettingsMany } from '../../server/accounts/settings-store';
import { createTestServer, type TestServer } from '../support/server';
import type { Browser } from './support/browser';
import { signIn } from './support/sign-in';

let server: TestServer;
let admin: Browser;
let plain: Browser;
let counter = 0;
const KEY = 'product';
const SOURCE = `${KEY}_templates`;

beforeAll(async () => {
  server = await createTestServer();
  admin = await signIn(
    server,
    await server.createStaff({ username: 'templater', features: [...FEATURE_KEYS], activated: true }),
  );
  plain = await signIn(
    server,
    await server.createStaff({
      username: 'plaintemplater',
      features: FEATURE_KEYS.filter((f) => f !== SPECIALIST_FEATURE),
      activated: true,
    }),
  );
});
afterAll(async () => {
  await server.close();
});

/** Form fields as the panel sends them: objects and lists as JSON text. */
const formOf = (fields: Record<string, unknown>) =>
  Object.fromEntries(
    Object.entries(fields).map(([k, x]) => [k, typeof x === 'string' ? x : x === null ? '' : JSON.stringify(x)]),
  );

async function send(b: Browser, method: string, path: string, fields?: Record<string, unknown>) {
  const res = await b.send(method, path, fields === undefined ? {} : { form: formOf(fields) });
  return { status: res.status, body: (await res.json()) as unknown };
}

const settingsOf = (over: Record<string, unknown> = {}, flags: Record<string, unknown> = {}) => {
  const d = defaultAccountSettings(KEY, 'app');
  return {
    account_settings: { ...d.account_settings, ...over },
    account_level_flags: { ...d.account_level_flags, ...flags },
  };
};

const body = (name: string, extra: Record<string, unknown> = {}) => ({
  template_name: name,
  template_description: 'for tests',
  source: SOURCE,
  template_settings: settingsOf(),
  templatesettings_groups: [],
  ...extra,
});

async function created(name: string, extra: Record<string, unknown> = {}, b = admin): Promise<Template> {
  const { status, body: reply } = await send(b, 'POST', '/api/ts/', body(name, extra));
  expect(status, JSON.stringify(reply)).toBe(200);
  return v.parse(TemplateReply, reply).template;
}

const list = async (query = '', b = admin) =>
  v.parse(TemplateListReply, (await send(b, 'GET', `/api/ts/${query}`)).body);
const refusal = (reply: unknown) => v.parse(BadRequestReply, reply);

async function organization(name: string, groups: string[] = []): Promise<number> {
  const row = await server.db
    .insertInto('organizations')
    .values({ name: `${name} ${++counter}`, salesforce_id: null, sf_acc_id: null, created_at: Date.now() })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (const g of groups)
    await server.db
      .insertInto('user_groups')
      .values({ name: g, kind: 'general', organization_id: row.id, created_at: Date.now() })
      .execute();
  return Number(row.id);
}

/** A record's History (decision 062), as its screen reads it. */
async function historyOf(kind: 'account' | 'template', id: number) {
  const { status, body: reply } = await send(admin, 'GET', `/api/audit_log/history/?kind=${kind}&id=${id}`);
  expect(status).toBe(200);
  return v.parse(RecordHistoryReply, reply).entries;
}

const auditRows = async (fragment: string) =>
  (await server.db.selectFrom('audit_log').selectAll().orderBy('id').execute()).filter((r) =>
    r.action.includes(fragment),
  );

describe('create, list, change, delete', () => {
  it('saves a messy name collapsed and trimmed, and lists it with the §3 fields', async () => {
    const t = await created('  Research   Desk ', {
      source_user: 'analyst@example.com',
      templatesettings_groups: [' Analysts ', 'analysts', 'Desk  A'],
    });
    expect(t).toMatchObject({
      template_name: 'Research Desk',
      template_description: 'for tests',
      source: SOURCE,
      created_by: 'templater',
      updated_by: 'templater',
      source_user: 'analyst@example.com',
      account_id: null,
      version: 1,
      templatesettings_groups: ['Analysts', 'Desk A'],
    });
    expect(t.template_settings.account_settings['dd_limit']).toBe(100);
    const found = await list('?template_name=research%20%20desk');
    expect(found.result.map((r) => r.id)).toEqual([t.id]);
    expect((await list(`?template_id=${t.id}`)).result[0]!.template_name).toBe('Research Desk');
    expect((await list('?query=earch')).result.some((r) => r.id === t.id)).toBe(true);
    expect((await list('?query=zzznothing')).result).toEqual([]);
    const [row] = await auditRows(`template created: Research Desk (#${t.id})`);
    expect(row).toMatchObject({ category: 'template settings', author: 'templater', success: 1 });
  });

  it('refuses a name another template has whatever its case, at template_name naming the clash', async () => {
    await created('Clash Name');
    const { status, body: reply } = await send(admin, 'POST', '/api/ts/', body('  clash   NAME'));
    expect(status).toBe(400);
    expect(refusal(reply).fields).toEqual({
      template_name: "A template named 'Clash Name' exists (names are the same whatever their case).",
    });
    const blank = await send(admin, 'POST', '/api/ts/', body('   '));
    expect(refusal(blank.body).fields['template_name']).toBe('Give the template a name.');
  });

  it('refuses settings the account rules refuse, each at its field', async () => {
    const bad = await send(
      admin,
      'POST',
      '/api/ts/',
      body('Bad limits', {
        template_settings: settingsOf({
          otd_limit: 100,
          dd_limit: 100,
          export_hits_limit: 2001,
          other_docsearch_features: 'abc',
        }),
      }),
    );
    expect(bad.status).toBe(400);
    const fields = refusal(bad.body).fields;
    expect(fields['template_settings.account_settings.export_hits_limit']).toBe(
      'The export hits limit is at most 2,000.',
    );
    expect(fields['template_settings.account_settings.other_docsearch_features']).toBe('A whole number.');
    const ddOtd = await send(
      admin,
      'POST',
      '/api/ts/',
      body('Bad dd', { template_settings: settingsOf({ otd_limit: 100, dd_limit: 100 }) }),
    );
    expect(refusal(ddOtd.body).fields).toEqual({
      'template_settings.account_settings.dd_limit': 'The DD limit must be greater than the OTD limit (100).',
    });
    const unknown = await send(
      admin,
      'POST',
      '/api/ts/',
      body('Bad key', { template_settings: settingsOf({}, { no_such_flag: true }) }),
    );
    expect(Object.keys(refusal(unknown.body).fields)).toEqual(['template_settings.account_level_flags.no_such_flag']);
    const decimal = await send(
      admin,
      'POST',
      '/api/ts/',
      body('Bad decimal', { template_settings: settingsOf({ otd_limit: 1.5 }) }),
    );
    expect(refusal(decimal.body).fields['template_settings.account_settings.otd_limit']).toBe('A whole number.');
    expect((await list('?query=Bad')).result).toEqual([]);
  });

  it('refuses a 1 MB body before reading it, and malformed JSON as a 400', async () => {
    const huge = await admin.send('POST', '/api/ts/', { form: formOf(body('x'.repeat(1024 * 1024))) });
    expect(huge.status).toBe(413);
    const broken = await send(admin, 'POST', '/api/ts/', {
      ...body('Broken'),
      template_settings: '{"account_settings":',
    });
    expect(refusal(broken.body).fields).toEqual({ template_settings: 'template_settings must be JSON.' });
  });

  it('changes a template from its version: of two saves from one version one wins, the other gets 409 with the template now', async () => {
    const t = await created('Concurrent');
    const save = (name: string) =>
      send(admin, 'PUT', `/api/ts/?template_id=${t.id}`, { ...body(name), version: t.version });
    const [a, b] = await Promise.all([save('Concurrent A'), save('Concurrent B')]);
    const statuses = [a.status, b.status].sort();
    expect(statuses).toEqual([200, 409]);
    const loser = v.parse(StaleTemplateReply, (a.status === 409 ? a : b).body);
    const winner = v.parse(TemplateReply, (a.status === 200 ? a : b).body).template;
    expect(loser.current).toMatchObject({ id: t.id, version: 2, template_name: winner.template_name });
    expect((await auditRows(`template changed: ${winner.template_name} (#${t.id})`)).length).toBe(1);
    // Unknown template.
    expect((await send(admin, 'PUT', '/api/ts/?template_id=999999', { ...body('Nope'), version: 1 })).status).toBe(404);
    expect(
      refusal((await send(admin, 'PUT', '/api/ts/?template_id=abc', { ...body('Nope'), version: 1 })).body).fields,
    ).toHaveProperty('template_id');
  });

  it('deletes from a version; followers keep their settings and follow nothing', async () => {
    const t = await created('To delete', { template_settings: settingsOf({ otd_limit: 7, dd_limit: 70 }) });
    const org = await organization('Follower');
    const p = v.parse(
      ApplyPreviewReply,
      (await send(admin, 'POST', '/api/ts/apply_preview/', { template_id: t.id, account_ids: [org] })).body,
    );
    expect(
      (
        await send(admin, 'POST', '/api/ts/apply/', {
          template_id: t.id,
          template_version: t.version,
          accounts: [{ account_id: org, version: p.accounts[0]!.version }],
        })
      ).status,
    ).toBe(200);
    expect((await send(admin, 'DELETE', `/api/ts/${t.id}/?version=9`)).status).toBe(409);
    const gone = await send(admin, 'DELETE', `/api/ts/${t.id}/?version=${t.version}`);
    expect(v.parse(DeleteTemplateReply, gone.body)).toMatchObject({ unlinked: 1 });
    const row = await server.db
      .selectFrom('account_settings')
      .selectAll()
      .where('account_id', '=', org)
      .executeTakeFirstOrThrow();
    expect(row.template_id).toBeNull();
    expect(JSON.parse(row.settings)).toMatchObject({ otd_limit: 7, dd_limit: 70 });
    expect(row.version).toBe(2);
    expect((await send(admin, 'DELETE', `/api/ts/${t.id}/?version=1`)).status).toBe(404);
  });
});

describe('sources', () => {
  it('shows, creates, changes and applies product specialist templates only with the feature', async () => {
    const spec = await created('Specialist only', { source: SPECIALIST_SOURCE });
    expect((await list()).sources).toEqual([SOURCE, SPECIALIST_SOURCE]);
    const seen = await list('', plain);
    expect(seen.sources).toEqual([SOURCE]);
    expect(seen.result.some((t) => t.id === spec.id)).toBe(false);
    const made = await send(plain, 'POST', '/api/ts/', body('Sneaky', { source: SPECIALIST_SOURCE }));
    expect(refusal(made.body).fields).toEqual({
      source: "Product specialist templates need the 'Advanced settings' permission.",
    });
    expect(
      refusal((await send(plain, 'POST', '/api/ts/', body('Odd', { source: 'other' }))).body).fields,
    ).toHaveProperty('source');
    expect((await send(plain, 'PUT', `/api/ts/?template_id=${spec.id}`, { ...body('Spec'), version: 1 })).status).toBe(
      404,
    );
    expect((await send(plain, 'DELETE', `/api/ts/${spec.id}/?version=1`)).status).toBe(404);
    const org = await organization('Specialist target');
    expect(
      (await send(plain, 'POST', '/api/ts/apply_preview/', { template_id: spec.id, account_ids: [org] })).status,
    ).toBe(400);
    expect(
      (
        await send(plain, 'POST', '/api/ts/apply/', {
          template_id: spec.id,
          template_version: 1,
          accounts: [{ account_id: org, version: 0 }],
        })
      ).status,
    ).toBe(400);
    // A product template moved to specialist by someone without the feature is refused too.
    const mine = await created('Plain one', {}, plain);
    const moved = await send(plain, 'PUT', `/api/ts/?template_id=${mine.id}`, {
      ...body('Plain one', { source: SPECIALIST_SOURCE }),
      version: 1,
    });
    expect(refusal(moved.body).fields).toHaveProperty('source');
  });
});

describe('apply', () => {
  it('previews what changes on each account, groups matched by name, then applies in one transaction', async () => {
    const t = await created('Applied', {
      template_settings: settingsOf({ otd_limit: 30, dd_limit: 300 }, { redirect: true }),
      templatesettings_groups: ['Analysts', 'Traders'],
    });
    const a = await organization('Alpha', ['analysts', 'Other']);
    const b = await organization('Beta');
    const preview = v.parse(
      ApplyPreviewReply,
      (await send(admin, 'POST', '/api/ts/apply_preview/', { template_id: t.id, account_ids: [a, b, 99999999] })).body,
    );
    expect(preview.missing).toEqual([99999999]);
    const pa = preview.accounts.find((x) => x.account_id === a)!;
    expect(pa.version).toBe(0);
    expect(pa.groups_matched).toEqual(['Analysts']);
    expect(pa.groups_unmatched).toEqual(['Traders']);
    expect(pa.changes).toMatchObject({
      'account_settings.otd_limit': [20, 30],
      'account_settings.dd_limit': [100, 300],
      'account_level_flags.redirect': [false, true],
      templatesettings_id: [null, t.id],
    });
    expect(Object.keys(pa.changes)).toContain('accountsettings_groups');
    expect(
      await server.db.selectFrom('account_settings').select('account_id').where('account_id', 'in', [a, b]).execute(),
    ).toEqual([]);

    const applied = await send(admin, 'POST', '/api/ts/apply/', {
      template_id: t.id,
      template_version: t.version,
      accounts: preview.accounts.map((x) => ({ account_id: x.account_id, version: x.version })),
    });
    expect(applied.status, JSON.stringify(applied.body)).toBe(200);
    expect(v.parse(ApplyReply, applied.body)).toMatchObject({ applied: 2, changed: 2, template: { accounts: 2 } });
    const stats = await list('?stats=true');
    expect(stats.result.find((x) => x.id === t.id)!.accounts).toBe(2);
    expect(stats.accounts_without_template).toBeGreaterThanOrEqual(0);
    const rows = await server.db
      .selectFrom('account_settings')
      .selectAll()
      .where('account_id', 'in', [a, b])
      .orderBy('account_id')
      .execute();
    expect(rows.map((r) => r.template_id)).toEqual([t.id, t.id]);
    expect(JSON.parse(rows[0]!.settings)).toMatchObject({ otd_limit: 30, dd_limit: 300 });
    expect(JSON.parse(rows[0]!.groups)).toHaveLength(1);
    expect((await auditRows(`template applied: Applied (#${t.id}) to 2 account(s), 2 changed`)).length).toBe(1);
    expect(
      (await auditRows(`template applied to account: `))
        .filter((r) => r.action.includes(`(#${t.id})`))
        .map((r) => r.category),
    ).toEqual(['account settings', 'account settings']);

    // Applied again: nothing changes.
    const again = v.parse(
      ApplyPreviewReply,
      (await send(admin, 'POST', '/api/ts/apply_preview/', { template_id: t.id, account_ids: [a] })).body,
    );
    expect(again.accounts[0]!.changes).toEqual({});
  });

  it('writes nothing when one account changed since the preview, and names it', async () => {
    const t = await created('Race', { template_settings: settingsOf({ otd_limit: 40, dd_limit: 400 }) });
    const a = await organization('Calm');
    const b = await organization('Busy');
    const preview = v.parse(
      ApplyPreviewReply,
      (await send(admin, 'POST', '/api/ts/apply_preview/', { template_id: t.id, account_ids: [a, b] })).body,
    );
    // Someone saves Busy's settings in between.
    const d = defaultAccountSettings(KEY, 'app');
    await server.db
      .insertInto('account_settings')
      .values({
        account_id: b,
        settings: JSON.stringify(d.account_settings),
        level_flags: JSON.stringify(d.account_level_flags),
        groups: '[]',
        template_id: null,
        created_by: 'x',
        updated_by: 'x',
        created_at: 1,
        updated_at: 1,
        version: 1,
      })
      .execute();
    const res = await send(admin, 'POST', '/api/ts/apply/', {
      template_id: t.id,
      template_version: t.version,
      accounts: preview.accounts.map((x) => ({ account_id: x.account_id, version: x.version })),
    });
    expect(res.status).toBe(409);
    const conflict = v.parse(ApplyConflictReply, res.body);
    expect(conflict).toMatchObject({ conflict: 'accounts', accounts: [{ account_id: b }] });
    expect(conflict.msg).toContain('Busy');
    expect(
      await server.db.selectFrom('account_settings').select('account_id').where('account_id', '=', a).execute(),
    ).toEqual([]);
    expect(await auditRows(`template applied: Race`)).toEqual([]);

    // The template saved since the preview: 409 with the template now.
    await send(admin, 'PUT', `/api/ts/?template_id=${t.id}`, { ...body('Race'), version: t.version });
    const stale = await send(admin, 'POST', '/api/ts/apply/', {
      template_id: t.id,
      template_version: t.version,
      accounts: [{ account_id: a, version: 0 }],
    });
    expect(v.parse(ApplyConflictReply, stale.body)).toMatchObject({
      conflict: 'template',
      template: { id: t.id, version: 2 },
    });
  });

  it('puts an apply on the History of every account it changed and of the template, however many accounts', async () => {
    const t = await created('Many', { template_settings: settingsOf({ otd_limit: 11, dd_limit: 111 }) });
    const ids: number[] = [];
    for (let i = 0; i < 101; i++) ids.push(await organization('Many'));
    const preview = v.parse(
      ApplyPreviewReply,
      (await send(admin, 'POST', '/api/ts/apply_preview/', { template_id: t.id, account_ids: ids })).body,
    );
    const res = await send(admin, 'POST', '/api/ts/apply/', {
      template_id: t.id,
      template_version: t.version,
      accounts: preview.accounts.map((x) => ({ account_id: x.account_id, version: x.version })),
    });
    expect(v.parse(ApplyReply, res.body)).toMatchObject({ applied: 101, changed: 101 });
    const [summary] = await auditRows(`template applied: Many (#${t.id}) to 101 account(s), 101 changed`);
    expect(summary).toMatchObject({ category: 'template settings', record_kind: 'template', record_id: t.id });
    const perAccount = (await auditRows('template applied to account: ')).filter((r) =>
      r.action.endsWith(`Many (#${t.id})`),
    );
    expect(perAccount.map((r) => Number(r.record_id)).sort((x, y) => x - y)).toEqual(ids);
    expect(new Set(perAccount.map((r) => r.record_kind))).toEqual(new Set(['account']));
    // Read through the History call, as the account's and the template's screens read it.
    for (const id of [ids[0]!, ids[100]!]) {
      const history = await historyOf('account', id);
      expect(history[0]).toMatchObject({ action: expect.stringMatching(/^template applied to account: /) });
      expect(history[0]!.changes).toContainEqual(expect.objectContaining({ after: '111' }));
    }
    expect((await historyOf('template', t.id))[0]!.action).toBe(summary!.action);
  });

  it('writes in batches only from the version read: a moved version is named, for the caller to roll back', async () => {
    const org = await organization('Batch');
    const d = defaultAccountSettings(KEY, 'app');
    const write = { ...d, accountsettings_groups: [], templatesettings_id: null };
    const first = await server.db
      .transaction()
      .execute((trx) =>
        writeAccountSettingsMany(trx, { items: [{ accountId: org, version: 0, write }], author: 'x', at: 1 }),
      );
    expect(first.stale).toEqual([]);
    const again = await server.db
      .transaction()
      .execute((trx) =>
        writeAccountSettingsMany(trx, { items: [{ accountId: org, version: 0, write }], author: 'x', at: 1 }),
      );
    expect(again.stale).toEqual([org]);
    const wrong = await server.db
      .transaction()
      .execute((trx) =>
        writeAccountSettingsMany(trx, { items: [{ accountId: org, version: 7, write }], author: 'x', at: 1 }),
      );
    expect(wrong.stale).toEqual([org]);
    const right = await server.db
      .transaction()
      .execute((trx) =>
        writeAccountSettingsMany(trx, { items: [{ accountId: org, version: 1, write }], author: 'x', at: 2 }),
      );
    expect(right.stale).toEqual([]);
    expect(
      (
        await server.db
          .selectFrom('account_settings')
          .select('version')
          .where('account_id', '=', org)
          .executeTakeFirstOrThrow()
      ).version,
    ).toBe(2);
  });

  it('refuses an unknown template and bad account lists', async () => {
    expect(
      refusal((await send(admin, 'POST', '/api/ts/apply_preview/', { template_id: 99999999, account_ids: [1] })).body)
        .fields,
    ).toHaveProperty('template_id');
    expect(
      refusal((await send(admin, 'POST', '/api/ts/apply_preview/', { template_id: 1, account_ids: [] })).body).fields,
    ).toHaveProperty('account_ids');
    expect(
      refusal(
        (
          await send(admin, 'POST', '/api/ts/apply_preview/', {
            template_id: 1,
            account_ids: Array.from({ length: 1001 }, (_, i) => i + 1),
          })
        ).body,
      ).fields,
    ).toEqual({ account_ids: 'At most 1,000 accounts at once.' });
    expect(
      refusal(
        (
          await send(admin, 'POST', '/api/ts/apply/', {
            template_id: 'x',
            template_version: 1,
            accounts: [{ account_id: 1, version: 'a' }],
          })
        ).body,
      ).fields,
    ).toHaveProperty(['accounts.0.version']);
  });
});
