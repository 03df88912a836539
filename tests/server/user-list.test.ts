// user/search_user/ (decision 021): what the search text matches, the filters, every order with
// its keyset pages both ways, the exact total, and the query plans that keep it fast — on the
// engine the suite runs on (SQLite, or PostgreSQL under npm run test:pg).
import { CompiledQuery, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DELETED_REFUSAL } from '../../server/api/user-list';
import { engineOf } from '../../server/db/connect';
import { normaliseQuery, prefixUpperBound } from '../../server/db/prefix-match';
import { countUsers, pageQuery } from '../../server/users/search';
import { FEATURE_KEYS } from '../../src/domain/features';
import { SORT_KEYS, type SortKey } from '../../src/domain/user-kinds';
import { userFilter, type SearchUsersReply, type UserFilter, type UserRow } from '../../src/domain/users';
import { seedBenchUsers } from '../../bench/user-data';
import { organizationRow, userRow } from '../support/factories';
import { createTestServer, type TestServer } from '../support/server';
import type { Browser } from './support/browser';
import { signIn } from './support/sign-in';

let server: TestServer;
let admin: Browser;
let plain: Browser;
let orgA: number;
let orgB: number;
const T0 = Date.UTC(2025, 0, 1);

beforeAll(async () => {
  server = await createTestServer();
  const { db } = server;
  [orgA, orgB] = (
    await db
      .insertInto('organizations')
      .values([
        organizationRow({ name: 'Acme Research', created_at: T0 }),
        organizationRow({ name: 'Borealis Capital', created_at: T0 }),
      ])
      .returning('id')
      .execute()
  ).map((r) => r.id) as [number, number];
  await db
    .insertInto('users')
    .values([
      userRow({
        username: 'jsmith',
        email: 'john.smith@acme.test',
        first_name: 'John',
        last_name: 'Smith',
        organization_id: orgA,
        phone: '555-123-4567',
        created_at: T0 + 5,
        updated_at: T0,
      }),
      userRow({
        username: 'jsmithson',
        email: 'jane.smithson@acme.test',
        first_name: 'Jane',
        last_name: 'Smithson',
        organization_id: orgA,
        user_type: 'customer',
        created_at: T0 + 1,
        updated_at: T0,
      }),
      userRow({
        username: 'mjohn',
        email: 'mary.johnson@borealis.test',
        first_name: 'Mary',
        last_name: 'Johnson',
        organization_id: orgB,
        user_category: 'ir',
        expiry_dt: Date.UTC(2027, 5, 1),
        created_at: T0,
      }),
      userRow({
        username: 'old.deleted',
        email: 'gone@acme.test',
        first_name: 'Gone',
        last_name: 'Smith',
        organization_id: orgA,
        deleted: 1,
        created_at: T0,
      }),
      userRow({
        username: 'idle.one',
        email: 'idle@borealis.test',
        first_name: 'Ida',
        last_name: 'Idle',
        organization_id: orgB,
        active: 0,
        phone: '212.555.0100',
        created_at: T0,
      }),
      userRow({
        username: 'emile',
        email: 'emile@acme.test',
        first_name: 'Émile',
        last_name: 'Zoë',
        organization_id: orgA,
        created_at: T0,
      }),
      userRow({
        username: 'nobody',
        email: 'nobody@acme.test',
        first_name: 'Karl',
        last_name: 'Xsmith',
        created_at: T0,
      }),
    ])
    .execute();
  // A crowd to page through: deterministic pseudo-random users (ties on names, missing expiries).
  await seedBenchUsers(db, { users: 240, orgs: 4 });
  const features = [...FEATURE_KEYS];
  admin = await signIn(server, await server.createStaff({ username: 'lister', features, activated: true }));
  plain = await signIn(
    server,
    await server.createStaff({ username: 'viewer', features: ['admin_panel_access', 'user_mgmt'], activated: true }),
  );
});
afterAll(async () => {
  await server.close();
});

