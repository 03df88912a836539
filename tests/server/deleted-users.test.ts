// Deleted users without deleted_user (issue 25 §5): a staff member without the key reads a deleted
// user as one that does not exist, and cannot tag them; with the key everything is as before. Every
// user, tag, group and message is made through the real routes. On SQLite and, with
// TEST_DATABASE_URL, PostgreSQL.
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccountRecordReply } from '../../src/domain/accounts';
import { FEATURE_KEYS } from '../../src/domain/features';
import { GroupReply, UserGroupsReply } from '../../src/domain/groups';
import { productNames } from '../../src/domain/product';
import { AssignTagsReply, CreateTagReply, FetchTagsReply } from '../../src/domain/tags';
import { OutboxReply, RegisterReply } from '../../src/domain/users';
import { createTestServer, type TestServer } from '../support/server';
import type { Browser } from './support/browser';
import { signIn } from './support/sign-in';

/** No user has this id: what a route answers for it is its "no such user" reply. */
const NOBODY = 99_999_999;

let server: TestServer;
/** Every feature key, deleted_user included: sets the scene and checks it. */
let admin: Browser;
let counter = 0;

async function staff(features: string[]): Promise<Browser> {
  return signIn(
    server,
    await server.createStaff({
      username: `staff${++counter}`,
      features: ['admin_panel_access', ...features],
      activated: true,
    }),
  );
}

/** A live user and a deleted one of a new organization, each with a tag, a group and a welcome email. */
interface Scene {
  live: { id: number; email: string };
  gone: { id: number; email: string };
  tag: number;
  group: number;
}

async function newTag(name: string): Promise<number> {
  const reply = v.parse(CreateTagReply, await admin.postJson('/user/update_user_tags/', { action: 'create', name }));
  if (!reply.status) throw new Error(reply.msg);
  return reply.tag.id;
}

async function assign(
  b: Browser,
  tags: number[],
  userIds: (number | string)[],
  updatedFrom = '',
): Promise<AssignTagsReply> {
  return v.parse(
    AssignTagsReply,
    await b.postJson('/user/assign_tags/', {
      tags: JSON.stringify(tags),
      userIds: JSON.stringify(userIds),
      type: '',
      updated_from: updatedFrom,
    }),
  );
}

async function scene(): Promise<Scene> {
  const n = ++counter;
  const org = v.parse(
    AccountRecordReply,
    await admin.postJson('/api/account/', { name: `Deleted Users Org ${n}`, salesforce_id: '', sf_acc_id: '' }),
  ).result.account_id;
  const names = productNames(server.config.productKey);
  const registered = v.parse(
    RegisterReply,
    await admin.postJson('/user/register/', {
      organization_id: String(org),
      user_type: 'trial',
      user_category: 'general',
      [names.owner]: 'admin',
      product_configuration: names.defaultConfiguration,
      data_plan: '[]',
      expiry_dt: '',
      startup_screen: '',
      flags: '{}',
      send_email: 'true',
      users: JSON.stringify([
        { first_name: 'Liv', last_name: `Live${n}`, email: `live${n}@deleted-users.example` },
        { first_name: 'Gon', last_name: `Gone${n}`, email: `gone${n}@deleted-users.example` },
      ]),
    }),
  ).data;
  const [live, gone] = registered.map((u) => ({ id: u.user_id, email: u.email }));
  const tag = await newTag(`Deleted users tag ${n}`);
  expect(await assign(admin, [tag], [live!.id, gone!.id])).toMatchObject({ status: true, msg: [] });
  const group = v.parse(
    GroupReply,
    await admin.postJson('/user/add_group_new/', { organization_id: String(org), name: `Desk ${n}`, kind: 'general' }),
  ).group;
  v.parse(
    GroupReply,
    await admin.postJson('/user/add_group_user/', {
      group_id: String(group.id),
      version: String(group.version),
      user_ids: JSON.stringify([live!.id, gone!.id]),
    }),
  );
  // Deleted as the edit screen deletes: update_account with the deleted switch, from the stored version.
  const [record] = (
    await admin.postJson<{ data: { version: number }[] }>('/user/fetch_users_by_account_id/', {
      account_id: String(gone!.id),
    })
  ).data;
  const saved = await admin.postJson('/user/update_account/', {
    user_id: String(gone!.id),
    version: String(record!.version),
    changes: JSON.stringify({ deleted: true }),
  });
  expect(saved).toMatchObject({ status: true });
  return { live: live!, gone: gone!, tag, group: group.id };
}

