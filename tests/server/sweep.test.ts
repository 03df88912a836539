import { sql, type Kysely } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { engineOf } from '../../server/db/connect';
import { CLOCK_SKEW_MS } from '../../server/auth/link-tokens';
import { migrateTo, migrateToLatest } from '../../server/db/migrate';
import { FAILURE_MEMORY_MS, SWEEP_INTERVAL_MS, sweepExpired } from '../../server/sweep';
import { freshDatabase, type TestServer } from '../support/server';
import { PANEL, signIn } from './support/sign-in';
import { advance } from './support/clock';
import { startServerAtMorning, stopServerAtMorning } from './support/fresh-server';

let server: TestServer;
beforeEach(async () => {
  server = await startServerAtMorning();
});
afterEach(() => stopServerAtMorning(server));

const IDLE_MS = 900_000;

async function userId(username: string): Promise<number> {
  return (await server.db.selectFrom('users').select('id').where('username', '=', username).executeTakeFirstOrThrow())
    .id;
}

async function addSession(
  idHash: string,
  userIdValue: number,
  stage: 'pending_otp' | 'authenticated',
  lastSeen: number,
  expires: number,
) {
  await server.db
    .insertInto('sessions')
    .values({
      id_hash: idHash,
      user_id: userIdValue,
      stage,
      created_at: lastSeen,
      last_seen_at: lastSeen,
      expires_at: expires,
      mt_user_email: null,
      auth_time: lastSeen,
    })
    .execute();
}

const sessionHashes = async () =>
  (await server.db.selectFrom('sessions').select('id_hash').orderBy('id_hash').execute()).map((r) => r.id_hash);

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
    await server.db
      .insertInto('used_link_tokens')
      .values([
        { jti: 'old', expires_at: now - CLOCK_SKEW_MS - 1 },
        { jti: 'just-expired', expires_at: now - CLOCK_SKEW_MS },
        { jti: 'fresh', expires_at: now + 1 },
      ])
      .execute();

    await sweepExpired(server.db, now, IDLE_MS);
    expect(await sessionHashes()).toEqual(['live', 'pending-live']);
    expect(
      (await server.db.selectFrom('used_link_tokens').select('jti').orderBy('jti').execute()).map((r) => r.jti),
    ).toEqual(['fresh', 'just-expired']);
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
    const names =
      engineOf(server.db) === 'postgres'
        ? (
            await sql<{
              name: string;
            }>`select indexname as name from pg_indexes where schemaname = current_schema()`.execute(server.db)
          ).rows
        : (await sql<{ name: string }>`select name from sqlite_master where type = 'index'`.execute(server.db)).rows;
    expect(names.map((r) => r.name)).toEqual(
      expect.arrayContaining(['sessions_expires_idx', 'sessions_idle_idx', 'used_link_tokens_expires_idx']),
    );
  });
});

describe('failure counters', () => {
  it('forgets a count untouched for a day, and never a running lock', async () => {
    const now = Date.now();
    await server.db
      .insertInto('login_attempts')
      .values([
        { username: 'recent', failures: 3, locked_until: null, updated_at: now - FAILURE_MEMORY_MS + 1000 },
        { username: 'stale', failures: 3, locked_until: null, updated_at: now - FAILURE_MEMORY_MS - 1000 },
        {
          username: 'lock-ended',
          failures: 0,
          locked_until: now - FAILURE_MEMORY_MS,
          updated_at: now - FAILURE_MEMORY_MS - 1000,
        },
        { username: 'locked', failures: 0, locked_until: now + 60_000, updated_at: now - FAILURE_MEMORY_MS - 1000 },
      ])
      .execute();
    await sweepExpired(server.db, now, IDLE_MS);
    const left = await server.db.selectFrom('login_attempts').select('username').orderBy('username').execute();
    expect(left.map((r) => r.username)).toEqual(['locked', 'recent']);
  });
});

describe('migration 2026_11_21_004: counters keyed on the username', () => {
  it('carries the counters of existing accounts over to their normalised names', async () => {
    const { db, drop } = await freshDatabase();
    try {
      await migrateTo(db, '2026_11_21_003_sweep_indexes');
      const now = Date.now();
      const anyDb = db as unknown as Kysely<any>;
      const org = await anyDb
        .insertInto('organizations')
        .values({ name: 'o', created_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      const ids: number[] = [];
      for (const username of ['Lena', 'omar']) {
        ids.push(
          (
            await anyDb
              .insertInto('users')
              .values({
                username,
                email: `${username}@x.test`,
                first_name: username,
                last_name: 'x',
                organization_id: org.id,
                user_type: 'is_staff',
                product_configuration: 'p',
                created_at: now,
                updated_at: now,
              })
              .returning('id')
              .executeTakeFirstOrThrow()
          ).id,
        );
      }
      await anyDb
        .insertInto('login_attempts')
        .values([
          { user_id: ids[0], failures: 3, locked_until: null, updated_at: now },
          { user_id: ids[1], failures: 0, locked_until: now + 60_000, updated_at: now },
        ])
        .execute();
      await migrateToLatest(db);
      const rows = await db.selectFrom('login_attempts').selectAll().orderBy('username').execute();
      expect(rows).toEqual([
        { username: 'lena', failures: 3, locked_until: null, updated_at: now },
        { username: 'omar', failures: 0, locked_until: now + 60_000, updated_at: now },
      ]);
    } finally {
      await db.destroy();
      await drop();
    }
  });
});