async function search(form: Record<string, string>, b = admin): Promise<SearchUsersReply> {
  const res = await b.post('/user/search_user/', form);
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as SearchUsersReply;
}
/** The named users a reply holds, leaving out the crowd (usernames b.…). */
const usernames = (reply: SearchUsersReply) =>
  reply.userItems
    .map((u) => u.username)
    .filter((n) => !n.startsWith('b.'))
    .sort();

describe('the search text', () => {
  it('matches a prefix of the first name, the last name, "first last", email, username, any case', async () => {
    expect(usernames(await search({ q: 'smith' }))).toEqual(['jsmith', 'jsmithson']);
    expect(usernames(await search({ q: 'SMITHS' }))).toEqual(['jsmithson']);
    expect(usernames(await search({ q: 'jan' }))).toEqual(['jsmithson']);
    expect(usernames(await search({ q: '  John   Smi ' }))).toEqual(['jsmith']);
    expect(usernames(await search({ q: 'Smith John' }))).toEqual(['jsmith']);
    expect(usernames(await search({ q: 'mary.johnson@bo' }))).toEqual(['mjohn']);
    expect(usernames(await search({ q: 'MJOHN' }))).toEqual(['mjohn']);
  });

  it('does not match inside a word: it is a prefix search', async () => {
    expect(usernames(await search({ q: 'mith' }))).toEqual([]);
    expect(usernames(await search({ q: 'acme.test' }))).toEqual([]);
  });

  it('matches phone digits whatever the separators, and an all-digit text also as the exact id', async () => {
    expect(usernames(await search({ q: '555 123' }))).toEqual(['jsmith']);
    expect(usernames(await search({ q: '2125550' }))).toEqual(['idle.one']);
    const target = await server.db
      .selectFrom('users')
      .select('id')
      .where('username', '=', 'emile')
      .executeTakeFirstOrThrow();
    expect((await search({ q: String(target.id) })).userItems.map((u) => u.username)).toContain('emile');
  });

  it('folds A–Z only, the same on both engines: accented capitals match as typed', async () => {
    expect(usernames(await search({ q: 'Émile' }))).toEqual(['emile']);
    expect(usernames(await search({ q: 'ÉMILE' }))).toEqual(['emile']);
    expect(usernames(await search({ q: 'ZOË Ém' }))).toEqual([]);
    expect(usernames(await search({ q: 'Zoë Ém' }))).toEqual(['emile']);
    expect(usernames(await search({ q: 'émile' }))).toEqual([]);
  });

  it('normalises text and bounds prefixes by code point', () => {
    expect(normaliseQuery('  Ann   MARIE ')).toBe('ann marie');
    expect(prefixUpperBound('abc')).toBe('abd');
    expect(prefixUpperBound('a\u{10FFFF}')).toBe('b');
    expect(prefixUpperBound('\uD7FF')).toBe('\uE000');
  });
});

describe('filters', () => {
  it('narrows by type, category, organization and active, and leaves deleted users out by default', async () => {
    expect(usernames(await search({ q: 'smith', user_type: 'customer' }))).toEqual(['jsmithson']);
    expect(usernames(await search({ q: 'm', user_category: 'ir' }))).toEqual(['mjohn']);
    expect(usernames(await search({ organization_id: String(orgB) }))).toEqual(['idle.one', 'mjohn']);
    expect(usernames(await search({ organization_id: String(orgB), active: 'false' }))).toEqual(['idle.one']);
    expect(usernames(await search({ q: 'gone' }))).toEqual([]);
  });

  it('shows deleted users only to holders of deleted_user, and refuses the filter to others', async () => {
    expect(usernames(await search({ q: 'gone', deleted: 'include' }))).toEqual(['old.deleted']);
    expect(usernames(await search({ q: 's', deleted: 'only' }))).toEqual(['old.deleted']);
    for (const deleted of ['include', 'only']) {
      const res = await plain.post('/user/search_user/', { deleted });
      expect(res.status).toBe(403);
      expect(await res.json()).toEqual({ status: false, msg: DELETED_REFUSAL });
    }
    expect((await search({ q: 'jsmith' }, plain)).total_users).toBe(2);
  });
});