let s: Scene;
/** user_mgmt without deleted_user. */
let reader: Browser;
/** user_mgmt with deleted_user. */
let archivist: Browser;

beforeAll(async () => {
  server = await createTestServer();
  admin = await signIn(
    server,
    await server.createStaff({ username: 'admin', features: [...FEATURE_KEYS], activated: true }),
  );
  reader = await staff(['user_mgmt']);
  archivist = await staff(['user_mgmt', 'deleted_user']);
  s = await scene();
});
afterAll(async () => {
  await server.close();
});

const fetchTags = async (b: Browser, userId: number) =>
  v.parse(FetchTagsReply, await b.postJson('/user/fetch_user_tags/', { userId: String(userId) }));
const groupsNew = async (b: Browser, userId: number) =>
  v.parse(UserGroupsReply, await b.postJson('/user/fetch_users_groups_new/', { user_id: String(userId) }));
async function groupsGet(b: Browser, userId: number) {
  const res = await b.send('GET', `/user/fetch_user_groups/?user_id=${userId}`);
  expect(res.status).toBe(200);
  return v.parse(UserGroupsReply, await res.json());
}
async function outbox(b: Browser, userId?: number) {
  const res = await b.send('GET', `/user/fetch_outbox/${userId === undefined ? '' : `?user_id=${userId}`}`);
  expect(res.status).toBe(200);
  return v.parse(OutboxReply, await res.json());
}

describe('fetch_user_tags/', () => {
  it('answers a deleted user as no user without deleted_user', async () => {
    expect(await fetchTags(reader, s.gone.id)).toEqual(await fetchTags(reader, NOBODY));
    expect((await fetchTags(reader, s.gone.id)).msg.user_tags).toEqual([]);
    expect((await fetchTags(reader, s.live.id)).msg.user_tags).toEqual([s.tag]);
  });

  it("answers a deleted user's tags with deleted_user", async () => {
    expect((await fetchTags(archivist, s.gone.id)).msg.user_tags).toEqual([s.tag]);
  });
});

describe.each([
  ['fetch_users_groups_new/ (POST)', groupsNew],
  ['fetch_user_groups/ (GET)', groupsGet],
])('%s', (_name, groups) => {
  it('answers a deleted user as no user without deleted_user', async () => {
    expect(await groups(reader, s.gone.id)).toEqual(await groups(reader, NOBODY));
    expect((await groups(reader, s.gone.id)).groups).toEqual([]);
    expect((await groups(reader, s.live.id)).groups.map((g) => g.id)).toEqual([s.group]);
  });

  it("answers a deleted user's groups with deleted_user", async () => {
    expect((await groups(archivist, s.gone.id)).groups.map((g) => g.id)).toEqual([s.group]);
  });
});

describe('fetch_outbox/', () => {
  it("answers a deleted user's messages as no user's without deleted_user, and leaves them out of the whole outbox", async () => {
    expect(await outbox(reader, s.gone.id)).toEqual(await outbox(reader, NOBODY));
    expect((await outbox(reader, s.gone.id)).data).toEqual([]);
    expect((await outbox(reader, s.live.id)).data.map((m) => m.to_email)).toEqual([s.live.email]);
    const everything = (await outbox(reader)).data.map((m) => m.to_email);
    expect(everything).toContain(s.live.email);
    expect(everything).not.toContain(s.gone.email);
  });

  it("answers a deleted user's messages with deleted_user, in theirs and in the whole outbox", async () => {
    expect((await outbox(archivist, s.gone.id)).data.map((m) => m.to_email)).toEqual([s.gone.email]);
    expect((await outbox(archivist)).data.map((m) => m.to_email)).toEqual(
      expect.arrayContaining([s.live.email, s.gone.email]),
    );
  });
});

