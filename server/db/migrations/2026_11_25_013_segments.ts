// Segments (decision 046): a named user-list query. Names are unique whatever their case (the
// index on lower(name) decides between two saves racing for one); `version` is raised by every
// save, so an update started from an older one is refused rather than overwriting.
import { sql } from 'kysely';
import { type AnyDb, editedColumns, identity } from './columns';

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('segments')
    .addColumn('id', 'integer', identity(db))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    /** The list query as JSON text (src/domain/segments.ts SegmentQuery). */
    .addColumn('query', 'text', (c) => c.notNull())
    .$call(editedColumns)
    .execute();
  await db.schema
    .createIndex('segments_name_idx')
    .on('segments')
    .expression(sql`lower(name)`)
    .unique()
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('segments').execute();
}
