// Role Management (decision 050): a role gains a description and a version raised by every
// change (an edit started from an older one is refused, not applied), and its name becomes unique
// whatever its case (the index on lower(name) decides between two saves racing for one).
import { sql, type Kysely } from 'kysely';

type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .alterTable('roles')
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('roles')
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema
    .createIndex('roles_name_lower_idx')
    .on('roles')
    .expression(sql`lower(name)`)
    .unique()
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropIndex('roles_name_lower_idx').execute();
  await db.schema.alterTable('roles').dropColumn('version').execute();
  await db.schema.alterTable('roles').dropColumn('description').execute();
}