describe('assign_tags/', () => {
  let tagger: Browser;
  let tagArchivist: Browser;
  beforeAll(async () => {
    tagger = await staff(['user_mgmt', 'tags', 'bulk_upload_tags']);
    tagArchivist = await staff(['user_mgmt', 'tags', 'bulk_upload_tags', 'deleted_user']);
  });

  it('lists a deleted user among the invalid users and tags nothing for them without deleted_user', async () => {
    const tag = await newTag('Assigned without the key');
    expect(await assign(tagger, [tag], [s.gone.id, s.live.id])).toEqual({
      status: true,
      msg: [String(s.gone.id)],
      changed: 1,
    });
    expect(await assign(tagger, [tag], [s.gone.id])).toEqual({ status: false, msg: [String(s.gone.id)], changed: 0 });
    expect((await fetchTags(archivist, s.gone.id)).msg.user_tags).not.toContain(tag);
    expect((await fetchTags(archivist, s.live.id)).msg.user_tags).toContain(tag);
  });

  it('tags a deleted user with deleted_user', async () => {
    const tag = await newTag('Assigned with the key');
    expect(await assign(tagArchivist, [tag], [s.gone.id])).toEqual({ status: true, msg: [], changed: 1 });
    expect((await fetchTags(archivist, s.gone.id)).msg.user_tags).toContain(tag);
  });

  it('matches no deleted user in a bulk upload, with or without deleted_user (decision 024: live users only)', async () => {
    const tag = await newTag('Bulk uploaded');
    for (const b of [tagger, tagArchivist]) {
      expect(await assign(b, [tag], [String(s.gone.id), s.gone.email], 'bulk_upload')).toEqual({
        status: false,
        msg: [String(s.gone.id), s.gone.email],
        changed: 0,
      });
    }
    expect((await fetchTags(archivist, s.gone.id)).msg.user_tags).not.toContain(tag);
  });
});

// server/api/user-edit.ts is another engineer's change: they fill these in with visibleUser
// (server/users/records.ts), which this file's routes use.
describe('user-edit routes', () => {
  /** A staff member signed in, then deleted by the admin: their session row is still stored. */
  async function deletedStaffWithSession(): Promise<number> {
    const username = `leaver${++counter}`;
    await signIn(server, await server.createStaff({ username, features: ['admin_panel_access'], activated: true }));
    const id = Number(
      (await server.db.selectFrom('users').select('id').where('username', '=', username).executeTakeFirstOrThrow()).id,
    );
    const [record] = (
      await admin.postJson<{ data: { version: number }[] }>('/user/fetch_users_by_account_id/', {
        account_id: String(id),
      })
    ).data;
    expect(
      await admin.postJson('/user/update_account/', {
        user_id: String(id),
        version: String(record!.version),
        changes: JSON.stringify({ deleted: true }),
      }),
    ).toMatchObject({ status: true });
    return id;
  }
  const sessionsOf = (b: Browser, id: number) =>
    b.postJson<{ status: boolean; data: unknown[] }>('/user/get_user_session', { user_id: String(id) });
  const liveSessions = async (id: number) =>
    (await server.db.selectFrom('sessions').select('id_hash').where('user_id', '=', id).execute()).length;

  it('get_admin_priviliges/: a deleted user answers as no user without deleted_user, and with their privileges with it', async () => {
    const editor = await staff(['user_mgmt', 'edit_user']);
    const editorArchivist = await staff(['user_mgmt', 'edit_user', 'deleted_user']);
    const privileges = (b: Browser, id: number) => b.postJson('/user/get_admin_priviliges/', { user_id: String(id) });
    expect(await privileges(editor, s.gone.id)).toEqual(await privileges(editor, NOBODY));
    expect(await privileges(editorArchivist, s.gone.id)).toMatchObject({ status: true });
  });

  it('get_user_session: a deleted user answers as no user without deleted_user, and with their sessions with it', async () => {
    const id = await deletedStaffWithSession();
    const editor = await staff(['user_mgmt', 'edit_user']);
    const editorArchivist = await staff(['user_mgmt', 'edit_user', 'deleted_user']);
    expect(await sessionsOf(editor, id)).toEqual(await sessionsOf(editor, NOBODY));
    expect((await sessionsOf(editorArchivist, id)).data).toHaveLength(1);
  });

  it('kill_user_sessions: a deleted user answers as no user without deleted_user and keeps their sessions; with it, they end', async () => {
    const id = await deletedStaffWithSession();
    const editor = await staff(['user_mgmt', 'edit_user']);
    const editorArchivist = await staff(['user_mgmt', 'edit_user', 'deleted_user']);
    const kill = (b: Browser, userId: number) =>
      b.postJson('/user/kill_user_sessions', { user_id: String(userId), keys: '[]' });
    expect(await kill(editor, id)).toMatchObject({ status: true, killed: 0 });
    expect(await liveSessions(id)).toBe(1);
    expect(await kill(editorArchivist, id)).toMatchObject({ status: true, killed: 1 });
    expect(await liveSessions(id)).toBe(0);
  });
});
