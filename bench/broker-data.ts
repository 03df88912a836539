// The brokers of the bench database (decision 047), added by `npm run seed:bench` to a database
// of 1,000,000 users, fresh or reused, when it has none: 5,000 brokers (one in ten open access) in
// 100 broker groups; 50 brokers in My Brokers for every 100th user (10,000 users, 500,000 rows),
// 20 requested for every 200th, and the switches of every 300th (Auto BRM Update off) and every
// 1,000th (frozen). Set-based: each list is one INSERT … SELECT over a recursive counter, so it
// costs seconds, not a round trip per row.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../server/db/schema';

export const BENCH_BROKERS = 5_000;
const GROUPS = 100;
const MY_PER_USER = 50;
const REQUESTED_PER_USER = 20;

export async function benchBrokerCount(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom('brokers')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Adds the bench brokers when the database has none; answers whether it did. */
export async function ensureBenchBrokers(
  db: Kysely<Database>,
  log: (line: string) => void = () => {},
): Promise<boolean> {
  if ((await benchBrokerCount(db)) > 0) return false;
  const started = performance.now();
  log(`Adding ${BENCH_BROKERS.toLocaleString('en-US')} brokers and the lists of a sample of users…`);
  const now = Date.now();
  await db.transaction().execute(async (trx) => {
    const groups = Array.from({ length: GROUPS }, (_, i) => ({
      product_id: 50_000 + i,
      name: `Bench Broker Group ${i + 1}`,
      created_at: now,
    }));
    const groupIds = (await trx.insertInto('broker_groups').values(groups).returning('id').execute()).map((r) => r.id);
    for (let i = 0; i < BENCH_BROKERS; i += 1_000) {
      await trx
        .insertInto('brokers')
        .values(
          Array.from({ length: Math.min(1_000, BENCH_BROKERS - i) }, (_, k) => ({
            name: `Bench Broker ${String(i + k + 1).padStart(4, '0')}`,
            open_access: ((i + k) % 10 === 0 ? 1 : 0) as 0 | 1,
            group_id: groupIds[(i + k) % GROUPS]!,
            created_at: now,
          })),
        )
        .execute();
    }
    const { first } = await trx
      .selectFrom('brokers')
      .select((eb) => eb.fn.min<number>('id').as('first'))
      .executeTakeFirstOrThrow();
    const base = Number(first);
    // n from 0 to count-1; 101 and 37 are prime to 5,000's factors, so a user's brokers are distinct.
    const lists = (list: 'my' | 'requested', every: number, perUser: number, step: number) => sql`
      insert into user_brokers (user_id, list, broker_id)
      with recursive k(n) as (select 0 union all select n + 1 from k where n < ${perUser - 1})
      select u.id, cast(${list} as varchar(9)), ${base} + ((u.id * 37 + k.n * ${step}) % ${BENCH_BROKERS})
      from users u cross join k where u.id % ${every} = 0`;
    await lists('my', 100, MY_PER_USER, 101).execute(trx);
    await lists('requested', 200, REQUESTED_PER_USER, 211).execute(trx);
    // "freeze" is a reserved word in PostgreSQL: quoted (Kysely quotes it in the queries it builds).
    await sql`insert into user_broker_state (user_id, auto_brm_update, "freeze", updated_at, updated_by)
      select id, case when id % 300 = 0 then 0 else 1 end, case when id % 1000 = 0 then 1 else 0 end, cast(${now} as bigint), null
      from users where id % 300 = 0 or id % 1000 = 0`.execute(trx);
  });
  log(`  brokers added in ${((performance.now() - started) / 1000).toFixed(0)} s`);
  return true;
}
