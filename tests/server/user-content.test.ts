// A user's platform content (decision 065): the demo seed; one user's saved searches by keyset,
// the search across users by name prefix, the shared watchlists, a user's watchlists and
// dashboards and one dashboard's settings; the copy with its preview (rename, skip, replace),
// its permissions (edit_user, plus is_admin_ss or is_admin_wm by kind), its refusals as 400
// naming fields, two copies onto one user at once, and its audit rows. On SQLite and, with
// TEST_DATABASE_URL, PostgreSQL.
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BadRequestReply } from '../../src/domain/field-errors';
import {
  ApSavedSearchesReply, CONTENT_MESSAGES, CONTENT_PAGE_SIZE, CopyContentReply, DashboardSettingsReply, DashboardsReply, SavedSearchesReply,
  WatchlistNamesReply, WatchlistsReply, contentNameKey, type ContentKind,
} from '../../src/domain/user-content';
import { seedIfEmpty } from '../../server/db/seed';
import { savedSearchPage, sharedWatchlists } from '../../server/user-content/records';
import { createTestServer, type TestServer } from '../support/server';
import type { Browser } from './support/browser';
import { signIn } from './support/sign-in';

const T0 = 1_764_000_000_000;
let server: TestServer;
/** user_mgmt, edit_user and both administrator features: may read and copy every kind. */
let editor: Browser;
/** user_mgmt alone: may read, not copy. */
let reader: Browser;
/** edit_user without is_admin_ss or is_admin_wm: dashboards only. */
let dashEditor: Browser;
/** Sees deleted users too. */
let archivist: Browser;
let orgId: number;

beforeAll(async () => {
  server = await createTestServer();
  editor = await signIn(server, await server.createStaff({ username: 'edith', features: ['admin_panel_access', 'user_mgmt', 'edit_user', 'is_admin_ss', 'is_admin_wm'], activated: true }));
  reader = await signIn(server, await server.createStaff({ username: 'rita', features: ['admin_panel_access', 'user_mgmt'], activated: true }));
  dashEditor = await signIn(server, await server.createStaff({ username: 'dan', features: ['admin_panel_access', 'user_mgmt', 'edit_user'], activated: true }));
  archivist = await signIn(server, await server.createStaff({ username: 'arch', features: ['admin_panel_access', 'user_mgmt', 'deleted_user'], activated: true }));
  orgId = (await server.db.insertInto('organizations').values({ name: 'Contoso Research', salesforce_id: null, sf_acc_id: null, created_at: T0 })
    .returning('id').executeTakeFirstOrThrow()).id;
});
afterAll(async () => {
  await server.close();
});

let seq = 0;
/** A managed user; its id. */
async function user(over: { deleted?: boolean; wm?: boolean } = {}): Promise<{ id: number; username: string; email: string }> {
  seq += 1;
  const username = `customer${seq}`;
  const email = `customer${seq}@contoso.example`;
  const row = await server.db.insertInto('users').values({
    username, email, first_name: 'Casey', last_name: `Customer${seq}`, organization_id: orgId, user_type: 'trial', user_category: 'general',
    user_role: 'analyst', owner: null, product_configuration: 'product_basic', data_plan: '[]', expiry_dt: null, active: 1, deleted: over.deleted ? 1 : 0,
    is_account_admin: 0, allowed_st: '[]', flags: '{}', password_hash: null, created_at: T0, updated_at: T0,
    ...(over.wm ? { admin_privileges: JSON.stringify({ is_super_admin_user: false, is_admin_wm: true, is_admin_ss: false }) } : {}),
  }).returning('id').executeTakeFirstOrThrow();
  return { id: Number(row.id), username, email };
}

