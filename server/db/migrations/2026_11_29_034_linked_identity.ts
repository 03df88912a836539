// Linked sign-in names a stable identity (decision 067):
// - users.email_changed_at: when the email last changed (null: as created); a link into or from an
//   account whose email changed recently is refused. Adding a nullable column rewrites no rows.
// - linked_identities: which account of another server type (its type and user id there) has
//   signed in as which account here, pinned at the first linked sign-in; a later token from that
//   type naming another remote account for the same email is refused.
import type { Kysely } from 'kysely';

type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('users').addColumn('email_changed_at', 'bigint').execute();
  await db.schema
    .createTable('linked_identities')
    .addColumn('server_type', 'text', (c) => c.notNull())
    .addColumn('remote_user_id', 'bigint', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('linked_identities_pk', ['server_type', 'remote_user_id'])
    .execute();
  await db.schema
    .createIndex('linked_identities_user_uq')
    .on('linked_identities')
    .columns(['server_type', 'user_id'])
    .unique()
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('linked_identities').execute();
  await db.schema.alterTable('users').dropColumn('email_changed_at').execute();
}
