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
  ApSavedSearchesReply,
  CONTENT_MESSAGES,
  CONTENT_PAGE_SIZE,
  CopyContentReply,
  DashboardSettingsReply,
  DashboardsReply,
  SavedSearchesReply,
  WatchlistNamesReply,
  WatchlistsReply,
  contentNameKey,
  type ContentKind,
} from '../../src/domain/user-content';
import { seedIfEmpty } from '../../server/db/seed';
import { savedSearchPage, sharedWatchlists } from '../../server/user-content/records';
import { createTestServer, type TestServer } from '../support/server';
import type { Browser } from './support/browser';
import { signIn } from './support/sign-in';
import { userRow } from '../support/factories';
import { SEEDING_MS } from './support/timeouts';

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
  editor = await signIn(
    server,
    await server.createStaff({
      username: 'edith',
      features: ['admin_panel_access', 'user_mgmt', 'edit_user', 'is_admin_ss', 'is_admin_wm'],
      activated: true,
    }),
  );
  reader = await signIn(
    server,
    await server.createStaff({ username: 'rita', features: ['admin_panel_access', 'user_mgmt'], activated: true }),
  );
  dashEditor = await signIn(
    server,
    await server.createStaff({
      username: 'dan',
      features: ['admin_panel_access', 'user_mgmt', 'edit_user'],
      activated: true,
    }),
  );
  archivist = await signIn(
    server,
    await server.createStaff({
      username: 'arch',
      features: ['admin_panel_access', 'user_mgmt', 'deleted_user'],
      activated: true,
    }),
  );
  orgId = (
    await server.db
      .insertInto('organizations')
      .values({ name: 'Contoso Research', salesforce_id: null, sf_acc_id: null, created_at: T0 })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
});
afterAll(async () => {
  await server.close();
});

let seq = 0;
/** A managed user; its id. */
async function user(
  over: { deleted?: boolean; wm?: boolean } = {},
): Promise<{ id: number; username: string; email: string }> {
  seq += 1;
  const username = `customer${seq}`;
  const email = `customer${seq}@contoso.example`;
  const row = await server.db
    .insertInto('users')
    .values(
      userRow({
        username,
        email,
        first_name: 'Casey',
        last_name: `Customer${seq}`,
        organization_id: orgId,
        user_role: 'analyst',
        deleted: over.deleted ? 1 : 0,
        created_at: T0,
        ...(over.wm
          ? { admin_privileges: JSON.stringify({ is_super_admin_user: false, is_admin_wm: true, is_admin_ss: false }) }
          : {}),
      }),
    )
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: Number(row.id), username, email };
}