const BODIES: Record<ContentKind, (i: number) => { body: object; size: number }> = {
  saved_search: (i) => ({ body: { query: `"term ${i}" AND guidance`, sources: ['AMR', 'Stream'], alert: i % 2 === 0 }, size: 2 }),
  watchlist: (i) => ({ body: { tickers: Array.from({ length: 25 + i }, (_, t) => `T${t}`) }, size: 25 + i }),
  dashboard: (i) => ({
    body: { template: 'earnings_season', settings: { layout: 'grid', refresh_seconds: 300, widgets: [{ type: 'news_stream', title: `News ${i}`, watchlist: null }] } },
    size: 1,
  }),
};
/** Items of `kind` named `names` for a user; their ids in the same order. */
async function give(userId: number, kind: ContentKind, names: readonly string[], at = T0): Promise<number[]> {
  const ids: number[] = [];
  for (const [i, name] of names.entries()) {
    const { body, size } = BODIES[kind](i);
    const row = await server.db.insertInto('user_content').values({
      user_id: userId, kind, name, name_key: contentNameKey(name), body: JSON.stringify(body), size, last_used_at: at - i, created_by: 'test', created_at: at, updated_at: at,
    }).returning('id').executeTakeFirstOrThrow();
    ids.push(Number(row.id));
  }
  return ids;
}
const namesOf = async (userId: number, kind: ContentKind = 'saved_search') =>
  (await server.db.selectFrom('user_content').select('name').where('user_id', '=', userId).where('kind', '=', kind).orderBy('name_key').execute()).map((r) => r.name);

async function get(b: Browser, path: string, query: Record<string, string>) {
  const res = await b.send('GET', `${path}?${new URLSearchParams(query)}`);
  return { status: res.status, body: (await res.json()) as unknown };
}
async function post(b: Browser, path: string, form: Record<string, string> = {}) {
  const res = await b.send('POST', path, { form });
  return { status: res.status, body: (await res.json()) as unknown };
}
function copyForm(over: { kind?: ContentKind; source: number; items: readonly number[]; targets: readonly (string | number)[]; on_clash?: string; preview?: boolean }) {
  return {
    kind: over.kind ?? 'saved_search', source_user_id: String(over.source), item_ids: JSON.stringify(over.items),
    targets: JSON.stringify(over.targets.map(String)), on_clash: over.on_clash ?? 'rename', preview: String(over.preview ?? false),
  };
}
async function copy(b: Browser, form: Record<string, string>) {
  const res = await post(b, '/user/copy_saved_searches/', form);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return v.parse(CopyContentReply, res.body);
}
function refused(res: { status: number; body: unknown }, field: string) {
  expect(res.status, JSON.stringify(res.body)).toBe(400);
  const body = v.parse(BadRequestReply, res.body);
  expect(Object.keys(body.fields)).toContain(field);
  return body.fields[field]!;
}

describe('the demo seed', () => {
  it('gives the first managed user rich content, the second a clashing name, and one watchlist manager', async () => {
    const fresh = await createTestServer();
    try {
      await seedIfEmpty(fresh.db, fresh.config, T0);
      const users = await fresh.db.selectFrom('users').select(['id', 'username', 'email']).where('user_type', '!=', 'is_staff').orderBy('id').limit(2).execute();
      const [first, second] = users;
      const kinds = async (id: number) => Object.fromEntries((await fresh.db.selectFrom('user_content').select(['kind', (eb) => eb.fn.countAll<number>().as('n')])
        .where('user_id', '=', id).groupBy('kind').execute()).map((r) => [r.kind, Number(r.n)]));
      expect(await kinds(first!.id)).toMatchObject({ saved_search: expect.any(Number), watchlist: 3, dashboard: 2 });
      expect((await kinds(first!.id)).saved_search).toBeGreaterThanOrEqual(8);
      const keys = async (id: number) => (await fresh.db.selectFrom('user_content').select('name_key').where('user_id', '=', id).where('kind', '=', 'saved_search').execute()).map((r) => r.name_key);
      const firstKeys = await keys(first!.id);
      expect((await keys(second!.id)).filter((k) => firstKeys.includes(k))).toHaveLength(1);
      const holders = await fresh.db.selectFrom('user_content').select('user_id').distinct().execute();
      const managed = await fresh.db.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('n')).where('user_type', '!=', 'is_staff').executeTakeFirstOrThrow();
      expect(holders.length).toBeGreaterThan(Number(managed.n) / 5);
      expect(holders.length).toBeLessThan(Number(managed.n) / 2);
      // The routes' own reads (the seeded staff have no second factor yet to sign in with).
      expect((await sharedWatchlists(fresh.db)).length).toBeGreaterThanOrEqual(3);
      const page = await savedSearchPage(fresh.db, first!.id, null);
      expect(page.items.length).toBe(page.total);
      expect(page.items.every((i) => i.sources.length > 0 && i.query.length > 0)).toBe(true);
      console.log(`seeded: first ${first!.username} <${first!.email}>, second ${second!.username} <${second!.email}>`);
    } finally {
      await fresh.close();
    }
  });
});
