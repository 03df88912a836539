// A search page as one bounded query per kind of match, merged (decision 043): paging through a
// broad search visits every matching user exactly once, in order, both ways, with filters, in
// every order, whether each kind is gathered from its prefix index or walked along the sort
// index; the query plans read index ranges only (no sort over every match); the total is capped.
// On the engine the suite runs on (SQLite, or PostgreSQL under npm run test:pg).
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engineOf } from '../../server/db/connect';
import type { NewUser } from '../../server/db/schema';
import * as migration010 from '../../server/db/migrations/2026_11_24_010_user_search_covering';
import { countKinds, readSearchPage, searchPageQueries } from '../../server/users/search-kinds';
import { foldAscii } from '../../server/db/prefix-match';
import { type Position } from '../../server/users/search';
import { SORT_KEYS, type SortKey } from '../../src/domain/user-kinds';
import { TOTAL_CAP, userFilter, type SearchUsersReply, type UserFilter, type UserRow } from '../../src/domain/users';
import { seedBenchUsers } from '../../bench/user-data';
import { userRow } from '../support/factories';
import { createTestServer, type TestServer } from '../support/server';
import type { Browser } from './support/browser';
import { signIn } from './support/sign-in';
import { explain } from './support/query-plans';
import { FEATURE_KEYS } from '../../src/domain/features';

let server: TestServer;
let admin: Browser;

beforeAll(async () => {
  server = await createTestServer();
  await seedBenchUsers(server.db, { users: 700, orgs: 3 });
  admin = await signIn(
    server,
    await server.createStaff({ username: 'searcher', features: [...FEATURE_KEYS], activated: true }),
  );
}, 60_000);
afterAll(async () => {
  await server.close();
});

const filterOf = userFilter;

interface Full {
  row: UserRow;
  phone: string | null;
  expiry: number | null;
}

/** Every user with what the search and orders read, straight from the table. */
async function everyone(): Promise<Full[]> {
  const rows = await server.db.selectFrom('users').selectAll().execute();
  return rows.map((r) => ({
    row: {
      id: Number(r.id),
      username: r.username,
      email: r.email,
      first_name: r.first_name,
      last_name: r.last_name,
    } as UserRow,
    phone: r.phone,
    expiry: r.expiry_dt === null ? null : Number(r.expiry_dt),
    ...{ user_type: r.user_type, active: r.active, deleted: r.deleted, created: Number(r.created_at) },
  })) as Full[];
}

const byCodePoint = (a: string, b: string) => Buffer.compare(Buffer.from(a), Buffer.from(b));

/** The users a search must list, in its order: written from the rule, not from the queries. */
function expected(all: Full[], filter: UserFilter, sort: SortKey, dir: 'asc' | 'desc'): number[] {
  const text = foldAscii(filter.q.trim().replace(/\s+/g, ' '));
  const digits = text.replace(/[ .-]/g, '');
  const matches = (u: Full & Record<string, unknown>) => {
    const r = u.row;
    const keys = [`${r.first_name} ${r.last_name}`, `${r.last_name} ${r.first_name}`, r.email, r.username].map(
      foldAscii,
    );
    const phone = (u.phone ?? '').replace(/[ .-]/g, '');
    return (
      keys.some((k) => k.startsWith(text)) ||
      (/^\d{3,}$/.test(digits) && u.phone !== null && phone.startsWith(digits)) ||
      (/^\d{1,15}$/.test(text) && r.id === Number(text))
    );
  };
  const value = (u: Full & Record<string, unknown>): string | number => {
    const r = u.row;
    switch (sort) {
      case 'id':
        return r.id;
      case 'name':
        return foldAscii(`${r.last_name} ${r.first_name}`);
      case 'email':
        return foldAscii(r.email);
      case 'username':
        return foldAscii(r.username);
      case 'created':
        return u['created'] as number;
      case 'expiry':
        return u.expiry ?? 253402300799999;
    }
  };
  return (all as (Full & Record<string, unknown>)[])
    .filter(
      (u) =>
        matches(u) &&
        u['deleted'] === 0 &&
        (filter.user_type === '' || u['user_type'] === filter.user_type) &&
        (filter.active === '' || u['active'] === (filter.active === 'true' ? 1 : 0)),
    )
    .sort((a, b) => {
      const [x, y] = [value(a), value(b)];
      const c = typeof x === 'string' ? byCodePoint(x, y as string) : (x as number) - (y as number);
      return (c || a.row.id - b.row.id) * (dir === 'asc' ? 1 : -1);
    })
    .map((u) => u.row.id);
}

