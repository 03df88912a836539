// Group ManagementV2 (decision 049): the group list is read in (lower(name), id) order a page at a
// time, over every group or one organization's, at 100,000 groups. Both indexes hold that order,
// so a page walks the index from the cursor and stops after 50 matches; no sort, no offset.
import { sql, type Kysely } from 'kysely';

type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await sql`create index user_groups_name_idx on user_groups (lower(name), id)`.execute(db);
  await sql`create index user_groups_org_name_idx on user_groups (organization_id, lower(name), id)`.execute(db);
}

export async function down(db: AnyDb): Promise<void> {
  await sql`drop index user_groups_org_name_idx`.execute(db);
  await sql`drop index user_groups_name_idx`.execute(db);
}
