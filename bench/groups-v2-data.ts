// The groups of the bench database (decision 049), added by `npm run seed:bench` to a database of
// 1,000,000 users, fresh or reused, when it has none: 100,000 groups, four in five of one of the
// 5,000 organizations (16 each) and one in five of the whole platform, named from 300 word pairs
// with a number, so a search by a word finds thousands and by a pair hundreds. One group in ten
// holds 5 members: its organization's first users, or (a platform group) users of ids next to its
// own. Groups go in by 1,000 a statement and members in two INSERT … SELECT: seconds, not minutes.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../server/db/schema';

export const BENCH_GROUPS = 100_000;
const BATCH = 1_000;
export const GROUP_WORDS = [
  'Alpha',
  'Atlas',
  'Beacon',
  'Cobalt',
  'Delta',
  'Ember',
  'Falcon',
  'Granite',
  'Harbor',
  'Iris',
  'Juniper',
  'Keystone',
  'Lumen',
  'Meridian',
  'Nimbus',
  'Orion',
  'Pioneer',
  'Quartz',
  'Raven',
  'Summit',
];
export const GROUP_TOPICS = [
  'Thesis',
  'Collab',
  'Security master',
  'Energy desk',
  'Tech desk',
  'Health desk',
  'Macro',
  'Credit',
  'Rates',
  'Equities',
  'Earnings',
  'ESG',
  'Quant',
  'Small caps',
  'Emerging markets',
];

export async function benchGroupCount(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom('user_groups')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Adds the bench groups when the database has fewer than BENCH_GROUPS (the fetch_group bench's
 * organization brings 40 of its own); answers whether it did.
 */
export async function ensureBenchGroupsV2(
  db: Kysely<Database>,
  log: (line: string) => void = () => {},
): Promise<boolean> {
  if ((await benchGroupCount(db)) >= BENCH_GROUPS) return false;
  const started = performance.now();
  log(`Adding ${BENCH_GROUPS.toLocaleString('en-US')} groups…`);
  const now = Date.now();
  await db.transaction().execute(async (trx) => {
    // Members go to the groups added here only (the fetch_group bench's groups have theirs).
    const before = Number(
      (
        await trx
          .selectFrom('user_groups')
          .select((eb) => eb.fn.max('id').as('id'))
          .executeTakeFirst()
      )?.id ?? 0,
    );
    const orgIds = (await trx.selectFrom('organizations').select('id').orderBy('id').execute()).map((r) =>
      Number(r.id),
    );
    for (let i = 0; i < BENCH_GROUPS; i += BATCH) {
      await trx
        .insertInto('user_groups')
        .values(
          Array.from({ length: Math.min(BATCH, BENCH_GROUPS - i) }, (_, k) => {
            const n = i + k;
            return {
              name: `${GROUP_WORDS[n % GROUP_WORDS.length]} ${GROUP_TOPICS[Math.floor(n / GROUP_WORDS.length) % GROUP_TOPICS.length]} ${n + 1}`,
              kind: ['thesis', 'collab', 'sec_master'][n % 3]!,
              organization_id: n % 5 === 4 || orgIds.length === 0 ? null : orgIds[n % orgIds.length]!,
              created_at: now,
            };
          }),
        )
        .execute();
    }
    await sql`
      insert into group_members (group_id, user_id)
      select g.id, r.id from user_groups g
      join (select id, organization_id, row_number() over (partition by organization_id order by id) as rn from users) r
        on r.organization_id = g.organization_id and r.rn <= 5
      where g.id > ${before} and g.id % 10 = 3 and g.organization_id is not null`.execute(trx);
    await sql`
      insert into group_members (group_id, user_id)
      select g.id, u.id from user_groups g join users u on u.id >= g.id and u.id < g.id + 5
      where g.id > ${before} and g.id % 10 = 0 and g.organization_id is null`.execute(trx);
  });
  log(`  groups added in ${((performance.now() - started) / 1000).toFixed(0)} s`);
  return true;
}
