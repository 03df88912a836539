// What creating users relies on: the organisation picker's search, case-insensitive uniqueness of
// email and username, and the mail outbox's delivery schedule.
// - organizations: an index on the folded name serves the picker's prefix matches and their order
//   as one range (on PostgreSQL in the "C" collation, where a range of bytes is a prefix).
// - users: unique on lower(email) and lower(username), so two requests cannot create the same
//   person in two spellings; the checks before an insert (server/users/create.ts) read the same
//   expressions, so they are index lookups at a million users.
// - mail_outbox.next_attempt_at: when a queued message may next be tried. The deliverer claims a
//   message by moving it forward (a lease), and pushes it further after a failure (backoff).
import { sql, type Kysely } from 'kysely';
import { engineOf } from '../connect';

type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  const foldedName = engineOf(db) === 'postgres' ? sql`lower(name collate "C")` : sql`lower(name)`;
  await db.schema.createIndex('organizations_name_lower_idx').on('organizations').expression(foldedName).execute();
  await db.schema
    .createIndex('users_email_lower_uq')
    .on('users')
    .expression(sql`lower(email)`)
    .unique()
    .execute();
  await db.schema
    .createIndex('users_username_lower_uq')
    .on('users')
    .expression(sql`lower(username)`)
    .unique()
    .execute();
  await db.schema
    .alterTable('mail_outbox')
    .addColumn('next_attempt_at', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('mail_outbox').dropColumn('next_attempt_at').execute();
  await db.schema.dropIndex('users_username_lower_uq').execute();
  await db.schema.dropIndex('users_email_lower_uq').execute();
  await db.schema.dropIndex('organizations_name_lower_idx').execute();
}
