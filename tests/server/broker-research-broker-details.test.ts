// Broker Details and the broker list (decision 059): one broker's record read whole (names, group,
// MiFID II status, distributors, sales contacts, links both ways, entitlement counts); the mifid
// update, brokersales, link_broker and distributor info, each from the broker's version (a change
// in between: 409 naming who changed it, nothing written), each one transaction with its 'broker
// research' audit row; refusals (bad input, duplicate contact email, self-link, duplicate link
// either way round, unknown broker or distributor) 400 naming the field, writing nothing; the
// paged, searchable list. On SQLite and, with TEST_DATABASE_URL, PostgreSQL.
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BrokerDetailsReply, BrokerPageReply, StaleBrokerReply } from '../../src/domain/broker-research-brokers';
import { BadRequestReply } from '../../src/domain/field-errors';
import { FEATURE_KEYS } from '../../src/domain/features';
import { createTestServer, type TestServer } from '../support/server';
import type { Browser, Fields } from './support/browser';
import { signIn } from './support/sign-in';

let server: TestServer;
let admin: Browser;
let other: Browser;
/** Brokers: b[0] the one under test, b[1], b[2] others; 'Zeta %_ Partners' has LIKE's wildcards in its name. */
const b: number[] = [];
let groupId: number;
let userId: number;

