// Group ManagementV2 (decision 049): the group search with keyset pages, a group's members,
// removing one, and the bulk membership upload — the preview's reasons (no such user, another
// organization, already a member, a repeat), the one-transaction apply with its audit row, bad
// input, unknown ids, the two permissions, 10,000 identifiers in a body over 1 MB, and two uploads
// into one group at once. On SQLite and, with TEST_DATABASE_URL, PostgreSQL.
import { sql } from 'kysely';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engineOf } from '../../server/db/connect';
import { MAX_BODY_BYTES } from '../../server/http/body';
import { BadRequestReply } from '../../src/domain/field-errors';
import { FEATURE_KEYS } from '../../src/domain/features';
import { RecordHistoryReply } from '../../src/domain/audit-log';
import {
  AddUsersReply,
  GROUP_PAGE_SIZE,
  GroupMembersReply,
  GroupSearchReply,
  RemoveMemberReply,
  UPLOAD_REASONS,
  VerifyFileReply,
} from '../../src/domain/groups-v2';
import { createTestServer, type TestServer } from '../support/server';
import type { Browser } from './support/browser';
import { signIn } from './support/sign-in';
import { userRow } from '../support/factories';

const SEARCH = '/user/groups_v2/search/';
const MEMBERS = '/user/groups_v2/members/';
const REMOVE = '/user/groups_v2/remove_member/';
const VERIFY = '/user/verify_file_data/';
const ADD = '/user/add_users_to_groups/';

let server: TestServer;
let admin: Browser;
let orgA: number;
let orgB: number;
let counter = 0;

async function newOrg(name: string): Promise<number> {
  return (
    await server.db
      .insertInto('organizations')
      .values({ name, salesforce_id: null, sf_acc_id: null, created_at: Date.now() })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
}

beforeAll(async () => {
  server = await createTestServer();
  orgA = await newOrg('Group Org A');
  orgB = await newOrg('Group Org B');
  admin = await signIn(
    server,
    await server.createStaff({ username: 'group-admin', features: [...FEATURE_KEYS], activated: true }),
  );
});
afterAll(async () => {
  await server.close();
});

type Person = { id: number; username: string; email: string };

async function person(org: number | null = orgA): Promise<Person> {
  const n = ++counter;
  const now = Date.now();
  const username = `gv.person${n}`;
  const email = `gv${n}@groups-v2.example`;
  const row = await server.db
    .insertInto('users')
    .values(
      userRow({
        username,
        email,
        first_name: 'Gia',
        last_name: `Grouped${n}`,
        organization_id: org,
        created_at: now,
      }),
    )
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, username, email };
}

