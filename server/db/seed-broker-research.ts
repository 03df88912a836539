// Demo Broker Research data for a fresh database (decision 055), on the brokers of seed-brokers.ts:
// names and MiFID status, distributors (every broker on the product, most on Refinitiv), sales
// contacts, a few linked brokers, email domains, user groups of brokers, both distributors' flags,
// tens of thousands of requests across the lifecycle, the fulfillments approved requests and
// other sources gave, and research users submitted. Everything from the seeded generator.
import { sql, type Kysely } from 'kysely';
import { engineOf } from './connect';
import {
  DEFAULT_RESEARCH_FLAGS,
  MIFID_STATUSES,
  TRI_DIST,
  type FulfillmentSource,
  type MifidStatus,
  type RequestStatus,
  type SubmissionStatus,
} from '../../src/domain/broker-research';
import type { BrokerDomainsTable, Database, FulfillmentsTable, ResearchRequestsTable } from './schema';
import type { Insertable } from 'kysely';

const DAY = 24 * 60 * 60 * 1000;
const BATCH = 500;
export const SEED_REQUEST_COUNT = 30_000;
export const SEED_OTHER_SOURCE_COUNT = 6_000;
export const SEED_SUBMISSION_COUNT = 600;
const REGIONS = ['Americas', 'EMEA', 'Asia Pacific'];
const CONTACT_FIRST = [
  'Alex',
  'Jordan',
  'Morgan',
  'Taylor',
  'Casey',
  'Riley',
  'Jamie',
  'Avery',
  'Quinn',
  'Parker',
  'Rowan',
  'Sasha',
];
const CONTACT_LAST = [
  'Reed',
  'Hale',
  'Brooks',
  'Carter',
  'Ellis',
  'Foster',
  'Grant',
  'Hayes',
  'Irwin',
  'Keane',
  'Lowe',
  'Marsh',
];
const NOTES = [
  '',
  '',
  '',
  'Covering this name for our fund.',
  'Needed for the quarterly review.',
  'Our PM asked for their sector notes.',
  'Trial of their macro research.',
  'Replacing a lapsed entitlement.',
];
const REJECT_REASONS = [
  'The broker does not distribute to this organization.',
  'No research agreement with this broker.',
  'The user is not entitled under the MiFID II terms.',
  'Duplicate of an earlier request.',
];
const SOURCE_NAMES = [
  'Refinitiv entitlement file',
  'FactSet entitlement feed',
  'Broker client list',
  'Bloomberg entitlement export',
];
const TITLES = [
  'Q3 earnings preview',
  'Initiation of coverage',
  'Sector outlook',
  'Rate path scenarios',
  'Supply chain check',
  'Channel survey',
  'Management meeting notes',
  'Valuation update',
  'ESG controversy review',
  'Credit spread monitor',
];
const TICKERS = [
  'AAPL',
  'MSFT',
  'NVDA',
  'JPM',
  'XOM',
  'TSLA',
  'NESN',
  'ASML',
  'SAP',
  '7203',
  'BHP',
  'HSBA',
  'RY',
  'SHOP',
];

export interface SeedPeople {
  users: readonly { id: number; organization_id: number | null }[];
  brokerIds: readonly number[];
}

/** The request statuses in their seeded shares: most decided, a working queue of new and sent. */
export function seededRequestStatus(rand: () => number): RequestStatus {
  const r = rand();
  return r < 0.12 ? 'new' : r < 0.2 ? 'sent' : r < 0.78 ? 'approved' : r < 0.95 ? 'rejected' : 'cancelled';
}

/**
 * Rows of research_requests over the past two years, and for every approved one whose user holds
 * no active fulfillment of that broker yet, its fulfillment. `activeKeys` ('user:broker') is
 * shared across calls so one user never holds two active fulfillments of one broker.
 */