describe('paging through a broad search', () => {
  const SEARCHES: Partial<UserFilter>[] = [
    { q: 'ma' },
    { q: 'j', user_type: 'trial' },
    { q: 'b.', active: 'true' },
    { q: 's' },
  ];
  const cases = SEARCHES.flatMap((f) =>
    SORT_KEYS.flatMap((sort) =>
      (['asc', 'desc'] as const).flatMap((dir) =>
        [2, 100_000].map((walkAt) => [JSON.stringify(f), sort, dir, walkAt] as const),
      ),
    ),
  );

  it.each(cases)(
    '%s by %s %s (walk past %i matches) visits every match once, in order, and back',
    async (form, sort, dir, walkAt) => {
      const filter = filterOf(JSON.parse(form) as Partial<UserFilter>);
      const order = { sort, dir };
      const want = expected(await everyone(), filter, sort, dir);
      expect(want.length).toBeGreaterThan(20);
      const pages: number[][] = [];
      let at: Position | null = null;
      let first = true;
      for (;;) {
        const page = await readSearchPage(server.db, filter, order, 20, at, { withTotal: first, walkAt });
        if (first) expect(page.total).toBe(want.length);
        first = false;
        pages.push(page.rows.map((r) => r.id));
        if (!page.next) break;
        at = page.next;
      }
      expect(pages.flat()).toEqual(want);
      // Back from each page with its prev position: the page before it, to the first.
      const prevs: (Position | null)[] = [];
      let cursor: Position | null = null;
      for (let i = 0; i < pages.length; i++) {
        const p = await readSearchPage(server.db, filter, order, 20, cursor, { walkAt });
        prevs.push(p.prev);
        cursor = p.next;
      }
      expect(prevs[0]).toBeNull();
      for (let i = pages.length - 1; i >= 1; i--) {
        const p = await readSearchPage(server.db, filter, order, 20, prevs[i]!, { walkAt });
        expect(p.rows.map((r) => r.id)).toEqual(pages[i - 1]);
        if (i === 1) expect(p.prev).toBeNull();
      }
    },
  );

  it('answers the same pages over HTTP, with the total and whether it was capped', async () => {
    const all = await everyone();
    const want = expected(all, filterOf({ q: 'ma' }), 'name', 'asc');
    const seen: number[] = [];
    let cursor = '';
    let firstReply: SearchUsersReply | null = null;
    do {
      const res = await admin.post('/user/search_user/', {
        q: 'ma',
        sort: 'name',
        dir: 'asc',
        cursor,
        with_total: cursor ? 'false' : 'true',
      });
      expect(res.status).toBe(200);
      const reply = (await res.json()) as SearchUsersReply;
      firstReply ??= reply;
      seen.push(...reply.userItems.map((u) => u.id));
      cursor = reply.next_cursor ?? '';
    } while (cursor);
    expect(seen).toEqual(want);
    expect(firstReply).toMatchObject({ total_users: want.length, total_capped: false });
  });
});

/**
 * PostgreSQL chooses by its statistics between the two bounded plans: the prefix index alone
 * (filters and sort key read from it), or an index in the page's order walked up to the limit
 * (no sort). What it must not do is fetch every match from the table to sort it.
 */
const boundedOnPostgres = (plan: string) =>
  !/BitmapOr|Bitmap Heap/.test(plan) && (/Index Only Scan using users_search_/.test(plan) || !/Sort Key/.test(plan));