beforeAll(async () => {
  server = await createTestServer();
  const now = Date.now();
  groupId = (
    await server.db
      .insertInto('broker_groups')
      .values({ product_id: 7001, name: 'Global Banks', created_at: now })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  const names = ['Apex Securities', 'Beacon Markets', 'Cedar Research', 'Zeta %_ Partners'];
  for (const [i, name] of names.entries()) {
    b.push(
      (
        await server.db
          .insertInto('brokers')
          .values({
            name,
            legal_name: `${name} LLC`,
            short_name: name.split(' ')[0]!,
            open_access: 0,
            group_id: i < 2 ? groupId : null,
            created_at: now,
            mifid_updated_at: null,
            mifid_updated_by: null,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id,
    );
  }
  await server.db
    .insertInto('broker_distributors')
    .values({ broker_id: b[0]!, dist: 'product', code: 'PRO-1', active: 1, since: now })
    .execute();
  const staff = await server.createStaff({ username: 'details-admin', features: [...FEATURE_KEYS], activated: true });
  admin = await signIn(server, staff);
  other = await signIn(
    server,
    await server.createStaff({
      username: 'details-other',
      features: ['admin_panel_access', 'br_research'],
      activated: true,
    }),
  );
  userId = (
    await server.db.selectFrom('users').select('id').where('username', '=', 'details-admin').executeTakeFirstOrThrow()
  ).id;
  // Entitlements through b[0]: 2 active and 1 ended fulfillments, 3 new and 1 sent requests (and an approved one, not counted).
  const request = (status: 'new' | 'sent' | 'approved') => ({
    user_id: userId,
    broker_id: b[0]!,
    organization_id: null,
    status,
    note: '',
    created_at: now,
    updated_at: now,
  });
  await server.db
    .insertInto('research_requests')
    .values([request('new'), request('new'), request('new'), request('sent'), request('approved')])
    .execute();
  const otherUser = (
    await server.db.selectFrom('users').select('id').where('username', '=', 'details-other').executeTakeFirstOrThrow()
  ).id;
  const fulfillment = (user: number, status: 'active' | 'ended') => ({
    user_id: user,
    broker_id: b[0]!,
    organization_id: null,
    source: 'broker' as const,
    starts_at: now,
    status,
    created_by: 'x',
    created_at: now,
  });
  await server.db
    .insertInto('fulfillments')
    .values([fulfillment(userId, 'active'), fulfillment(otherUser, 'active'), fulfillment(userId, 'ended')])
    .execute();
});
afterAll(async () => {
  await server.close();
});

async function read(id = b[0]!, who = admin) {
  const res = await who.send('GET', `/api/broker/details/?broker=${id}`);
  expect(res.status).toBe(200);
  return v.parse(BrokerDetailsReply, await res.json()).details;
}
async function send(method: string, path: string, form: Fields, who = admin) {
  const res = await who.send(method, path, { form });
  return { status: res.status, body: (await res.json()) as unknown };
}
const refusal = (body: unknown) => v.parse(BadRequestReply, body);
const audits = () =>
  server.db.selectFrom('audit_log').selectAll().where('category', '=', 'broker research').orderBy('id').execute();
const versionOf = async (id = b[0]!) =>
  (await server.db.selectFrom('brokers').select('version').where('id', '=', id).executeTakeFirstOrThrow()).version;

/** A refused change writes nothing: no audit row, the version unchanged. */
async function expectNothingWritten(run: () => Promise<unknown>): Promise<void> {
  const [auditCount, version] = [(await audits()).length, await versionOf()];
  await run();
  expect((await audits()).length).toBe(auditCount);
  expect(await versionOf()).toBe(version);
}

describe('reading a broker', () => {
  it('answers its names, group, MiFID II status, distributors, links and entitlement counts', async () => {
    const d = await read();
    expect(d.broker).toMatchObject({
      id: b[0],
      name: 'Apex Securities',
      legal_name: 'Apex Securities LLC',
      short_name: 'Apex',
      open_access: false,
      group: { id: groupId, name: 'Global Banks' },
      mifid_status: 'unknown',
      mifid_updated_by: null,
      version: 1,
    });
    expect(d.distributors).toEqual([{ dist: 'product', code: 'PRO-1', active: true, since: expect.any(Number) }]);
    expect(d.entitlements).toEqual({
      active_fulfillments: 2,
      ended_fulfillments: 1,
      new_requests: 3,
      sent_requests: 1,
    });
  });

  it('refuses an unknown broker and a broker that is not an id, naming broker', async () => {
    for (const q of ['999999', 'abc']) {
      const res = await admin.send('GET', `/api/broker/details/?broker=${q}`);
      expect(res.status).toBe(400);
      expect(Object.keys(refusal(await res.json()).fields)).toEqual(['broker']);
    }
  });
});

describe('the mifid update', () => {
  it('sets the status with who and when, raises the version, and writes one audit row', async () => {
    const before = await read();
    const count = (await audits()).length;
    const { status, body } = await send('PUT', '/api/broker/mifid/', {
      broker: String(b[0]),
      version: String(before.broker.version),
      mifid_status: 'compliant',
    });
    expect(status, JSON.stringify(body)).toBe(200);
    const reply = v.parse(BrokerDetailsReply, body);
    expect(reply.msg).toBe('MiFID II status saved.');
    expect(reply.details.broker).toMatchObject({
      mifid_status: 'compliant',
      mifid_updated_by: 'details-admin',
      version: before.broker.version + 1,
      updated_by: 'details-admin',
    });
    expect(reply.details.broker.mifid_updated_at).toEqual(expect.any(Number));
    expect(await read(b[0], other)).toEqual(reply.details);
    const rows = await audits();
    expect(rows.length).toBe(count + 1);
    expect(rows.at(-1)).toMatchObject({
      author: 'details-admin',
      action: 'MiFID II status of Apex Securities: MiFID II compliant',
      success: 1,
    });
    expect(JSON.parse(rows.at(-1)!.previous_data!)).toMatchObject({
      mifid_status: 'unknown',
      version: before.broker.version,
    });
  });

  it('of two changes from the same version one wins; the other is told who changed the broker, with the record now', async () => {
    const start = await read();
    const version = String(start.broker.version);
    const [a, c] = await Promise.all([
      send('PUT', '/api/broker/mifid/', { broker: String(b[0]), version, mifid_status: 'pending' }),
      send('PUT', '/api/broker/mifid/', { broker: String(b[0]), version, mifid_status: 'non_compliant' }, other),
    ]);
    expect([a.status, c.status].sort()).toEqual([200, 409]);
    const lost = v.parse(StaleBrokerReply, a.status === 409 ? a.body : c.body);
    const winner = a.status === 200 ? 'details-admin' : 'details-other';
    expect(lost.msg).toMatch(
      new RegExp(
        `^${winner} changed Apex Securities at [A-Z][a-z]{2} \\d{1,2}, \\d{4}, \\d{1,2}:\\d\\d [AP]M UTC after you opened it; nothing of yours was saved\\.$`,
      ),
    );
    expect(lost.details.broker.version).toBe(start.broker.version + 1);
    expect(lost.details.broker.mifid_status).toBe(a.status === 200 ? 'pending' : 'non_compliant');
    expect(await versionOf()).toBe(start.broker.version + 1);
  });

  it('refuses a status it does not know and a missing version, naming the fields, writing nothing', async () => {
    await expectNothingWritten(async () => {
      const { status, body } = await send('PUT', '/api/broker/mifid/', {
        broker: String(b[0]),
        mifid_status: 'sometimes',
      });
      expect(status).toBe(400);
      expect(refusal(body).fields).toEqual({ version: expect.any(String), mifid_status: 'Choose a MiFID II status.' });
    });
  });
});

describe('brokersales', () => {
  let contactId: number;
  it('adds a contact (email lowered), refuses a second with the same email and a bad email at email', async () => {
    const d = await read();
    const { status, body } = await send('POST', '/api/broker/brokersales/', {
      broker: String(b[0]),
      version: String(d.broker.version),
      name: 'Alex Reed',
      email: ' Alex.Reed@Apex.COM ',
      phone: '+1 212 555 0100',
      region: 'EMEA',
    });
    expect(status, JSON.stringify(body)).toBe(200);
    const reply = v.parse(BrokerDetailsReply, body);
    expect(reply.msg).toBe('Sales contact added.');
    expect(reply.details.sales_contacts).toEqual([
      {
        id: expect.any(Number),
        name: 'Alex Reed',
        email: 'alex.reed@apex.com',
        phone: '+1 212 555 0100',
        region: 'EMEA',
        created_at: expect.any(Number),
      },
    ]);
    contactId = reply.details.sales_contacts[0]!.id;
    expect((await audits()).at(-1)).toMatchObject({
      action: 'sales contact alex.reed@apex.com added to Apex Securities',
    });
    const version = String(reply.details.broker.version);
    await expectNothingWritten(async () => {
      const dup = await send('POST', '/api/broker/brokersales/', {
        broker: String(b[0]),
        version,
        name: 'Another',
        email: 'ALEX.REED@apex.com',
      });
      expect(dup.status).toBe(400);
      expect(refusal(dup.body).fields).toEqual({ email: 'This broker has a sales contact with this email already.' });
      const bad = await send('POST', '/api/broker/brokersales/', {
        broker: String(b[0]),
        version,
        name: '',
        email: 'not-an-email',
      });
      expect(bad.status).toBe(400);
      expect(Object.keys(refusal(bad.body).fields).sort()).toEqual(['email', 'name']);
    });
  });

  it('edits and removes a contact from the version; a stale version is told and writes nothing', async () => {
    const d = await read();
    const stale = await send('PUT', '/api/broker/brokersales/', {
      broker: String(b[0]),
      version: String(d.broker.version - 1),
      contact: String(contactId),
      name: 'Alex Reed',
      email: 'alex@apex.com',
    });
    expect(stale.status).toBe(409);
    expect((await read()).sales_contacts[0]!.email).toBe('alex.reed@apex.com');
    const edited = await send('PUT', '/api/broker/brokersales/', {
      broker: String(b[0]),
      version: String(d.broker.version),
      contact: String(contactId),
      name: 'Alex Reed',
      email: 'alex@apex.com',
      phone: '',
      region: 'Americas',
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(v.parse(BrokerDetailsReply, edited.body).details.sales_contacts[0]).toMatchObject({
      email: 'alex@apex.com',
      region: 'Americas',
      phone: '',
    });
    const noSuch = await send('DELETE', '/api/broker/brokersales/', {
      broker: String(b[0]),
      version: String(d.broker.version + 1),
      contact: '999999',
    });
    expect(refusal(noSuch.body).fields).toEqual({ contact: 'This broker has no such sales contact.' });
    const removed = await send('DELETE', '/api/broker/brokersales/', {
      broker: String(b[0]),
      version: String(d.broker.version + 1),
      contact: String(contactId),
    });
    expect(removed.status).toBe(200);
    expect(v.parse(BrokerDetailsReply, removed.body).details.sales_contacts).toEqual([]);
    expect((await audits()).at(-1)).toMatchObject({
      action: 'sales contact alex@apex.com removed from Apex Securities',
    });
  });
});

describe('link_broker', () => {
  it('links two brokers once (lower id first) and both see the link', async () => {
    const d = await read(b[2]);
    const { status, body } = await send('POST', '/api/broker/link_broker/', {
      broker: String(b[2]),
      version: String(d.broker.version),
      linked_broker: String(b[0]),
    });
    expect(status, JSON.stringify(body)).toBe(200);
    expect(v.parse(BrokerDetailsReply, body).details.links).toEqual([
      { id: b[0], name: 'Apex Securities', created_by: 'details-admin', created_at: expect.any(Number) },
    ]);
    expect(await server.db.selectFrom('broker_links').select(['broker_id', 'linked_broker_id']).execute()).toEqual([
      { broker_id: b[0], linked_broker_id: b[2] },
    ]);
    expect((await read(b[0])).links.map((l) => l.id)).toEqual([b[2]]);
  });

  it('refuses a self-link, the same pair either way round and an unknown broker at linked_broker, writing nothing', async () => {
    await expectNothingWritten(async () => {
      const version = String(await versionOf());
      const self = await send('POST', '/api/broker/link_broker/', {
        broker: String(b[0]),
        version,
        linked_broker: String(b[0]),
      });
      expect(refusal(self.body).fields).toEqual({ linked_broker: 'A broker cannot be linked to itself.' });
      const again = await send('POST', '/api/broker/link_broker/', {
        broker: String(b[0]),
        version,
        linked_broker: String(b[2]),
      });
      expect(refusal(again.body).fields).toEqual({ linked_broker: 'These brokers are linked already.' });
      const unknown = await send('POST', '/api/broker/link_broker/', {
        broker: String(b[0]),
        version,
        linked_broker: '999999',
      });
      expect(refusal(unknown.body).fields).toEqual({ linked_broker: 'No broker has this id.' });
      const notLinked = await send('DELETE', '/api/broker/link_broker/', {
        broker: String(b[0]),
        version,
        linked_broker: String(b[1]),
      });
      expect(refusal(notLinked.body).fields).toEqual({ linked_broker: 'These brokers are not linked.' });
    });
  });

  it('unlinks from either broker', async () => {
    const { status } = await send('DELETE', '/api/broker/link_broker/', {
      broker: String(b[0]),
      version: String(await versionOf()),
      linked_broker: String(b[2]),
    });
    expect(status).toBe(200);
    expect(await server.db.selectFrom('broker_links').selectAll().execute()).toEqual([]);
    expect((await audits()).at(-1)).toMatchObject({ action: 'Apex Securities unlinked from Cedar Research' });
  });
});

describe('distributor info', () => {
  it('adds Refinitiv with its code, changes the product code, refuses a distributor the platform has not', async () => {
    let version = await versionOf();
    const tri = await send('PUT', '/api/broker/distributor_info/', {
      broker: String(b[0]),
      version: String(version),
      dist: 'tri',
      code: 'TR123',
      active: 'true',
    });
    expect(tri.status, JSON.stringify(tri.body)).toBe(200);
    version += 1;
    const off = await send('PUT', '/api/broker/distributor_info/', {
      broker: String(b[0]),
      version: String(version),
      dist: 'product',
      code: 'PRO-9',
      active: 'false',
    });
    expect(off.status).toBe(200);
    expect(v.parse(BrokerDetailsReply, off.body).details.distributors).toEqual([
      { dist: 'product', code: 'PRO-9', active: false, since: expect.any(Number) },
      { dist: 'tri', code: 'TR123', active: true, since: expect.any(Number) },
    ]);
    expect((await audits()).at(-1)).toMatchObject({ action: 'distributor info of Apex Securities at Product' });
    await expectNothingWritten(async () => {
      const bad = await send('PUT', '/api/broker/distributor_info/', {
        broker: String(b[0]),
        version: String(version + 1),
        dist: 'bloomberg',
        code: 'X',
        active: 'true',
      });
      expect(refusal(bad.body).fields).toEqual({ dist: 'Choose a distributor of this platform.' });
      const blank = await send('PUT', '/api/broker/distributor_info/', {
        broker: String(b[0]),
        version: String(version + 1),
        dist: 'tri',
        code: ' ',
        active: 'maybe',
      });
      expect(Object.keys(refusal(blank.body).fields).sort()).toEqual(['active', 'code']);
    });
  });
});

describe('the broker list', () => {
  const page = async (query: string) => {
    const res = await admin.send('GET', `/api/broker/list/?${query}`);
    expect(res.status).toBe(200);
    return v.parse(BrokerPageReply, await res.json());
  };

  it('pages by name with a cursor', async () => {
    const first = await page('limit=2');
    expect(first.brokers.map((r) => r.name)).toEqual(['Apex Securities', 'Beacon Markets']);
    expect(first.brokers[0]).toMatchObject({
      group: 'Global Banks',
      legal_name: 'Apex Securities LLC',
      open_access: false,
    });
    const second = await page(`limit=2&cursor=${encodeURIComponent(first.next!)}`);
    expect(second.brokers.map((r) => r.name)).toEqual(['Cedar Research', 'Zeta %_ Partners']);
    expect(second.next).toBeNull();
  });

  it('searches any part of the names, whatever the case, wildcards read as themselves; keeps one group', async () => {
    expect((await page('q=MARKETS')).brokers.map((r) => r.id)).toEqual([b[1]]);
    expect((await page('q=llc')).brokers.length).toBe(4);
    expect((await page(`q=${encodeURIComponent('%_')}`)).brokers.map((r) => r.id)).toEqual([b[3]]);
    expect((await page(`pb=${groupId}`)).brokers.map((r) => r.id)).toEqual([b[0], b[1]]);
  });

  it('refuses a page size over the most', async () => {
    const res = await admin.send('GET', '/api/broker/list/?limit=5000');
    expect(res.status).toBe(400);
    expect(Object.keys(refusal(await res.json()).fields)).toEqual(['limit']);
  });
});
