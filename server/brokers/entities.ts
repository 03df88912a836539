// POST api/account/get_entity_list/ with origin restrict_broker (spec §3 "Organization user"):
// the live users of the organizations with the given CRM account ids, with how many brokers
// each holds in My Brokers. Bounded: at most ENTITY_LIST_MAX by name, `more` says there were more.
import { sql, type Kysely } from 'kysely';
import { ENTITY_LIST_MAX, type OrgUser } from '../../src/domain/brokers';
import type { Database } from '../db/schema';

export async function usersOfOrganizations(
  db: Kysely<Database>,
  sfAccIds: readonly string[],
): Promise<{ users: OrgUser[]; more: boolean }> {
  const rows = await db
    .selectFrom('users')
    .innerJoin('organizations', 'organizations.id', 'users.organization_id')
    .select([
      'users.id',
      'users.email',
      'users.first_name',
      'users.last_name',
      'organizations.id as org_id',
      'organizations.name as org_name',
      (eb) =>
        eb
          .selectFrom('user_brokers')
          .select((e) => e.fn.countAll<number>().as('n'))
          .whereRef('user_brokers.user_id', '=', 'users.id')
          .where('user_brokers.list', '=', 'my')
          .as('broker_count'),
    ])
    .where('organizations.salesforce_id', 'in', [...new Set(sfAccIds)])
    .where('users.deleted', '=', 0)
    .orderBy(sql`lower(users.first_name)`)
    .orderBy(sql`lower(users.last_name)`)
    .orderBy('users.id')
    .limit(ENTITY_LIST_MAX + 1)
    .execute();
  const users = rows.slice(0, ENTITY_LIST_MAX).map((r) => ({
    key: r.email,
    id: Number(r.id),
    text: `${r.first_name} ${r.last_name}`.trim() || r.email,
    pid: Number(r.org_id),
    pname: r.org_name,
    broker_count: Number(r.broker_count ?? 0),
  }));
  return { users, more: rows.length > ENTITY_LIST_MAX };
}