async function newGroup(name: string, org: number | null = orgA, kind = 'collab'): Promise<number> {
  return (
    await server.db
      .insertInto('user_groups')
      .values({ name, kind, organization_id: org, created_at: Date.now() })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
}

const membersOf = async (groupId: number) =>
  (
    await server.db
      .selectFrom('group_members')
      .select('user_id')
      .where('group_id', '=', groupId)
      .orderBy('user_id')
      .execute()
  ).map((r) => Number(r.user_id));

async function call(path: string, fields: Record<string, string>, b = admin) {
  const res = await b.post(path, fields);
  return { status: res.status, body: (await res.json()) as unknown };
}
const upload = (groupId: number, ids: unknown) => ({
  group_id: String(groupId),
  identifiers: typeof ids === 'string' ? ids : JSON.stringify(ids),
});

async function verify(groupId: number, ids: string[]) {
  const { status, body } = await call(VERIFY, upload(groupId, ids));
  expect(status, JSON.stringify(body)).toBe(200);
  return v.parse(VerifyFileReply, body);
}
async function add(groupId: number, ids: string[]) {
  const { status, body } = await call(ADD, upload(groupId, ids));
  expect(status, JSON.stringify(body)).toBe(200);
  return v.parse(AddUsersReply, body);
}
/** A record's History (decision 062): the actions listed on it, newest first. */
async function historyOf(kind: 'user' | 'group', id: number): Promise<string[]> {
  const res = await admin.send('GET', `/api/audit_log/history/?kind=${kind}&id=${id}`);
  expect(res.status).toBe(200);
  return v.parse(RecordHistoryReply, await res.json()).entries.map((e) => e.action);
}
async function search(fields: Record<string, string>) {
  const { status, body } = await call(SEARCH, fields);
  expect(status, JSON.stringify(body)).toBe(200);
  return v.parse(GroupSearchReply, body);
}

describe('the group list', () => {
  it('searches by name across organizations, by organization, and pages by cursor without gaps or repeats', async () => {
    const made: number[] = [];
    for (let i = 0; i < GROUP_PAGE_SIZE + 7; i++)
      made.push(await newGroup(`Pager ${String(i).padStart(3, '0')}`, i % 3 === 0 ? orgB : i % 3 === 1 ? orgA : null));
    const first = await search({ query: 'pager' });
    expect(first.groups).toHaveLength(GROUP_PAGE_SIZE);
    expect(first.next).not.toBeNull();
    const second = await search({ query: 'PAGER', after: JSON.stringify(first.next) });
    expect(second.next).toBeNull();
    expect([...first.groups, ...second.groups].map((g) => g.id)).toEqual(made);
    expect(first.groups[0]).toMatchObject({
      name: 'Pager 000',
      organization: 'Group Org B',
      organization_id: orgB,
      members: 0,
      kind: 'collab',
    });
    expect(first.groups[2]).toMatchObject({ organization: null, organization_id: null });

    const ofB = await search({ query: 'pager', organization_id: String(orgB) });
    expect(ofB.groups.map((g) => g.id)).toEqual(made.filter((_, i) => i % 3 === 0));
    // LIKE's wildcards and its escape character are plain characters of the query, on both engines.
    expect((await search({ query: 'pager%0' })).groups).toEqual([]);
    expect((await search({ query: 'pager_0' })).groups).toEqual([]);
    const literal = await newGroup('Desk 100%_\\ A');
    expect((await search({ query: '100%_\\' })).groups.map((g) => g.id)).toEqual([literal]);
    expect((await search({ query: 'no such group name' })).groups).toEqual([]);
  });

  it('lists a group with its members, and removes one with an audit row', async () => {
    const g = await newGroup('Members view');
    const people = [await person(), await person(), await person()];
    await server.db
      .insertInto('group_members')
      .values(people.map((p) => ({ group_id: g, user_id: p.id })))
      .execute();
    const { body } = await call(MEMBERS, { group_id: String(g) });
    const reply = v.parse(GroupMembersReply, body);
    expect(reply.group).toMatchObject({ id: g, name: 'Members view', members: 3, organization: 'Group Org A' });
    expect(reply.members.map((m) => m.id)).toEqual(people.map((p) => p.id));
    expect(reply.truncated).toBe(false);
    expect((await search({ query: 'members view' })).groups[0]!.members).toBe(3);

    const removed = v.parse(
      RemoveMemberReply,
      (await call(REMOVE, { group_id: String(g), user_id: String(people[1]!.id) })).body,
    );
    expect(removed).toMatchObject({ status: true, members: 2 });
    expect(await membersOf(g)).toEqual([people[0]!.id, people[2]!.id]);
    const again = v.parse(
      RemoveMemberReply,
      (await call(REMOVE, { group_id: String(g), user_id: String(people[1]!.id) })).body,
    );
    expect(again.status).toBe(false);
    const audit = await server.db
      .selectFrom('audit_log')
      .select(['category', 'previous_data', 'current_data'])
      .where('action', '=', `member removed: user #${people[1]!.id} from group #${g} Members view`)
      .executeTakeFirstOrThrow();
    expect(audit.category).toBe('group');
    expect(JSON.parse(audit.previous_data!)).toEqual({ group_id: g, members: 3 });
    // Issue 25: the removal is on the History of the group and of the user, and of nobody else.
    expect(await historyOf('group', g)).toEqual([
      `member removed: user #${people[1]!.id} from group #${g} Members view`,
    ]);
    expect(await historyOf('user', people[1]!.id)).toEqual([`removed from group #${g} Members view`]);
    expect(await historyOf('user', people[0]!.id)).toEqual([]);
  });

  it('refuses bad input and unknown groups with a 400 naming the field', async () => {
    const cases: [string, Record<string, string>, string][] = [
      [SEARCH, { after: 'not json' }, 'after'],
      [SEARCH, { after: '{"name":"a"}' }, 'after'],
      [SEARCH, { organization_id: 'x' }, 'organization_id'],
      [MEMBERS, { group_id: '0' }, 'group_id'],
      [MEMBERS, { group_id: '99999999' }, 'group_id'],
      [REMOVE, { group_id: '99999999', user_id: '1' }, 'group_id'],
      [REMOVE, { group_id: '1', user_id: 'me' }, 'user_id'],
      [VERIFY, upload(1, 'not json'), 'identifiers'],
      [VERIFY, upload(1, []), 'identifiers'],
      [VERIFY, upload(1, [{ id: 1 }]), 'identifiers'],
      [VERIFY, upload(99999999, ['a']), 'group_id'],
      [ADD, upload(99999999, ['a']), 'group_id'],
      [ADD, { identifiers: '["a"]' }, 'group_id'],
    ];
    for (const [path, fields, field] of cases) {
      const { status, body } = await call(path, fields);
      expect(status, `${path} ${JSON.stringify(fields)}`).toBe(400);
      expect(
        Object.keys(v.parse(BadRequestReply, body).fields).some((k) => k === field || k.startsWith(`${field}.`)),
        JSON.stringify(body),
      ).toBe(true);
    }
  });

  it('needs group_mgmt_v2 for the list and group_bulk_upload for the upload', async () => {
    const g = await newGroup('Permission check');
    const p = await person();
    const lister = await signIn(
      server,
      await server.createStaff({
        username: 'groups-v2-only',
        features: ['admin_panel_access', 'group_mgmt_v2'],
        activated: true,
      }),
    );
    const uploader = await signIn(
      server,
      await server.createStaff({
        username: 'group-upload-only',
        features: ['admin_panel_access', 'group_bulk_upload'],
        activated: true,
      }),
    );
    expect((await call(SEARCH, {}, lister)).status).toBe(200);
    expect((await call(VERIFY, upload(g, [p.email]), lister)).status).toBe(403);
    expect((await call(ADD, upload(g, [p.email]), lister)).status).toBe(403);
    expect((await call(SEARCH, {}, uploader)).status).toBe(403);
    expect((await call(REMOVE, { group_id: String(g), user_id: String(p.id) }, uploader)).status).toBe(403);
    expect((await call(ADD, upload(g, [p.email]), uploader)).status).toBe(200);
    expect(await membersOf(g)).toEqual([p.id]);
  });
});

describe('bulk membership upload', () => {
  it('says of each row why it is not taken, adds the rest in one transaction, and audits the counts', async () => {
    const g = await newGroup('Desk A');
    const [a, b, c, member] = [await person(), await person(), await person(), await person()];
    const other = await person(orgB);
    const deleted = await person();
    await server.db.updateTable('users').set({ deleted: 1 }).where('id', '=', deleted.id).execute();
    await server.db.insertInto('group_members').values({ group_id: g, user_id: member.id }).execute();
    const ids = [
      a.email,
      b.username.toUpperCase(),
      String(c.id),
      member.email,
      other.username,
      deleted.email,
      'ghost@nowhere.example',
      a.username,
      a.email,
    ];
    const dry = await verify(g, ids);
    expect(dry.validDataPoints.map((d) => [d.identifier, d.user_id])).toEqual([
      [a.email, a.id],
      [b.username.toUpperCase(), b.id],
      [String(c.id), c.id],
    ]);
    expect(dry.inValidDataPoints).toEqual([
      { identifier: member.email, reason: UPLOAD_REASONS.alreadyMember },
      { identifier: other.username, reason: UPLOAD_REASONS.otherOrganization('Group Org B') },
      { identifier: deleted.email, reason: UPLOAD_REASONS.noSuchUser },
      { identifier: 'ghost@nowhere.example', reason: UPLOAD_REASONS.noSuchUser },
      { identifier: a.username, reason: UPLOAD_REASONS.sameUser },
      { identifier: a.email, reason: UPLOAD_REASONS.sameUser },
    ]);
    expect(dry.members).toBe(1);
    expect(await membersOf(g)).toEqual([member.id]);

    const done = await add(g, ids);
    expect(done).toMatchObject({ status: true, previous_members: 1, members: 4 });
    expect(done.validDataPoints.map((d) => d.user_id)).toEqual([a.id, b.id, c.id]);
    expect(done.inValidDataPoints).toEqual(dry.inValidDataPoints);
    expect(await membersOf(g)).toEqual([a.id, b.id, c.id, member.id].sort((x, y) => x - y));
    const audit = await server.db
      .selectFrom('audit_log')
      .select(['category', 'origin', 'previous_data', 'current_data'])
      .where('action', '=', `members added: 3 to group #${g} Desk A (bulk upload)`)
      .executeTakeFirstOrThrow();
    expect(audit).toMatchObject({ category: 'group', origin: 'bulk_upload' });
    expect(JSON.parse(audit.previous_data!)).toEqual({ group_id: g, members: 1 });
    expect(JSON.parse(audit.current_data!)).toMatchObject({ group_id: g, members: 4, added: 3, not_added: 6 });
    // Issue 25: the upload is on the group's History and on that of each user it added, not on the others'.
    expect(await historyOf('group', g)).toEqual([`members added: 3 to group #${g} Desk A (bulk upload)`]);
    for (const u of [a, b, c])
      expect(await historyOf('user', u.id)).toEqual([`added to group #${g} Desk A (bulk upload)`]);
    for (const u of [member, other]) expect(await historyOf('user', u.id)).toEqual([]);

    // Again: every row is now taken already; nothing changes.
    const again = await add(g, ids.slice(0, 3));
    expect(again).toMatchObject({
      status: false,
      msg: 'No user was added.',
      previous_members: 4,
      members: 4,
      validDataPoints: [],
    });
    expect(again.inValidDataPoints.every((d) => d.reason === UPLOAD_REASONS.alreadyMember)).toBe(true);
  });

  it('takes users of any organization into a group of the whole platform', async () => {
    const g = await newGroup('Platform wide', null);
    const [x, y, z] = [await person(orgA), await person(orgB), await person(null)];
    const done = await add(g, [x.email, y.email, z.email]);
    expect(done.validDataPoints.map((d) => d.user_id)).toEqual([x.id, y.id, z.id]);
  });

  it('takes two uploads into one group at once, overlapping, losing nobody and adding nobody twice', async () => {
    const g = await newGroup('Race desk');
    const people: Person[] = [];
    for (let i = 0; i < 40; i++) people.push(await person());
    const first = people.slice(0, 25).map((p) => p.email);
    const second = people.slice(15).map((p) => p.username);
    const [x, y] = await Promise.all([add(g, first), add(g, second)]);
    expect(x.validDataPoints.length + y.validDataPoints.length).toBe(40);
    expect(await membersOf(g)).toEqual(people.map((p) => p.id));
    // Each upload's counts are its own: one ran after the other.
    const [early, late] = x.previous_members === 0 ? [x, y] : [y, x];
    expect(early.previous_members).toBe(0);
    expect(late.previous_members).toBe(early.members);
    expect(late.members).toBe(40);
    expect(late.inValidDataPoints.every((d) => d.reason === UPLOAD_REASONS.alreadyMember)).toBe(true);
    expect(late.inValidDataPoints).toHaveLength(10);
  });
});

describe('10,000 identifiers', () => {
  const MANY = 10_000;
  let emails: string[];
  beforeAll(async () => {
    const now = Date.now();
    const columns = sql`(username, email, first_name, last_name, organization_id, user_type, user_category, user_role, owner, product_configuration,
      data_plan, expiry_dt, active, deleted, is_account_admin, allowed_st, flags, password_hash, created_at, updated_at)`;
    const values = (
      i: ReturnType<typeof sql.ref>,
    ) => sql`'gv.many' || ${i}, 'gvmany' || ${i} || '@groups-v2-many.example', 'Mo', 'Many', ${orgA}, 'trial', 'general',
      null, null, 'product_basic', '[]', null, 1, 0, 0, '[]', '{}', null, ${now}, ${now}`;
    if (engineOf(server.db) === 'postgres') {
      await sql`insert into users ${columns} select ${values(sql.ref('i'))} from generate_series(1, ${MANY}) as s(i)`.execute(
        server.db,
      );
    } else {
      await sql`with recursive n(i) as (select 1 union all select i + 1 from n where i < ${MANY}) insert into users ${columns} select ${values(sql.ref('i'))} from n`.execute(
        server.db,
      );
    }
    emails = Array.from({ length: MANY }, (_, i) => `gvmany${i + 1}@groups-v2-many.example`);
  }, 120_000);

  it('verifies and adds them in one call each, a body over 1 MB, and lists all 10,000 members', async () => {
    const g = await newGroup('Ten thousand');
    const ids = [...emails, 'ghost@nowhere.example', ...emails.slice(0, 5).map((e) => e.toUpperCase())];
    const padded = [...ids, ...Array.from({ length: 9_000 }, (_, i) => `${'x'.repeat(90)}${i}@nowhere.example`)];
    expect(new URLSearchParams(upload(g, padded)).toString().length).toBeGreaterThan(MAX_BODY_BYTES);
    const dry = await verify(g, padded);
    expect(dry.validDataPoints).toHaveLength(MANY);
    expect(dry.inValidDataPoints).toHaveLength(1 + 5 + 9_000);
    const done = await add(g, padded);
    expect(done).toMatchObject({ status: true, previous_members: 0, members: MANY });
    const listed = v.parse(GroupMembersReply, (await call(MEMBERS, { group_id: String(g) })).body);
    expect(listed.members).toHaveLength(MANY);
    expect(listed.truncated).toBe(false);
    const audit = await server.db
      .selectFrom('audit_log')
      .select('current_data')
      .where('action', '=', `members added: ${MANY} to group #${g} Ten thousand (bulk upload)`)
      .executeTakeFirstOrThrow();
    const current = JSON.parse(audit.current_data!) as { added_user_id_ranges: [number, number][] };
    expect(current.added_user_id_ranges.reduce((n, [lo, hi]) => n + hi - lo + 1, 0)).toBe(MANY);
  }, 120_000);

  it('refuses more than 20,000 identifiers with a 400, and the same body on other routes with 413', async () => {
    const g = await newGroup('Too many');
    const tooMany = Array.from({ length: 20_001 }, (_, i) => `n${i}`);
    expect((await call(VERIFY, upload(g, tooMany))).status).toBe(400);
    expect(
      (await admin.post(SEARCH, upload(g, [...emails, ...emails.map((e) => `${e}x`), ...emails.map((e) => `${e}y`)])))
        .status,
    ).toBe(413);
  });
});
