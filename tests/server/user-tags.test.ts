// The tag calls: every tag with the user's own, Create Tag (unique names per kind, groups,
// colours), and assigning tags to one user or many (overwrite or add, bulk upload by email,
// username or id, unknown users listed, audit). On SQLite and, with TEST_DATABASE_URL, PostgreSQL.
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FEATURE_KEYS } from '../../src/domain/features';
import { AssignTagsReply, CreateTagReply, DEFAULT_TAG_COLOR, FetchTagsReply } from '../../src/domain/tags';
import { BadRequestReply } from '../../src/domain/auth';
import { AUDIT_PER_USER_MAX } from '../../server/users/tags';
import { createTestServer, type TestServer } from '../support/server';
import type { Browser } from './support/browser';
import { signIn } from './support/sign-in';
import { userRow } from '../support/factories';

let server: TestServer;
let admin: Browser;
let counter = 0;
let org: number;

beforeAll(async () => {
  server = await createTestServer();
  org = (
    await server.db
      .insertInto('organizations')
      .values({ name: 'Tag Org', salesforce_id: null, sf_acc_id: null, created_at: Date.now() })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  admin = await signIn(
    server,
    await server.createStaff({ username: 'tagger', features: [...FEATURE_KEYS], activated: true }),
  );
});
afterAll(async () => {
  await server.close();
});

async function user(
  over: { deleted?: boolean; email?: string; username?: string } = {},
): Promise<{ id: number; username: string; email: string }> {
  const n = ++counter;
  const now = Date.now();
  const username = over.username ?? `tagged.user${n}`;
  const email = over.email ?? `tagged${n}@tag-org.example`;
  const row = await server.db
    .insertInto('users')
    .values(
      userRow({
        username,
        email,
        first_name: 'Tess',
        last_name: `Tagged${n}`,
        organization_id: org,
        deleted: over.deleted ? 1 : 0,
        created_at: now,
      }),
    )
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, username, email };
}

async function create(form: Record<string, string>, b = admin): Promise<CreateTagReply> {
  return v.parse(CreateTagReply, await b.postJson('/user/update_user_tags/', { action: 'create', ...form }));
}

async function newTag(name: string, extra: Record<string, string> = {}): Promise<number> {
  const reply = await create({ name, ...extra });
  if (!reply.status) throw new Error(reply.msg);
  return reply.tag.id;
}

async function fetchTags(userId?: number): Promise<FetchTagsReply> {
  return v.parse(
    FetchTagsReply,
    await admin.postJson('/user/fetch_user_tags/', userId === undefined ? {} : { userId: String(userId) }),
  );
}

async function assign(form: { tags: number[]; userIds: (number | string)[]; type?: string; updated_from?: string }) {
  const res = await admin.post('/user/assign_tags/', {
    tags: JSON.stringify(form.tags),
    userIds: JSON.stringify(form.userIds),
    type: form.type ?? '',
    updated_from: form.updated_from ?? '',
  });
  return { status: res.status, body: (await res.json()) as unknown };
}

const tagsOf = async (userId: number) =>
  (
    await server.db.selectFrom('user_tags').select('tag_id').where('user_id', '=', userId).orderBy('tag_id').execute()
  ).map((r) => Number(r.tag_id));
const auditRows = async (fragment: string) =>
  (await server.db.selectFrom('audit_log').selectAll().where('category', '=', 'user').orderBy('id').execute()).filter(
    (r) => r.action.includes(fragment),
  );

