// Bulk tag upload (Segments & Tags, decision 045): the dry run's counts, Reset Tags (overwrite)
// against Add Tags, the summary audit row, the bulk_upload_tags permission, 100,000 identifiers
// in a body over the 1 MB every other route keeps, bad input, and two uploads at once. On SQLite
// and, with TEST_DATABASE_URL, PostgreSQL.
import { sql } from 'kysely';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engineOf } from '../../server/db/connect';
import { MAX_BODY_BYTES } from '../../server/http/body';
import { AUDIT_PER_USER_MAX } from '../../server/users/tags';
import { BadRequestReply } from '../../src/domain/field-errors';
import { permissionName } from '../../src/domain/feature-labels';
import { FEATURE_KEYS } from '../../src/domain/features';
import { RecordHistoryReply } from '../../src/domain/audit-log';
import { AssignTagsPreviewReply, AssignTagsReply, CreateTagReply } from '../../src/domain/tags';
import { createTestServer, type TestServer } from '../support/server';
import type { Browser } from './support/browser';
import { signIn } from './support/sign-in';
import { userRow } from '../support/factories';

const PREVIEW = '/user/assign_tags_preview/';
const ASSIGN = '/user/assign_tags/';
const MANY = 100_000;

let server: TestServer;
let admin: Browser;
let org: number;
let counter = 0;

beforeAll(async () => {
  server = await createTestServer();
  org = (
    await server.db
      .insertInto('organizations')
      .values({ name: 'Bulk Tag Org', salesforce_id: null, sf_acc_id: null, created_at: Date.now() })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  admin = await signIn(
    server,
    await server.createStaff({ username: 'bulk-tagger', features: [...FEATURE_KEYS], activated: true }),
  );
});
afterAll(async () => {
  await server.close();
});

type Person = { id: number; username: string; email: string };

async function person(): Promise<Person> {
  const n = ++counter;
  const now = Date.now();
  const username = `bt.person${n}`;
  const email = `bt${n}@bulk-tags.example`;
  const row = await server.db
    .insertInto('users')
    .values(
      userRow({
        username,
        email,
        first_name: 'Tia',
        last_name: `Tagged${n}`,
        organization_id: org,
        created_at: now,
      }),
    )
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, username, email };
}

async function newTag(name: string): Promise<number> {
  const reply = v.parse(CreateTagReply, await admin.postJson('/user/update_user_tags/', { action: 'create', name }));
  if (!reply.status) throw new Error(reply.msg);
  return reply.tag.id;
}

async function give(userId: number, tagIds: number[]): Promise<void> {
  if (tagIds.length)
    await server.db
      .insertInto('user_tags')
      .values(tagIds.map((tag_id) => ({ user_id: userId, tag_id })))
      .execute();
}

const tagsOf = async (userId: number) =>
  (
    await server.db.selectFrom('user_tags').select('tag_id').where('user_id', '=', userId).orderBy('tag_id').execute()
  ).map((r) => Number(r.tag_id));

function form(tags: unknown, userIds: unknown, extra: Record<string, string> = {}): Record<string, string> {
  return {
    tags: typeof tags === 'string' ? tags : JSON.stringify(tags),
    userIds: typeof userIds === 'string' ? userIds : JSON.stringify(userIds),
    ...extra,
  };
}

async function call(path: string, fields: Record<string, string>, b = admin) {
  const res = await b.post(path, fields);
  return { status: res.status, body: (await res.json()) as unknown };
}

/** A user's History (decision 062), as their screen reads it: action and change in words. */
async function historyOf(userId: number) {
  const res = await admin.send('GET', `/api/audit_log/history/?kind=user&id=${userId}`);
  expect(res.status).toBe(200);
  return v
    .parse(RecordHistoryReply, await res.json())
    .entries.map((e) => ({ action: e.action, changes: e.changes.map((c) => [c.label, c.before, c.after]) }));
}

const preview = async (tags: number[], ids: string[]) => {
  const { status, body } = await call(PREVIEW, form(tags, ids));
  expect(status, JSON.stringify(body)).toBe(200);
  return v.parse(AssignTagsPreviewReply, body);
};
const upload = async (tags: number[], ids: string[], type: 'overwrite' | '', b = admin) => {
  const { status, body } = await call(ASSIGN, form(tags, ids, { type, updated_from: 'bulk_upload' }), b);
  expect(status, JSON.stringify(body)).toBe(200);
  return v.parse(AssignTagsReply, body);
};