export function requestRows(
  people: SeedPeople,
  count: number,
  now: number,
  rand: () => number,
  activeKeys: Set<string>,
  firstId: number,
) {
  const requests: Insertable<ResearchRequestsTable>[] = [];
  const fulfillments: Insertable<FulfillmentsTable>[] = [];
  for (let i = 0; i < count; i++) {
    const user = people.users[Math.floor(rand() * people.users.length)]!;
    const broker_id = people.brokerIds[Math.floor(rand() * people.brokerIds.length)]!;
    let status = seededRequestStatus(rand);
    const created_at = now - Math.floor(rand() * 730 * DAY) - Math.floor(rand() * DAY);
    const key = `${user.id}:${broker_id}`;
    if (status === 'approved' && activeKeys.has(key)) status = 'rejected';
    // Decided one to seven days after it was made: a request too recent for that is still open.
    const decisionDelay = Math.floor((1 + rand() * 6) * DAY);
    if (status !== 'new' && status !== 'sent' && created_at + decisionDelay >= now) status = 'new';
    const decided = status !== 'new' && status !== 'sent';
    const sent = status === 'sent' || (decided && rand() < 0.3);
    const decided_at = decided ? created_at + decisionDelay : null;
    requests.push({
      id: firstId + i,
      user_id: user.id,
      broker_id,
      organization_id: user.organization_id,
      status,
      note: NOTES[Math.floor(rand() * NOTES.length)]!,
      reason:
        status === 'rejected'
          ? REJECT_REASONS[Math.floor(rand() * REJECT_REASONS.length)]!
          : status === 'cancelled'
            ? 'The user withdrew the request.'
            : null,
      created_at,
      updated_at: decided_at ?? created_at,
      sent_at: sent ? Math.min(created_at + Math.floor(rand() * DAY), now) : null,
      decided_at,
      decided_by: decided ? 'admin' : null,
    });
    if (status === 'approved') {
      activeKeys.add(key);
      // Some ended after ninety days, never later than now.
      const ended = rand() < 0.15 && decided_at! + 90 * DAY < now;
      fulfillments.push({
        user_id: user.id,
        broker_id,
        organization_id: user.organization_id,
        source: 'request',
        request_id: firstId + i,
        source_name: null,
        dist: null,
        starts_at: decided_at!,
        ends_at: null,
        status: ended ? 'ended' : 'active',
        ended_at: ended ? decided_at! + 90 * DAY : null,
        ended_reason: ended ? 'Ended by the broker.' : null,
        created_by: 'admin',
        created_at: decided_at!,
      });
      if (ended) activeKeys.delete(key);
    }
  }
  return { requests, fulfillments };
}

/** Fulfillments that arrived from outside: distributors' files and brokers' client lists. */
export function otherSourceRows(
  people: SeedPeople,
  count: number,
  now: number,
  rand: () => number,
  activeKeys: Set<string>,
  productKey: string,
) {
  const rows: Insertable<FulfillmentsTable>[] = [];
  for (let i = 0; i < count; i++) {
    const user = people.users[Math.floor(rand() * people.users.length)]!;
    const broker_id = people.brokerIds[Math.floor(rand() * people.brokerIds.length)]!;
    const key = `${user.id}:${broker_id}`;
    const ended = activeKeys.has(key) || rand() < 0.1;
    if (!ended) activeKeys.add(key);
    const source: FulfillmentSource = rand() < 0.8 ? 'other_source' : 'broker';
    const starts_at = now - Math.floor(rand() * 700 * DAY);
    rows.push({
      user_id: user.id,
      broker_id,
      organization_id: user.organization_id,
      source,
      request_id: null,
      source_name: source === 'broker' ? 'Broker client list' : SOURCE_NAMES[Math.floor(rand() * SOURCE_NAMES.length)]!,
      dist: rand() < 0.5 ? TRI_DIST : productKey,
      starts_at,
      ends_at: rand() < 0.2 ? starts_at + 365 * DAY : null,
      status: ended ? 'ended' : 'active',
      ended_at: ended ? Math.min(starts_at + 30 * DAY, now) : null,
      ended_reason: ended ? 'Replaced by a later file.' : null,
      created_by: 'admin',
      created_at: starts_at,
    });
  }
  return rows;
}

