// The outcome of each bulk edit the panel applied, keyed by the operation id the panel made for
// it (decision 041). Written in the edit's own transaction, so a row exists exactly when the edit
// committed: a person whose connection dropped asks by the id and learns whether it happened, and
// sending the same id again answers the stored report instead of applying twice.
import { type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('bulk_operations')
    .addColumn('operation_id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('staff_user_id', 'bigint', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('report', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('bulk_operations_created_idx').on('bulk_operations').column('created_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('bulk_operations').execute();
}
