// Broker Domain Mappings (decision 061): domains normalised (case, '@', a trailing dot) and bad
// ones refused at the field; a domain naming another broker refused naming it, the same broker
// told it exists; of two concurrent adds of one domain for two brokers exactly one wins and the
// other is refused the same way (never a 500); edits and removals from a stale version told with
// what is stored now; each change one 'broker research' audit row; the list searched by domain or
// broker prefix, filtered by broker, keyset-paged, each row counting the users at its domain.
// On SQLite and, with TEST_DATABASE_URL, PostgreSQL.
import { sql } from 'kysely';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BR_AUDIT_CATEGORY } from '../../src/domain/broker-research';
import {
  DOMAIN_MAPPING_BROKERS_PATH,
  DOMAIN_MAPPING_PATH,
  DOMAIN_MAPPING_USERS_PATH,
  DomainBrokersReply,
  DomainMappingListReply,
  DomainMappingReply,
  DomainUsersReply,
  StaleDomainMappingReply,
  type DomainMapping,
} from '../../src/domain/broker-research-domain-mappings';
import { BadRequestReply } from '../../src/domain/field-errors';
import { FEATURE_KEYS } from '../../src/domain/features';
import { engineOf } from '../../server/db/connect';
import { createTestServer, type TestServer } from '../support/server';
import type { Browser } from './support/browser';
import { signIn } from './support/sign-in';
import { userRow } from '../support/factories';

let server: TestServer;
let admin: Browser;
let other: Browser;
const brokers: Record<string, number> = {};