describe('query plans', () => {
  /** The plans of a search page's queries, each as one text. */
  async function plans(filter: UserFilter, sort: SortKey, walkAt?: number): Promise<string[]> {
    const { db } = server;
    const postgres = engineOf(db) === 'postgres';
    // PostgreSQL plans from statistics, as a deployment's autovacuum keeps them.
    if (postgres) await sql`analyze users`.execute(db);
    const counts = await countKinds(db, filter, sort, TOTAL_CAP);
    const { queries } = searchPageQueries(db, filter, { sort, dir: 'desc' }, 20, null, counts, walkAt);
    return explain(
      db,
      queries.map((q) => q.compile()),
    );
  }

  it('reads each kind from its prefix index alone, filters included, and in the name order without a sort', async () => {
    const postgres = engineOf(server.db) === 'postgres';
    const found = await plans(filterOf({ q: 'smith', user_type: 'trial', active: 'true' }), 'name');
    expect(found.length).toBeGreaterThan(0);
    for (const text of found) {
      expect(text).not.toMatch(/MULTI-INDEX OR|BitmapOr/);
      if (postgres) expect(boundedOnPostgres(text), text).toBe(true);
      else expect(text).toMatch(/USING COVERING INDEX users_search_/);
    }
    // The last-first kind reads in the name order: no sort of its matches at all.
    const ownOrder = found.find((t) => t.includes('users_search_last_first_idx'))!;
    expect(ownOrder).toBeDefined();
    expect(ownOrder).not.toMatch(/TEMP B-TREE|Sort/);
  });

  it.each(['id', 'created', 'expiry'] as const)(
    'gathers a kind in the %s order from its prefix index alone',
    async (sort) => {
      const postgres = engineOf(server.db) === 'postgres';
      for (const text of await plans(filterOf({ q: 'ma', active: 'true' }), sort)) {
        expect(text).not.toMatch(/MULTI-INDEX OR|BitmapOr/);
        if (postgres) expect(boundedOnPostgres(text), text).toBe(true);
        else expect(text).toMatch(/USING COVERING INDEX users_search_/);
      }
    },
  );

  it('walks the sort index for a kind matching many, with no sort of its matches', async () => {
    const found = await plans(filterOf({ q: 'b.' }), 'created', 2);
    expect(found).toHaveLength(1);
    if (engineOf(server.db) === 'postgres') expect(boundedOnPostgres(found[0]!), found[0]).toBe(true);
    else expect(found[0]).toContain('users_sort_created_idx');
    expect(found[0]).not.toMatch(/TEMP B-TREE/);
  });
});

describe('the capped total', () => {
  it('counts exactly up to the cap and says "more than" past it', async () => {
    // TOTAL_CAP + 1 more users, all matching "capped" as a last name; the cap is real, not a test setting.
    const { db } = server;
    const row = (i: number): NewUser =>
      userRow({
        username: `cap.${i}`,
        email: `cap${i}@cap.test`,
        first_name: 'Cap',
        last_name: `Capped${i % 7}`,
      });
    for (let i = 0; i < TOTAL_CAP + 1; i += 1000) {
      await db
        .insertInto('users')
        .values(Array.from({ length: Math.min(1000, TOTAL_CAP + 1 - i) }, (_, k) => row(i + k)))
        .execute();
    }
    const capped = (await (await admin.post('/user/search_user/', { q: 'capped' })).json()) as SearchUsersReply;
    expect(capped).toMatchObject({ total_users: TOTAL_CAP + 1, total_capped: true, count: 20 });
    const exact = (await (await admin.post('/user/search_user/', { q: 'capped3' })).json()) as SearchUsersReply;
    const n = Number(
      (
        await db
          .selectFrom('users')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('last_name', '=', 'Capped3')
          .executeTakeFirstOrThrow()
      ).n,
    );
    expect(exact).toMatchObject({ total_users: n, total_capped: false });
    // "cap" also matches every email and username: counted once each.
    const both = (await (
      await admin.post('/user/search_user/', { q: 'cap', user_type: 'customer' })
    ).json()) as SearchUsersReply;
    expect(both.total_capped).toBe(false);
    await db.deleteFrom('users').where('username', 'like', 'cap.%').execute();
  }, 60_000);
});

describe('migration 010', () => {
  it('is reversible: down restores the narrower indexes, up makes them covering again', async () => {
    const { db } = server;
    const postgres = engineOf(db) === 'postgres';
    const definition = async (name: string): Promise<string> => {
      const { rows } = postgres
        ? await sql<{ d: string }>`select indexdef as d from pg_indexes where indexname = ${name}`.execute(db)
        : await sql<{ d: string }>`select sql as d from sqlite_master where type = 'index' and name = ${name}`.execute(
            db,
          );
      return rows[0]?.d ?? '';
    };
    expect(await definition('users_search_first_last_idx')).toMatch(/organization_id/);
    await migration010.down(db);
    expect(await definition('users_search_first_last_idx')).not.toMatch(/organization_id/);
    if (postgres) expect(await definition('users_search_email_idx')).toMatch(/lower/);
    else expect(await definition('users_search_email_idx')).toBe('');
    await migration010.up(db);
    expect(await definition('users_sort_created_idx')).toMatch(/organization_id/);
    expect(await definition('users_search_email_idx')).toMatch(/organization_id/);
  });
});