describe('assign_tags_preview/ (the dry run)', () => {
  it('counts matches, lists identifiers matching nobody, and how many users Reset and Add would change, writing nothing', async () => {
    const [t1, t2] = [await newTag('Dry run one'), await newTag('Dry run two')];
    const [hasT1, hasT2, none, both] = [await person(), await person(), await person(), await person()];
    await give(hasT1.id, [t1]);
    await give(hasT2.id, [t2]);
    await give(both.id, [t1, t2]);
    const reply = await preview(
      [t1],
      [hasT1.email.toUpperCase(), hasT2.username, String(none.id), both.email, 'ghost@nowhere.example', 'ghost'],
    );
    // Add: the users lacking t1. Reset: those, and whoever holds another tag.
    expect(reply).toEqual({
      status: true,
      matched: 4,
      unmatched: ['ghost@nowhere.example', 'ghost'],
      add: 2,
      overwrite: 3,
    });
    expect([await tagsOf(hasT1.id), await tagsOf(hasT2.id), await tagsOf(none.id), await tagsOf(both.id)]).toEqual([
      [t1],
      [t2],
      [],
      [t1, t2],
    ]);
    // Reset with no tags at all clears every user that holds one.
    expect(await preview([], [hasT1.email, none.email])).toMatchObject({ matched: 2, add: 0, overwrite: 1 });
  });

  it('needs bulk_upload_tags, and refuses unknown tags', async () => {
    const u = await person();
    const tagger = await signIn(
      server,
      await server.createStaff({
        username: 'tags-only-1',
        features: ['admin_panel_access', 'user_mgmt', 'tags'],
        activated: true,
      }),
    );
    const refused = await call(PREVIEW, form([], [u.email]), tagger);
    expect(refused.status).toBe(403);
    expect((refused.body as { msg: string }).msg).toContain(`the ${permissionName('bulk_upload_tags')} permission`);
    const unknown = await call(PREVIEW, form([987654], [u.email]));
    expect(unknown.status).toBe(400);
    expect(v.parse(BadRequestReply, unknown.body).fields['tags']).toBe('No tag has the id 987654.');
  });
});

