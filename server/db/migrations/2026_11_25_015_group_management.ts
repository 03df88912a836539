// Group Management (decision 048): a version per group (a change names the one it started from),
// the feature switches (AutoShare, Thesis, Collab, Security Master) and the compliance switches,
// names unique per organization whatever their case, and the index fetch_group/ reads groups by.
// group_members already has its primary key (group_id, user_id) and an index by user.
import { sql, type Kysely } from 'kysely';

type AnyDb = Kysely<any>;

const SWITCHES = [
  'autoshare',
  'thesis',
  'collab',
  'sec_master',
  'restrict_export',
  'restrict_upload',
  'restrict_annot',
] as const;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .alterTable('user_groups')
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema
    .alterTable('user_groups')
    .addColumn('updated_at', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('user_groups')
    .addColumn('updated_by', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  for (const name of SWITCHES) {
    await db.schema
      .alterTable('user_groups')
      .addColumn(name, 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
  }
  // Kinds written before this migration ('security master') read as the panel's; a group of a kind is that kind's group.
  await db
    .updateTable('user_groups')
    .set({ kind: 'sec_master' })
    .where('kind', 'in', ['security master', 'security_master'])
    .execute();
  await db
    .updateTable('user_groups')
    .set({ kind: 'general' })
    .where('kind', 'not in', ['thesis', 'collab', 'sec_master'])
    .execute();
  for (const kind of ['thesis', 'collab', 'sec_master'])
    await db
      .updateTable('user_groups')
      .set({ [kind]: 1 })
      .where('kind', '=', kind)
      .execute();
  // Leading organization_id: also the index fetch_group/ finds an organization's groups by.
  await sql`create unique index user_groups_organization_name_idx on user_groups (organization_id, lower(name))`.execute(
    db,
  );
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropIndex('user_groups_organization_name_idx').execute();
  for (const name of [...SWITCHES, 'updated_by', 'updated_at', 'version'])
    await db.schema.alterTable('user_groups').dropColumn(name).execute();
}
