// Fulfillments from Other Sources (decision 060): each applied file is one import — who, when, the
// file's name, the source and distributor it names, its counts — and each fulfillment it added
// points at it, so an import lists its own fulfillments (one index range, by id).
import { sql } from 'kysely';
import { type AnyDb, clearedWith, identity } from './columns';

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('other_source_imports')
    .addColumn('id', 'integer', identity(db))
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('source_name', 'text', (c) => c.notNull())
    .addColumn('dist', 'varchar(40)', (c) => c.notNull())
    /** Data rows of the file, and what became of them. */
    .addColumn('rows', 'integer', (c) => c.notNull())
    .addColumn('taken', 'integer', (c) => c.notNull())
    .addColumn('skipped', 'integer', (c) => c.notNull())
    .addColumn('refused', 'integer', (c) => c.notNull())
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .alterTable('fulfillments')
    .addColumn('import_id', 'integer', clearedWith('other_source_imports.id'))
    .execute();
  await db.schema
    .createIndex('fulfillments_import_idx')
    .on('fulfillments')
    .columns(['import_id', 'id'])
    .where(sql.ref('import_id'), 'is not', null)
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropIndex('fulfillments_import_idx').execute();
  await db.schema.alterTable('fulfillments').dropColumn('import_id').execute();
  await db.schema.dropTable('other_source_imports').execute();
}
