// Group Management's bounded replies (decision 104): fetch_group/ carries each group's first page
// of members and of the users in no group, with their counts and next cursors; fetch_group_members/
// the pages after it, by keyset on (first name, last name, id). A large organization's reply stays
// small; a walk to the end meets each person once, whatever is added or removed meanwhile; the
// filter is the server's; a bad cursor or another organization's group is a 400. On SQLite and,
// with TEST_DATABASE_URL, PostgreSQL.
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FEATURE_KEYS } from '../../src/domain/features';
import { BadRequestReply } from '../../src/domain/field-errors';
import {
  FetchGroupMembersReply,
  FetchGroupReply,
  GROUP_MEMBERS_PAGE,
  GroupReply,
  NO_GROUP,
} from '../../src/domain/groups';
import { insertOrganization, userRow } from '../support/factories';
import { createTestServer, type TestServer } from '../support/server';
import type { Browser } from './support/browser';
import { signIn } from './support/sign-in';

let server: TestServer;
let admin: Browser;
let counter = 0;

/** A 5,000-person organization's fetch_group/ reply stays under this many bytes (its six lists of 50). */
const LARGE_REPLY_BYTES = 40_000;

beforeAll(async () => {
  server = await createTestServer();
  admin = await signIn(
    server,
    await server.createStaff({ username: 'pager', features: [...FEATURE_KEYS], activated: true }),
  );
});
afterAll(async () => {
  await server.close();
});

/** `n` live users of the organization, first names from `firsts` in turn; their ids. */
async function people(n: number, org: number, firsts: readonly string[] = ['Gus']): Promise<number[]> {
  const ids: number[] = [];
  for (let start = 0; start < n; start += 500) {
    const rows = Array.from({ length: Math.min(500, n - start) }, (_, i) => {
      const k = ++counter;
      return userRow({
        username: `page.user${k}`,
        email: `page${k}@paging-org.example`,
        first_name: firsts[(start + i) % firsts.length]!,
        last_name: `Person${String(k).padStart(5, '0')}`,
        organization_id: org,
      });
    });
    ids.push(...(await server.db.insertInto('users').values(rows).returning('id').execute()).map((r) => r.id));
  }
  return ids;
}

async function call(path: string, form: Record<string, string | number>) {
  const res = await admin.post(path, Object.fromEntries(Object.entries(form).map(([k, x]) => [k, String(x)])));
  const text = await res.text();
  return { status: res.status, text, body: JSON.parse(text) as unknown };
}

async function group(org: number, name: string): Promise<number> {
  const { status, body } = await call('/user/add_group_new/', { organization_id: org, name });
  expect(status).toBe(200);
  return v.parse(GroupReply, body).group.id;
}

async function join(groupId: number, userIds: readonly number[]): Promise<void> {
  for (let i = 0; i < userIds.length; i += 500)
    await server.db
      .insertInto('group_members')
      .values(userIds.slice(i, i + 500).map((user_id) => ({ group_id: groupId, user_id })))
      .execute();
}

const leave = (groupId: number, userIds: readonly number[]) =>
  server.db
    .deleteFrom('group_members')
    .where('group_id', '=', groupId)
    .where('user_id', 'in', [...userIds])
    .execute();

async function fetchGroup(org: number, q = '') {
  const { status, text, body } = await call('/user/fetch_group/', { organization_id: org, q });
  expect(status, text).toBe(200);
  return { bytes: Buffer.byteLength(text, 'utf8'), reply: v.parse(FetchGroupReply, body) };
}

async function page(org: number, list: number | typeof NO_GROUP, cursor: string, q = '') {
  const { status, text, body } = await call('/user/fetch_group_members/', {
    organization_id: org,
    group_id: list,
    cursor,
    q,
  });
  expect(status, text).toBe(200);
  return v.parse(FetchGroupMembersReply, body);
}

/**
 * Every id of one list from fetch_group/'s first page to the end, `between` run after each page;
 * fails if a page holds more than a page's worth.
 */
