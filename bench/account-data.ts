// The accounts of the bench database (decision 051), added by `npm run seed:bench` to a database,
// fresh or reused, that has fewer: organizations brought to BENCH_ACCOUNTS with company names drawn
// the way real ones fall — a distinctive word or two, then the words nearly every firm uses
// ('Capital', 'Partners', 'Global', 'Group', 'Holdings' …) at their real frequency, so a search for
// one of them is the hard case it is in life — and every organization with stored account
// settings (valid and varied, as the demo seed's). Pseudo-random from a fixed seed; one
// transaction; a database already holding them is left as it is.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../server/db/schema';
import { createAccountSearchIndex } from '../server/db/migrations/2026_11_25_018_account_settings';
import { seededAccountValues } from '../server/db/seed-accounts';

export const BENCH_ACCOUNTS = 100_000;
/** The words the bench searches for, each in a large share of the names. */
export const COMMON_NAME_WORDS = ['Capital', 'Partners', 'Global', 'Group', 'Holdings'] as const;

const DISTINCT = [
  'Aspen',
  'Beacon',
  'Birch',
  'Blackstone',
  'Bluewater',
  'Boulder',
  'Bridgeport',
  'Brookfield',
  'Cedar',
  'Chesapeake',
  'Clearwater',
  'Cobalt',
  'Crescent',
  'Cypress',
  'Delta',
  'Eastbridge',
  'Elm',
  'Ember',
  'Evergreen',
  'Fairview',
  'Falcon',
  'Foxhall',
  'Franklin',
  'Granite',
  'Greenfield',
  'Hamilton',
  'Harbor',
  'Hawthorne',
  'Highland',
  'Horizon',
  'Hudson',
  'Ironwood',
  'Juniper',
  'Kestrel',
  'Keystone',
  'Lakeshore',
  'Laurel',
  'Liberty',
  'Lincoln',
  'Madison',
  'Maple',
  'Meridian',
  'Midland',
  'Monarch',
  'Northgate',
  'Northstar',
  'Oakmont',
  'Orion',
  'Pacific',
  'Palisade',
  'Paramount',
  'Pinnacle',
  'Pioneer',
  'Polaris',
  'Prairie',
  'Quantum',
  'Redwood',
  'Ridgeline',
  'Riverside',
  'Rockport',
  'Sage',
  'Sentinel',
  'Sequoia',
  'Sierra',
  'Silverline',
  'Sterling',
  'Stonebridge',
  'Summit',
  'Sycamore',
  'Tidewater',
  'Trident',
  'Union',
  'Valley',
  'Vanguard',
  'Vista',
  'Westbrook',
  'Whitehall',
  'Willow',
  'Windsor',
  'Zenith',
  'Abbott',
  'Baxter',
  'Carver',
  'Dalton',
  'Ellison',
  'Fletcher',
  'Garrison',
  'Harper',
  'Ingram',
  'Jensen',
  'Kendall',
  'Lambert',
  'Mercer',
  'Nolan',
  'Osborne',
  'Prescott',
  'Quincy',
  'Rowan',
  'Sutton',
  'Thornton',
  'Upton',
  'Vaughn',
  'Walker',
  'Yates',
  'Ashford',
  'Bellamy',
  'Chandler',
  'Dorsey',
  'Everett',
  'Fitzgerald',
  'Gallagher',
  'Holloway',
  'Irving',
  'Jameson',
  'Kingsley',
  'Langford',
  'Whitfield',
  'Montague',
  'Norwood',
  'Oakley',
  'Pemberton',
  'Radcliffe',
  'Sinclair',
  'Tremont',
  'Underwood',
  'Vance',
  'Atlas',
  'Apex',
  'Arbor',
  'Axis',
  'Bastion',
  'Catalyst',
  'Citadel',
  'Compass',
  'Corner',
  'Crown',
  'Echo',
  'Equinox',
  'Fulcrum',
  'Guardian',
  'Helix',
  'Insight',
  'Keel',
  'Lantern',
  'Lighthouse',
  'Lodestar',
  'Magellan',
  'Mosaic',
  'Nexus',
  'Oracle',
  'Pathway',
  'Prism',
  'Quarry',
  'Radiant',
  'Anchor',
  'Sextant',
  'Signal',
  'Spire',
  'Tandem',
  'Tempest',
  'Vector',
  'Vertex',
  'Waypoint',
  'Amber',
  'Azure',
  'Crimson',
  'Emerald',
  'Indigo',
  'Ivory',
  'Jade',
  'Onyx',
  'Sapphire',
  'Scarlet',
  'Topaz',
  'Boston',
  'Chicago',
  'Dallas',
  'Denver',
  'Geneva',
  'London',
  'Madrid',
  'Milan',
  'Oslo',
  'Paris',
  'Seattle',
  'Sydney',
  'Tokyo',
  'Toronto',
  'Vienna',
  'Zurich',
  'Atlantic',
  'Baltic',
  'Nordic',
  'Alpine',
  'Coastal',
  'Continental',
];
/** Second words of two-word firm names ('Blue Harbor', 'North Ridge'). */
const LEADS = [
  'Blue',
  'North',
  'South',
  'East',
  'West',
  'New',
  'Old',
  'Silver',
  'Golden',
  'Red',
  'Black',
  'White',
  'Green',
  'Grand',
  'Royal',
  'First',
  'Bright',
  'Deep',
  'High',
  'Iron',
];
/** Words of the kind firms share, with weights (how often a name carries one). */
const COMMON: [string, number][] = [
  ['Capital', 20],
  ['Partners', 16],
  ['Group', 14],
  ['Holdings', 12],
  ['Advisors', 8],
  ['Management', 8],
  ['Investments', 7],
  ['Securities', 5],
  ['Asset Management', 5],
  ['Research', 4],
  ['Trading', 3],
  ['Fund', 3],
  ['Financial', 4],
  ['Ventures', 4],
  ['Associates', 3],
];
const SUFFIXES: [string, number][] = [
  ['', 60],
  ['LLC', 14],
  ['Inc', 10],
  ['Ltd', 8],
  ['LP', 5],
  ['& Co', 3],
];

