// A bulk edit's outcome by the panel's operation id: stored in the edit's transaction, answered
// to the staff member who ran it, never applied twice for one id. On SQLite and PostgreSQL.
import { randomUUID } from 'node:crypto';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BulkOutcomeReply } from '../../src/domain/bulk-edit';
import { FEATURE_KEYS } from '../../src/domain/features';
import { BulkApplyReply, type BulkSelection } from '../../src/domain/users';
import { createApp } from '../../server/app';
import { insertOrganization, userRow } from '../support/factories';
import { createTestServer, type TestServer } from '../support/server';
import { Browser } from './support/browser';
import { signIn } from './support/sign-in';

let server: TestServer;
let admin: Browser;
let other: Browser;
let userIds: number[];

beforeAll(async () => {
  server = await createTestServer();
  const org = await insertOrganization(server.db, { name: 'Outcome Org' });
  const made = await server.db
    .insertInto('users')
    .values(
      Array.from({ length: 30 }, (_, i) =>
        userRow({
          username: `outcome.user${i}`,
          email: `outcome${i}@outcome.example`,
          first_name: 'Ola',
          last_name: `Outcome${i}`,
          organization_id: org,
        }),
      ),
    )
    .returning('id')
    .execute();
  userIds = made.map((r) => r.id);
  admin = await signIn(
    server,
    await server.createStaff({ username: 'outcomer', features: [...FEATURE_KEYS], activated: true }),
  );
  other = await signIn(
    server,
    await server.createStaff({ username: 'bystander', features: [...FEATURE_KEYS], activated: true }),
  );
});
afterAll(async () => {
  await server.close();
});

const selection = (ids: number[]): BulkSelection => ({ by: 'ids', ids });

async function apply(ids: number[], changes: Record<string, unknown>, operationId?: string, b = admin) {
  const res = await b.post('/user/bulk_edit_user/', {
    selection: JSON.stringify(selection(ids)),
    changes: JSON.stringify(changes),
    ...(operationId ? { operation_id: operationId } : {}),
  });
  expect(res.status, await res.clone().text()).toBe(200);
  return v.parse(BulkApplyReply, await res.json());
}

async function outcome(operationId: string, b = admin) {
  const res = await b.post('/user/bulk_edit_outcome/', { operation_id: operationId });
  expect(res.status, await res.clone().text()).toBe(200);
  return v.parse(BulkOutcomeReply, await res.json()).data;
}

