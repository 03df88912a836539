// A user's platform content and notebook (decision 065).
// - user_content: saved searches, watchlists and dashboards in one table, a name unique per user
//   and kind through `name_key` (whitespace collapsed, lower case), what the kind keeps as JSON in
//   `body`, its `size` (sources, tickers, widgets) for lists that must not parse every body.
//   A user's list reads (user_id, kind, name_key, id); the search across users reads
//   (kind, name_key, id) from a prefix.
// - note_templates: the library notes start from, by source (spec §3 "Template sources").
// - user_notebook: one row per user once changed: the notification setting, the chosen templates
//   and the notebook tags, under one version.
import { sql } from 'kysely';
import { type AnyDb, identity, ownedBy } from './columns';

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('user_content')
    .addColumn('id', 'integer', identity(db))
    .addColumn('user_id', 'integer', ownedBy('users.id'))
    .addColumn('kind', 'varchar(16)', (c) =>
      c.notNull().check(sql.raw(`kind in ('saved_search', 'watchlist', 'dashboard')`)),
    )
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('name_key', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_used_at', 'bigint')
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('user_content_name_uq')
    .on('user_content')
    .columns(['user_id', 'kind', 'name_key'])
    .unique()
    .execute();
  await db.schema
    .createIndex('user_content_search_idx')
    .on('user_content')
    .columns(['kind', 'name_key', 'id'])
    .execute();

  await db.schema
    .createTable('note_templates')
    .addColumn('id', 'integer', identity(db))
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('content_type', 'varchar(16)', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('note_templates_source_idx').on('note_templates').columns(['source', 'name']).execute();

  await db.schema
    .createTable('user_notebook')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('frequency', 'varchar(8)', (c) => c.notNull())
    .addColumn('content_types', 'text', (c) => c.notNull())
    .addColumn('template_ids', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('tag_ids', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('updated_by', 'text')
    .addColumn('updated_at', 'bigint')
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('user_notebook').execute();
  await db.schema.dropTable('note_templates').execute();
  await db.schema.dropTable('user_content').execute();
}