/** Every row of a search, read page by page with next_cursor. */
async function walk(form: Record<string, string>): Promise<{ rows: UserRow[]; pages: SearchUsersReply[] }> {
  const pages: SearchUsersReply[] = [];
  let cursor = '';
  do {
    const page = await search({ ...form, cursor, with_total: pages.length === 0 ? 'true' : 'false' });
    pages.push(page);
    cursor = page.next_cursor ?? '';
  } while (cursor);
  return { rows: pages.flatMap((p) => p.userItems), pages };
}

const SORT_VALUE: Record<(typeof SORT_KEYS)[number], (u: UserRow) => string | number> = {
  id: (u) => u.id,
  name: (u) => `${u.last_name} ${u.first_name}`.replace(/[A-Z]/g, (c) => c.toLowerCase()),
  email: (u) => u.email,
  username: (u) => u.username,
  created: (u) => u.created_at,
  expiry: (u) =>
    u.expiry_dt === null
      ? Infinity
      : Date.UTC(+u.expiry_dt.slice(6), +u.expiry_dt.slice(0, 2) - 1, +u.expiry_dt.slice(3, 5)),
};
const byCodePoint = (a: string, b: string) => {
  const x = [...a].map((c) => c.codePointAt(0)!);
  const y = [...b].map((c) => c.codePointAt(0)!);
  for (let i = 0; i < Math.min(x.length, y.length); i++) if (x[i] !== y[i]) return x[i]! - y[i]!;
  return x.length - y.length;
};