describe('assign_tags/ as a bulk upload', () => {
  it("Reset Tags replaces the users' tags and Add Tags keeps them, changing as many users as the dry run said", async () => {
    const [t1, t2, t3] = [await newTag('Apply one'), await newTag('Apply two'), await newTag('Apply three')];
    const [a, b, c] = [await person(), await person(), await person()];
    await give(a.id, [t1]);
    await give(b.id, [t2]);
    const ids = [a.email, b.username, String(c.id), 'nobody@nowhere.example'];

    const dry = await preview([t1, t3], ids);
    expect(dry).toMatchObject({ matched: 3, add: 3, overwrite: 3 });
    expect(await upload([t1, t3], ids, '')).toEqual({
      status: true,
      msg: ['nobody@nowhere.example'],
      changed: dry.add,
    });
    expect([await tagsOf(a.id), await tagsOf(b.id), await tagsOf(c.id)]).toEqual([
      [t1, t3],
      [t1, t2, t3],
      [t1, t3],
    ]);

    expect(await preview([t1, t3], ids)).toMatchObject({ add: 0, overwrite: 1 });
    expect(await upload([t1, t3], ids, 'overwrite')).toEqual({
      status: true,
      msg: ['nobody@nowhere.example'],
      changed: 1,
    });
    for (const u of [a, b, c]) expect(await tagsOf(u.id)).toEqual([t1, t3]);
    // Nothing left to change: still a success, no user changed.
    expect(await upload([t1, t3], ids, 'overwrite')).toMatchObject({ status: true, changed: 0 });
  });

  it(`audits more than ${AUDIT_PER_USER_MAX} users as one row: counts, tags added and removed, the users that changed`, async () => {
    const [keep, drop] = [await newTag('Audit keep'), await newTag('Audit drop')];
    const people: Person[] = [];
    for (let i = 0; i <= AUDIT_PER_USER_MAX + 4; i++) people.push(await person());
    // The first five already hold exactly `keep`: they do not change.
    for (const p of people.slice(0, 5)) await give(p.id, [keep]);
    await give(people[5]!.id, [keep, drop]);
    await upload(
      [keep],
      people.map((p) => p.email),
      'overwrite',
    );
    const rows = (
      await server.db
        .selectFrom('audit_log')
        .selectAll()
        .where('category', '=', 'user')
        .where('origin', '=', 'bulk_upload')
        .orderBy('id')
        .execute()
    ).filter((r) => r.action === `tags replaced: ${people.length} users (bulk upload)`);
    expect(rows).toHaveLength(1);
    const changed = people
      .slice(5)
      .map((p) => p.id)
      .sort((x, y) => x - y);
    expect(JSON.parse(rows[0]!.current_data!)).toEqual({
      tags: [keep],
      type: 'overwrite',
      users: people.length,
      changed: changed.length,
      added_tags: [keep],
      removed_tags: [drop],
      changed_user_ids: changed,
    });
    // Each user the upload changed has it on their History, tags before and after; those it left alone do not.
    expect(await historyOf(people[5]!.id)).toEqual([
      { action: `tags replaced: user #${people[5]!.id}`, changes: [['Tags', 'Audit keep, Audit drop', 'Audit keep']] },
    ]);
    expect(await historyOf(people[6]!.id)).toEqual([
      { action: `tags replaced: user #${people[6]!.id}`, changes: [['Tags', 'None', 'Audit keep']] },
    ]);
    expect(await historyOf(people[0]!.id)).toEqual([]);
    const linked = await server.db
      .selectFrom('audit_log')
      .select('record_id')
      .where('origin', '=', 'bulk_upload')
      .where('record_kind', '=', 'user')
      .where('action', 'like', 'tags replaced: user #%')
      .execute();
    expect(
      linked
        .map((r) => Number(r.record_id))
        .filter((id) => people.some((p) => p.id === id))
        .sort((x, y) => x - y),
    ).toEqual(changed);
  });

  it('keeps one audit row per user, before and after, for a small upload', async () => {
    const t = await newTag('Small upload');
    const u = await person();
    await upload([t], [u.username], '');
    const row = await server.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', `tags added: user #${u.id}`)
      .executeTakeFirstOrThrow();
    expect([JSON.parse(row.previous_data!), JSON.parse(row.current_data!), row.origin]).toEqual([
      { user_id: u.id, tags: [] },
      { user_id: u.id, tags: [t] },
      'bulk_upload',
    ]);
    expect(await historyOf(u.id)).toEqual([
      { action: `tags added: user #${u.id}`, changes: [['Tags', 'None', 'Small upload']] },
    ]);
  });

  it("puts a tag change made on the user screen on that user's History", async () => {
    const t = await newTag('On the screen');
    const u = await person();
    expect(await call(ASSIGN, form([t], [u.id], { type: 'overwrite' }))).toMatchObject({
      status: 200,
      body: { status: true },
    });
    // The tag by the name it had when the change was made, after a rename (decision 094).
    await server.db.updateTable('tags').set({ name: 'Renamed since' }).where('id', '=', t).execute();
    expect(await historyOf(u.id)).toEqual([
      { action: `tags replaced: user #${u.id}`, changes: [['Tags', 'None', 'On the screen']] },
    ]);
  });

  it('needs bulk_upload_tags besides tags; a tag change by user id does not', async () => {
    const t = await newTag('Permission');
    const u = await person();
    const tagger = await signIn(
      server,
      await server.createStaff({
        username: 'tags-only-2',
        features: ['admin_panel_access', 'user_mgmt', 'tags'],
        activated: true,
      }),
    );
    const refused = await call(
      ASSIGN,
      form([t], [u.email], { type: 'overwrite', updated_from: 'bulk_upload' }),
      tagger,
    );
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({
      status: false,
      msg: `You do not have permission to perform this action: it needs the ${permissionName('bulk_upload_tags')} permission.`,
    });
    expect(await tagsOf(u.id)).toEqual([]);
    expect(await call(ASSIGN, form([t], [u.id], { type: 'overwrite' }), tagger)).toMatchObject({
      status: 200,
      body: { status: true },
    });
    expect(await tagsOf(u.id)).toEqual([t]);
  });

  it('refuses wrong types, no users and too many with a 400 naming the field', async () => {
    const cases: [Record<string, string>, string][] = [
      [form('not json', ['a']), 'tags'],
      [form(['x'], ['a']), 'tags.0'],
      [form([], '{"a":1}'), 'userIds'],
      [form([], []), 'userIds'],
      [form([], [{ id: 1 }]), 'userIds.0'],
      [form([], ['a'], { type: 'replace' }), 'type'],
    ];
    for (const [fields, field] of cases) {
      for (const path of [ASSIGN, PREVIEW]) {
        if (path === PREVIEW && field === 'type') continue;
        const { status, body } = await call(path, { updated_from: 'bulk_upload', ...fields });
        expect(status, `${path} ${JSON.stringify(fields)}`).toBe(400);
        expect(
          Object.keys(v.parse(BadRequestReply, body).fields).some(
            (k) => k === field || k.startsWith(`${field}.`) || field.startsWith(k),
          ),
          JSON.stringify(body),
        ).toBe(true);
      }
    }
    const tooMany = Array.from({ length: MANY + 1 }, (_, i) => `n${i}`);
    const { status } = await call(ASSIGN, form([], tooMany, { updated_from: 'bulk_upload' }));
    expect(status).toBe(400);
  });

  it('takes two uploads at once on overlapping users without losing either', async () => {
    const [t1, t2, t3] = [await newTag('Race one'), await newTag('Race two'), await newTag('Race three')];
    const people: Person[] = [];
    for (let i = 0; i < 30; i++) people.push(await person());
    const first = people.slice(0, 20).map((p) => p.email);
    const second = people.slice(10).map((p) => p.username);
    const [x, y] = await Promise.all([upload([t1], first, ''), upload([t2], second, '')]);
    expect([x.changed, y.changed]).toEqual([20, 20]);
    for (const [i, p] of people.entries())
      expect(await tagsOf(p.id)).toEqual([...(i < 20 ? [t1] : []), ...(i >= 10 ? [t2] : [])]);

    // Two resets at once: one runs after the other, so every shared user ends with the later one's tags.
    await Promise.all([upload([t3], first, 'overwrite'), upload([t1, t2], second, 'overwrite')]);
    const shared = await Promise.all(people.slice(10, 20).map((p) => tagsOf(p.id)));
    expect(new Set(shared.map((s) => JSON.stringify(s))).size).toBe(1);
    expect([JSON.stringify([t3]), JSON.stringify([t1, t2])]).toContain(JSON.stringify(shared[0]));
    for (const p of people.slice(0, 10)) expect(await tagsOf(p.id)).toEqual([t3]);
    for (const p of people.slice(20)) expect(await tagsOf(p.id)).toEqual([t1, t2]);
  });
});