async function walk(
  org: number,
  list: number | typeof NO_GROUP,
  q = '',
  between: (pageNo: number) => Promise<void> = async () => {},
): Promise<number[]> {
  const { reply } = await fetchGroup(org, q);
  const first =
    list === NO_GROUP
      ? { members: reply.nonGroupUsers, next: reply.nonGroupUsersNext ?? null }
      : (() => {
          const g = reply.groupItems.find((x) => x.id === list)!;
          return { members: g.members, next: g.members_next ?? null };
        })();
  const ids = first.members.map((m) => m.id);
  let next = first.next;
  for (let n = 1; next !== null; n++) {
    await between(n);
    const p = await page(org, list, next, q);
    expect(p.members.length).toBeLessThanOrEqual(GROUP_MEMBERS_PAGE);
    ids.push(...p.members.map((m) => m.id));
    next = p.next;
  }
  return ids;
}

const refused = (body: unknown) => v.parse(BadRequestReply, body);

describe('fetch_group/ of a large organization', () => {
  it("stays under a fixed size: each group's first page, its count and cursor, and the same of the users in no group", async () => {
    const org = await insertOrganization(server.db, { name: 'Paging Large Org' });
    const everyone = await people(5_000, org, ['Ann', 'Bob', 'Cy', 'Dee', 'Eve']);
    const all = await group(org, 'Everyone');
    await join(all, everyone.slice(0, 4_000));
    const small = await group(org, 'Desk');
    await join(small, everyone.slice(0, 30));
    for (const name of ['Analysts', 'Sales', 'Traders']) await join(await group(org, name), everyone.slice(100, 700));

    const { bytes, reply } = await fetchGroup(org);
    expect(bytes).toBeLessThan(LARGE_REPLY_BYTES);
    expect(reply.groupItems.map((g) => [g.name, g.members.length, g.members_count, g.members_next !== null])).toEqual([
      ['Analysts', 50, 600, true],
      ['Desk', 30, 30, false],
      ['Everyone', 50, 4_000, true],
      ['Sales', 50, 600, true],
      ['Traders', 50, 600, true],
    ]);
    expect([reply.nonGroupUsers.length, reply.nonGroupUsersCount, reply.nonGroupUsersNext !== null]).toEqual([
      50,
      1_000,
      true,
    ]);

    // Paged to the end, the largest group and the users in no group each hold every one of theirs once.
    const members = await walk(org, all);
    expect(members).toHaveLength(4_000);
    expect(new Set(members)).toEqual(new Set(everyone.slice(0, 4_000)));
    const none = await walk(org, NO_GROUP);
    expect(new Set(none)).toEqual(new Set(everyone.slice(4_000)));
    expect(none).toHaveLength(1_000);
  });
});