describe('order and pages', () => {
  it.each(SORT_KEYS.flatMap((sort) => (['asc', 'desc'] as const).map((dir) => [sort, dir] as const)))(
    'walks every user once in %s %s order, forwards and back',
    async (sort, dir) => {
      const { rows, pages } = await walk({ sort, dir, page_size: '50' });
      const total = pages[0]!.total_users!;
      expect(rows).toHaveLength(total);
      expect(new Set(rows.map((r) => r.id)).size).toBe(total);
      const expected = [...rows].sort((a, b) => {
        const [x, y] = [SORT_VALUE[sort](a), SORT_VALUE[sort](b)];
        const c = typeof x === 'string' ? byCodePoint(x, y as string) : x === y ? 0 : x < (y as number) ? -1 : 1;
        return (c || a.id - b.id) * (dir === 'asc' ? 1 : -1);
      });
      expect(rows.map((r) => r.id)).toEqual(expected.map((r) => r.id));
      expect(pages[0]!.prev_cursor).toBeNull();
      expect(pages.at(-1)!.next_cursor).toBeNull();
      // Back from the last page with prev_cursor: the same pages, in reverse, to the first.
      let page = pages.at(-1)!;
      for (let i = pages.length - 2; i >= 0; i--) {
        page = await search({ sort, dir, page_size: '50', cursor: page.prev_cursor!, with_total: 'false' });
        expect(page.userItems.map((r) => r.id)).toEqual(pages[i]!.userItems.map((r) => r.id));
      }
      expect(page.prev_cursor).toBeNull();
    },
  );

  it.each([
    ['in id order', { sort: 'id', dir: 'desc' }],
    ['in name order', { sort: 'name', dir: 'asc' }],
    ['in expiry order with search text', { sort: 'expiry', dir: 'desc', q: 's' }],
  ] as const)('goes to the last page %s, and Previous from it meets the pages counted from page 1', async (_, form) => {
    const { pages } = await walk({ ...form, page_size: '20' });
    const first = pages[0]!;
    expect(first.last_page).toBe(pages.length);
    let page = await search({ ...form, page_size: '20', cursor: first.last_cursor!, with_total: 'false' });
    expect(page.userItems.map((r) => r.id)).toEqual(pages.at(-1)!.userItems.map((r) => r.id));
    expect(page.next_cursor).toBeNull();
    for (let i = pages.length - 2; i >= 0; i--) {
      page = await search({ ...form, page_size: '20', cursor: page.prev_cursor!, with_total: 'false' });
      expect(page.userItems.map((r) => r.id)).toEqual(pages[i]!.userItems.map((r) => r.id));
    }
    expect(page.prev_cursor).toBeNull();
  });

  it('offers no last page where the total is not counted, or nothing matches', async () => {
    const first = await search({ page_size: '20' });
    const second = await search({ page_size: '20', cursor: first.next_cursor!, with_total: 'false' });
    expect(second.last_cursor).toBeUndefined();
    expect((await search({ q: 'nobody-at-all', page_size: '20' })).last_cursor).toBeUndefined();
  });

  it('keeps pages of the page size, and leaves the total out when asked', async () => {
    const first = await search({ page_size: '20' });
    expect(first).toMatchObject({ count: 20, prev_cursor: null });
    expect(first.userItems).toHaveLength(20);
    const second = await search({ page_size: '20', cursor: first.next_cursor!, with_total: 'false' });
    expect(second.total_users).toBeNull();
    expect(second.userItems[0]!.id).toBeLessThan(first.userItems[19]!.id);
  });

  it('refuses a cursor from another search, or one that is not a cursor, with 400', async () => {
    const first = await search({ q: 's', page_size: '20' });
    for (const form of [
      { q: 't', cursor: first.next_cursor! } as Record<string, string>,
      { q: 's', sort: 'name', cursor: first.next_cursor! },
      { cursor: 'bm90IGEgY3Vyc29y' },
      { cursor: '%%%' },
    ]) {
      const res = await admin.post('/user/search_user/', form);
      expect(res.status).toBe(400);
      expect((await res.json()).msg).toMatch(/cursor/);
    }
  });

  it('refuses page sizes other than 20, 50 and 100', async () => {
    expect((await admin.post('/user/search_user/', { page_size: '1000' })).status).toBe(400);
  });
});

describe('the total', () => {
  const actual = async (filter: Partial<UserFilter>) => {
    let q = server.db.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('n'));
    if (filter.user_type) q = q.where('user_type', '=', filter.user_type);
    if (filter.active) q = q.where('active', '=', filter.active === 'true' ? 1 : 0);
    if (filter.deleted !== 'include') q = q.where('deleted', '=', filter.deleted === 'only' ? 1 : 0);
    return Number((await q.executeTakeFirstOrThrow()).n);
  };
  const full = userFilter;

  it('stays exact through inserts, updates and deletes of users', async () => {
    const filters: Partial<UserFilter>[] = [
      {},
      { user_type: 'customer' },
      { active: 'false' },
      { deleted: 'only' },
      { deleted: 'include', user_type: 'trial' },
    ];
    const check = async () => {
      for (const f of filters) expect(await countUsers(server.db, full(f)), JSON.stringify(f)).toBe(await actual(f));
    };
    await check();
    await server.db
      .updateTable('users')
      .set({ user_type: 'customer', active: 0 })
      .where('username', 'like', 'b.%')
      .where('id', '<', 60)
      .execute();
    await server.db.updateTable('users').set({ first_name: 'Renamed' }).where('username', '=', 'jsmith').execute();
    await server.db.updateTable('users').set({ deleted: 1 }).where('username', '=', 'nobody').execute();
    await check();
    const added = await server.db
      .insertInto('users')
      .values(
        userRow({
          username: 'temp.one',
          email: 'temp@acme.test',
          first_name: 'T',
          last_name: 'T',
          organization_id: orgA,
          created_at: T0,
        }),
      )
      .returning('id')
      .executeTakeFirstOrThrow();
    await check();
    await server.db.deleteFrom('users').where('id', '=', added.id).execute();
    await server.db
      .updateTable('users')
      .set({ first_name: 'John', deleted: 0 })
      .where('username', 'in', ['jsmith', 'nobody'])
      .execute();
    await check();
  });

  it('counts the search text and the organization on the rows themselves', async () => {
    expect((await search({ q: 'jsmith' })).total_users).toBe(2);
    expect((await search({ organization_id: String(orgA), q: 'j' })).total_users).toBe(2);
  });
});

