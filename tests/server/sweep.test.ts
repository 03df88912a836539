import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { engineOf } from '../../server/db/connect';
import { SWEEP_INTERVAL_MS, sweepExpired } from '../../server/sweep';
import { createTestServer, type TestServer } from '../support/server';
import { PANEL, signIn } from './support/sign-in';

let server: TestServer;
beforeEach(async () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-21T09:00:00Z'));
  server = await createTestServer();
});
afterEach(async () => {
  await server.close();
  vi.useRealTimers();
});

const advance = (ms: number) => vi.setSystemTime(Date.now() + ms);
const IDLE_MS = 900_000;

async function userId(username: string): Promise<number> {
  return (await server.db.selectFrom('users').select('id').where('username', '=', username).executeTakeFirstOrThrow()).id;
}

async function addSession(idHash: string, userIdValue: number, stage: 'pending_otp' | 'authenticated', lastSeen: number, expires: number) {
  await server.db.insertInto('sessions').values({
    id_hash: idHash, user_id: userIdValue, stage, created_at: lastSeen, last_seen_at: lastSeen, expires_at: expires, mt_user_email: null,
  }).execute();
}

const sessionHashes = async () => (await server.db.selectFrom('sessions').select('id_hash').orderBy('id_hash').execute()).map((r) => r.id_hash);

describe('sweeping rows nobody can use any more', () => {
  it('deletes ended sessions and used link tokens past their expiry, and nothing else', async () => {
    await server.createStaff({ username: 'sam', features: PANEL });
    const uid = await userId('sam');
    const now = Date.now();
    await addSession('live', uid, 'authenticated', now - 60_000, now + 3_600_000);
    await addSession('idle', uid, 'authenticated', now - IDLE_MS, now + 3_600_000);
    await addSession('ended', uid, 'authenticated', now - 1000, now);
    await addSession('pending-live', uid, 'pending_otp', now - IDLE_MS - 1000, now + 60_000);
    await addSession('pending-ended', uid, 'pending_otp', now - 300_000, now - 1);
    await server.db.insertInto('used_link_tokens').values([{ jti: 'old', expires_at: now - 1 }, { jti: 'fresh', expires_at: now + 1 }]).execute();

    await sweepExpired(server.db, now, IDLE_MS);
    expect(await sessionHashes()).toEqual(['live', 'pending-live']);
    expect((await server.db.selectFrom('used_link_tokens').select('jti').execute()).map((r) => r.jti)).toEqual(['fresh']);
  });

  it('runs after a sign-in at most once a minute per instance', async () => {
    const staff = await server.createStaff({ username: 'ida', features: PANEL, activated: true });
    const uid = await userId('ida');
    await signIn(server, staff); // the first sweep of this instance
    await addSession('stale', uid, 'authenticated', Date.now() - IDLE_MS, Date.now() + 3_600_000);

    advance(SWEEP_INTERVAL_MS - 30_000);
    await signIn(server, staff);
    expect(await sessionHashes()).toContain('stale');

    advance(30_000);
    await signIn(server, staff);
    expect(await sessionHashes()).not.toContain('stale');
  });

  it('finds its rows through indexes', async () => {
    const names = engineOf(server.db) === 'postgres'
      ? (await sql<{ name: string }>`select indexname as name from pg_indexes where schemaname = current_schema()`.execute(server.db)).rows
      : (await sql<{ name: string }>`select name from sqlite_master where type = 'index'`.execute(server.db)).rows;
    expect(names.map((r) => r.name)).toEqual(expect.arrayContaining(['sessions_expires_idx', 'sessions_idle_idx', 'used_link_tokens_expires_idx']));
  });
});