describe('fetch_group_members/', () => {
  it('walks a group and the users in no group in name order, each person once while people come and go', async () => {
    const org = await insertOrganization(server.db, { name: 'Paging Moving Org' });
    const staying = await people(140, org, ['Kim', 'Lou', 'Max']);
    const g = await group(org, 'Moving');
    await join(g, staying);
    const laterIds: number[] = [];
    const gone: number[] = [];
    const ids = await walk(org, g, '', async (n) => {
      if (n !== 1) return;
      // Between pages: one joins before the cursor (name Aaron), one after it (Zed); two not yet read leave.
      const [early, late] = [...(await people(1, org, ['Aaron'])), ...(await people(1, org, ['Zed']))];
      await join(g, [early!, late!]);
      laterIds.push(late!);
      const unread = await server.db
        .selectFrom('users')
        .select('id')
        .where('id', 'in', staying)
        .where('first_name', '=', 'Max')
        .orderBy('last_name', 'desc')
        .limit(2)
        .execute();
      gone.push(...unread.map((r) => r.id));
      await leave(g, gone);
    });
    expect(new Set(ids).size).toBe(ids.length);
    const expected = [...staying.filter((id) => !gone.includes(id)), ...laterIds];
    expect(new Set(ids)).toEqual(new Set(expected));
    // A walk goes in name order: first name, last name, id.
    const inOrder = await server.db
      .selectFrom('group_members')
      .innerJoin('users', 'users.id', 'group_members.user_id')
      .select('users.id')
      .where('group_members.group_id', '=', g)
      .orderBy('users.first_name')
      .orderBy('users.last_name')
      .orderBy('users.id')
      .execute();
    expect(await walk(org, g)).toEqual(inOrder.map((r) => r.id));

    // The users in no group: those who left Moving and 120 more; between pages the last of them joins Moving.
    const loose = await people(120, org, ['Nia']);
    const none = await walk(org, NO_GROUP, '', async (n) => {
      if (n === 1) await join(g, loose.slice(-1));
    });
    expect(new Set(none).size).toBe(none.length);
    expect(new Set(none)).toEqual(new Set([...gone, ...loose.slice(0, -1)]));
  });

  it('pages what the filter matches: name, email or username, whatever the case', async () => {
    const org = await insertOrganization(server.db, { name: 'Paging Filter Org' });
    const ids = await people(130, org, ['Zora', 'Yan']);
    const g = await group(org, 'Filtered');
    await join(g, ids);
    const zoras = ids.filter((_, i) => i % 2 === 0);
    const { reply } = await fetchGroup(org, 'zORA');
    expect(reply.groupItems[0]).toMatchObject({ members_count: 65 });
    const found = await walk(org, g, 'zORA');
    expect(found).toHaveLength(65);
    expect(new Set(found)).toEqual(new Set(zoras));
    // By email and username too; a % is a character, not a wildcard.
    expect((await page(org, g, '', `page${counter}@`)).members.map((m) => m.id)).toEqual([ids.at(-1)]);
    expect((await page(org, g, '', '%')).count).toBe(0);
    // The users in no group of this organization: none.
    expect(await walk(org, NO_GROUP, 'zora')).toEqual([]);
  });

  it('refuses a bad cursor, one of another list or filter, and another organization’s group with a 400', async () => {
    const org = await insertOrganization(server.db, { name: 'Paging Refusal Org' });
    const other = await insertOrganization(server.db, { name: 'Paging Other Org' });
    const ids = await people(60, org);
    const g = await group(org, 'Refusals');
    const h = await group(org, 'Others');
    await join(g, ids);
    const foreign = await group(other, 'Foreign');
    const { reply } = await fetchGroup(org);
    const cursor = reply.groupItems.find((x) => x.id === g)!.members_next!;
    expect(cursor).toEqual(expect.any(String));

    const send = (form: Record<string, string | number>) =>
      call('/user/fetch_group_members/', { organization_id: org, group_id: g, cursor: '', ...form });
    const cases: [Record<string, string | number>, string][] = [
      [{ cursor: 'not-a-cursor' }, 'cursor'],
      [{ cursor: Buffer.from('["a"]').toString('base64url') }, 'cursor'],
      [{ cursor: Buffer.from('["a\\u0000","b",1,"1",""]').toString('base64url') }, 'cursor'],
      [{ cursor, group_id: h }, 'cursor'],
      [{ cursor, group_id: NO_GROUP }, 'cursor'],
      [{ cursor, q: 'gus' }, 'cursor'],
      [{ group_id: foreign }, 'group_id'],
      [{ group_id: 'abc' }, 'group_id'],
      [{ group_id: 99_999_999 }, 'group_id'],
      [{ organization_id: 'x' }, 'organization_id'],
      [{ organization_id: 99_999_999 }, 'organization_id'],
      [{ cursor: 'x'.repeat(2_000) }, 'cursor'],
    ];
    for (const [form, field] of cases) {
      const res = await send(form);
      expect(res.status, JSON.stringify(form)).toBe(400);
      expect(Object.keys(refused(res.body).fields), JSON.stringify(form)).toContain(field);
    }
    // The cursor goes on in its own list.
    expect((await send({ cursor })).status).toBe(200);
  });
});
