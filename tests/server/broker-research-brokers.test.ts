// The user groups of a broker (decision 059): created with a name unique per broker whatever its
// case (another broker may use it; two creates at once: one wins), renamed and deleted from their
// version (a change in between: 409 naming who, nothing written), members added by email or
// username (live users only, an unknown one refusing all, naming it) and removed; every change one
// transaction with its 'broker research' audit row; bad input 400 naming the field. On SQLite and,
// with TEST_DATABASE_URL, PostgreSQL.
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MembersReply,
  StaleUserGroupReply,
  UserGroupsReply,
  type UserGroup,
} from '../../src/domain/broker-research-brokers';
import { BadRequestReply } from '../../src/domain/field-errors';
import { FEATURE_KEYS } from '../../src/domain/features';
import { createTestServer, type TestServer } from '../support/server';
import type { Browser, Fields } from './support/browser';
import { signIn } from './support/sign-in';
import { userRow } from '../support/factories';

let server: TestServer;
let admin: Browser;
let other: Browser;
const b: number[] = [];

beforeAll(async () => {
  server = await createTestServer();
  const now = Date.now();
  for (const name of ['Apex Securities', 'Beacon Markets']) {
    b.push(
      (
        await server.db
          .insertInto('brokers')
          .values({
            name,
            open_access: 0,
            group_id: null,
            created_at: now,
            legal_name: null,
            short_name: null,
            mifid_updated_at: null,
            mifid_updated_by: null,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id,
    );
  }
  admin = await signIn(
    server,
    await server.createStaff({ username: 'groups-admin', features: [...FEATURE_KEYS], activated: true }),
  );
  other = await signIn(
    server,
    await server.createStaff({
      username: 'groups-other',
      features: ['admin_panel_access', 'br_research'],
      activated: true,
    }),
  );
  // Readers: two live users and one deleted.
  for (const [username, deleted] of [
    ['reader.one', 0],
    ['reader.two', 0],
    ['reader.gone', 1],
  ] as const) {
    await server.db
      .insertInto('users')
      .values(
        userRow({
          username,
          email: `${username}@client.test`,
          first_name: username.split('.')[1]!,
          last_name: 'Reader',
          user_type: 'client',
          deleted,
          created_at: now,
        }),
      )
      .execute();
  }
});
afterAll(async () => {
  await server.close();
});

async function send(method: string, path: string, form: Fields, who = admin) {
  const res = await who.send(method, path, { form });
  return { status: res.status, body: (await res.json()) as unknown };
}
const refusal = (body: unknown) => v.parse(BadRequestReply, body);
const audits = () =>
  server.db.selectFrom('audit_log').selectAll().where('category', '=', 'broker research').orderBy('id').execute();
async function groupsOf(broker: number): Promise<UserGroup[]> {
  const res = await admin.send('GET', `/api/broker/user_group/?broker=${broker}`);
  expect(res.status).toBe(200);
  const reply = v.parse(UserGroupsReply, await res.json());
  expect(reply.broker).toEqual({ id: broker, name: broker === b[0] ? 'Apex Securities' : 'Beacon Markets' });
  return reply.groups;
}
async function nothingWritten(run: () => Promise<void>): Promise<void> {
  const before = [(await audits()).length, JSON.stringify(await groupsOf(b[0]!))];
  await run();
  expect([(await audits()).length, JSON.stringify(await groupsOf(b[0]!))]).toEqual(before);
}

let desk: UserGroup;

describe('creating', () => {
  it('creates a group with its description and one audit row', async () => {
    const { status, body } = await send('POST', '/api/broker/user_group/create/', {
      broker: String(b[0]),
      name: ' Equity desk ',
      description: 'Cash equities',
    });
    expect(status, JSON.stringify(body)).toBe(200);
    const reply = v.parse(UserGroupsReply, body);
    expect(reply.msg).toBe('User group created.');
    expect(reply.groups).toEqual([
      {
        id: expect.any(Number),
        broker_id: b[0],
        name: 'Equity desk',
        description: 'Cash equities',
        member_count: 0,
        version: 1,
        updated_by: 'groups-admin',
        updated_at: expect.any(Number),
      },
    ]);
    desk = reply.groups[0]!;
    expect((await audits()).at(-1)).toMatchObject({
      author: 'groups-admin',
      action: `user group Equity desk created at broker ${b[0]}`,
      success: 1,
    });
  });

  it('refuses the same name at the same broker whatever its case; another broker may use it', async () => {
    await nothingWritten(async () => {
      const dup = await send('POST', '/api/broker/user_group/create/', { broker: String(b[0]), name: 'EQUITY DESK' });
      expect(dup.status).toBe(400);
      expect(refusal(dup.body).fields).toEqual({ name: 'This broker has a user group with this name already.' });
    });
    expect(
      (await send('POST', '/api/broker/user_group/create/', { broker: String(b[1]), name: 'equity desk' })).status,
    ).toBe(200);
  });

  it('of two creates of one name at once, one wins and the other is refused at name', async () => {
    const [x, y] = await Promise.all([
      send('POST', '/api/broker/user_group/create/', { broker: String(b[0]), name: 'Macro readers' }),
      send('POST', '/api/broker/user_group/create/', { broker: String(b[0]), name: 'MACRO readers' }, other),
    ]);
    expect([x.status, y.status].sort()).toEqual([200, 400]);
    expect(refusal(x.status === 400 ? x.body : y.body).fields).toEqual({
      name: 'This broker has a user group with this name already.',
    });
    expect((await groupsOf(b[0]!)).filter((g) => g.name.toLowerCase() === 'macro readers').length).toBe(1);
  });

  it('refuses bad input naming the fields: no name, a name too long, an unknown broker', async () => {
    await nothingWritten(async () => {
      const blank = await send('POST', '/api/broker/user_group/create/', { broker: String(b[0]), name: '  ' });
      expect(refusal(blank.body).fields).toEqual({ name: 'Type the name.' });
      const long = await send('POST', '/api/broker/user_group/create/', { broker: 'x', name: 'n'.repeat(81) });
      expect(refusal(long.body).fields).toEqual({ broker: expect.any(String), name: 'At most 80 characters.' });
      const unknown = await send('POST', '/api/broker/user_group/create/', { broker: '999999', name: 'Somewhere' });
      expect(refusal(unknown.body).fields).toEqual({ broker: 'No broker has this id.' });
    });
  });
});

describe('members', () => {
  it('adds live users by email or username, any case; an unknown or deleted one refuses all, naming it', async () => {
    await nothingWritten(async () => {
      const bad = await send('POST', '/api/broker/user_group/members/', {
        group: String(desk.id),
        users: 'reader.one, reader.gone@client.test\nnobody',
      });
      expect(bad.status).toBe(400);
      expect(refusal(bad.body).fields).toEqual({
        users: 'No live user has the email or username reader.gone@client.test, nobody.',
      });
    });
    const { status, body } = await send('POST', '/api/broker/user_group/members/', {
      group: String(desk.id),
      users: 'READER.ONE\nreader.two@client.test, reader.one@client.test',
    });
    expect(status, JSON.stringify(body)).toBe(200);
    const reply = v.parse(MembersReply, body);
    expect(reply.msg).toBe('2 members added.');
    expect(reply.members.map((m) => m.username)).toEqual(['reader.one', 'reader.two']);
    expect(reply.group.member_count).toBe(2);
    const again = v.parse(
      MembersReply,
      (await send('POST', '/api/broker/user_group/members/', { group: String(desk.id), users: 'reader.two' })).body,
    );
    expect(again.msg).toBe('0 members added.');
    const empty = await send('POST', '/api/broker/user_group/members/', { group: String(desk.id), users: ' , ' });
    expect(refusal(empty.body).fields).toEqual({ users: 'Type an email or username.' });
  });

  it('removes one member, with its audit row', async () => {
    const members = v.parse(
      MembersReply,
      await (await admin.send('GET', `/api/broker/user_group/members/?group=${desk.id}`)).json(),
    ).members;
    const one = members.find((m) => m.username === 'reader.one')!;
    const { status, body } = await send('DELETE', '/api/broker/user_group/members/', {
      group: String(desk.id),
      user: String(one.id),
    });
    expect(status).toBe(200);
    expect(v.parse(MembersReply, body).members.map((m) => m.username)).toEqual(['reader.two']);
    expect((await audits()).at(-1)).toMatchObject({
      action: `reader.one removed from user group Equity desk of broker ${b[0]}`,
    });
    const notMember = await send('DELETE', '/api/broker/user_group/members/', {
      group: String(desk.id),
      user: String(one.id),
    });
    expect(refusal(notMember.body).fields).toEqual({ user: 'This user is not a member of the group.' });
  });
});

describe('renaming and deleting', () => {
  it("renames from the version; a rename to another group's name is refused; a stale one is told who won", async () => {
    const taken = await send('PUT', '/api/broker/user_group/update/', {
      group: String(desk.id),
      version: '1',
      name: 'macro READERS',
      description: '',
    });
    expect(refusal(taken.body).fields).toEqual({ name: 'This broker has a user group with this name already.' });
    // Its own name in another case is no clash.
    const ok = await send(
      'PUT',
      '/api/broker/user_group/update/',
      { group: String(desk.id), version: '1', name: 'EQUITY desk', description: 'Cash and ETFs' },
      other,
    );
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(v.parse(UserGroupsReply, ok.body).groups.find((g) => g.id === desk.id)).toMatchObject({
      name: 'EQUITY desk',
      description: 'Cash and ETFs',
      version: 2,
      updated_by: 'groups-other',
    });
    await nothingWritten(async () => {
      const stale = await send('PUT', '/api/broker/user_group/update/', {
        group: String(desk.id),
        version: '1',
        name: 'Equities',
        description: '',
      });
      expect(stale.status).toBe(409);
      const reply = v.parse(StaleUserGroupReply, stale.body);
      expect(reply.msg).toBe(
        'groups-other changed the user group EQUITY desk after you opened it; nothing of yours was saved.',
      );
      expect(reply.groups.find((g) => g.id === desk.id)?.version).toBe(2);
    });
  });

  it('deletes from the version with its members, one audit row naming how many went; a deleted group is said to be gone', async () => {
    await nothingWritten(async () => {
      expect(
        (await send('DELETE', '/api/broker/user_group/delete/', { group: String(desk.id), version: '1' })).status,
      ).toBe(409);
    });
    const { status, body } = await send('DELETE', '/api/broker/user_group/delete/', {
      group: String(desk.id),
      version: '2',
    });
    expect(status).toBe(200);
    expect(v.parse(UserGroupsReply, body).groups.some((g) => g.id === desk.id)).toBe(false);
    expect(
      await server.db.selectFrom('broker_user_group_members').selectAll().where('group_id', '=', desk.id).execute(),
    ).toEqual([]);
    expect((await audits()).at(-1)).toMatchObject({
      action: `user group EQUITY desk of broker ${b[0]} deleted with 1 members`,
    });
    const gone = await send('PUT', '/api/broker/user_group/update/', {
      group: String(desk.id),
      version: '2',
      name: 'Back',
      description: '',
    });
    expect(refusal(gone.body).fields).toEqual({ group: 'This user group no longer exists.' });
  });
});
