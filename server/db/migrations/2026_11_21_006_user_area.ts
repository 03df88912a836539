// The user area (spec §3): the user fields the first schema lacked, an optimistic-concurrency
// version, tags, group memberships (removed when a user moves organisation), and the mail
// outbox every welcome and pre-register email goes through.
import { sql } from 'kysely';
import { type AnyDb, clearedWith, identity, ownedBy } from './columns';

export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('users').addColumn('phone', 'text').execute();
  await db.schema
    .alterTable('users')
    .addColumn('startup_screen', 'text', (c) => c.notNull().defaultTo('docsearch'))
    .execute();
  await db.schema.alterTable('users').addColumn('subscription_status', 'text').execute();
  await db.schema.alterTable('users').addColumn('sf_contact_id', 'text').execute();
  await db.schema
    .alterTable('users')
    .addColumn('admin_privileges', 'text', (c) => c.notNull().defaultTo('{}'))
    .execute();
  await db.schema
    .alterTable('users')
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema.alterTable('users').addColumn('updated_by', 'text').execute();

  await db.schema
    .createTable('tags')
    .addColumn('id', 'integer', identity(db))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('color', 'text', (c) => c.notNull().defaultTo('#C0C0C0'))
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('parent_id', 'integer', clearedWith('tags.id'))
    .addColumn('icon', 'text')
    .addColumn('is_group', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  // One tag per name and kind, whatever the case: 'Priority' and 'priority' are the same tag.
  await db.schema
    .createIndex('tags_name_idx')
    .on('tags')
    .expression(sqlLower('name'))
    .column('is_group')
    .unique()
    .execute();

  await db.schema
    .createTable('user_tags')
    .addColumn('user_id', 'integer', ownedBy('users.id'))
    .addColumn('tag_id', 'integer', ownedBy('tags.id'))
    .addPrimaryKeyConstraint('user_tags_pk', ['user_id', 'tag_id'])
    .execute();
  await db.schema.createIndex('user_tags_tag_idx').on('user_tags').column('tag_id').execute();

  await db.schema
    .createTable('user_groups')
    .addColumn('id', 'integer', identity(db))
    .addColumn('name', 'text', (c) => c.notNull())
    /** thesis, collab or security master (spec §3 Groups). */
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('organization_id', 'integer', (c) => c.references('organizations.id').onDelete('cascade'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('group_members')
    .addColumn('group_id', 'integer', ownedBy('user_groups.id'))
    .addColumn('user_id', 'integer', ownedBy('users.id'))
    .addPrimaryKeyConstraint('group_members_pk', ['group_id', 'user_id'])
    .execute();
  await db.schema.createIndex('group_members_user_idx').on('group_members').column('user_id').execute();

  await db.schema
    .createTable('mail_outbox')
    .addColumn('id', 'integer', identity(db))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('to_email', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('body_text', 'text', (c) => c.notNull())
    .addColumn('user_id', 'integer', clearedWith('users.id'))
    .addColumn('author', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('sent_at', 'bigint')
    .execute();
  await db.schema.createIndex('mail_outbox_status_idx').on('mail_outbox').columns(['status', 'id']).execute();
  await db.schema.createIndex('mail_outbox_user_idx').on('mail_outbox').column('user_id').execute();
}

function sqlLower(column: string) {
  return sql`lower(${sql.ref(column)})`;
}

export async function down(db: AnyDb): Promise<void> {
  for (const table of ['mail_outbox', 'group_members', 'user_groups', 'user_tags', 'tags'])
    await db.schema.dropTable(table).execute();
  for (const column of [
    'phone',
    'startup_screen',
    'subscription_status',
    'sf_contact_id',
    'admin_privileges',
    'version',
    'updated_by',
  ]) {
    await db.schema.alterTable('users').dropColumn(column).execute();
  }
}
