// Broker Research → Requests (decision 057): the list filtered by status, broker, organization,
// user and dates, paged by keyset (a deep page read by the same index range as the first); bad
// input refused naming its fields; each action from each status as REQUEST_ACTIONS says; an
// approval creating the fulfillment, with audit rows naming the request (and the fulfillment);
// two approvals at once (one wins, one fulfillment, the other told who decided); an approval
// meeting an active fulfillment told, not doubled; bulk preview and bulk action with a report of
// what was not changed. On SQLite and, with TEST_DATABASE_URL, PostgreSQL.
import { CompiledQuery } from 'kysely';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  REQUEST_ACTION_KEYS,
  REQUEST_ACTIONS,
  REQUEST_STATUSES,
  canAct,
  type RequestAction,
  type RequestStatus,
} from '../../src/domain/broker-research';
import {
  BulkActionReply,
  BulkPreviewReply,
  ListRequestsReply,
  NO_REQUEST_FILTERS,
  OneRequestReply,
  REQUEST_PATHS,
  RequestActionReply,
  RequestConflictReply,
  type RequestFilters,
} from '../../src/domain/broker-research-requests';
import { BadRequestReply } from '../../src/domain/field-errors';
import { FEATURE_KEYS } from '../../src/domain/features';
import { engineOf } from '../../server/db/connect';
import { requestPageQuery } from '../../server/broker-research/requests';
import { createTestServer, type TestServer } from '../support/server';
import type { Browser } from './support/browser';
import { signIn } from './support/sign-in';
import { userRow } from '../support/factories';

const DAY = 24 * 60 * 60 * 1000;
const T0 = Date.UTC(2026, 9, 1, 12);

let server: TestServer;
let admin: Browser;
let other: Browser;
const orgs: number[] = [];
const users: { id: number; org: number }[] = [];
const brokers: number[] = [];