describe('query plans', () => {
  const full = (f: Record<string, string>): UserFilter => userFilter(f as Partial<UserFilter>);

  /**
   * The plan of one page's query. PostgreSQL plans from statistics, and its tables here are tiny:
   * sequential scans (and, for an order, sorts) are priced out, so the plan shows which index can
   * serve the query — the expressions matching is what this proves.
   */
  async function plan(
    form: Record<string, string>,
    sort: SortKey = 'id',
    noSort = false,
    walk = false,
  ): Promise<string> {
    const { db } = server;
    const postgres = engineOf(db) === 'postgres';
    const compiled = pageQuery(db, full(form), { sort, dir: 'desc' }, 20, null, { walk }).compile();
    return db.connection().execute(async (conn) => {
      if (postgres) await sql`set enable_seqscan = off`.execute(conn);
      if (postgres && noSort) await sql`set enable_sort = off`.execute(conn);
      try {
        const { rows } = await conn.executeQuery<Record<string, unknown>>(
          CompiledQuery.raw(`${postgres ? 'explain' : 'explain query plan'} ${compiled.sql}`, [...compiled.parameters]),
        );
        return rows.map((r) => String(r['QUERY PLAN'] ?? r['detail'])).join('\n');
      } finally {
        if (postgres) await sql`reset all`.execute(conn);
      }
    });
  }

  // Both engines read email and username through migration 010's indexes, which carry the filters.
  const emailIndex = (): string => 'users_search_email_idx';
  const usernameIndex = (): string => 'users_search_username_idx';

  it('keeps to the prefix indexes with a type filter too, in any order (SQLite: no statistics to go by)', async () => {
    if (engineOf(server.db) !== 'sqlite') return;
    for (const sort of ['id', 'name'] as const) {
      const text = await plan({ q: 'smith', user_type: 'trial' }, sort);
      expect(text).toContain('users_search_first_last_idx');
      expect(text).not.toContain('users_type_idx');
    }
  });

  it('answers the search text from the prefix indexes', async () => {
    const text = await plan({ q: 'smith' });
    for (const index of ['users_search_first_last_idx', 'users_search_last_first_idx', emailIndex(), usernameIndex()]) {
      expect(text).toContain(index);
    }
    expect(await plan({ q: '555 12' })).toContain('users_search_phone_idx');
  });

  it.each([
    ['name', (): string => 'users_search_last_first_idx'],
    ['email', emailIndex],
    ['username', usernameIndex],
    ['created', (): string => 'users_sort_created_idx'],
    ['expiry', (): string => 'users_sort_expiry_idx'],
  ] as const)('reads the %s order from its index', async (sort, index) => {
    expect(await plan({}, sort, true)).toContain(index());
    expect(await plan({ user_type: 'trial', active: 'true' }, sort, true)).toContain(index());
  });

  it('walks the sort index instead, on SQLite, for an export of a search matching many users', async () => {
    if (engineOf(server.db) !== 'sqlite') return;
    const text = await plan({ q: 'smith' }, 'name', false, true);
    expect(text).toContain('users_search_last_first_idx');
    expect(text).not.toContain('MULTI-INDEX OR');
    expect(text).not.toContain('TEMP B-TREE');
  });
});
