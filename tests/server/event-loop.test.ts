// One slow database call must not hold the others: a session check is answered while a slow
// write runs, and while a transaction holds the writer (its activity write waits, the reply does
// not). Ordering, never timing: each case records which finished first. SQLite and PostgreSQL.
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { hashSessionId } from '../../server/auth/sessions';
import { SESSION_COOKIE } from '../../src/domain/constants';
import { createTestServer, type TestServer } from '../support/server';
import { advance, startFakeClock, stopFakeClock } from './support/clock';
import { PANEL, signIn, type Staff } from './support/sign-in';

let server: TestServer;
let staff: Staff;
beforeEach(async () => {
  startFakeClock();
  server = await createTestServer();
  staff = await server.createStaff({ username: 'nell', features: PANEL, activated: true });
});
afterEach(async () => {
  await server.close();
  stopFakeClock();
});

/** A write that takes a while on either engine: it counts two million rows first. */
function slowWrite(): Promise<unknown> {
  return sql`with recursive c(x) as (select 1 union all select x + 1 from c where x < 2000000)
    update sessions set last_seen_at = last_seen_at + (select count(*) from c) * 0`.execute(server.db);
}

const realSetTimeout = globalThis.setTimeout;

describe('one slow call holds no one else', () => {
  it('answers session_check while a slow write is running', async () => {
    const browser = await signIn(server, staff);
    const order: string[] = [];
    const write = slowWrite().then(() => order.push('slow write'));
    const check = browser.postJson('/session_check/').then((reply) => {
      order.push('session check');
      return reply;
    });
    expect((await check)['status']).toBe(true);
    await write;
    expect(order).toEqual(['session check', 'slow write']);
  });

  it('answers session_check while a transaction holds the writer; its activity is written after', async () => {
    const browser = await signIn(server, staff);
    const idHash = hashSessionId(browser.cookie(SESSION_COOKIE)!);
    const order: string[] = [];
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    let entered!: () => void;
    const inside = new Promise<void>((resolve) => {
      entered = resolve;
    });
    const tx = server.db
      .transaction()
      .execute(async (trx) => {
        await trx.updateTable('users').set({ updated_at: Date.now() }).where('username', '=', 'nell').execute();
        entered();
        await gate;
      })
      .then(() => order.push('transaction'));
    await inside;
    // Were the reply to wait for the writer, the transaction would end first (a safety release
    // keeps a wrong implementation from hanging the test).
    const safety = realSetTimeout(release, 5_000);
    advance(60_000);
    const seenAt = Date.now();
    const reply = await browser.postJson('/session_check/');
    order.push('session check');
    release();
    clearTimeout(safety);
    await tx;
    expect(reply['status']).toBe(true);
    expect(order).toEqual(['session check', 'transaction']);
    // The activity reaches the database once the writer is free.
    for (let i = 0; i < 500; i++) {
      const row = await server.db
        .selectFrom('sessions')
        .select('last_seen_at')
        .where('id_hash', '=', idHash)
        .executeTakeFirstOrThrow();
      if (Number(row.last_seen_at) >= seenAt) break;
      await new Promise((resolve) => realSetTimeout(resolve, 10));
    }
    const row = await server.db
      .selectFrom('sessions')
      .select('last_seen_at')
      .where('id_hash', '=', idHash)
      .executeTakeFirstOrThrow();
    expect(Number(row.last_seen_at)).toBe(seenAt);
  });

  it('keeps a session alive on activity not yet written', async () => {
    const browser = await signIn(server, staff);
    // Activity every 10 minutes for an hour: the 15-minute idle limit is never reached.
    for (let i = 0; i < 6; i++) {
      advance(10 * 60_000);
      expect((await browser.postJson('/session_check/'))['status'], `after ${(i + 1) * 10} minutes`).toBe(true);
    }
    advance(15 * 60_000);
    expect((await browser.postJson('/session_check/'))['status']).toBe(false);
  });
});
