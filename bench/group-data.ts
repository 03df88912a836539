// The Group Management organization of the bench database (decision 048), added by
// `npm run seed:bench` to a database, fresh or reused, that has none: one organization of 5,000
// users (usernames 'grp.…', outside the million the user benches count) with 40 groups of every
// kind; four users in five are members of one to three groups, one in five of none.
import type { Kysely } from 'kysely';
import type { Database, NewUser } from '../server/db/schema';

export const BENCH_GROUP_ORG = 'Bench Group Organization';
export const BENCH_GROUP_USERS = 5_000;
const GROUPS = 40;
const KINDS = ['general', 'thesis', 'collab', 'sec_master'] as const;

export async function benchGroupOrganization(db: Kysely<Database>): Promise<number | null> {
  const row = await db.selectFrom('organizations').select('id').where('name', '=', BENCH_GROUP_ORG).executeTakeFirst();
  return row ? Number(row.id) : null;
}

/** Adds the organization, its users and groups when the database has none; answers whether it did. */
export async function ensureBenchGroups(
  db: Kysely<Database>,
  log: (line: string) => void = () => {},
): Promise<boolean> {
  if ((await benchGroupOrganization(db)) !== null) return false;
  const started = performance.now();
  log(`Adding an organization of ${BENCH_GROUP_USERS.toLocaleString('en-US')} users with ${GROUPS} groups…`);
  const now = Date.now();
  await db.transaction().execute(async (trx) => {
    const org = (
      await trx
        .insertInto('organizations')
        .values({ name: BENCH_GROUP_ORG, salesforce_id: 'SF-BENCH-GROUPS', sf_acc_id: null, created_at: now })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    const userIds: number[] = [];
    for (let i = 0; i < BENCH_GROUP_USERS; i += 1_000) {
      const rows: NewUser[] = Array.from({ length: Math.min(1_000, BENCH_GROUP_USERS - i) }, (_, k) => {
        const n = i + k;
        return {
          username: `grp.member${n}`,
          email: `member${n}@bench-groups.example.com`,
          first_name: `Member`,
          last_name: String(n).padStart(4, '0'),
          phone: null,
          organization_id: org,
          user_type: 'customer',
          user_category: 'general',
          user_role: null,
          owner: null,
          product_configuration: 'product_basic',
          data_plan: '[]',
          expiry_dt: null,
          active: 1,
          deleted: 0,
          is_account_admin: 0,
          allowed_st: '[]',
          flags: '{}',
          password_hash: null,
          created_at: now,
          updated_at: now,
        };
      });
      userIds.push(...(await trx.insertInto('users').values(rows).returning('id').execute()).map((r) => Number(r.id)));
    }
    const groupIds: number[] = [];
    for (let g = 0; g < GROUPS; g++) {
      const kind = KINDS[g % KINDS.length]!;
      groupIds.push(
        Number(
          (
            await trx
              .insertInto('user_groups')
              .values({
                name: `Bench Group ${String(g + 1).padStart(2, '0')}`,
                kind,
                organization_id: org,
                created_at: now,
                updated_at: now,
                updated_by: 'bench',
                version: 1,
                autoshare: g % 3 === 0 ? 1 : 0,
                thesis: kind === 'thesis' ? 1 : 0,
                collab: kind === 'collab' ? 1 : 0,
                sec_master: kind === 'sec_master' ? 1 : 0,
              })
              .returning('id')
              .executeTakeFirstOrThrow()
          ).id,
        ),
      );
    }
    const links: { group_id: number; user_id: number }[] = [];
    for (const [n, user_id] of userIds.entries()) {
      if (n % 5 === 4) continue;
      for (let k = 0; k <= n % 3; k++) links.push({ group_id: groupIds[(n + k * 7) % GROUPS]!, user_id });
    }
    for (let i = 0; i < links.length; i += 5_000)
      await trx
        .insertInto('group_members')
        .values(links.slice(i, i + 5_000))
        .execute();
  });
  log(`  groups added in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return true;
}