/** After rows inserted with their own ids: PostgreSQL's identity must move past them (SQLite's does by itself). */
export async function syncIdentity(db: Kysely<Database>, table: 'research_requests' | 'fulfillments'): Promise<void> {
  if (engineOf(db) !== 'postgres') return;
  await sql`select setval(pg_get_serial_sequence(${table}, 'id'), (select coalesce(max(id), 0) + 1 from ${sql.table(table)}), false)`.execute(
    db,
  );
}

async function insertAll<T extends keyof Database>(
  trx: Kysely<Database>,
  table: T,
  rows: readonly Insertable<Database[T]>[],
): Promise<void> {
  for (let i = 0; i < rows.length; i += BATCH)
    await trx
      .insertInto(table)
      .values(rows.slice(i, i + BATCH) as never)
      .execute();
}

export async function seedBrokerResearch(
  trx: Kysely<Database>,
  productKey: string,
  users: SeedPeople['users'],
  now: number,
  rand: () => number,
): Promise<void> {
  const brokers = await trx.selectFrom('brokers').select(['id', 'name']).orderBy('id').execute();
  const brokerIds = brokers.map((b) => b.id);
  const pick = <T>(list: readonly T[]) => list[Math.floor(rand() * list.length)]!;

  // Names and MiFID status (most known), distributors, contacts.
  const mifidShares: [MifidStatus, number][] = [
    ['compliant', 0.6],
    ['pending', 0.1],
    ['non_compliant', 0.1],
    ['unknown', 0.2],
  ];
  const byMifid = new Map<MifidStatus, number[]>(MIFID_STATUSES.map((m) => [m, []]));
  for (const b of brokers) {
    let r = rand();
    byMifid.get(mifidShares.find(([, share]) => (r -= share) < 0)?.[0] ?? 'unknown')!.push(b.id);
  }
  for (const [mifid, ids] of byMifid) {
    for (let i = 0; i < ids.length; i += BATCH) {
      await trx
        .updateTable('brokers')
        .set({
          mifid_status: mifid,
          mifid_updated_at: mifid === 'unknown' ? null : now - 40 * DAY,
          mifid_updated_by: mifid === 'unknown' ? null : 'admin',
        })
        .where('id', 'in', ids.slice(i, i + BATCH))
        .execute();
    }
  }
  const distributors = brokers.flatMap((b) => [
    {
      broker_id: b.id,
      dist: productKey,
      code: `${productKey.slice(0, 3).toUpperCase()}-${String(b.id).padStart(6, '0')}`,
      active: 1 as const,
      since: now - Math.floor(rand() * 1500 * DAY),
    },
    ...(rand() < 0.6
      ? [
          {
            broker_id: b.id,
            dist: TRI_DIST,
            code: `TR${100_000 + b.id * 7}`,
            active: (rand() < 0.9 ? 1 : 0) as 0 | 1,
            since: now - Math.floor(rand() * 1500 * DAY),
          },
        ]
      : []),
  ]);
  await insertAll(trx, 'broker_distributors', distributors);
  const domainOf = (name: string) =>
    name
      .split(' (')[0]!
      .toLowerCase()
      .replace(/&/g, 'and')
      .replace(/[^a-z0-9]+/g, '');
  const contacts = brokers
    .filter(() => rand() < 0.45)
    .flatMap((b) =>
      Array.from({ length: 1 + Math.floor(rand() * 3) }, () => {
        const first = pick(CONTACT_FIRST);
        const last = pick(CONTACT_LAST);
        return {
          broker_id: b.id,
          name: `${first} ${last}`,
          email: `${first}.${last}@${domainOf(b.name)}-${b.id}.com`.toLowerCase(),
          phone: `+1 212 555 ${String(1000 + Math.floor(rand() * 9000))}`,
          region: pick(REGIONS),
          created_at: now,
        };
      }),
    );
  await insertAll(trx, 'broker_sales_contacts', contacts);
  const links = new Map<
    string,
    { broker_id: number; linked_broker_id: number; created_by: string; created_at: number }
  >();
  for (let i = 0; i < 250; i++) {
    const a = pick(brokerIds);
    const b = pick(brokerIds);
    if (a !== b)
      links.set(`${Math.min(a, b)}:${Math.max(a, b)}`, {
        broker_id: Math.min(a, b),
        linked_broker_id: Math.max(a, b),
        created_by: 'admin',
        created_at: now,
      });
  }
  await insertAll(trx, 'broker_links', [...links.values()]);

  // Domains: one per broker for most, a research subdomain for some; each domain names one broker.
  const domains: Insertable<BrokerDomainsTable>[] = [];
  for (const b of brokers) {
    if (rand() < 0.7) {
      const base = `${domainOf(b.name)}-${b.id}.com`;
      domains.push({
        domain: base,
        broker_id: b.id,
        created_by: 'admin',
        updated_by: 'admin',
        created_at: now,
        updated_at: now,
      });
      if (rand() < 0.2)
        domains.push({
          domain: `research.${base}`,
          broker_id: b.id,
          created_by: 'admin',
          updated_by: 'admin',
          created_at: now,
          updated_at: now,
        });
    }
  }
  await insertAll(trx, 'broker_domains', domains);

  // User groups of brokers: a desk or two at a few hundred brokers, with members.
  const groupNames = ['Equity desk', 'Fixed income desk', 'Macro readers', 'Trial readers', 'Portfolio managers'];
  for (const b of brokers.filter(() => rand() < 0.06)) {
    for (const name of groupNames.filter(() => rand() < 0.4)) {
      const g = await trx
        .insertInto('broker_user_groups')
        .values({
          broker_id: b.id,
          name,
          description: `${name} at ${b.name}`,
          created_by: 'admin',
          updated_by: 'admin',
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const members = new Set(Array.from({ length: 2 + Math.floor(rand() * 12) }, () => pick(users).id));
      await insertAll(
        trx,
        'broker_user_group_members',
        [...members].map((user_id) => ({ group_id: g.id, user_id })),
      );
    }
  }

  // Both distributors' flags: the product's as recommended, Refinitiv's stricter.
  await trx
    .insertInto('research_flags')
    .values([
      { dist: productKey, flags: JSON.stringify(DEFAULT_RESEARCH_FLAGS), updated_by: null, updated_at: now },
      {
        dist: TRI_DIST,
        flags: JSON.stringify({ ...DEFAULT_RESEARCH_FLAGS, send_to_broker: false, user_submission: false }),
        updated_by: null,
        updated_at: now,
      },
    ])
    .execute();

  // Requests and fulfillments.
  const people = { users, brokerIds };
  const activeKeys = new Set<string>();
  const { requests, fulfillments } = requestRows(people, SEED_REQUEST_COUNT, now, rand, activeKeys, 1);
  await insertAll(trx, 'research_requests', requests);
  await syncIdentity(trx, 'research_requests');
  await insertAll(trx, 'fulfillments', [
    ...fulfillments,
    ...otherSourceRows(people, SEED_OTHER_SOURCE_COUNT, now, rand, activeKeys, productKey),
  ]);

  // Submissions: a queue of new ones, some in review, the rest decided.
  const submissions = Array.from({ length: SEED_SUBMISSION_COUNT }, (_, i) => {
    const r = rand();
    const status: SubmissionStatus = i < 45 ? 'new' : r < 0.1 ? 'in_review' : r < 0.8 ? 'published' : 'rejected';
    const submitted_at = i < 45 ? now - Math.floor(rand() * 5 * DAY) : now - Math.floor((5 + rand() * 400) * DAY);
    const reviewed = status === 'published' || status === 'rejected';
    const title = `${pick(TITLES)}: ${pick(TICKERS)}`;
    return {
      user_id: pick(users).id,
      broker_id: rand() < 0.7 ? pick(brokerIds) : null,
      title,
      summary: `${title}. Notes on the quarter and what we expect next.`,
      tickers: Array.from(new Set([pick(TICKERS), pick(TICKERS)])).join(','),
      file_name: `${title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}.pdf`,
      file_size: 80_000 + Math.floor(rand() * 4_000_000),
      status,
      reason: status === 'rejected' ? 'Not original research.' : null,
      submitted_at,
      reviewed_by: status === 'new' ? null : 'admin',
      reviewed_at: reviewed ? submitted_at + 2 * DAY : null,
    };
  });
  await insertAll(trx, 'research_submissions', submissions);
}
