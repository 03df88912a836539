// Redshift Configuration (decision 054): one row for the deployment (id 1, checked), its settings
// as columns, a version raised by every save (a save started from an older one is refused, not
// applied), and who saved it last (a staff user id) and when. The row exists from the start, all
// settings off, never saved, so every save is one conditional UPDATE.
import { sql, type Kysely } from 'kysely';

type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('redshift_configuration')
    .addColumn('id', 'integer', (c) => c.primaryKey().check(sql`id = 1`))
    .addColumn('user_script', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('account_script', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('ignore_expire_time', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('ignore_product', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('ignore_user_type', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('updated_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('updated_at', 'bigint')
    .execute();
  await db.insertInto('redshift_configuration').values({ id: 1 }).execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('redshift_configuration').execute();
}