describe('update_user_tags/ (Create Tag)', () => {
  it('creates a tag with the default colour, answers it and audits it', async () => {
    const reply = await create({ name: '  Priority accounts ', desc: 'Accounts the desk watches' });
    expect(reply).toMatchObject({
      status: true,
      tag: {
        name: 'Priority accounts',
        color: DEFAULT_TAG_COLOR,
        description: 'Accounts the desk watches',
        group: null,
      },
    });
    const [row] = await auditRows(`tag created: Priority accounts`);
    expect(row).toMatchObject({ author: 'tagger', success: 1 });
    expect(JSON.parse(row!.current_data!)).toMatchObject({ name: 'Priority accounts', color: DEFAULT_TAG_COLOR });
  });

  it('refuses a name that exists in another case, and allows it as a group', async () => {
    await newTag('Renewal due');
    expect(await create({ name: 'RENEWAL DUE' })).toEqual({ status: false, msg: "A tag named 'RENEWAL DUE' exists." });
    expect((await create({ name: 'renewal due', type: 'group' })).status).toBe(true);
    expect(await create({ name: 'Renewal Due', type: 'group' })).toEqual({
      status: false,
      msg: "A tag group named 'Renewal Due' exists.",
    });
  });

  it('puts a tag in a group, and only in a group', async () => {
    const group = await newTag('Regions', { type: 'group', color: '#112233' });
    const reply = await create({ name: 'EMEA desk', parent_tag_id: String(group), color: '#aabbcc' });
    expect(reply).toMatchObject({ status: true, tag: { group, color: '#aabbcc' } });
    const plain = await newTag('Not a group');
    expect(await create({ name: 'Child of a tag', parent_tag_id: String(plain) })).toEqual({
      status: false,
      msg: `There is no tag group #${plain}.`,
    });
    expect(await create({ name: 'Nested group', type: 'group', parent_tag_id: String(group) })).toEqual({
      status: false,
      msg: 'A tag group cannot belong to another group.',
    });
  });

  it('answers a missing name or a bad colour with field errors', async () => {
    const noName = v.parse(
      BadRequestReply,
      await (await admin.post('/user/update_user_tags/', { action: 'create', name: '  ' })).json(),
    );
    expect(noName.errors['name']).toEqual(['Tag Name is required.']);
    const res = await admin.post('/user/update_user_tags/', { action: 'create', name: 'Colourful', color: 'red' });
    expect(res.status).toBe(400);
    expect(v.parse(BadRequestReply, await res.json()).errors['color']).toEqual(['Pick a colour like #C0C0C0.']);
  });

  it('lets one of two racing creations win', async () => {
    const replies = await Promise.all([create({ name: 'Race' }), create({ name: 'race' })]);
    expect(replies.filter((r) => r.status)).toHaveLength(1);
    expect(replies.find((r) => !r.status)?.msg).toMatch(/^A tag named '(Race|race)' exists\.$/);
  });
});

describe('fetch_user_tags/', () => {
  it('lists tags and groups apart, by name, with the tags of the user asked about', async () => {
    const a = await newTag('Alpha list');
    const b = await newTag('beta list');
    const u = await user();
    await server.db
      .insertInto('user_tags')
      .values([
        { user_id: u.id, tag_id: b },
        { user_id: u.id, tag_id: a },
      ])
      .execute();
    const reply = await fetchTags(u.id);
    const names = reply.msg.tags.map((t) => t.name);
    expect(names).toEqual([...names].sort((x, y) => x.localeCompare(y, 'en', { sensitivity: 'base' })));
    expect(reply.msg.tag_groups.map((t) => t.name)).toContain('Regions');
    expect(names).not.toContain('Regions');
    expect(reply.msg.user_tags).toEqual([a, b].sort((x, y) => x - y));
    expect((await fetchTags()).msg.user_tags).toEqual([]);
  });
});