async function addRequest(
  over: { user?: number; broker?: number; status?: RequestStatus; at?: number } = {},
): Promise<number> {
  const user = users.find((u) => u.id === over.user) ?? users[0]!;
  const at = over.at ?? T0;
  const status = over.status ?? 'new';
  const decided = status === 'approved' || status === 'rejected' || status === 'cancelled';
  const row = await server.db
    .insertInto('research_requests')
    .values({
      user_id: user.id,
      broker_id: over.broker ?? brokers[0]!,
      organization_id: user.org,
      status,
      note: 'For the fund.',
      reason: null,
      created_at: at,
      updated_at: at,
      sent_at: status === 'sent' ? at : null,
      decided_at: decided ? at + DAY : null,
      decided_by: decided ? 'seeder' : null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

beforeAll(async () => {
  server = await createTestServer();
  admin = await signIn(
    server,
    await server.createStaff({ username: 'decider', features: [...FEATURE_KEYS], activated: true }),
  );
  other = await signIn(
    server,
    await server.createStaff({ username: 'rival', features: ['admin_panel_access', 'br_research'], activated: true }),
  );
  const now = Date.now();
  for (const name of ['Northwind Capital', 'Blue Harbor Partners', 'Oakmont Advisors']) {
    orgs.push(
      Number(
        (
          await server.db
            .insertInto('organizations')
            .values({ name, salesforce_id: null, sf_acc_id: null, created_at: now })
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id,
      ),
    );
  }
  for (const name of ['Apex Securities', 'Birch Research', 'Cobalt Markets']) {
    brokers.push(
      Number(
        (
          await server.db
            .insertInto('brokers')
            .values({ name, open_access: 0, group_id: null, created_at: now })
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id,
      ),
    );
  }
  for (let i = 0; i < 6; i++) {
    const org = orgs[i % 3]!;
    const { id } = await server.db
      .insertInto('users')
      .values(
        userRow({
          username: `reader${i}`,
          email: `reader${i}@example.com`,
          first_name: 'Ada',
          last_name: `Reader${i}`,
          organization_id: org,
          user_type: 'customer',
          created_at: now,
        }),
      )
      .returning('id')
      .executeTakeFirstOrThrow();
    users.push({ id: Number(id), org });
  }
});
afterAll(async () => {
  await server.close();
});

async function list(form: Record<string, string>, b = admin) {
  const res = await b.post(REQUEST_PATHS.list, form);
  expect(res.status, await res.clone().text()).toBe(200);
  return v.parse(ListRequestsReply, await res.json());
}
async function one(id: number) {
  const res = await admin.send('GET', `${REQUEST_PATHS.one}?id=${id}`);
  expect(res.status).toBe(200);
  return v.parse(OneRequestReply, await res.json());
}
async function act(id: number, action: RequestAction, version: number, reason = '', b = admin) {
  const res = await b.post(REQUEST_PATHS.action, {
    id: String(id),
    action,
    version: String(version),
    ...(reason ? { reason } : {}),
  });
  return { status: res.status, body: (await res.json()) as unknown };
}
const versionOf = async (id: number) =>
  Number(
    (await server.db.selectFrom('research_requests').select('version').where('id', '=', id).executeTakeFirstOrThrow())
      .version,
  );
const fulfillmentsOf = (user: number, broker: number) =>
  server.db
    .selectFrom('fulfillments')
    .selectAll()
    .where('user_id', '=', user)
    .where('broker_id', '=', broker)
    .execute();

describe('the list', () => {
  const ids: number[] = [];
  beforeAll(async () => {
    // 120 requests, one an hour back from T0, across users, brokers and statuses.
    for (let i = 0; i < 120; i++) {
      ids.push(
        await addRequest({
          user: users[i % 6]!.id,
          broker: brokers[i % 3]!,
          status: REQUEST_STATUSES[i % 5]!,
          at: T0 - i * 3_600_000 - 300 * DAY,
        }),
      );
    }
  });
  const listOf = (f: Partial<RequestFilters>, extra: Record<string, string> = {}) =>
    list({
      ...Object.fromEntries(Object.entries({ ...NO_REQUEST_FILTERS, ...f }).map(([k, x]) => [k, String(x)])),
      ...extra,
    });
  const inRange = (rows: { created_at: number }[]) =>
    rows.every((r) => r.created_at <= T0 - 300 * DAY && r.created_at > T0 - 306 * DAY);

  it('reads newest first with the names a person reads, and pages forward and back by cursor to the end', async () => {
    const first = await listOf({ from: '2025-01-01', to: '2025-12-31' }, { page_size: '50' });
    expect(first.items).toHaveLength(50);
    expect(first.total).toBe(120);
    expect(first.total_capped).toBe(false);
    expect(first.prev_cursor).toBeNull();
    expect(first.items.map((r) => r.id)).toEqual(ids.slice(0, 50));
    const top = first.items[0]!;
    expect(top).toMatchObject({
      status: 'new',
      user: { id: users[0]!.id, name: 'Ada Reader0', email: 'reader0@example.com' },
      broker: { id: brokers[0], name: 'Apex Securities' },
      organization: { id: orgs[0], name: 'Northwind Capital' },
      note: 'For the fund.',
      version: 1,
    });
    const second = await listOf(
      { from: '2025-01-01', to: '2025-12-31' },
      { page_size: '50', cursor: first.next_cursor! },
    );
    expect(second.items.map((r) => r.id)).toEqual(ids.slice(50, 100));
    const third = await listOf(
      { from: '2025-01-01', to: '2025-12-31' },
      { page_size: '50', cursor: second.next_cursor! },
    );
    expect(third.items.map((r) => r.id)).toEqual(ids.slice(100));
    expect(third.next_cursor).toBeNull();
    const back = await listOf(
      { from: '2025-01-01', to: '2025-12-31' },
      { page_size: '50', cursor: third.prev_cursor! },
    );
    expect(back.items.map((r) => r.id)).toEqual(ids.slice(50, 100));
    const start = await listOf(
      { from: '2025-01-01', to: '2025-12-31' },
      { page_size: '50', cursor: back.prev_cursor! },
    );
    expect(start.items.map((r) => r.id)).toEqual(ids.slice(0, 50));
    expect(start.prev_cursor).toBeNull();
  });

  it('filters by status, broker, organization, user and dates, each alone and together, naming what it filters by', async () => {
    const byStatus = await listOf({ status: 'sent', from: '2025-01-01' }, { page_size: '100' });
    expect(byStatus.items.length).toBe(24);
    expect(byStatus.items.every((r) => r.status === 'sent')).toBe(true);
    const byBroker = await listOf({ broker: brokers[1]!, to: '2025-12-31' }, { page_size: '100' });
    expect(byBroker.items.length).toBe(40);
    expect(byBroker.items.every((r) => r.broker.id === brokers[1])).toBe(true);
    expect(byBroker.named.broker).toEqual({ id: brokers[1], name: 'Birch Research' });
    const byOrg = await listOf({ org: orgs[2]!, to: '2025-12-31' }, { page_size: '100' });
    expect(byOrg.items.length).toBe(40);
    expect(byOrg.named.org).toEqual({ id: orgs[2], name: 'Oakmont Advisors' });
    const byUser = await listOf({ user: users[4]!.id, to: '2025-12-31' }, { page_size: '100' });
    expect(byUser.items.length).toBe(20);
    expect(byUser.named.user).toEqual({ id: users[4]!.id, name: 'Ada Reader4', email: 'reader4@example.com' });
    const together = await listOf({ broker: brokers[0]!, status: 'new', to: '2025-12-31' }, { page_size: '100' });
    // i ≡ 0 (mod 3) and i ≡ 0 (mod 5): every 15th.
    expect(together.items.map((r) => r.id)).toEqual(ids.filter((_, i) => i % 15 === 0));
    // The dates are whole UTC days: 2024-12-04 holds the requests 300 days before T0 back to its midnight.
    const day = new Date(T0 - 300 * DAY).toISOString().slice(0, 10);
    const oneDay = await listOf({ from: day, to: day }, { page_size: '100' });
    expect(oneDay.items.length).toBe(13);
    expect(inRange(oneDay.items)).toBe(true);
    const none = await listOf({ broker: brokers[0]!, user: users[1]!.id, to: '2025-12-31' });
    expect(none.items).toEqual([]);
    expect(none.total).toBe(0);
  });

  it('counts up to 1,000 and says more than that', async () => {
    await server.db.transaction().execute(async (trx) => {
      const rows = Array.from({ length: 1_001 }, (_, i) => ({
        user_id: users[5]!.id,
        broker_id: brokers[2]!,
        organization_id: users[5]!.org,
        status: 'rejected' as const,
        note: '',
        reason: 'No agreement.',
        created_at: T0 - 1_000 * DAY - i,
        updated_at: T0,
        sent_at: null,
        decided_at: T0,
        decided_by: 'seeder',
      }));
      for (let i = 0; i < rows.length; i += 200)
        await trx
          .insertInto('research_requests')
          .values(rows.slice(i, i + 200))
          .execute();
    });
    const reply = await listOf({ to: '2024-01-31' }, { page_size: '20' });
    expect(reply).toMatchObject({ total: 1_000, total_capped: true });
  });

  it('reads a deep page from the same index range as the first: no sort, no scan of the skipped rows', async () => {
    if (engineOf(server.db) !== 'sqlite') return; // PostgreSQL's plan on a table this small says nothing; the bench measures it at 1,000,000 rows.
    for (const f of [
      {},
      { status: 'new' },
      { broker: brokers[0]! },
      { org: orgs[1]! },
      { user: users[2]!.id },
      { from: '2025-01-01', to: '2025-06-01' },
    ] as Partial<RequestFilters>[]) {
      const filters = { ...NO_REQUEST_FILTERS, ...f };
      for (const at of [null, { dir: 'next' as const, at: T0 - 200 * DAY, id: 1_000_000 }]) {
        const compiled = requestPageQuery(server.db, filters, at, 51).compile();
        const plan = await server.db.executeQuery(
          CompiledQuery.raw(`explain query plan ${compiled.sql}`, [...compiled.parameters]),
        );
        const details = (plan.rows as { detail: string }[]).map((r) => r.detail).join(' | ');
        expect(details, JSON.stringify(f)).toMatch(/USING (COVERING )?INDEX research_requests_/);
        expect(details, JSON.stringify(f)).not.toMatch(/TEMP B-TREE/);
      }
    }
  });

  it('refuses bad filters and a cursor of other filters with 400 naming the fields', async () => {
    const bad = await admin.post(REQUEST_PATHS.list, {
      status: 'done',
      broker: 'x',
      org: '-1',
      from: '2025-02-30',
      page_size: '7',
    });
    expect(bad.status).toBe(400);
    const refusal = v.parse(BadRequestReply, await bad.json());
    expect(Object.keys(refusal.fields).sort()).toEqual(['broker', 'from', 'org', 'page_size', 'status']);
    const order = await admin.post(REQUEST_PATHS.list, { from: '2025-03-01', to: '2025-02-01' });
    expect(order.status).toBe(400);
    expect(v.parse(BadRequestReply, await order.json()).fields).toEqual({
      to: 'The end date is before the start date.',
    });
    const first = await listOf({ status: 'new' }, { page_size: '20' });
    const moved = await admin.post(REQUEST_PATHS.list, { status: 'sent', cursor: first.next_cursor! });
    expect(moved.status).toBe(400);
    expect(v.parse(BadRequestReply, await moved.json()).fields['cursor']).toMatch(/other filters/);
    const junk = await admin.post(REQUEST_PATHS.list, { cursor: 'not-a-cursor' });
    expect(junk.status).toBe(400);
    expect(v.parse(BadRequestReply, await junk.json()).fields['cursor']).toMatch(/not valid/);
  });
});

describe('one action', () => {
  it('allows exactly what REQUEST_ACTIONS allows from each status, and refuses the rest by saying so', async () => {
    for (const status of REQUEST_STATUSES) {
      for (const action of REQUEST_ACTION_KEYS) {
        const broker = brokers[2]!;
        const user = users[(REQUEST_STATUSES.indexOf(status) + REQUEST_ACTION_KEYS.indexOf(action)) % 6]!.id;
        // No active fulfillment in the way of an approval.
        await server.db
          .updateTable('fulfillments')
          .set({ status: 'ended', ended_at: T0 })
          .where('user_id', '=', user)
          .where('broker_id', '=', broker)
          .execute();
        const id = await addRequest({ user, broker, status });
        const { status: code, body } = await act(id, action, 1, action === 'reject' ? 'No research agreement.' : '');
        const row = await server.db
          .selectFrom('research_requests')
          .selectAll()
          .where('id', '=', id)
          .executeTakeFirstOrThrow();
        if (canAct(action, status)) {
          expect(code, `${action} from ${status}: ${JSON.stringify(body)}`).toBe(200);
          const reply = v.parse(RequestActionReply, body);
          expect(reply.request.status).toBe(REQUEST_ACTIONS[action].to);
          expect(reply.request.version).toBe(2);
          expect(row.status).toBe(REQUEST_ACTIONS[action].to);
          if (action === 'send') expect(row.sent_at).not.toBeNull();
          else expect(row).toMatchObject({ decided_by: 'decider' });
          if (action === 'reject') expect(row.reason).toBe('No research agreement.');
          expect(reply.fulfillment_id === null).toBe(action !== 'approve');
        } else {
          expect(code, `${action} from ${status}`).toBe(409);
          const reply = v.parse(RequestConflictReply, body);
          expect(reply.conflict.why).toBe('not_allowed');
          expect(row.status).toBe(status);
          expect(Number(row.version)).toBe(1);
        }
      }
    }
  });

  it('approving creates the fulfillment in the same step; the history shows the approval naming it, read by the record', async () => {
    const user = users[3]!;
    const id = await addRequest({ user: user.id, broker: brokers[1]!, status: 'new' });
    expect(await fulfillmentsOf(user.id, brokers[1]!)).toEqual([]);
    const sent = await act(id, 'send', 1);
    expect(sent.status).toBe(200);
    const approved = await act(id, 'approve', 2);
    expect(approved.status).toBe(200);
    const reply = v.parse(RequestActionReply, approved.body);
    expect(reply.msg).toBe(`Request ${id} approved.`);
    const [f] = await fulfillmentsOf(user.id, brokers[1]!);
    expect(f).toMatchObject({
      id: reply.fulfillment_id,
      status: 'active',
      source: 'request',
      request_id: id,
      organization_id: user.org,
      created_by: 'decider',
    });
    const audits = await server.db
      .selectFrom('audit_log')
      .selectAll()
      .where('record_kind', '=', 'research_request')
      .where('record_id', '=', id)
      .orderBy('id')
      .execute();
    expect(audits.map((a) => [a.category, a.author, a.action])).toEqual([
      ['broker research', 'decider', 'research request sent to broker'],
      ['broker research', 'decider', 'research request approved'],
    ]);
    expect(JSON.parse(audits[1]!.current_data!)).toMatchObject({
      from: 'sent',
      to: 'approved',
      fulfillment_id: reply.fulfillment_id,
    });
    const detail = await one(id);
    expect(detail.request.status).toBe('approved');
    expect(detail.fulfillment).toMatchObject({ id: reply.fulfillment_id, status: 'active' });
    expect(detail.history.map((h) => [h.by, h.from, h.to, h.fulfillment_id])).toEqual([
      ['decider', 'new', 'sent', null],
      ['decider', 'sent', 'approved', reply.fulfillment_id],
    ]);
  });

  it('a rejection needs a reason, kept in the request and its history', async () => {
    const id = await addRequest({ user: users[2]!.id, broker: brokers[0]! });
    const none = await admin.post(REQUEST_PATHS.action, {
      id: String(id),
      action: 'reject',
      version: '1',
      reason: '   ',
    });
    expect(none.status).toBe(400);
    expect(v.parse(BadRequestReply, await none.json()).fields).toEqual({ reason: 'Say why.' });
    const long = await admin.post(REQUEST_PATHS.action, {
      id: String(id),
      action: 'reject',
      version: '1',
      reason: 'x'.repeat(501),
    });
    expect(v.parse(BadRequestReply, await long.json()).fields['reason']).toMatch(/500/);
    expect((await act(id, 'reject', 1, 'Not distributed to this organization.')).status).toBe(200);
    const detail = await one(id);
    expect(detail.request.reason).toBe('Not distributed to this organization.');
    expect(detail.history.at(-1)).toMatchObject({
      by: 'decider',
      to: 'rejected',
      reason: 'Not distributed to this organization.',
    });
  });

  it('refuses bad input naming the fields, and an unknown request with 404', async () => {
    const res = await admin.post(REQUEST_PATHS.action, { id: 'abc', action: 'delete', version: '0' });
    expect(res.status).toBe(400);
    expect(Object.keys(v.parse(BadRequestReply, await res.json()).fields).sort()).toEqual(['action', 'id', 'version']);
    expect((await act(99_999_999, 'approve', 1)).status).toBe(404);
    expect((await admin.send('GET', `${REQUEST_PATHS.one}?id=99999999`)).status).toBe(404);
    expect((await admin.send('GET', `${REQUEST_PATHS.one}?id=x`)).status).toBe(400);
  });

  it('of two staff approving one request at once, exactly one wins and one fulfillment is made; the other is told who decided', async () => {
    const user = users[5]!;
    const id = await addRequest({ user: user.id, broker: brokers[1]! });
    const results = await Promise.all([act(id, 'approve', 1, '', admin), act(id, 'approve', 1, '', other)]);
    const codes = results.map((r) => r.status).sort();
    expect(codes).toEqual([200, 409]);
    const loser = results.find((r) => r.status === 409)!;
    const winner = results.find((r) => r.status === 200)!;
    const winnerName = v.parse(RequestActionReply, winner.body).request.decided_by!;
    const conflict = v.parse(RequestConflictReply, loser.body);
    expect(conflict.conflict).toMatchObject({ why: 'decided', status: 'approved', decided_by: winnerName });
    expect(conflict.msg).toBe(`Approved by ${winnerName} after you opened it; nothing of yours was changed.`);
    expect(conflict.request).toMatchObject({ status: 'approved', version: 2 });
    expect((await fulfillmentsOf(user.id, brokers[1]!)).filter((f) => f.status === 'active')).toHaveLength(1);
    expect((await one(id)).history).toHaveLength(1);
  });

  it('a request changed since it was seen is not changed; the person is told by whom', async () => {
    const id = await addRequest({ user: users[0]!.id, broker: brokers[1]! });
    expect((await act(id, 'send', 1, '', other)).status).toBe(200);
    const late = await act(id, 'reject', 1, 'Too late.');
    expect(late.status).toBe(409);
    expect(v.parse(RequestConflictReply, late.body).conflict).toMatchObject({ why: 'moved', status: 'sent' });
    expect(v.parse(RequestConflictReply, late.body).msg).toBe(
      'Changed by rival after you opened it (now Sent to broker); nothing of yours was changed.',
    );
  });

  it('an approval meeting an active fulfillment of the user and broker is told, not doubled', async () => {
    const user = users[1]!;
    const first = await addRequest({ user: user.id, broker: brokers[0]! });
    const second = await addRequest({ user: user.id, broker: brokers[0]!, status: 'sent' });
    expect((await act(first, 'approve', 1)).status).toBe(200);
    const met = await act(second, 'approve', 1);
    expect(met.status).toBe(409);
    const [active] = (await fulfillmentsOf(user.id, brokers[0]!)).filter((f) => f.status === 'active');
    expect(v.parse(RequestConflictReply, met.body).conflict).toMatchObject({
      why: 'active_fulfillment',
      fulfillment_id: Number(active!.id),
      status: 'sent',
    });
    expect(await versionOf(second)).toBe(1);
    expect((await fulfillmentsOf(user.id, brokers[0]!)).filter((f) => f.status === 'active')).toHaveLength(1);
  });
});

describe('bulk', () => {
  it('previews how many each action applies to, then applies one in one transaction, reporting what it left', async () => {
    const broker = brokers[2]!;
    await server.db
      .updateTable('fulfillments')
      .set({ status: 'ended', ended_at: T0 })
      .where('broker_id', '=', broker)
      .execute();
    const at = T0 + 50 * DAY;
    const made = [
      await addRequest({ user: users[0]!.id, broker, status: 'new', at }),
      await addRequest({ user: users[1]!.id, broker, status: 'new', at: at - 1 }),
      await addRequest({ user: users[2]!.id, broker, status: 'sent', at: at - 2 }),
      await addRequest({ user: users[3]!.id, broker, status: 'approved', at: at - 3 }),
      // The same user and broker as the first: its approval meets the first's new fulfillment.
      await addRequest({ user: users[0]!.id, broker, status: 'new', at: at - 4 }),
      await addRequest({ user: users[4]!.id, broker, status: 'new', at: at - 5 }),
    ];
    // Someone decides one after the list was read.
    expect((await act(made[5]!, 'reject', 1, 'Duplicate.', other)).status).toBe(200);
    const seen = made.map((id) => ({ id, version: 1 }));
    const res = await admin.post(REQUEST_PATHS.bulkPreview, {
      selection: JSON.stringify({ kind: 'chosen', requests: seen }),
    });
    expect(res.status).toBe(200);
    const preview = v.parse(BulkPreviewReply, await res.json());
    expect(preview).toMatchObject({
      selected: 6,
      capped: false,
      changed_since: 1,
      applies: { approve: 4, reject: 4, send: 3 },
    });
    expect(preview.by_status).toMatchObject({ new: 3, sent: 1, approved: 1, rejected: 1 });

    const audits = async () =>
      Number(
        (
          await server.db
            .selectFrom('audit_log')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await audits();
    const apply = await admin.post(REQUEST_PATHS.bulk, {
      action: 'approve',
      requests: JSON.stringify(preview.requests),
    });
    expect(apply.status).toBe(200);
    const reply = v.parse(BulkActionReply, await apply.json());
    expect(reply.changed).toBe(3);
    expect(reply.msg).toBe('3 requests approved; 3 not changed.');
    expect(reply.not_changed.map((n) => [n.id, n.why])).toEqual(
      [
        [made[3], 'not_allowed'],
        [made[4], 'active_fulfillment'],
        [made[5], 'decided'],
      ].sort((a, b) => Number(a[0]) - Number(b[0])),
    );
    expect(reply.not_changed.find((n) => n.id === made[5])).toMatchObject({
      decided_by: 'rival',
      msg: 'Rejected by rival after you opened it; nothing of yours was changed.',
    });
    // Three per-request rows and one summary.
    expect(await audits()).toBe(before + 4);
    for (const id of [made[0]!, made[1]!, made[2]!]) {
      const detail = await one(id);
      expect(detail.request.status).toBe('approved');
      expect(detail.history.at(-1)).toMatchObject({
        by: 'decider',
        to: 'approved',
        bulk: true,
        fulfillment_id: detail.fulfillment!.id,
      });
    }
  });

  it('takes all matching the filters up to 1,000 (saying so), refuses more than 1,000 chosen and a reject without a reason', async () => {
    const preview = v.parse(
      BulkPreviewReply,
      await (
        await admin.post(REQUEST_PATHS.bulkPreview, {
          selection: JSON.stringify({ kind: 'matching', filters: { ...NO_REQUEST_FILTERS, to: '2024-01-31' } }),
        })
      ).json(),
    );
    expect(preview).toMatchObject({ selected: 1_000, capped: true, applies: { approve: 0, reject: 0, send: 0 } });
    const many = Array.from({ length: 1_001 }, (_, i) => ({ id: i + 1, version: 1 }));
    const tooMany = await admin.post(REQUEST_PATHS.bulk, { action: 'send', requests: JSON.stringify(many) });
    expect(tooMany.status).toBe(400);
    expect(v.parse(BadRequestReply, await tooMany.json()).fields['requests']).toMatch(/1,000/);
    const noReason = await admin.post(REQUEST_PATHS.bulk, {
      action: 'reject',
      requests: JSON.stringify([{ id: 1, version: 1 }]),
    });
    expect(v.parse(BadRequestReply, await noReason.json()).fields).toEqual({ reason: 'Say why.' });
    const badSelection = await admin.post(REQUEST_PATHS.bulkPreview, {
      selection: JSON.stringify({ kind: 'matching', filters: { status: 'nope' } }),
    });
    expect(badSelection.status).toBe(400);
    expect(Object.keys(v.parse(BadRequestReply, await badSelection.json()).fields)).toEqual([
      'selection.filters.status',
    ]);
  });

  it('rejects 1,000 requests in one go, each with its history row', async () => {
    const user = users[4]!;
    await server.db.transaction().execute(async (trx) => {
      const rows = Array.from({ length: 1_000 }, (_, i) => ({
        user_id: user.id,
        broker_id: brokers[0]!,
        organization_id: user.org,
        status: 'new' as const,
        note: '',
        reason: null,
        created_at: T0 - 900 * DAY - i,
        updated_at: T0,
        sent_at: null,
        decided_at: null,
        decided_by: null,
      }));
      for (let i = 0; i < rows.length; i += 200)
        await trx
          .insertInto('research_requests')
          .values(rows.slice(i, i + 200))
          .execute();
    });
    const preview = v.parse(
      BulkPreviewReply,
      await (
        await admin.post(REQUEST_PATHS.bulkPreview, {
          selection: JSON.stringify({
            kind: 'matching',
            filters: { ...NO_REQUEST_FILTERS, user: user.id, status: 'new', to: '2024-04-15' },
          }),
        })
      ).json(),
    );
    expect(preview).toMatchObject({
      selected: 1_000,
      capped: false,
      applies: { reject: 1_000, approve: 1_000, send: 1_000 },
    });
    const res = await admin.post(REQUEST_PATHS.bulk, {
      action: 'reject',
      reason: 'No research agreement.',
      requests: JSON.stringify(preview.requests),
    });
    expect(res.status).toBe(200);
    expect(v.parse(BulkActionReply, await res.json())).toMatchObject({ changed: 1_000, not_changed: [] });
    const rows = await server.db
      .selectFrom('audit_log')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('record_kind', '=', 'research_request')
      .where(
        'record_id',
        'in',
        preview.requests.map((r) => r.id),
      )
      .executeTakeFirstOrThrow();
    expect(Number(rows.n)).toBe(1_000);
  });
});

describe('who may', () => {
  it('a session without br_research is refused every call', async () => {
    const nobody = await signIn(
      server,
      await server.createStaff({
        username: 'outsider',
        features: ['admin_panel_access', 'user_mgmt'],
        activated: true,
      }),
    );
    expect((await nobody.post(REQUEST_PATHS.list, {})).status).toBe(403);
    expect((await nobody.post(REQUEST_PATHS.action, { id: '1', action: 'approve', version: '1' })).status).toBe(403);
  });
});