const BODIES: Record<ContentKind, (i: number) => { body: object; size: number }> = {
  saved_search: (i) => ({
    body: { query: `"term ${i}" AND guidance`, sources: ['AMR', 'Stream'], alert: i % 2 === 0 },
    size: 2,
  }),
  watchlist: (i) => ({ body: { tickers: Array.from({ length: 25 + i }, (_, t) => `T${t}`) }, size: 25 + i }),
  dashboard: (i) => ({
    body: {
      template: 'earnings_season',
      settings: {
        layout: 'grid',
        refresh_seconds: 300,
        widgets: [{ type: 'news_stream', title: `News ${i}`, watchlist: null }],
      },
    },
    size: 1,
  }),
};
/** Items of `kind` named `names` for a user; their ids in the same order. */
async function give(userId: number, kind: ContentKind, names: readonly string[], at = T0): Promise<number[]> {
  const ids: number[] = [];
  for (const [i, name] of names.entries()) {
    const { body, size } = BODIES[kind](i);
    const row = await server.db
      .insertInto('user_content')
      .values({
        user_id: userId,
        kind,
        name,
        name_key: contentNameKey(name),
        body: JSON.stringify(body),
        size,
        last_used_at: at - i,
        created_by: 'test',
        created_at: at,
        updated_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids.push(Number(row.id));
  }
  return ids;
}
const namesOf = async (userId: number, kind: ContentKind = 'saved_search') =>
  (
    await server.db
      .selectFrom('user_content')
      .select('name')
      .where('user_id', '=', userId)
      .where('kind', '=', kind)
      .orderBy('name_key')
      .execute()
  ).map((r) => r.name);

async function get(b: Browser, path: string, query: Record<string, string>) {
  const res = await b.send('GET', `${path}?${new URLSearchParams(query)}`);
  return { status: res.status, body: (await res.json()) as unknown };
}
async function post(b: Browser, path: string, form: Record<string, string> = {}) {
  const res = await b.send('POST', path, { form });
  return { status: res.status, body: (await res.json()) as unknown };
}
function copyForm(over: {
  kind?: ContentKind;
  source: number;
  items: readonly number[];
  targets: readonly (string | number)[];
  on_clash?: string;
  preview?: boolean;
}) {
  return {
    kind: over.kind ?? 'saved_search',
    source_user_id: String(over.source),
    item_ids: JSON.stringify(over.items),
    targets: JSON.stringify(over.targets.map(String)),
    on_clash: over.on_clash ?? 'rename',
    preview: String(over.preview ?? false),
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
  // A schema issue inside a JSON field names its place ('item_ids.0'); the field comes first.
  const key = Object.keys(body.fields).find((k) => k === field || k.startsWith(`${field}.`));
  expect(key, JSON.stringify(body.fields)).toBeDefined();
  return body.fields[key!]!;
}

describe('the demo seed', () => {
  it(
    'gives the first managed user rich content, the second a clashing name, and one watchlist manager',
    async () => {
      const fresh = await createTestServer();
      try {
        await seedIfEmpty(fresh.db, fresh.config, T0);
        const users = await fresh.db
          .selectFrom('users')
          .select(['id', 'username', 'email', 'deleted'])
          .where('user_type', '!=', 'is_staff')
          .orderBy('id')
          .limit(2)
          .execute();
        const [first, second] = users;
        expect([first!.deleted, second!.deleted]).toEqual([0, 0]);
        const kinds = async (id: number) =>
          Object.fromEntries(
            (
              await fresh.db
                .selectFrom('user_content')
                .select(['kind', (eb) => eb.fn.countAll<number>().as('n')])
                .where('user_id', '=', id)
                .groupBy('kind')
                .execute()
            ).map((r) => [r.kind, Number(r.n)]),
          );
        expect(await kinds(first!.id)).toMatchObject({ saved_search: expect.any(Number), watchlist: 3, dashboard: 2 });
        expect((await kinds(first!.id)).saved_search).toBeGreaterThanOrEqual(8);
        const keys = async (id: number) =>
          (
            await fresh.db
              .selectFrom('user_content')
              .select('name_key')
              .where('user_id', '=', id)
              .where('kind', '=', 'saved_search')
              .execute()
          ).map((r) => r.name_key);
        const firstKeys = await keys(first!.id);
        expect((await keys(second!.id)).filter((k) => firstKeys.includes(k))).toHaveLength(1);
        const holders = await fresh.db.selectFrom('user_content').select('user_id').distinct().execute();
        const managed = await fresh.db
          .selectFrom('users')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('user_type', '!=', 'is_staff')
          .executeTakeFirstOrThrow();
        expect(holders.length).toBeGreaterThan(Number(managed.n) / 5);
        expect(holders.length).toBeLessThan(Number(managed.n) / 2);
        // The routes' own reads (the seeded staff have no second factor yet to sign in with).
        expect((await sharedWatchlists(fresh.db)).length).toBeGreaterThanOrEqual(3);
        const page = await savedSearchPage(fresh.db, first!.id, null);
        expect(page.items.length).toBe(page.total);
        expect(page.items.every((i) => i.sources.length > 0 && i.query.length > 0)).toBe(true);
        console.log(
          `seeded: first ${first!.username} <${first!.email}>, second ${second!.username} <${second!.email}>`,
        );
      } finally {
        await fresh.close();
      }
    },
    SEEDING_MS,
  );
});

describe('reading', () => {
  it("pages one user's saved searches by name, every one once, with the total", async () => {
    const u = await user();
    const names = Array.from({ length: CONTENT_PAGE_SIZE * 2 + 5 }, (_, i) => `Search ${String(i).padStart(3, '0')}`);
    await give(u.id, 'saved_search', [...names].reverse());
    const seen: string[] = [];
    let cursor = '';
    for (let pages = 0; pages < 10; pages++) {
      const res = await get(reader, '/user/fetch_saved_searches/', { user_id: String(u.id), cursor });
      expect(res.status).toBe(200);
      const page = v.parse(SavedSearchesReply, res.body);
      expect(page.total).toBe(names.length);
      seen.push(...page.items.map((i) => i.name));
      if (!page.next) break;
      cursor = page.next;
    }
    expect(seen).toEqual(names);
    const first = v.parse(
      SavedSearchesReply,
      (await get(reader, '/user/fetch_saved_searches/', { user_id: String(u.id) })).body,
    ).items[0]!;
    expect(first).toMatchObject({
      sources: ['AMR', 'Stream'],
      query: expect.stringContaining('guidance'),
      last_used_at: expect.any(Number),
    });
  });

  it('refuses a user nobody has, a bad id and a made-up cursor as 400 naming the field; deleted users only with deleted_user', async () => {
    expect(refused(await get(reader, '/user/fetch_saved_searches/', { user_id: '99999999' }), 'user_id')).toBe(
      CONTENT_MESSAGES.noUser(99999999),
    );
    refused(await get(reader, '/user/fetch_saved_searches/', { user_id: 'abc' }), 'user_id');
    const u = await user();
    refused(
      await get(reader, '/user/fetch_saved_searches/', { user_id: String(u.id), cursor: 'not-a-cursor' }),
      'cursor',
    );
    const gone = await user({ deleted: true });
    await give(gone.id, 'saved_search', ['Left behind']);
    refused(await get(reader, '/user/fetch_saved_searches/', { user_id: String(gone.id) }), 'user_id');
    refused(await post(reader, '/user/graph/fetch_users_watchlist_data_ap/', { user_id: String(gone.id) }), 'user_id');
    const res = await get(archivist, '/user/fetch_saved_searches/', { user_id: String(gone.id) });
    expect(v.parse(SavedSearchesReply, res.body).items.map((i) => i.name)).toEqual(['Left behind']);
  });

  it("finds every live user's saved searches by name prefix, case and spacing folded, 50 a page, with owners", async () => {
    const a = await user();
    const b = await user();
    const gone = await user({ deleted: true });
    await give(
      a.id,
      'saved_search',
      Array.from({ length: 40 }, (_, i) => `Zebra  Crossing ${i}`),
    );
    await give(
      b.id,
      'saved_search',
      Array.from({ length: 30 }, (_, i) => `zebra crossing ${i}`).concat(['Zebra', 'Zebrafish news']),
    );
    await give(gone.id, 'saved_search', ['Zebra crossing hidden']);
    const seen: { name: string; owner: number }[] = [];
    let cursor = '';
    for (let pages = 0; pages < 5; pages++) {
      const res = await get(reader, '/user/fetch_ap_saved_searches/', { query: ' ZEBRA   crossing', cursor });
      expect(res.status).toBe(200);
      const page = v.parse(ApSavedSearchesReply, res.body);
      expect(page.items.length).toBeLessThanOrEqual(50);
      seen.push(...page.items.map((i) => ({ name: i.name, owner: i.owner.id })));
      if (!page.next) break;
      cursor = page.next;
    }
    expect(seen).toHaveLength(70);
    expect(new Set(seen.map((s) => `${s.owner}:${s.name}`)).size).toBe(70);
    expect(seen.some((s) => s.owner === gone.id)).toBe(false);
    const keys = seen.map((s) => contentNameKey(s.name));
    expect(keys).toEqual([...keys].sort());
    expect(refused(await get(reader, '/user/fetch_ap_saved_searches/', { query: 'z' }), 'query')).toMatch(/at least 2/);
  });

  it("lists the shared watchlists of watchlist managers only, and a user's watchlists, dashboards and one dashboard's settings", async () => {
    const manager = await user({ wm: true });
    const plain = await user();
    await give(manager.id, 'watchlist', ['Shared semis', 'Shared banks']);
    await give(plain.id, 'watchlist', ['Private list']);
    const shared = v.parse(WatchlistNamesReply, (await post(reader, '/user/get_watchlist_name/')).body).watchlists;
    expect(shared.filter((w) => w.owner.id === manager.id).map((w) => w.name)).toEqual([
      'Shared banks',
      'Shared semis',
    ]);
    expect(shared.some((w) => w.owner.id === plain.id)).toBe(false);

    const lists = v.parse(
      WatchlistsReply,
      (await post(reader, '/user/graph/fetch_users_watchlist_data_ap/', { user_id: String(manager.id) })).body,
    );
    expect(lists.total).toBe(2);
    expect(lists.items[0]).toMatchObject({ name: 'Shared banks', size: 26 });
    expect(lists.items[0]!.tickers).toHaveLength(20);

    const [dash] = await give(plain.id, 'dashboard', ['Morning view']);
    const boards = v.parse(
      DashboardsReply,
      (await post(reader, '/user/graph/get_dashboard_template_ap/', { user_id: String(plain.id) })).body,
    );
    expect(boards.items).toEqual([
      expect.objectContaining({ id: dash, name: 'Morning view', template: 'earnings_season', widgets: 1 }),
    ]);
    const settings = v.parse(
      DashboardSettingsReply,
      (
        await post(reader, '/user/graph/get_dashboard_settings_ap/', {
          user_id: String(plain.id),
          dashboard_id: String(dash),
        })
      ).body,
    );
    expect(settings.settings).toEqual({
      layout: 'grid',
      refresh_seconds: 300,
      widgets: [{ type: 'news_stream', title: 'News 0', watchlist: null }],
    });
    expect(
      refused(
        await post(reader, '/user/graph/get_dashboard_settings_ap/', {
          user_id: String(manager.id),
          dashboard_id: String(dash),
        }),
        'dashboard_id',
      ),
    ).toBe(CONTENT_MESSAGES.noDashboard(dash!));
    refused(
      await post(reader, '/user/graph/get_dashboard_settings_ap/', { user_id: String(plain.id), dashboard_id: '-3' }),
      'dashboard_id',
    );
  });
});

describe('copying', () => {
  it('previews exactly what the copy then does, writing nothing; renames clashes past the names it adds', async () => {
    const source = await user();
    const target = await user();
    const items = await give(source.id, 'saved_search', [
      'Fed minutes',
      'Fed minutes (2)',
      'Oil inventories',
      'Dividend cuts',
    ]);
    await give(target.id, 'saved_search', ['FED   minutes', 'oil inventories', 'Oil inventories (2)']);
    const before = await namesOf(target.id);
    const audits = async () =>
      server.db
        .selectFrom('audit_log')
        .selectAll()
        .where('record_kind', '=', 'user')
        .where('record_id', '=', target.id)
        .execute();
    const preview = await copy(editor, copyForm({ source: source.id, items, targets: [target.email], preview: true }));
    expect(await namesOf(target.id)).toEqual(before);
    expect(await audits()).toHaveLength(0);
    expect(preview.targets[0]).toMatchObject({
      user_id: target.id,
      added: 4,
      renamed: 2,
      skipped: 0,
      replaced: 0,
      clash_count: 2,
    });
    expect(preview.targets[0]!.clashes).toEqual([
      { item_id: items[0], name: 'Fed minutes', resolution: 'rename', new_name: 'Fed minutes (3)' },
      { item_id: items[2], name: 'Oil inventories', resolution: 'rename', new_name: 'Oil inventories (3)' },
    ]);
    expect(preview.msg).toBe(CONTENT_MESSAGES.wouldCopy('saved_search', 4, 1));
    const done = await copy(editor, copyForm({ source: source.id, items, targets: [target.username] }));
    expect({ ...done, preview: true, msg: '' }).toEqual({ ...preview, msg: '' });
    expect(done.msg).toBe(CONTENT_MESSAGES.copied('saved_search', 4, 1));
    expect(await namesOf(target.id)).toEqual([
      'Dividend cuts',
      'FED   minutes',
      'Fed minutes (2)',
      'Fed minutes (3)',
      'oil inventories',
      'Oil inventories (2)',
      'Oil inventories (3)',
    ]);
    const [audit] = await audits();
    expect(audit).toMatchObject({
      category: 'user',
      author: 'edith',
      action: `copied 4 saved searches from ${source.username}`,
      success: 1,
    });
    expect(JSON.parse(audit!.current_data!)).toMatchObject({
      added: 4,
      renamed: 2,
      renamed_names: ['Fed minutes (3)', 'Oil inventories (3)'],
    });
    const copied = await server.db
      .selectFrom('user_content')
      .selectAll()
      .where('user_id', '=', target.id)
      .where('name', '=', 'Dividend cuts')
      .executeTakeFirstOrThrow();
    const original = await server.db
      .selectFrom('user_content')
      .selectAll()
      .where('id', '=', items[3]!)
      .executeTakeFirstOrThrow();
    expect(copied).toMatchObject({ body: original.body, size: original.size, created_by: 'edith', last_used_at: null });
  });

  it("skips clashes, or replaces the target's own keeping its id", async () => {
    const source = await user();
    const skipT = await user();
    const replaceT = await user();
    const items = await give(source.id, 'watchlist', ['Banks', 'Semis'], T0 + 5);
    await give(skipT.id, 'watchlist', ['semis']);
    const [own] = await give(replaceT.id, 'watchlist', ['SEMIS']);
    const skip = await copy(
      editor,
      copyForm({ kind: 'watchlist', source: source.id, items, targets: [skipT.id], on_clash: 'skip' }),
    );
    expect(skip.totals).toEqual({ added: 1, renamed: 0, skipped: 1, replaced: 0 });
    expect(await namesOf(skipT.id, 'watchlist')).toEqual(['Banks', 'semis']);
    const before = await server.db
      .selectFrom('user_content')
      .selectAll()
      .where('id', '=', own!)
      .executeTakeFirstOrThrow();
    const replace = await copy(
      editor,
      copyForm({ kind: 'watchlist', source: source.id, items, targets: [replaceT.id], on_clash: 'replace' }),
    );
    expect(replace.totals).toEqual({ added: 1, renamed: 0, skipped: 0, replaced: 1 });
    const after = await server.db
      .selectFrom('user_content')
      .selectAll()
      .where('id', '=', own!)
      .executeTakeFirstOrThrow();
    const original = await server.db
      .selectFrom('user_content')
      .selectAll()
      .where('id', '=', items[1]!)
      .executeTakeFirstOrThrow();
    expect(after).toMatchObject({ id: own, name: 'SEMIS', body: original.body, size: original.size });
    expect(after.body).not.toBe(before.body);
    expect(Number(after.updated_at)).toBeGreaterThan(T0);
    expect(await namesOf(replaceT.id, 'watchlist')).toEqual(['Banks', 'SEMIS']);
  });

  it('refuses bad input as 400 naming the field, never a 500', async () => {
    const source = await user();
    const other = await user();
    const target = await user();
    const gone = await user({ deleted: true });
    const items = await give(source.id, 'saved_search', ['Mine']);
    const [theirs] = await give(other.id, 'saved_search', ['Theirs']);
    const [dash] = await give(source.id, 'dashboard', ['A dashboard']);
    const form = copyForm({ source: source.id, items, targets: [target.id] });
    const send = (over: Record<string, string>) => post(editor, '/user/copy_saved_searches/', { ...form, ...over });
    refused(await send({ source_user_id: 'x' }), 'source_user_id');
    expect(refused(await send({ source_user_id: '99999999' }), 'source_user_id')).toBe(
      CONTENT_MESSAGES.noUser(99999999),
    );
    refused(await send({ source_user_id: String(gone.id) }), 'source_user_id');
    refused(await send({ item_ids: '[1,' }), 'item_ids');
    refused(await send({ item_ids: '["a"]' }), 'item_ids');
    refused(await send({ item_ids: '[]' }), 'item_ids');
    refused(await send({ item_ids: JSON.stringify(Array.from({ length: 501 }, (_, i) => i + 1)) }), 'item_ids');
    refused(await send({ targets: '{"a":1}' }), 'targets');
    refused(await send({ targets: JSON.stringify(Array.from({ length: 101 }, (_, i) => `u${i}`)) }), 'targets');
    refused(await send({ kind: 'playlist' }), 'kind');
    refused(await send({ on_clash: 'merge' }), 'on_clash');
    refused(await send({ preview: 'maybe' }), 'preview');
    expect(refused(await send({ item_ids: JSON.stringify([...items, theirs]) }), 'item_ids')).toBe(
      CONTENT_MESSAGES.notOwned('saved_search', [theirs!]),
    );
    // A dashboard's id is not a saved search.
    refused(await send({ item_ids: JSON.stringify([dash]) }), 'item_ids');
    expect(
      refused(
        await send({ targets: JSON.stringify([target.email, 'nobody@nowhere.example', gone.username]) }),
        'targets',
      ),
    ).toBe(CONTENT_MESSAGES.unknownTargets(['nobody@nowhere.example', gone.username]));
    expect(refused(await send({ targets: JSON.stringify([String(target.id), source.email]) }), 'targets')).toBe(
      CONTENT_MESSAGES.sourceIsTarget,
    );
    expect(await namesOf(target.id)).toEqual([]);
  });

  it('refuses a target that would pass the per-user limit, naming them', async () => {
    const source = await user();
    const full = await user();
    const items = await give(source.id, 'dashboard', ['One more', 'And another']);
    const rows = Array.from({ length: 1999 }, (_, i) => ({
      user_id: full.id,
      kind: 'dashboard' as const,
      name: `Board ${i}`,
      name_key: `board ${i}`,
      body: '{}',
      size: 0,
      last_used_at: null,
      created_by: 'test',
      created_at: T0,
      updated_at: T0,
    }));
    for (let i = 0; i < rows.length; i += 400)
      await server.db
        .insertInto('user_content')
        .values(rows.slice(i, i + 400))
        .execute();
    const form = copyForm({ kind: 'dashboard', source: source.id, items, targets: [full.username] });
    expect(refused(await post(editor, '/user/copy_saved_searches/', form), 'targets')).toBe(
      CONTENT_MESSAGES.tooMany('dashboard', full.username),
    );
    refused(await post(editor, '/user/copy_saved_searches/', { ...form, preview: 'true' }), 'targets');
    // One fits.
    await copy(
      editor,
      copyForm({ kind: 'dashboard', source: source.id, items: items.slice(0, 1), targets: [full.username] }),
    );
  });

  it('needs edit_user to copy, and is_admin_ss for saved searches and is_admin_wm for watchlists, saying so in words', async () => {
    const source = await user();
    const target = await user();
    const searches = await give(source.id, 'saved_search', ['Guarded']);
    const lists = await give(source.id, 'watchlist', ['Guarded list']);
    const boards = await give(source.id, 'dashboard', ['Open board']);
    const byReader = await post(
      reader,
      '/user/copy_saved_searches/',
      copyForm({ source: source.id, items: searches, targets: [target.id] }),
    );
    expect(byReader.status).toBe(403);
    expect((byReader.body as { msg: string }).msg).toMatch(/permission/);
    const ss = await post(
      dashEditor,
      '/user/copy_saved_searches/',
      copyForm({ source: source.id, items: searches, targets: [target.id] }),
    );
    expect(ss.status).toBe(403);
    expect((ss.body as { msg: string }).msg).toMatch(
      /^You do not have permission to perform this action: it needs the .+ permission\.$/,
    );
    expect((ss.body as { msg: string }).msg).not.toContain('is_admin_ss');
    const wm = await post(
      dashEditor,
      '/user/copy_saved_searches/',
      copyForm({ kind: 'watchlist', source: source.id, items: lists, targets: [target.id] }),
    );
    expect(wm.status).toBe(403);
    expect((wm.body as { msg: string }).msg).not.toBe((ss.body as { msg: string }).msg);
    const dash = await copy(
      dashEditor,
      copyForm({ kind: 'dashboard', source: source.id, items: boards, targets: [target.id] }),
    );
    expect(dash.totals.added).toBe(1);
    expect(await namesOf(target.id)).toEqual([]);
    expect(await namesOf(target.id, 'dashboard')).toEqual(['Open board']);
  });

  it('two copies of the same items onto one user at once: with rename both land under unique names, with skip exactly one of each', async () => {
    const source = await user();
    const items = await give(
      source.id,
      'saved_search',
      Array.from({ length: 30 }, (_, i) => `Race ${i}`),
    );
    const renameT = await user();
    await give(renameT.id, 'saved_search', ['Race 3']);
    const form = copyForm({ source: source.id, items, targets: [renameT.id], on_clash: 'rename' });
    const [x, y] = await Promise.all([copy(editor, form), copy(editor, form)]);
    expect(x.totals.added + y.totals.added).toBe(60);
    const names = await namesOf(renameT.id);
    expect(names).toHaveLength(61);
    expect(new Set(names.map(contentNameKey)).size).toBe(61);
    for (let i = 0; i < 30; i++) expect(names).toContain(`Race ${i}`);

    const skipT = await user();
    const skipForm = copyForm({ source: source.id, items, targets: [skipT.id], on_clash: 'skip' });
    const [p, q] = await Promise.all([copy(editor, skipForm), copy(editor, skipForm)]);
    expect([p.totals.added, q.totals.added].sort((a, b) => a - b)).toEqual([0, 30]);
    expect(p.totals.skipped + q.totals.skipped).toBe(30);
    expect(await namesOf(skipT.id)).toHaveLength(30);
    const audits = await server.db
      .selectFrom('audit_log')
      .selectAll()
      .where('record_kind', '=', 'user')
      .where('record_id', '=', skipT.id)
      .execute();
    expect(audits).toHaveLength(2);
  });

  it('copies onto many users in one go, one audit row each', async () => {
    const source = await user();
    const items = await give(source.id, 'saved_search', ['Bulk one', 'Bulk two', 'Bulk three']);
    const targets = await Promise.all(Array.from({ length: 12 }, () => user()));
    await give(targets[0]!.id, 'saved_search', ['bulk two']);
    const done = await copy(
      editor,
      copyForm({ source: source.id, items, targets: targets.map((t) => t.email.toUpperCase()), on_clash: 'skip' }),
    );
    expect(done.targets.map((t) => t.user_id)).toEqual(targets.map((t) => t.id).sort((a, b) => a - b));
    expect(done.totals).toEqual({ added: 35, renamed: 0, skipped: 1, replaced: 0 });
    expect(done.msg).toBe(CONTENT_MESSAGES.copied('saved_search', 35, 12));
    const audits = await server.db
      .selectFrom('audit_log')
      .select('record_id')
      .where('record_kind', '=', 'user')
      .where(
        'record_id',
        'in',
        targets.map((t) => t.id),
      )
      .where('action', 'like', 'copied%')
      .execute();
    expect(audits.map((a) => Number(a.record_id)).sort((a, b) => a - b)).toEqual(
      targets.map((t) => t.id).sort((a, b) => a - b),
    );
  });
});