describe('100,000 identifiers', () => {
  let emails: string[];
  beforeAll(async () => {
    const now = Date.now();
    const columns = sql`(username, email, first_name, last_name, organization_id, user_type, user_category, user_role, owner, product_configuration,
      data_plan, expiry_dt, active, deleted, is_account_admin, allowed_st, flags, password_hash, created_at, updated_at)`;
    const values = (
      i: ReturnType<typeof sql.ref>,
    ) => sql`'bt.many' || ${i}, 'many' || ${i} || '@bulk-tags-many.example', 'Mo', 'Many', ${org}, 'trial', 'general',
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
    emails = Array.from({ length: MANY }, (_, i) => `many${i + 1}@bulk-tags-many.example`);
  }, 120_000);

  it('previews and adds a tag to all of them in one call, a body over 1 MB that this route takes', async () => {
    const t = await newTag('A hundred thousand');
    const ids = [...emails.slice(0, MANY - 3), 'ghost1@nowhere.example', 'ghost2', '99999999'];
    const body = new URLSearchParams(form([t], ids, { type: '', updated_from: 'bulk_upload' })).toString();
    expect(body.length).toBeGreaterThan(MAX_BODY_BYTES);

    const dry = await preview([t], ids);
    expect(dry).toMatchObject({
      matched: MANY - 3,
      unmatched: ['ghost1@nowhere.example', 'ghost2', '99999999'],
      add: MANY - 3,
      overwrite: MANY - 3,
    });
    const reply = await upload([t], ids, '');
    expect(reply).toEqual({ status: true, msg: ['ghost1@nowhere.example', 'ghost2', '99999999'], changed: MANY - 3 });
    const held = await server.db
      .selectFrom('user_tags')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('tag_id', '=', t)
      .executeTakeFirstOrThrow();
    expect(Number(held.n)).toBe(MANY - 3);
    const audit = await server.db
      .selectFrom('audit_log')
      .select('current_data')
      .where('action', '=', `tags added: ${MANY - 3} users (bulk upload)`)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(audit.current_data!)).toMatchObject({
      users: MANY - 3,
      changed: MANY - 3,
      added_tags: [t],
      removed_tags: [],
    });
  }, 120_000);

  it('still refuses the same body on every other route with 413', async () => {
    const big = form([], emails);
    for (const path of ['/user/fetch_user_tags/', '/user/update_user_tags/', '/user/search_user/']) {
      const res = await admin.post(path, big);
      expect(res.status, path).toBe(413);
    }
  });
});