beforeAll(async () => {
  server = await createTestServer();
  admin = await signIn(
    server,
    await server.createStaff({ username: 'mapper', features: [...FEATURE_KEYS], activated: true }),
  );
  other = await signIn(
    server,
    await server.createStaff({ username: 'mapper2', features: ['admin_panel_access', 'br_research'], activated: true }),
  );
  const now = Date.now();
  for (const name of ['Apex Securities', 'Apex Capital', 'Bluewater Partners', 'Cobalt Research']) {
    brokers[name] = Number(
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
  // Users at a broker's domain: two live (one inactive), one deleted, one at another domain whose name ends the same.
  const at = async (username: string, email: string, deleted: 0 | 1 = 0, active: 0 | 1 = 1) =>
    server.db
      .insertInto('users')
      .values(
        userRow({
          username,
          email,
          first_name: 'A',
          last_name: username,
          user_type: 'client',
          product_configuration: 'x_basic',
          active,
          deleted,
          created_at: now,
        }),
      )
      .execute();
  await at('ann', 'ann@Cobalt-Research.com');
  await at('bob', 'bob@cobalt-research.com', 0, 0);
  await at('cid', 'cid@cobalt-research.com', 1);
  await at('dee', 'dee@notcobalt-research.com');
});
afterAll(async () => {
  await server.close();
});

type Fields = Record<string, string>;
async function call(method: 'POST' | 'PUT' | 'DELETE', form: Fields, b = admin) {
  const res = await b.send(method, DOMAIN_MAPPING_PATH, { form });
  return { status: res.status, body: (await res.json()) as unknown };
}
async function add(domain: string, broker: string, b = admin) {
  return call('POST', { domain, broker_id: String(brokers[broker]) }, b);
}
async function added(domain: string, broker: string): Promise<DomainMapping> {
  const { status, body } = await add(domain, broker);
  expect(status, JSON.stringify(body)).toBe(200);
  return v.parse(DomainMappingReply, body).mapping;
}
async function list(params: Fields = {}) {
  const res = await admin.send('GET', `${DOMAIN_MAPPING_PATH}?${new URLSearchParams(params).toString()}`);
  expect(res.status).toBe(200);
  return v.parse(DomainMappingListReply, await res.json());
}
const refusal = (body: unknown) => v.parse(BadRequestReply, body);
const audits = () =>
  server.db.selectFrom('audit_log').selectAll().where('category', '=', BR_AUDIT_CATEGORY).orderBy('id').execute();
const stored = (domain: string) =>
  server.db.selectFrom('broker_domains').selectAll().where('domain', '=', domain).executeTakeFirst();

describe('adding', () => {
  it('normalises the domain (case, @, trailing dot), names the broker, records who and the audit row', async () => {
    const before = (await audits()).length;
    const { status, body } = await add('  @Research.APEX.com. ', 'Apex Securities');
    expect(status, JSON.stringify(body)).toBe(200);
    const reply = v.parse(DomainMappingReply, body);
    expect(reply.msg).toBe('research.apex.com now names Apex Securities.');
    expect(reply.mapping).toMatchObject({
      domain: 'research.apex.com',
      broker_id: brokers['Apex Securities'],
      broker_name: 'Apex Securities',
      updated_by: 'mapper',
      version: 1,
      users: 0,
    });
    const rows = await audits();
    expect(rows.length).toBe(before + 1);
    expect(rows.at(-1)).toMatchObject({
      author: 'mapper',
      success: 1,
      action: `broker domain mapping added: research.apex.com → Apex Securities (#${reply.mapping.id})`,
    });
    expect(JSON.parse(rows.at(-1)!.current_data!)).toMatchObject({
      domain: 'research.apex.com',
      broker: 'Apex Securities',
    });
  });

  it('refuses a domain naming another broker at the field, naming that broker; the same broker is told it exists', async () => {
    const before = (await audits()).length;
    const other = await add('RESEARCH.apex.com', 'Bluewater Partners');
    expect(other.status).toBe(400);
    expect(refusal(other.body).fields).toEqual({ domain: 'research.apex.com already names Apex Securities.' });
    const same = await add('research.apex.com', 'Apex Securities');
    expect(same.status).toBe(400);
    expect(refusal(same.body).fields).toEqual({
      domain: 'research.apex.com already names Apex Securities: this mapping exists.',
    });
    expect((await stored('research.apex.com'))?.broker_id).toBe(brokers['Apex Securities']);
    expect((await audits()).length).toBe(before);
  });

  it('refuses bad input by field, never a 500', async () => {
    for (const domain of [
      '',
      'apex',
      'user@apex.com',
      'apex .com',
      '-apex.com',
      'apex.c',
      'a'.repeat(64) + '.com',
      '<script>.com',
    ]) {
      const { status, body } = await call('POST', { domain, broker_id: String(brokers['Apex Capital']) });
      expect(status, domain).toBe(400);
      expect(refusal(body).fields['domain'], domain).toBe(
        'Type a domain such as research.example.com (no address, no spaces).',
      );
    }
    for (const broker_id of ['', 'apex', '0', '-3']) {
      const { status, body } = await call('POST', { domain: 'capital.apex.com', broker_id });
      expect(status).toBe(400);
      expect(refusal(body).fields['broker_id']).toBe('Choose a broker.');
    }
    const missing = await call('POST', { domain: 'capital.apex.com', broker_id: '987654' });
    expect(missing.status).toBe(400);
    expect(refusal(missing.body).fields).toEqual({ broker_id: 'There is no such broker; choose one from the list.' });
    const nothing = await call('POST', {});
    expect(nothing.status).toBe(400);
    expect(Object.keys(refusal(nothing.body).fields).sort()).toEqual(['broker_id', 'domain']);
    expect(await stored('capital.apex.com')).toBeUndefined();
  });

  it('of two concurrent adds of one domain for two brokers, exactly one wins; the other is refused naming the winner', async () => {
    for (let round = 0; round < 5; round++) {
      const domain = `race${round}.example.com`;
      const before = (await audits()).length;
      const [a, b] = await Promise.all([add(domain, 'Apex Capital'), add(domain, 'Bluewater Partners', other)]);
      const statuses = [a.status, b.status].sort();
      expect(statuses, JSON.stringify([a.body, b.body])).toEqual([200, 400]);
      const row = (await stored(domain))!;
      const winner = row.broker_id === brokers['Apex Capital'] ? 'Apex Capital' : 'Bluewater Partners';
      const loser = a.status === 400 ? a : b;
      expect(refusal(loser.body).fields).toEqual({ domain: `${domain} already names ${winner}.` });
      expect((await audits()).length).toBe(before + 1);
    }
  });
  it.runIf(process.env['TEST_DATABASE_URL'] || process.env['DATABASE_URL'])(
    'on PostgreSQL, a domain the check cannot see yet is refused by the unique index, naming its broker (never a 500)',
    async () => {
      if (engineOf(server.db) !== 'postgres') return;
      const { addDomainMapping } = await import('../../server/broker-research/domain-mappings');
      const domain = 'unseen.example.com';
      const now = Date.now();
      let release!: () => void;
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      let inserted!: () => void;
      const ready = new Promise<void>((resolve) => {
        inserted = resolve;
      });
      // A colleague's transaction inserts the domain and has not committed: the check below cannot see it.
      const theirs = server.db.transaction().execute(async (trx) => {
        await trx
          .insertInto('broker_domains')
          .values({
            domain,
            broker_id: brokers['Cobalt Research']!,
            created_by: 'mapper2',
            updated_by: 'mapper2',
            created_at: now,
            updated_at: now,
            version: 1,
          })
          .execute();
        inserted();
        await held;
      });
      await ready;
      const mine = addDomainMapping(
        server.db,
        { domain, broker_id: brokers['Apex Capital']! },
        { username: 'mapper' },
        now,
      );
      await new Promise((resolve) => setTimeout(resolve, 300));
      release();
      await theirs;
      expect(await mine).toEqual({ ok: false, reason: 'taken', domain, broker: 'Cobalt Research', same: false });
    },
  );
});

describe('editing and removing, from a version', () => {
  it('changes the domain or the broker, with the audit row before and after', async () => {
    const m = await added('desk.bluewater.com', 'Bluewater Partners');
    const { status, body } = await call('PUT', {
      id: String(m.id),
      version: String(m.version),
      domain: 'Desk.Bluewater.co.uk',
      broker_id: String(brokers['Cobalt Research']),
    });
    expect(status, JSON.stringify(body)).toBe(200);
    const reply = v.parse(DomainMappingReply, body);
    expect(reply.msg).toBe('Saved: desk.bluewater.co.uk names Cobalt Research.');
    expect(reply.mapping).toMatchObject({
      id: m.id,
      domain: 'desk.bluewater.co.uk',
      broker_name: 'Cobalt Research',
      version: 2,
    });
    const row = (await audits()).at(-1)!;
    expect(JSON.parse(row.previous_data!)).toMatchObject({
      domain: 'desk.bluewater.com',
      broker: 'Bluewater Partners',
      version: 1,
    });
    expect(JSON.parse(row.current_data!)).toMatchObject({
      domain: 'desk.bluewater.co.uk',
      broker: 'Cobalt Research',
      version: 2,
    });
  });

  it('tells a stale edit who changed it and what is stored now; a removed one that it is gone', async () => {
    const m = await added('stale.example.com', 'Apex Capital');
    const first = await call(
      'PUT',
      { id: String(m.id), version: '1', domain: 'stale.example.com', broker_id: String(brokers['Cobalt Research']) },
      other,
    );
    expect(first.status).toBe(200);
    const before = (await audits()).length;
    const late = await call('PUT', {
      id: String(m.id),
      version: '1',
      domain: 'late.example.com',
      broker_id: String(brokers['Apex Capital']),
    });
    expect(late.status).toBe(409);
    const stale = v.parse(StaleDomainMappingReply, late.body);
    expect(stale.msg).toBe('mapper2 changed this mapping after you opened it; nothing of yours was saved.');
    expect(stale.current).toMatchObject({ domain: 'stale.example.com', broker_name: 'Cobalt Research', version: 2 });
    const removeLate = await call('DELETE', { id: String(m.id), version: '1' });
    expect(removeLate.status).toBe(409);
    const gone = await call('DELETE', { id: String(m.id), version: '2' });
    expect(gone.status, JSON.stringify(gone.body)).toBe(200);
    expect(gone.body).toEqual({ status: true, msg: 'stale.example.com no longer names a broker.', id: m.id });
    expect(await stored('stale.example.com')).toBeUndefined();
    const again = await call('PUT', {
      id: String(m.id),
      version: '2',
      domain: 'stale.example.com',
      broker_id: String(brokers['Apex Capital']),
    });
    expect(again.status).toBe(409);
    expect(v.parse(StaleDomainMappingReply, again.body)).toMatchObject({
      current: null,
      msg: 'This mapping is no longer there: someone else removed it.',
    });
    const rows = await audits();
    expect(rows.length).toBe(before + 1);
    expect(rows.at(-1)).toMatchObject({
      action: `broker domain mapping removed: stale.example.com → Cobalt Research (#${m.id})`,
      current_data: null,
    });
  });

  it('refuses an edit onto a domain another mapping holds, naming its broker', async () => {
    const m = await added('moving.example.com', 'Apex Capital');
    const { status, body } = await call('PUT', {
      id: String(m.id),
      version: '1',
      domain: 'research.apex.com',
      broker_id: String(brokers['Apex Capital']),
    });
    expect(status).toBe(400);
    expect(refusal(body).fields).toEqual({ domain: 'research.apex.com already names Apex Securities.' });
    expect((await stored('moving.example.com'))?.version).toBe(1);
  });
});

describe('the list', () => {
  it('counts the users not deleted at each domain, whatever their email’s case', async () => {
    await added('cobalt-research.com', 'Cobalt Research');
    const page = await list({ q: 'cobalt-research.com' });
    expect(page.items.map((m) => [m.domain, m.users])).toEqual([['cobalt-research.com', 2]]);
    const res = await admin.send('GET', `${DOMAIN_MAPPING_USERS_PATH}?domain=Cobalt-Research.com`);
    const users = v.parse(DomainUsersReply, await res.json());
    expect(users.items.map((u) => [u.username, u.active])).toEqual([
      ['ann', true],
      ['bob', false],
    ]);
  });

  it('searches by the start of the domain or of the broker’s name, filters by broker, and pages by domain', async () => {
    const byDomain = await list({ q: 'RESEARCH.' });
    expect(byDomain.items.map((m) => m.domain)).toEqual(['research.apex.com']);
    const byBroker = await list({ q: 'apex' });
    expect(byBroker.items.map((m) => m.broker_name).every((n) => n.startsWith('Apex'))).toBe(true);
    expect(byBroker.items.map((m) => m.domain)).toContain('research.apex.com');
    expect((await list({ q: 'pex' })).items).toEqual([]);
    expect((await list({ q: '100%_' })).items).toEqual([]);
    const cobalt = await list({ broker: String(brokers['Cobalt Research']) });
    expect(cobalt.items.every((m) => m.broker_id === brokers['Cobalt Research'])).toBe(true);
    const all = await list({ limit: '200' });
    const domains = all.items.map((m) => m.domain);
    expect(domains).toEqual([...domains].sort());
    const seen: string[] = [];
    let cursor = '';
    for (let n = 0; n < 50; n++) {
      const page = await list({ limit: '2', ...(cursor ? { cursor } : {}) });
      seen.push(...page.items.map((m) => m.domain));
      if (!page.next) break;
      cursor = page.next;
    }
    expect(seen).toEqual(domains);
  });

  it('offers brokers by the start of their name', async () => {
    const res = await admin.send('GET', `${DOMAIN_MAPPING_BROKERS_PATH}?q=apex`);
    expect(v.parse(DomainBrokersReply, await res.json()).items.map((b) => b.name)).toEqual([
      'Apex Capital',
      'Apex Securities',
    ]);
  });

  it('counts a page’s users through the email-domain index', async () => {
    const plan =
      engineOf(server.db) === 'postgres'
        ? (
            await sql<{
              'QUERY PLAN': string;
            }>`explain select count(*) from users where deleted = 0 and lower(split_part(email, '@', 2)) in ('cobalt-research.com')`.execute(
              server.db,
            )
          ).rows
            .map((r) => r['QUERY PLAN'])
            .join('\n')
        : (
            await sql<{
              detail: string;
            }>`explain query plan select count(*) from users where deleted = 0 and lower(substr(email, instr(email, '@') + 1)) in ('cobalt-research.com')`.execute(
              server.db,
            )
          ).rows
            .map((r) => r.detail)
            .join('\n');
    // PostgreSQL may prefer a scan of a small table; SQLite's plan names the index.
    if (engineOf(server.db) === 'sqlite') expect(plan).toContain('users_email_domain_idx');
    else expect(plan).toMatch(/users|Seq Scan/);
  });
});
