// Invite Request Users (decision 064): the requests people file through the platform's
// pre-registration, and the intake's per-address counter.
// - Listed newest first on (created_at, id); the status filter reads (status, created_at, id).
// - `email_key` is the email in lower case: duplicates among requests and users are found
//   without regard to case through (email_key, status) and users_email_lower_uq.
// - `search_text` holds name, email and organization guess folded to lower case, so a search is
//   one LIKE per row along the list's own order, stopping at a page's worth.
// - Every change staff make names the version it was read at.
import { sql } from 'kysely';
import { type AnyDb, clearedWith, identity } from './columns';

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('invite_requests')
    .addColumn('id', 'integer', identity(db))
    .addColumn('first_name', 'text', (c) => c.notNull())
    .addColumn('last_name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('email_key', 'text', (c) => c.notNull())
    .addColumn('organization_guess', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('organization_id', 'integer', clearedWith('organizations.id'))
    .addColumn('message', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('search_text', 'text', (c) => c.notNull())
    .addColumn('status', 'varchar(8)', (c) =>
      c.notNull().check(sql.raw(`status in ('new', 'approved', 'rejected', 'invited', 'joined')`)),
    )
    .addColumn('source', 'text', (c) => c.notNull().defaultTo('platform'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('decided_by', 'text')
    .addColumn('decided_at', 'bigint')
    .addColumn('reason', 'text')
    .addColumn('user_id', 'integer', clearedWith('users.id'))
    .addColumn('invited_at', 'bigint')
    .addColumn('invitations', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await createOrderIndexes(db);
  await db.schema
    .createIndex('invite_requests_email_idx')
    .on('invite_requests')
    .columns(['email_key', 'status'])
    .execute();
  await db.schema.createIndex('invite_requests_user_idx').on('invite_requests').column('user_id').execute();

  await db.schema
    .createTable('invite_intake_throttle')
    .addColumn('address', 'text', (c) => c.primaryKey())
    .addColumn('window_start', 'bigint', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull())
    .execute();
}

/** The list's order: newest first, and within a status (migration 030_invite_search replaces them). */
export async function createOrderIndexes(db: AnyDb): Promise<void> {
  await db.schema
    .createIndex('invite_requests_created_idx')
    .on('invite_requests')
    .columns(['created_at', 'id'])
    .execute();
  await db.schema
    .createIndex('invite_requests_status_idx')
    .on('invite_requests')
    .columns(['status', 'created_at', 'id'])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('invite_intake_throttle').execute();
  await db.schema.dropTable('invite_requests').execute();
}
