// Segments (decision 046): saved user-list queries listed with their member counts (the same
// totals the user list shows, capped with search text), created, renamed from the version they
// started from (a save in between is stale, 409), deleted, and tags applied to every member
// through the one assignment path, with its audit. On SQLite and, with TEST_DATABASE_URL, PostgreSQL.
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FEATURE_KEYS } from '../../src/domain/features';
import { BadRequestReply } from '../../src/domain/field-errors';
import {
  AssignSegmentTagsReply,
  ListSegmentsReply,
  SegmentReply,
  StaleSegmentReply,
  type Segment,
  type SegmentQuery,
} from '../../src/domain/segments';
import { SearchUsersReply, TOTAL_CAP } from '../../src/domain/users';
import { assignSegmentTags } from '../../server/segments/assign';
import { memberIds } from '../../server/segments/members';
import { insertOrganization, userRow } from '../support/factories';
import { createTestServer, type TestServer } from '../support/server';
import type { Browser } from './support/browser';
import { signIn } from './support/sign-in';

let server: TestServer;
let admin: Browser;
let orgA: number;
let orgB: number;
let counter = 0;

const PLAIN: SegmentQuery = {
  q: '',
  user_type: '',
  user_category: '',
  organization_id: '',
  active: '',
  deleted: 'exclude',
  sort: 'id',
  dir: 'desc',
  org_name: '',
};

interface Person {
  first?: string;
  last?: string;
  org?: number;
  type?: string;
  category?: string;
  active?: boolean;
  deleted?: boolean;
}

async function people(list: Person[]): Promise<number[]> {
  const rows = list.map((p) => {
    const n = ++counter;
    return userRow({
      username: `seg.user${n}`,
      email: `seg${n}@segment-org.example`,
      first_name: p.first ?? 'Sam',
      last_name: p.last ?? `Member${n}`,
      organization_id: p.org ?? orgA,
      user_type: p.type ?? 'trial',
      user_category: p.category ?? 'general',
      active: p.active === false ? 0 : 1,
      deleted: p.deleted ? 1 : 0,
    });
  });
  const ids: number[] = [];
  for (let i = 0; i < rows.length; i += 200) {
    ids.push(
      ...(
        await server.db
          .insertInto('users')
          .values(rows.slice(i, i + 200))
          .returning('id')
          .execute()
      ).map((r) => r.id),
    );
  }
  return ids;
}

async function newTag(name: string): Promise<number> {
  const reply = await admin.postJson<{ status: boolean; tag: { id: number } }>('/user/update_user_tags/', {
    action: 'create',
    name,
  });
  return reply.tag.id;
}

beforeAll(async () => {
  server = await createTestServer();
  orgA = await insertOrganization(server.db, { name: 'Segment Org A' });
  orgB = await insertOrganization(server.db, { name: 'Segment Org B' });
  admin = await signIn(
    server,
    await server.createStaff({ username: 'segmenter', features: [...FEATURE_KEYS], activated: true }),
  );
});
afterAll(async () => {
  await server.close();
});

const form = (name: string, query: Partial<SegmentQuery> | string = {}, description = '') => ({
  name,
  description,
  query: typeof query === 'string' ? query : JSON.stringify({ ...PLAIN, ...query }),
});

async function create(name: string, query: Partial<SegmentQuery> | string = {}, description = '') {
  const res = await admin.post('/segments/', form(name, query, description));
  return { status: res.status, body: (await res.json()) as unknown };
}

async function created(name: string, query: Partial<SegmentQuery> = {}): Promise<Segment> {
  const { status, body } = await create(name, query);
  expect(status).toBe(200);
  return v.parse(SegmentReply, body).segment;
}

async function update(fields: Record<string, string>) {
  const res = await admin.send('PUT', '/segments/', { form: fields });
  return { status: res.status, body: (await res.json()) as unknown };
}

async function list(params: Record<string, string> = {}, b = admin) {
  const res = await b.send('GET', `/segments/?${new URLSearchParams(params)}`);
  return { status: res.status, body: (await res.json()) as unknown };
}

async function listed(params: Record<string, string> = {}): Promise<ListSegmentsReply> {
  const { status, body } = await list(params);
  expect(status).toBe(200);
  return v.parse(ListSegmentsReply, body);
}

const refusal = (body: unknown) => v.parse(BadRequestReply, body);
const auditRows = async (fragment: string) =>
  (await server.db.selectFrom('audit_log').selectAll().orderBy('id').execute()).filter((r) =>
    r.action.includes(fragment),
  );

