// Sign-in flooding (decision 040): a count of password attempts per client address, kept in the
// database so every instance sees the same count, and the addresses each account has completed a
// sign-in from (its known sources), which keep a lockout of their own.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('sign_in_throttle')
    .addColumn('address', 'text', (c) => c.primaryKey())
    .addColumn('window_start', 'bigint', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sign_in_throttle_window_idx').on('sign_in_throttle').column('window_start').execute();
  await db.schema
    .createTable('sign_in_sources')
    .addColumn('username', 'text', (c) => c.notNull())
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('last_success_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('sign_in_sources_pk', ['username', 'address'])
    .execute();
  await db.schema.createIndex('sign_in_sources_last_idx').on('sign_in_sources').column('last_success_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('sign_in_sources').execute();
  await db.schema.dropTable('sign_in_throttle').execute();
}