const audits = async () =>
  Number(
    (
      await server.db
        .selectFrom('audit_log')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
const versions = async (ids: number[]) =>
  (await server.db.selectFrom('users').select(['id', 'version']).where('id', 'in', ids).orderBy('id').execute()).map(
    (r) => Number(r.version),
  );

describe('bulk_edit_outcome/', () => {
  it('answers the report of an edit that committed, to its author only', async () => {
    const id = randomUUID();
    const applied = await apply(userIds.slice(0, 5), { active: false }, id);
    expect(applied).toMatchObject({ status: 1, data: { updated: 5 } });
    expect(await outcome(id)).toEqual({
      outcome: 'applied',
      report: (applied as Extract<typeof applied, { status: 1 }>).data,
    });
    // Someone else learns nothing about it.
    expect(await outcome(id, other)).toEqual({ outcome: 'unknown' });
  });

  it('says unknown for an id under which nothing committed: never sent, or refused', async () => {
    expect(await outcome(randomUUID())).toEqual({ outcome: 'unknown' });
    const none = randomUUID();
    expect(await apply(userIds.slice(0, 2), { nonsense: true }, none)).toMatchObject({ status: 0 });
    expect(await outcome(none)).toEqual({ outcome: 'unknown' });
  });

  it('applies an id once: sent again, it answers the stored report and changes nothing', async () => {
    const id = randomUUID();
    const ids = userIds.slice(10, 14);
    const first = await apply(ids, { is_account_admin: true }, id);
    const before = { audits: await audits(), versions: await versions(ids) };
    // The same id with other changes still answers what was done under it.
    const again = await apply(ids, { is_account_admin: false }, id);
    expect(again).toEqual(first);
    expect({ audits: await audits(), versions: await versions(ids) }).toEqual(before);
  });

  it('applies once when two requests with one id arrive together', async () => {
    const id = randomUUID();
    const ids = userIds.slice(20, 25);
    const before = await audits();
    const replies = await Promise.all([apply(ids, { active: false }, id), apply(ids, { active: false }, id)]);
    const applied = replies.filter((r) => r.status === 1);
    expect(applied.length).toBeGreaterThanOrEqual(1);
    // The loser either got the stored report or was told the edit is under way: never a second edit.
    for (const r of replies) if (r.status === 0) expect(r.data).toMatch(/being applied already/);
    expect(await audits()).toBe(before + 5);
    expect((await outcome(id)).outcome).toBe('applied');
  });

  it("refuses the id of another staff member's edit", async () => {
    const id = randomUUID();
    await apply(userIds.slice(26, 28), { active: false }, id);
    expect(await apply(userIds.slice(26, 28), { active: true }, id, other)).toMatchObject({ status: 0 });
  });

  it('answers 400 to an operation id that is no UUID', async () => {
    expect((await admin.post('/user/bulk_edit_outcome/', { operation_id: 'not-a-uuid' })).status).toBe(400);
    const res = await admin.post('/user/bulk_edit_user/', {
      selection: JSON.stringify(selection(userIds.slice(0, 1))),
      changes: JSON.stringify({ active: true }),
      operation_id: 'x',
    });
    expect(res.status).toBe(400);
  });
});

describe('two instances on one database', () => {
  /** The admin's browser at a second instance on the same database. */
  function atSecondInstance(): Browser {
    const there = new Browser({ app: createApp({ db: server.db, config: server.config }) });
    for (const [k, val] of admin.cookies) there.cookies.set(k, val);
    return there;
  }
  const staffId = async () =>
    Number(
      (await server.db.selectFrom('users').select('id').where('username', '=', 'outcomer').executeTakeFirstOrThrow())
        .id,
    );

  /**
   * Holds a transaction open as an instance applying an edit does (its operation row first), asks
   * the outcome at the second instance meanwhile, then ends the transaction as `end` says.
   */
  async function askWhileApplying(id: string, end: 'commit' | 'crash') {
    const asking: { answer?: Promise<Awaited<ReturnType<typeof outcome>>> } = {};
    const author = await staffId();
    await server.db
      .transaction()
      .execute(async (trx) => {
        await trx
          .insertInto('bulk_operations')
          .values({ operation_id: id, staff_user_id: author, status: 'applying', report: '{}', created_at: Date.now() })
          .execute();
        asking.answer = outcome(id, atSecondInstance());
        // Give the question time to arrive; its answer must not depend on it.
        await Promise.race([asking.answer, new Promise((resolve) => setTimeout(resolve, 300))]);
        if (end === 'crash') throw new Error('the applying instance died');
        await trx
          .updateTable('bulk_operations')
          .set({
            status: 'applied',
            report: JSON.stringify({ updated: 3, unchanged: 0, refused: 0, unmatched: [], results: [] }),
          })
          .where('operation_id', '=', id)
          .execute();
      })
      .catch((err: unknown) => {
        if (end !== 'crash') throw err;
      });
    return asking.answer!;
  }

  it('answers an outcome asked at one instance while another applies the edit once it commits: applied', async () => {
    expect(await askWhileApplying(randomUUID(), 'commit')).toMatchObject({
      outcome: 'applied',
      report: { updated: 3 },
    });
  });

  it('answers unknown once the applying transaction is rolled back (its instance killed)', async () => {
    const id = randomUUID();
    expect(await askWhileApplying(id, 'crash')).toEqual({ outcome: 'unknown' });
    // Nothing of the probe stays behind either.
    expect(
      await server.db
        .selectFrom('bulk_operations')
        .select('operation_id')
        .where('operation_id', '=', id)
        .executeTakeFirst(),
    ).toBeUndefined();
  });
});
