// The Reports Dashboard's bench data (decision 063), added by `npm run seed:bench` and at the start
// of the reports bench to a database holding fewer: 1,000,000 platform events over a year, from
// 100,000 of the bench's users (a few very busy: drawn by rank), named in the mix a research
// platform sees. Inserted in batches, so the counters and active days follow by trigger as they
// do for a live source. A database already holding them is left as it is.
import type { Kysely } from 'kysely';
import type { Database } from '../server/db/schema';

export const BENCH_EVENTS = 1_000_000;
const PEOPLE = 100_000;
const DAYS = 365;
const BATCH = 2_000;
const NAMES: ReadonlyArray<[string, number]> = [
  ['Report opened', 0.4],
  ['Search run', 0.28],
  ['Document downloaded', 0.14],
  ['Watchlist saved', 0.08],
  ['Alert created', 0.05],
  ['Notebook shared', 0.05],
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

export async function ensureBenchReports(
  db: Kysely<Database>,
  log: (line: string) => void = () => {},
): Promise<boolean> {
  const { n } = await db
    .selectFrom('events')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('source', '=', 'platform')
    .executeTakeFirstOrThrow();
  if (Number(n) >= BENCH_EVENTS) return false;
  const started = performance.now();
  log(`Adding ${BENCH_EVENTS.toLocaleString('en-US')} platform events…`);
  await db.deleteFrom('events').where('source', '=', 'platform').execute();
  const people = (
    await db
      .selectFrom('users')
      .select(['id', 'username', 'organization_id'])
      .where('deleted', '=', 0)
      .orderBy('id')
      .limit(PEOPLE)
      .execute()
  ).map((u) => ({
    id: Number(u.id),
    username: u.username,
    org: u.organization_id === null ? null : Number(u.organization_id),
  }));
  if (people.length === 0) throw new Error('the bench database has no users to record events of');
  const random = seededRandom(20_261_128);
  // Rank r is drawn about 1 / (r + 1)^0.8 as often: the busiest people make thousands of events.
  const weights = people.map((_, r) => 1 / (r + 1) ** 0.8);
  const cumulative: number[] = [];
  let sum = 0;
  for (const w of weights) cumulative.push((sum += w));
  const pickPerson = () => {
    const x = random() * sum;
    let lo = 0;
    let hi = cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cumulative[mid]! < x) lo = mid + 1;
      else hi = mid;
    }
    return people[lo]!;
  };
  const pickName = () => {
    let x = random();
    for (const [name, share] of NAMES) if ((x -= share) < 0) return name;
    return NAMES[0]![0];
  };
  const now = Date.now();
  const start = now - DAYS * 86_400_000;
  for (let done = 0; done < BENCH_EVENTS; done += BATCH) {
    const rows = Array.from({ length: Math.min(BATCH, BENCH_EVENTS - done) }, (_, i) => {
      const p = pickPerson();
      // Oldest first, as a source sends them.
      const at = start + Math.floor(((done + i) / BENCH_EVENTS) * DAYS * 86_400_000);
      return {
        name: pickName(),
        source: 'platform',
        user_id: p.id,
        organization_id: p.org,
        actor: p.username,
        occurred_at: at,
        received_at: at,
        properties: null,
      };
    });
    await db.insertInto('events').values(rows).execute();
    if ((done / BATCH) % 50 === 0) log(`  ${(done + rows.length).toLocaleString('en-US')} events`);
  }
  log(`Platform events added in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return true;
}
