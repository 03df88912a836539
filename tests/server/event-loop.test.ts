// One slow database call must not hold the others: a session check is answered while a slow
// write runs, and while a transaction holds the writer (its activity write waits, the reply does
// not); a bulk edit's long report is written a slice at a time, other work running between
// (decision 107). Ordering, never timing: each case records which finished first, or counts turns
// of the event loop. SQLite and PostgreSQL.
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { hashSessionId } from '../../server/auth/sessions';
import { SESSION_COOKIE } from '../../src/domain/constants';
import { insertOrganization, userRow } from '../support/factories';
import { createTestServer, type TestServer } from '../support/server';
import { advance, startFakeClock, stopFakeClock } from './support/clock';
import { PANEL, signIn, type Staff } from './support/sign-in';
import { FEATURE_KEYS } from '../../src/domain/features';

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

  describe('a bulk edit of thousands of users', () => {
    /** Users made with the factory, in one organization; their ids. */
    async function manyUsers(count: number): Promise<number[]> {
      const org = await insertOrganization(server.db, { name: 'Loop Org' });
      const ids: number[] = [];
      for (let i = 0; i < count; i += 500) {
        const rows = Array.from({ length: Math.min(500, count - i) }, () => userRow({ organization_id: org }));
        ids.push(...(await server.db.insertInto('users').values(rows).returning('id').execute()).map((r) => r.id));
      }
      return ids;
    }

    async function startEdit(ids: number[]): Promise<ReadableStreamDefaultReader<Uint8Array>> {
      const editor = await signIn(
        server,
        await server.createStaff({ username: 'loop.editor', features: [...FEATURE_KEYS], activated: true }),
      );
      const res = await editor.post('/user/bulk_edit_user/', {
        selection: JSON.stringify({ by: 'ids', ids }),
        changes: JSON.stringify({ cgs: true }),
      });
      expect(res.status).toBe(200);
      return res.body!.getReader();
    }

    async function readToEnd(reader: ReadableStreamDefaultReader<Uint8Array>, text = ''): Promise<string> {
      const decoder = new TextDecoder();
      for (let next = await reader.read(); !next.done; next = await reader.read())
        text += decoder.decode(next.value, { stream: true });
      return text + decoder.decode();
    }

    it('writes its report a slice at a time, the event loop turning between slices', async () => {
      const ids = await manyUsers(4_500);
      const reader = await startEdit(ids);
      // Counts turns of the event loop: other requests' callbacks run in the same turns.
      let turns = 0;
      let counting = true;
      const tick = () => {
        turns++;
        if (counting) setImmediate(tick);
      };
      const first = await reader.read();
      const atFirst = turns;
      setImmediate(tick);
      const text = await readToEnd(reader, new TextDecoder().decode(first.value));
      counting = false;
      // 4,500 lines are three slices of at most 2,000: a turn before each of the last two.
      expect(turns - atFirst).toBeGreaterThanOrEqual(2);
      const reply = JSON.parse(text) as { status: number; data: { results: { id: number }[] } };
      expect(text).toBe(JSON.stringify(reply));
      expect(reply.data.results.map((r) => r.id)).toEqual(ids);
    });

    it('answers a session check while its report is still being written', async () => {
      const ids = await manyUsers(4_500);
      const browser = await signIn(server, staff);
      const reader = await startEdit(ids);
      const order: string[] = [];
      const first = await reader.read();
      order.push('first piece of the report');
      expect((await browser.postJson('/session_check/'))['status']).toBe(true);
      order.push('session check');
      const text = await readToEnd(reader, new TextDecoder().decode(first.value));
      order.push('end of the report');
      expect(order).toEqual(['first piece of the report', 'session check', 'end of the report']);
      expect((JSON.parse(text) as { data: { updated: number } }).data.updated).toBe(4_500);
    });
  });
});