describe('create, list, rename, delete', () => {
  it('saves a query under a name, answers it with its member count, lists it and audits it', async () => {
    await people([
      { type: 'journalist', last: 'Writer' },
      { type: 'journalist', last: 'Writer' },
      { type: 'journalist', deleted: true },
    ]);
    const segment = await created('  Press desk ', {
      user_type: 'journalist',
      organization_id: orgA,
      org_name: 'Segment Org A',
      sort: 'name',
      dir: 'asc',
    });
    expect(segment).toMatchObject({
      name: 'Press desk',
      description: '',
      member_count: 2,
      member_count_capped: false,
      created_by: 'segmenter',
      updated_by: 'segmenter',
      version: 1,
      query: {
        user_type: 'journalist',
        organization_id: orgA,
        org_name: 'Segment Org A',
        sort: 'name',
        dir: 'asc',
        deleted: 'exclude',
      },
    });
    const page = await listed({ q: 'press' });
    expect(page).toMatchObject({ total: 1, page: 1, page_size: 20 });
    expect(page.segments).toEqual([segment]);
    const [row] = await auditRows(`segment created: Press desk (#${segment.id})`);
    expect(row).toMatchObject({ category: 'user', author: 'segmenter', success: 1 });
    expect(JSON.parse(row!.current_data!)).toMatchObject({ name: 'Press desk', query: { user_type: 'journalist' } });
  });

  it('lists by name a page at a time, and finds names holding the text (taken literally)', async () => {
    for (const name of ['Paging 3', 'paging 1', 'Paging 2', 'Paging 100% done', 'Paging_x']) await created(name);
    const first = await listed({ q: 'PAGING', page_size: '20' });
    expect(first.segments.map((s) => s.name)).toEqual([
      'paging 1',
      'Paging 100% done',
      'Paging 2',
      'Paging 3',
      'Paging_x',
    ]);
    expect((await listed({ q: '100%' })).segments.map((s) => s.name)).toEqual(['Paging 100% done']);
    expect((await listed({ q: 'g_' })).segments.map((s) => s.name)).toEqual(['Paging_x']);
    const all = await listed({ page: '1' });
    const second = await listed({ page: '2', page_size: '20' });
    expect(all.total).toBe(second.total);
    expect(second.segments.length).toBe(Math.max(0, all.total - 20));
    const one = first.segments[1]!;
    expect((await listed({ id: String(one.id) })).segments).toEqual([one]);
  });

  it('renames a segment from its version, raising it, and audits before and after', async () => {
    const segment = await created('Rename me', { user_type: 'trial' });
    const { status, body } = await update({
      id: String(segment.id),
      version: '1',
      name: 'Renamed',
      description: 'Now with words',
    });
    expect(status).toBe(200);
    const saved = v.parse(SegmentReply, body).segment;
    expect(saved).toMatchObject({
      name: 'Renamed',
      description: 'Now with words',
      version: 2,
      query: segment.query,
      created_at: segment.created_at,
    });
    const [row] = await auditRows(`segment changed: Renamed (#${segment.id})`);
    expect(JSON.parse(row!.previous_data!)).toMatchObject({ name: 'Rename me', version: 1 });
    expect(JSON.parse(row!.current_data!)).toMatchObject({ name: 'Renamed', version: 2 });
    // The query may be replaced too.
    const again = await update({
      id: String(segment.id),
      version: '2',
      name: 'Renamed',
      description: '',
      query: JSON.stringify({ ...PLAIN, user_type: 'journalist' }),
    });
    expect(v.parse(SegmentReply, again.body).segment).toMatchObject({ version: 3, query: { user_type: 'journalist' } });
  });

  it('refuses a save started from an older version (409 with what is stored now), and one of a deleted segment', async () => {
    const segment = await created('Stale one');
    expect((await update({ id: String(segment.id), version: '1', name: 'Stale two', description: '' })).status).toBe(
      200,
    );
    const { status, body } = await update({
      id: String(segment.id),
      version: '1',
      name: 'Stale three',
      description: '',
    });
    expect(status).toBe(409);
    expect(v.parse(StaleSegmentReply, body)).toMatchObject({
      status: false,
      current: { name: 'Stale two', version: 2 },
    });
    expect(v.parse(StaleSegmentReply, body).msg).toContain("it is now named 'Stale two'");
    expect((await admin.send('DELETE', `/segments/${segment.id}/`, { form: {} })).status).toBe(200);
    const gone = await update({ id: String(segment.id), version: '2', name: 'Stale four', description: '' });
    expect(gone.status).toBe(409);
    expect(v.parse(StaleSegmentReply, gone.body)).toMatchObject({
      current: null,
      msg: 'Someone else deleted this segment since you opened it.',
    });
  });

  it('of two renames at once from the same version, one wins and the other is stale', async () => {
    const segment = await created('Racing');
    const results = await Promise.all(
      ['Racing A', 'Racing B'].map((name) => update({ id: String(segment.id), version: '1', name, description: '' })),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const winner = v.parse(SegmentReply, results.find((r) => r.status === 200)!.body).segment;
    const loser = v.parse(StaleSegmentReply, results.find((r) => r.status === 409)!.body);
    expect(loser.current).toMatchObject({ name: winner.name, version: 2 });
    expect((await listed({ id: String(segment.id) })).segments[0]).toMatchObject({ name: winner.name, version: 2 });
    expect(await auditRows(`segment changed: Racing`)).toHaveLength(1);
  });

  it('of two creates of one name at once, one is saved and the other refused at its name', async () => {
    const results = await Promise.all(['Twin name', 'TWIN NAME'].map((name) => create(name)));
    expect(results.map((r) => r.status).sort()).toEqual([200, 400]);
    expect(refusal(results.find((r) => r.status === 400)!.body).fields['name']).toMatch(
      /^A segment named '(Twin name|TWIN NAME)' exists/,
    );
  });

  it('deletes a segment with an audit row; a second delete finds nothing; a bad id is refused', async () => {
    const segment = await created('Short lived');
    const res = await admin.send('DELETE', `/segments/${segment.id}/`, { form: {} });
    expect(await res.json()).toEqual({ status: true, msg: "Segment 'Short lived' deleted." });
    expect(await auditRows(`segment deleted: Short lived (#${segment.id})`)).toHaveLength(1);
    expect((await admin.send('DELETE', `/segments/${segment.id}/`, { form: {} })).status).toBe(404);
    const bad = await admin.send('DELETE', '/segments/abc/', { form: {} });
    expect(bad.status).toBe(400);
    expect(refusal(await bad.json()).fields).toEqual({ id: 'Expected an id.' });
  });
});

describe('bad input, refused at its field', () => {
  it('refuses a duplicate name in any case, on create and on rename', async () => {
    const first = await created('Unique Name');
    const dup = await create('unique NAME');
    expect(dup.status).toBe(400);
    expect(refusal(dup.body).fields).toEqual({
      name: "A segment named 'unique NAME' exists (names are the same whatever their case).",
    });
    const other = await created('Another name');
    const rename = await update({ id: String(other.id), version: '1', name: 'UNIQUE name', description: '' });
    expect(rename.status).toBe(400);
    expect(refusal(rename.body).fields['name']).toContain('exists');
    // Its own name in another case is no clash.
    expect((await update({ id: String(first.id), version: '1', name: 'UNIQUE NAME', description: '' })).status).toBe(
      200,
    );
  });

  it('refuses a missing or too long name and a too long description', async () => {
    expect(refusal((await create('   ')).body).fields).toEqual({ name: 'Name is required.' });
    expect(refusal((await create('x'.repeat(101))).body).fields).toEqual({ name: 'At most 100 characters.' });
    expect(refusal((await create('Long words', {}, 'y'.repeat(501))).body).fields).toEqual({
      description: 'At most 500 characters.',
    });
  });

  it('refuses a query the list would refuse: not JSON, a wrong type, an unknown filter, deleted users, unknown keys', async () => {
    expect(refusal((await create('Q1', '{nope')).body).fields).toEqual({ query: 'query must be JSON.' });
    expect(Object.keys(refusal((await create('Q2', '[1,2]')).body).fields).every((k) => k.startsWith('query'))).toBe(
      true,
    );
    expect(refusal((await create('Q3', { user_type: 'astronaut' as never })).body).fields).toEqual({
      'query.user_type': 'Choose a user type.',
    });
    expect(
      refusal((await create('Q4', { organization_id: 'abc' as never })).body).fields['query.organization_id'],
    ).toBeDefined();
    expect(refusal((await create('Q5', { sort: 'shoe_size' as never })).body).fields['query.sort']).toMatch(
      /^Choose one of id, name/,
    );
    expect(refusal((await create('Q6', { deleted: 'include' as never })).body).fields).toEqual({
      'query.deleted': 'A segment holds live users only: deleted users cannot be part of one.',
    });
    expect(
      refusal((await create('Q7', JSON.stringify({ ...PLAIN, cursor: 'abc' }))).body).fields['query.cursor'],
    ).toBeDefined();
    expect(refusal((await create('Q8', { q: 'x'.repeat(201) })).body).fields).toEqual({
      'query.q': 'At most 200 characters.',
    });
  });

  it('refuses wrong types in the list, update and assign calls', async () => {
    expect(refusal((await list({ page: 'two' })).body).fields['page']).toBeDefined();
    expect(refusal((await list({ page_size: '1000' })).body).fields).toEqual({ page_size: 'Choose 20 or 50.' });
    const upd = await update({ id: 'x', version: 'one', name: 'n', description: '' });
    expect(Object.keys(refusal(upd.body).fields).sort()).toEqual(['id', 'version']);
    const res = await admin.post('/segments/assign_tags/', { segment_id: '1', tags: '"7"', type: 'replace' });
    expect(res.status).toBe(400);
    expect(Object.keys(refusal(await res.json()).fields).sort()).toEqual(['tags', 'type']);
  });

  it('refuses callers without the Segments & Tags permission', async () => {
    const support = await signIn(
      server,
      await server.createStaff({
        username: 'no-segments',
        features: ['admin_panel_access', 'user_mgmt', 'tags'],
        activated: true,
      }),
    );
    expect((await list({}, support)).status).toBe(403);
  });
});

describe('member counts are the user list totals', () => {
  async function listTotal(query: Partial<SegmentQuery>) {
    const { org_name: _shown, ...filter } = { ...PLAIN, ...query };
    const reply = v.parse(
      SearchUsersReply,
      await admin.postJson('/user/search_user/', {
        ...Object.fromEntries(Object.entries(filter).map(([k, x]) => [k, String(x)])),
        page_size: '20',
      }),
    );
    return { count: reply.total_users, capped: reply.total_capped ?? false };
  }

  it('counts as the list does, with and without search text, exact below the cap', async () => {
    await people([
      { first: 'Quinn', last: 'Zebrafish', org: orgB, type: 'customer', category: 'ir' },
      { first: 'Quinn', last: 'Zebrafish', org: orgB, type: 'trial', active: false },
      { first: 'Zebrafish', last: 'Quinn', org: orgA, type: 'trial' },
      { first: 'Quinn', last: 'Zebrafish', org: orgB, deleted: true },
    ]);
    const queries: Partial<SegmentQuery>[] = [
      {},
      { user_type: 'trial' },
      { user_type: 'trial', active: 'false' },
      { user_category: 'ir' },
      { organization_id: orgB },
      { organization_id: orgB, active: 'true' },
      { q: 'zebra' },
      { q: 'quinn zeb' },
      { q: 'ZEBRAFISH', organization_id: orgA },
    ];
    for (const [i, query] of queries.entries()) {
      const segment = await created(`Count check ${i}`, query);
      const expected = await listTotal(query);
      expect({ query, count: segment.member_count, capped: segment.member_count_capped }).toEqual({
        query,
        ...expected,
      });
      expect((await listed({ id: String(segment.id) })).segments[0]).toMatchObject({
        member_count: expected.count,
        member_count_capped: expected.capped,
      });
    }
    expect((await listed({ q: 'Count check 6' })).segments[0]).toMatchObject({
      member_count: 3,
      member_count_capped: false,
    });
  });

  it('stops counting a search past 1,000 members and says so, as the list does', async () => {
    await people(Array.from({ length: TOTAL_CAP + 5 }, () => ({ first: 'Common', last: 'Capperton', org: orgB })));
    const segment = await created('Many Cappertons', { q: 'capperton' });
    expect(segment).toMatchObject({ member_count: TOTAL_CAP + 1, member_count_capped: true });
    expect(await listTotal({ q: 'capperton' })).toEqual({ count: TOTAL_CAP + 1, capped: true });
    // Without text the count is exact whatever it is.
    const org = await created('Org B everyone', { organization_id: orgB });
    expect(org).toMatchObject({ member_count_capped: false });
    expect(org.member_count).toBe((await listTotal({ organization_id: orgB })).count);
    expect(org.member_count).toBeGreaterThan(TOTAL_CAP);
  });
});

describe('tags for every member', () => {
  async function assign(segmentId: number, tags: number[], type: '' | 'overwrite') {
    const res = await admin.post('/segments/assign_tags/', {
      segment_id: String(segmentId),
      tags: JSON.stringify(tags),
      type,
    });
    return { status: res.status, body: (await res.json()) as unknown };
  }
  const tagsOf = async (userId: number) =>
    (
      await server.db.selectFrom('user_tags').select('tag_id').where('user_id', '=', userId).orderBy('tag_id').execute()
    ).map((r) => Number(r.tag_id));

  it('adds tags to the members only (never deleted users), then resets them, with audit rows, saying how many changed', async () => {
    const [a, b, outsider, gone] = await people([
      { last: 'Tagmember', type: 'test_user' },
      { last: 'Tagmember', type: 'test_user' },
      { last: 'Tagmember', type: 'trial' },
      { last: 'Tagmember', type: 'test_user', deleted: true },
    ]);
    const [red, blue] = [await newTag('Segment red'), await newTag('Segment blue')];
    await server.db
      .insertInto('user_tags')
      .values([
        { user_id: a!, tag_id: red },
        { user_id: outsider!, tag_id: blue },
      ])
      .execute();
    const segment = await created('Tag members', { q: 'tagmember', user_type: 'test_user' });
    expect(segment.member_count).toBe(2);

    const added = await assign(segment.id, [red], '');
    expect(added.status).toBe(200);
    expect(v.parse(AssignSegmentTagsReply, added.body)).toEqual({ status: true, msg: [], members: 2, changed: 1 });
    expect([await tagsOf(a!), await tagsOf(b!), await tagsOf(outsider!), await tagsOf(gone!)]).toEqual([
      [red],
      [red],
      [blue],
      [],
    ]);
    expect(await auditRows(`tags added: user #${b}`)).toHaveLength(1);

    const reset = v.parse(AssignSegmentTagsReply, (await assign(segment.id, [blue], 'overwrite')).body);
    expect(reset).toEqual({ status: true, msg: [], members: 2, changed: 2 });
    expect([await tagsOf(a!), await tagsOf(b!), await tagsOf(outsider!)]).toEqual([[blue], [blue], [blue]]);
    const [row] = await auditRows(`tags replaced: user #${a}`);
    expect(row).toMatchObject({ category: 'user', author: 'segmenter', origin: 'bulk_upload' });
    expect([JSON.parse(row!.previous_data!), JSON.parse(row!.current_data!)]).toEqual([
      { user_id: a, tags: [red] },
      { user_id: a, tags: [blue] },
    ]);
    // Again: nobody changes, and Reset Tags with no tags clears them.
    expect(v.parse(AssignSegmentTagsReply, (await assign(segment.id, [blue], '')).body)).toMatchObject({
      members: 2,
      changed: 0,
    });
    expect(v.parse(AssignSegmentTagsReply, (await assign(segment.id, [], 'overwrite')).body)).toMatchObject({
      members: 2,
      changed: 2,
    });
    expect([await tagsOf(a!), await tagsOf(b!)]).toEqual([[], []]);
  });

  it('answers status false for a segment without members, and refuses unknown tags, no tags to add and an unknown segment', async () => {
    const empty = await created('Nobody at all', { q: 'no-such-person-anywhere' });
    const tag = await newTag('Segment lonely');
    expect((await assign(empty.id, [tag], '')).body).toEqual({ status: false, msg: [], members: 0, changed: 0 });
    expect(refusal((await assign(empty.id, [999_999], '')).body).fields).toEqual({ tags: 'No tag has the id 999999.' });
    expect(refusal((await assign(empty.id, [], '')).body).fields).toEqual({ tags: 'Choose at least one tag to add.' });
    expect(refusal((await assign(999_999, [tag], '')).body).fields).toEqual({
      segment_id: 'There is no such segment; it may have been deleted.',
    });
  });

  it('refuses a segment with more members than the limit, whole, changing nobody', async () => {
    const ids = await people([{ last: 'Overlimit' }, { last: 'Overlimit' }, { last: 'Overlimit' }]);
    const segment = await created('Over the limit', { q: 'overlimit' });
    const tag = await newTag('Segment limit');
    expect(await memberIds(server.db, segment.query, 2)).toEqual({ ok: false, limit: 2 });
    expect(await memberIds(server.db, segment.query, 3)).toEqual({ ok: true, ids });
    expect(
      await assignSegmentTags(server.db, {
        segmentId: segment.id,
        tagIds: [tag],
        mode: 'add',
        author: 'segmenter',
        now: Date.now(),
        limit: 2,
      }),
    ).toEqual({ ok: false, reason: 'tooMany', limit: 2 });
    expect(await server.db.selectFrom('user_tags').select('user_id').where('tag_id', '=', tag).execute()).toEqual([]);
  });
});
