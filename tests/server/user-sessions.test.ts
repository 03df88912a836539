// A user's sessions on the edit screen: listed with short handles, ended one by one or all at once,
// and an ended session's next request is refused. On SQLite and, with TEST_DATABASE_URL, PostgreSQL.
import * as v from 'valibot';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { KillSessionsReply, UserSessionsReply } from '../../src/domain/users';
import { REFUSALS } from '../../server/http/replies';
import { KILL_MESSAGES } from '../../server/users/sessions';
import type { TestServer } from '../support/server';
import type { Browser } from './support/browser';
import { advance, MORNING } from './support/clock';
import { startServerAtMorning, stopServerAtMorning } from './support/fresh-server';
import { passwordStep, signIn, type Staff } from './support/sign-in';

const EDITOR = ['admin_panel_access', 'user_mgmt', 'edit_user'];

let server: TestServer;
beforeEach(async () => {
  server = await startServerAtMorning();
});
afterEach(() => stopServerAtMorning(server));

const idOf = async (username: string) =>
  (await server.db.selectFrom('users').select('id').where('username', '=', username).executeTakeFirstOrThrow()).id;
const sessionsOf = async (b: Browser, userId: number) =>
  v.parse(UserSessionsReply, await b.postJson('/user/get_user_session', { user_id: String(userId) })).data;
const kill = async (b: Browser, userId: number, keys?: string[]) =>
  v.parse(
    KillSessionsReply,
    await b.postJson('/user/kill_user_sessions', {
      user_id: String(userId),
      ...(keys ? { keys: JSON.stringify(keys) } : {}),
    }),
  );
/** A feature-guarded call: refused with 403 once the session is gone. */
const ownSessions = (b: Browser, userId: number) => b.post('/user/get_user_session', { user_id: String(userId) });

/** Signs the same person in again in a later code step (a code is accepted once). */
async function again(staff: Staff): Promise<Browser> {
  advance(30_000);
  return signIn(server, staff);
}

describe('get_user_session', () => {
  it('lists live sessions, newest first, with a short handle and the caller marked', async () => {
    const admin = await server.createStaff({ username: 'admin', features: EDITOR, activated: true });
    await signIn(server, admin);
    const second = await again(admin);
    advance(1_000);
    await passwordStep(server, admin);
    const list = await sessionsOf(second, await idOf('admin'));
    expect(list.map((s) => s.stage)).toEqual(['pending_otp', 'authenticated', 'authenticated']);
    expect(list.map((s) => s.current)).toEqual([false, true, false]);
    const hashes = (await server.db.selectFrom('sessions').select('id_hash').execute()).map((r) => r.id_hash);
    for (const s of list) {
      expect(s.key).toMatch(/^[0-9a-f]{16}$/);
      expect(hashes).not.toContain(s.key);
      expect(hashes.some((h) => h.startsWith(s.key))).toBe(true);
    }
    expect(list[1]).toMatchObject({
      created_at: MORNING.getTime() + 30_000,
      expires_at: MORNING.getTime() + 30_000 + 12 * 3600_000,
    });
  });

  it('leaves out sessions that are idle past the timeout or past their end', async () => {
    const ann = await server.createStaff({ username: 'ann', features: EDITOR, activated: true });
    const bob = await server.createStaff({ username: 'bob', features: EDITOR, activated: true });
    await signIn(server, ann);
    const watcher = await signIn(server, bob);
    advance(server.config.sessionIdleSeconds * 1000 - 1_000);
    expect(await sessionsOf(watcher, await idOf('ann'))).toHaveLength(1);
    advance(2_000);
    expect(await sessionsOf(watcher, await idOf('ann'))).toEqual([]);
  });
});

describe('kill_user_sessions', () => {
  it('ends the named session of another user, whose next request is refused', async () => {
    const ann = await server.createStaff({ username: 'ann', features: EDITOR, activated: true });
    const bob = await server.createStaff({ username: 'bob', features: EDITOR, activated: true });
    const annLaptop = await signIn(server, ann);
    const annPhone = await again(ann);
    const admin = await signIn(server, bob);
    const annId = await idOf('ann');
    const [phone, laptop] = await sessionsOf(admin, annId);
    expect(await kill(admin, annId, [laptop!.key])).toEqual({ status: true, msg: '1 session ended.', killed: 1 });

    const refused = await ownSessions(annLaptop, annId);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ status: false, msg: REFUSALS.noSession });
    expect(await annLaptop.postJson('/session_check/')).toEqual({ status: false });
    // The other session goes on.
    expect((await ownSessions(annPhone, annId)).status).toBe(200);
    expect((await sessionsOf(admin, annId)).map((s) => s.key)).toEqual([phone!.key]);

    const [row] = await server.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', 'like', 'sessions ended%')
      .execute();
    expect(row).toMatchObject({
      category: 'user',
      author: 'bob',
      action: `sessions ended: user #${annId}`,
      previous_data: JSON.stringify({ sessions: [laptop!.key] }),
      current_data: '{"ended":1}',
    });
  });

  it('ends every session of another user when none is named', async () => {
    const ann = await server.createStaff({ username: 'ann', features: EDITOR, activated: true });
    const bob = await server.createStaff({ username: 'bob', features: EDITOR, activated: true });
    const sessions = [await signIn(server, ann), await again(ann), await again(ann)];
    const admin = await signIn(server, bob);
    expect(await kill(admin, await idOf('ann'))).toMatchObject({ status: true, killed: 3 });
    for (const b of sessions) expect((await ownSessions(b, 1)).status).toBe(403);
    expect((await ownSessions(admin, 1)).status).toBe(200);
  });

  it('refuses to end the caller\'s own current session, and "all" of one\'s own keeps it', async () => {
    const ann = await server.createStaff({ username: 'ann', features: EDITOR, activated: true });
    const old = await signIn(server, ann);
    const current = await again(ann);
    const annId = await idOf('ann');
    const mine = (await sessionsOf(current, annId)).find((s) => s.current)!;
    expect(await kill(current, annId, [mine.key])).toEqual({ status: false, msg: KILL_MESSAGES.ownCurrent, killed: 0 });
    expect(await kill(current, annId)).toEqual({
      status: true,
      msg: '1 session ended. Your current session stays open; use Logout to end it.',
      killed: 1,
    });
    expect((await ownSessions(current, annId)).status).toBe(200);
    expect((await ownSessions(old, annId)).status).toBe(403);
  });

  it("ends only the named user's sessions, whatever handles are sent", async () => {
    const ann = await server.createStaff({ username: 'ann', features: EDITOR, activated: true });
    const bob = await server.createStaff({ username: 'bob', features: EDITOR, activated: true });
    const annBrowser = await signIn(server, ann);
    const admin = await signIn(server, bob);
    const [annSession] = await sessionsOf(admin, await idOf('ann'));
    // Ann's handle, sent for Bob: nothing of Ann's ends.
    expect(await kill(admin, await idOf('bob'), [annSession!.key])).toMatchObject({ status: true, killed: 0 });
    expect((await ownSessions(annBrowser, 1)).status).toBe(200);
    expect(await kill(admin, await idOf('ann'), ['not-a-handle'])).toEqual({
      status: false,
      msg: KILL_MESSAGES.badKey,
      killed: 0,
    });
  });
});
