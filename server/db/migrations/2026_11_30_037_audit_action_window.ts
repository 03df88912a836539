// The Audit Log's action words (decisions 062, 109): a page with them looks through up to 20,000
// entries newest first for the words in their action. The index on (created_at, id) now carries
// the action too (SQLite: a third key column; PostgreSQL: included), so that walk reads the index
// alone rather than 20,000 scattered table rows; only the page's own 50 entries are read whole. It
// replaces migration 028's (created_at, id) index, whose every use it serves.
import { sql, type Kysely } from 'kysely';
import { engineOf } from '../connect';

type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  if (engineOf(db) === 'postgres')
    await sql`create index audit_log_created_action_idx on audit_log (created_at, id) include (action)`.execute(db);
  else await sql`create index audit_log_created_action_idx on audit_log (created_at, id, action)`.execute(db);
  await db.schema.dropIndex('audit_log_created_id_idx').ifExists().execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.createIndex('audit_log_created_id_idx').on('audit_log').columns(['created_at', 'id']).execute();
  await db.schema.dropIndex('audit_log_created_action_idx').ifExists().execute();
}