describe('assign_tags/', () => {
  it('overwrite replaces the user’s tags; an empty type adds to them', async () => {
    const [t1, t2, t3] = [await newTag('Assign one'), await newTag('Assign two'), await newTag('Assign three')];
    const u = await user();
    expect((await assign({ tags: [t1, t2], userIds: [u.id], type: 'overwrite' })).body).toEqual({
      status: true,
      msg: [],
      changed: 1,
    });
    expect(await tagsOf(u.id)).toEqual([t1, t2]);
    await assign({ tags: [t3, t1], userIds: [u.id] });
    expect(await tagsOf(u.id)).toEqual([t1, t2, t3]);
    await assign({ tags: [t2], userIds: [String(u.id)], type: 'overwrite' });
    expect(await tagsOf(u.id)).toEqual([t2]);
    await assign({ tags: [], userIds: [u.id], type: 'overwrite' });
    expect(await tagsOf(u.id)).toEqual([]);
  });

  it('audits each user’s tags before and after', async () => {
    const [t1, t2] = [await newTag('Audit one'), await newTag('Audit two')];
    const u = await user();
    await assign({ tags: [t1], userIds: [u.id], type: 'overwrite' });
    await assign({ tags: [t2], userIds: [u.id] });
    const [replaced, added] = await auditRows(`user #${u.id}`);
    expect(replaced!.action).toBe(`tags replaced: user #${u.id}`);
    expect(JSON.parse(replaced!.previous_data!)).toEqual({ user_id: u.id, tags: [] });
    expect(JSON.parse(replaced!.current_data!)).toEqual({ user_id: u.id, tags: [t1] });
    expect(added!.action).toBe(`tags added: user #${u.id}`);
    expect(JSON.parse(added!.current_data!)).toEqual({ user_id: u.id, tags: [t1, t2].sort((x, y) => x - y) });
  });

  it('refuses unknown tag ids (and tag groups) with a 400, changing nothing', async () => {
    const t = await newTag('Known tag');
    const group = await newTag('A group', { type: 'group' });
    const u = await user();
    for (const tags of [[t, 987654], [group]]) {
      const { status, body } = await assign({ tags, userIds: [u.id], type: 'overwrite' });
      expect(status).toBe(400);
      expect(v.parse(BadRequestReply, body).errors['tags']![0]).toMatch(/^No tag has the id (987654|\d+)\.$/);
    }
    expect(await tagsOf(u.id)).toEqual([]);
  });

  it('lists the users that match nobody, and refuses when nobody matches', async () => {
    const t = await newTag('Partial');
    const u = await user();
    expect((await assign({ tags: [t], userIds: [u.id, 987654, 'someone'] })).body).toEqual({
      status: true,
      msg: ['987654', 'someone'],
      changed: 1,
    });
    expect(await tagsOf(u.id)).toEqual([t]);
    expect(v.parse(AssignTagsReply, (await assign({ tags: [t], userIds: [987655] })).body)).toEqual({
      status: false,
      msg: ['987655'],
      changed: 0,
    });
  });

  it('bulk upload finds users by email, username or id; deleted users and strangers are invalid', async () => {
    const t = await newTag('Bulk upload');
    const [byEmail, byName, byId] = [await user(), await user(), await user()];
    const gone = await user({ deleted: true });
    const { body } = await assign({
      tags: [t],
      type: 'overwrite',
      updated_from: 'bulk_upload',
      userIds: [
        byEmail.email.toUpperCase(),
        byName.username,
        String(byId.id),
        gone.email,
        'nobody@nowhere.example',
        ' ',
      ],
    });
    expect(body).toEqual({ status: true, msg: [gone.email, 'nobody@nowhere.example'], changed: 3 });
    for (const u of [byEmail, byName, byId]) expect(await tagsOf(u.id)).toEqual([t]);
    expect(await tagsOf(gone.id)).toEqual([]);
  });

  it(`audits a bulk upload of more than ${AUDIT_PER_USER_MAX} users as one summary row`, async () => {
    const t = await newTag('Many users');
    const users = [];
    for (let i = 0; i <= AUDIT_PER_USER_MAX; i++) users.push(await user());
    const { body } = await assign({ tags: [t], updated_from: 'bulk_upload', userIds: users.map((u) => u.username) });
    expect(body).toEqual({ status: true, msg: [], changed: users.length });
    const rows = await auditRows('(bulk upload)');
    expect(rows).toHaveLength(1);
    expect(rows[0]!.action).toBe(`tags added: ${users.length} users (bulk upload)`);
    expect(rows[0]!.origin).toBe('bulk_upload');
    const ids = users.map((u) => u.id).sort((a, b) => a - b);
    expect(JSON.parse(rows[0]!.current_data!)).toEqual({
      tags: [t],
      type: '',
      users: users.length,
      changed: users.length,
      added_tags: [t],
      removed_tags: [],
      changed_user_ids: ids,
    });
    for (const u of users) expect(await tagsOf(u.id)).toEqual([t]);
  });

  it('needs the tags feature, which user_mgmt alone does not give', async () => {
    const viewer = await signIn(
      server,
      await server.createStaff({
        username: 'tag-viewer',
        features: ['admin_panel_access', 'user_mgmt'],
        activated: true,
      }),
    );
    expect((await viewer.post('/user/fetch_user_tags/', {})).status).toBe(200);
    expect((await viewer.post('/user/assign_tags/', { tags: '[]', userIds: '[1]' })).status).toBe(403);
    expect((await viewer.post('/user/update_user_tags/', { action: 'create', name: 'Nope' })).status).toBe(403);
  });
});
