// Demo brokers for a fresh database (decision 047): 5,000 brokers in 30 broker groups, one in ten
// open to everyone, and on most managed users a My Brokers list and on many a Requested Brokers
// list. The first user of each organization holds large lists (thousands), so the lists' scrolling
// can be seen at the size they reach. Inserted set-wise in batches, so the seed stays fast.
import type { Kysely } from 'kysely';
import type { Database } from './schema';

export const SEED_BROKER_COUNT = 5_000;
const STEMS = [
  'Apex',
  'Beacon',
  'Cedar',
  'Delta',
  'Evergreen',
  'Falcon',
  'Granite',
  'Harbor',
  'Ironwood',
  'Juniper',
  'Keystone',
  'Lighthouse',
  'Monarch',
  'Northgate',
  'Orchard',
  'Pinnacle',
  'Quarry',
  'Riverton',
  'Sterling',
  'Trident',
  'Union Square',
  'Vantage',
  'Westbrook',
  'Yardley',
  'Zenith',
  'Alder',
  'Bristol',
  'Compass',
  'Dunmore',
  'Elm Street',
  'Foxhall',
  'Greystone',
  'Highland',
  'Ivory',
  'Jasper',
  'Kingsley',
  'Larkspur',
  'Mariner',
  'Nobel',
  'Oxbow',
];
const KINDS = [
  'Securities',
  'Capital Markets',
  'Equity Research',
  'Partners',
  '& Co.',
  'Brokerage',
  'Investment Bank',
  'Markets',
  'Advisors',
  'Financial',
  'Trading',
  'Research',
  'Global',
  'Institutional',
  'Securities Group',
];
const PLACES = [
  '',
  ' (London)',
  ' (New York)',
  ' (Singapore)',
  ' (Frankfurt)',
  ' (Tokyo)',
  ' (Zurich)',
  ' (Toronto)',
  ' (Sydney)',
];
const GROUPS = [
  'Global Banks',
  'US Regional',
  'European Regional',
  'Asia Pacific',
  'Independent Research',
  'Boutiques',
  'Fixed Income',
  'Energy Specialists',
  'Healthcare Specialists',
  'Technology Specialists',
  'Small Caps',
  'Emerging Markets',
  'Latin America',
  'Nordics',
  'Japan',
  'China',
  'India',
  'Canada',
  'Australia',
  'Middle East',
  'Africa',
  'Credit',
  'Quant',
  'ESG',
  'Macro',
  'Commodities',
  'Real Estate',
  'Financials',
  'Consumer',
  'Industrials',
];
const BATCH = 1_000;

export async function seedBrokers(
  trx: Kysely<Database>,
  userIds: readonly number[],
  now: number,
  rand: () => number,
): Promise<void> {
  const groupIds: number[] = [];
  for (const [i, name] of GROUPS.entries()) {
    groupIds.push(
      (
        await trx
          .insertInto('broker_groups')
          .values({ product_id: 70_000 + i * 13, name, created_at: now })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id,
    );
  }
  const rows = Array.from({ length: SEED_BROKER_COUNT }, (_, i) => ({
    name: `${STEMS[i % STEMS.length]} ${KINDS[Math.floor(i / STEMS.length) % KINDS.length]}${PLACES[Math.floor(i / (STEMS.length * KINDS.length)) % PLACES.length]}`,
    legal_name: `${STEMS[i % STEMS.length]} ${KINDS[Math.floor(i / STEMS.length) % KINDS.length]} ${['LLC', 'Ltd', 'plc', 'AG', 'KK'][i % 5]}`,
    short_name: STEMS[i % STEMS.length]!,
    open_access: (rand() < 0.1 ? 1 : 0) as 0 | 1,
    group_id: rand() < 0.8 ? groupIds[Math.floor(rand() * groupIds.length)]! : null,
    created_at: now,
  }));
  const brokerIds: number[] = [];
  for (let i = 0; i < rows.length; i += BATCH) {
    brokerIds.push(
      ...(
        await trx
          .insertInto('brokers')
          .values(rows.slice(i, i + BATCH))
          .returning('id')
          .execute()
      ).map((r) => r.id),
    );
  }
  const pickSome = (n: number): number[] => {
    const start = Math.floor(rand() * brokerIds.length);
    const step = 1 + Math.floor(rand() * 7);
    return [...new Set(Array.from({ length: n }, (_, k) => brokerIds[(start + k * step) % brokerIds.length]!))];
  };
  const links: { user_id: number; list: 'my' | 'requested'; broker_id: number }[] = [];
  const states: { user_id: number; auto_brm_update: 0 | 1; freeze: 0 | 1; updated_at: number; updated_by: null }[] = [];
  // The first user of each organization holds large lists (and is never frozen); the others a few dozen, or none.
  const largeUsers = new Set<number>();
  const orgs = new Set<number>();
  for (const u of await trx
    .selectFrom('users')
    .select(['id', 'organization_id'])
    .where('id', 'in', [...userIds])
    .orderBy('id')
    .execute()) {
    if (u.organization_id !== null && !orgs.has(u.organization_id)) {
      orgs.add(u.organization_id);
      largeUsers.add(u.id);
    }
  }
  for (const user_id of userIds) {
    if (largeUsers.has(user_id)) {
      // 4,000 in My Brokers, 1,667 requested, a third of those not yet in My Brokers.
      brokerIds.forEach((broker_id, i) => {
        if (i % 5 !== 0) links.push({ user_id, list: 'my', broker_id });
        if (i % 3 === 0) links.push({ user_id, list: 'requested', broker_id });
      });
      continue;
    }
    const mine = rand() < 0.75 ? 5 + Math.floor(rand() * 60) : 0;
    const asked = rand() < 0.45 ? 2 + Math.floor(rand() * 25) : 0;
    for (const broker_id of pickSome(mine)) links.push({ user_id, list: 'my', broker_id });
    for (const broker_id of pickSome(asked)) links.push({ user_id, list: 'requested', broker_id });
    const freeze = rand() < 0.05;
    const manual = rand() < 0.2;
    if (freeze || manual)
      states.push({
        user_id,
        auto_brm_update: manual ? 0 : 1,
        freeze: freeze ? 1 : 0,
        updated_at: now,
        updated_by: null,
      });
  }
  for (let i = 0; i < links.length; i += BATCH)
    await trx
      .insertInto('user_brokers')
      .values(links.slice(i, i + BATCH))
      .execute();
  for (let i = 0; i < states.length; i += BATCH)
    await trx
      .insertInto('user_broker_state')
      .values(states.slice(i, i + BATCH))
      .execute();
}
