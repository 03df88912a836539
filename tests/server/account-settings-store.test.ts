// The one way account settings are written (server/accounts/settings-store.ts, decision 051):
// defaults until saved, a save from version 0 creates the row, a save from an older version is
// refused with the row as stored now, and of two concurrent saves from one version one lands.
// On SQLite and, with TEST_DATABASE_URL, PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultAccountSettings } from '../../src/domain/account-settings';
import {
  accountWriteProblems,
  readAccountSettings,
  settingsDiff,
  writeAccountSettings,
  type AccountContext,
  type AccountSettingsWrite,
} from '../../server/accounts/settings-store';
import { createTestServer, type TestServer } from '../support/server';

let server: TestServer;
const ctx: AccountContext = { productKey: 'acme', serverType: 'app' };

beforeAll(async () => {
  server = await createTestServer();
});
afterAll(async () => {
  await server.close();
});

async function newAccount(name: string): Promise<number> {
  const row = await server.db
    .insertInto('organizations')
    .values({ name, salesforce_id: null, sf_acc_id: null, created_at: 1 })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

function writeOf(changes: Partial<AccountSettingsWrite['account_settings']> = {}): AccountSettingsWrite {
  const d = defaultAccountSettings(ctx.productKey, ctx.serverType);
  return {
    account_settings: { ...d.account_settings, ...changes },
    account_level_flags: d.account_level_flags,
    accountsettings_groups: [],
    templatesettings_id: null,
  };
}

describe('account settings store', () => {
  it('reads the defaults of spec §9 until saved, then what was saved', async () => {
    const id = await newAccount('Store Defaults Ltd');
    const fresh = await readAccountSettings(server.db, ctx, id);
    expect(fresh).toMatchObject({
      is_new_created: true,
      version: 0,
      account_settings: { otd_limit: 20, dd_limit: 100, export_hits_limit: 50, notebook_version: 'v2' },
    });
    const out = await server.db.transaction().execute((trx) =>
      writeAccountSettings(trx, ctx, {
        accountId: id,
        version: 0,
        write: writeOf({ dd_limit: 300 }),
        author: 'a',
        at: 5,
      }),
    );
    expect(out).toMatchObject({
      ok: true,
      record: { version: 1, is_new_created: false, account_settings: { dd_limit: 300 }, created_by: 'a' },
    });
    expect(await readAccountSettings(server.db, ctx, 999_999)).toBeNull();
  });

  it('refuses a save from an older version with the row as stored now', async () => {
    const id = await newAccount('Store Stale Ltd');
    await server.db
      .transaction()
      .execute((trx) =>
        writeAccountSettings(trx, ctx, { accountId: id, version: 0, write: writeOf(), author: 'a', at: 5 }),
      );
    await server.db.transaction().execute((trx) =>
      writeAccountSettings(trx, ctx, {
        accountId: id,
        version: 1,
        write: writeOf({ otd_limit: 30 }),
        author: 'b',
        at: 6,
      }),
    );
    const stale = await server.db.transaction().execute((trx) =>
      writeAccountSettings(trx, ctx, {
        accountId: id,
        version: 1,
        write: writeOf({ otd_limit: 40 }),
        author: 'c',
        at: 7,
      }),
    );
    expect(stale).toMatchObject({
      ok: false,
      reason: 'stale',
      current: { version: 2, account_settings: { otd_limit: 30 }, updated_by: 'b' },
    });
  });

  it('lets one of two concurrent first saves land', async () => {
    const id = await newAccount('Store Race Ltd');
    const save = (otd: number) =>
      server.db.transaction().execute((trx) =>
        writeAccountSettings(trx, ctx, {
          accountId: id,
          version: 0,
          write: writeOf({ otd_limit: otd }),
          author: `s${otd}`,
          at: 9,
        }),
      );
    const outcomes = await Promise.all([save(11), save(12)]);
    expect(outcomes.filter((o) => o.ok)).toHaveLength(1);
    expect(outcomes.filter((o) => !o.ok && o.reason === 'stale')).toHaveLength(1);
  });

  it('names each problem at its field: dd above otd, foreign groups, a missing template', async () => {
    const id = await newAccount('Store Problems Ltd');
    const problems = await accountWriteProblems(server.db, ctx, id, {
      ...writeOf({ otd_limit: 100, dd_limit: 100 }),
      accountsettings_groups: [987_654],
      templatesettings_id: 987_654,
    });
    expect(Object.keys(problems).sort()).toEqual([
      'account_settings.dd_limit',
      'accountsettings_groups',
      'templatesettings_id',
    ]);
  });

  it('diffs two writes field by field', () => {
    expect(settingsDiff(writeOf(), writeOf({ dd_limit: 200 }))).toEqual({ 'account_settings.dd_limit': [100, 200] });
  });
});