function seededRandom(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function weighted(random: () => number, items: readonly [string, number][]): string {
  const total = items.reduce((s, [, w]) => s + w, 0);
  let r = random() * total;
  for (const [item, w] of items) if ((r -= w) < 0) return item;
  return items.at(-1)![0];
}

/** `n` distinct company names (none equal to `taken` whatever the case). */
export function companyNames(n: number, taken: ReadonlySet<string>, seed = 20_261_125): string[] {
  const random = seededRandom(seed);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(random() * xs.length)]!;
  const seen = new Set(taken);
  const out: string[] = [];
  while (out.length < n) {
    const shape = random();
    let base: string;
    if (shape < 0.45) base = `${pick(DISTINCT)} ${weighted(random, COMMON)}`;
    else if (shape < 0.65) base = `${pick(DISTINCT)} ${weighted(random, COMMON)} ${weighted(random, COMMON)}`;
    else if (shape < 0.77) base = `Global ${pick(DISTINCT)} ${weighted(random, COMMON)}`;
    else if (shape < 0.9) base = `${pick(LEADS)} ${pick(DISTINCT)} ${weighted(random, COMMON)}`;
    else base = `${pick(DISTINCT)}-${pick(DISTINCT)} ${weighted(random, COMMON)}`;
    const suffix = weighted(random, SUFFIXES);
    let name = suffix ? `${base} ${suffix}` : base;
    // The same words twice ('Capital Capital') reads as no firm does.
    if (/\b(\w+) \1\b/.test(name)) continue;
    for (let k = 2; seen.has(name.toLowerCase()); k++)
      name = `${base} ${['II', 'III', 'IV', 'V'][k - 2] ?? String(k)}${suffix ? ` ${suffix}` : ''}`;
    seen.add(name.toLowerCase());
    out.push(name);
  }
  return out;
}

/** Brings the organizations to BENCH_ACCOUNTS, every one with stored settings; answers whether it added anything. */
export async function ensureBenchAccounts(
  db: Kysely<Database>,
  log: (line: string) => void = () => {},
  productKey = process.env['PRODUCT_KEY'] || 'product',
): Promise<boolean> {
  // A database migrated before migration 018 had its word index gets it now (it is kept from then on).
  await createAccountSearchIndex(db);
  const have = Number(
    (
      await db
        .selectFrom('organizations')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
  const unsettled = Number(
    (
      await db
        .selectFrom('organizations as o')
        .leftJoin('account_settings as s', 's.account_id', 'o.id')
        .where('s.account_id', 'is', null)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
  if (have >= BENCH_ACCOUNTS && unsettled === 0) return false;
  const started = performance.now();
  const toAdd = Math.max(0, BENCH_ACCOUNTS - have);
  log(
    `Adding ${toAdd.toLocaleString('en-US')} accounts (to ${BENCH_ACCOUNTS.toLocaleString('en-US')}) and settings for ${(unsettled + toAdd).toLocaleString('en-US')}…`,
  );
  const postgres = db.getExecutor().adapter.constructor.name.startsWith('Postgres');
  const now = Date.now();
  await db.transaction().execute(async (trx) => {
    if (toAdd > 0) {
      const taken = new Set(
        (
          await trx
            .selectFrom('organizations')
            .select(sql<string>`lower(name)`.as('n'))
            .execute()
        ).map((r) => r.n),
      );
      const names = companyNames(toAdd, taken);
      for (let i = 0; i < names.length; i += 2_000) {
        await trx
          .insertInto('organizations')
          .values(
            names.slice(i, i + 2_000).map((name, k) => ({
              name,
              salesforce_id: `001B${String(i + k).padStart(11, '0')}`,
              sf_acc_id: (i + k) % 3 === 0 ? `SF-B${i + k}` : null,
              created_at: now,
            })),
          )
          .execute();
      }
    }
    const ids = (
      await trx
        .selectFrom('organizations as o')
        .leftJoin('account_settings as s', 's.account_id', 'o.id')
        .where('s.account_id', 'is', null)
        .select('o.id')
        .orderBy('o.id')
        .execute()
    ).map((r) => Number(r.id));
    const perInsert = postgres ? 5_000 : 2_000;
    for (let i = 0; i < ids.length; i += perInsert) {
      await trx
        .insertInto('account_settings')
        .values(
          ids.slice(i, i + perInsert).map((id) => {
            const values = seededAccountValues(productKey, 'app', id);
            return {
              account_id: id,
              settings: JSON.stringify(values.account_settings),
              level_flags: JSON.stringify(values.account_level_flags),
              groups: '[]',
              template_id: null,
              created_by: 'bench',
              updated_by: 'bench',
              created_at: now,
              updated_at: now,
              version: 1,
            };
          }),
        )
        .execute();
    }
  });
  // Vacuumed, so counting the accounts reads the index alone.
  if (postgres) await sql`vacuum analyze organizations`.execute(db);
  else await sql`analyze`.execute(db);
  log(`  accounts added in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return true;
}
