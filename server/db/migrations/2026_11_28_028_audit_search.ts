// The Audit Log's search (decision 062): entries read newest first by (created_at, id), each
// filter served by an index that leads with it and ends with that order, so the first page, a
// deep page and a filter's busiest value are one range each at any size of the log. The
// (category, created_at, id) index also serves the Reports Dashboard's sign-in and activity counts.
// The indexes of migration 001 on created_at and author alone, and 022's record index, give way
// to the same columns followed by the order (left in place, PostgreSQL's planner walked created_at
// alone and sorted, rather than take the category's range).
import type { Kysely } from 'kysely';

type AnyDb = Kysely<any>;

const INDEXES: ReadonlyArray<[string, string[]]> = [
  ['audit_log_created_id_idx', ['created_at', 'id']],
  ['audit_log_category_created_idx', ['category', 'created_at', 'id']],
  ['audit_log_author_created_idx', ['author', 'created_at', 'id']],
  ['audit_log_success_created_idx', ['success', 'created_at', 'id']],
  ['audit_log_record_created_idx', ['record_kind', 'record_id', 'created_at', 'id']],
];

export async function up(db: AnyDb): Promise<void> {
  for (const [name, columns] of INDEXES)
    await db.schema.createIndex(name).ifNotExists().on('audit_log').columns(columns).execute();
  for (const old of ['audit_log_created_idx', 'audit_log_author_idx', 'audit_log_record_idx'])
    await db.schema.dropIndex(old).ifExists().execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema
    .createIndex('audit_log_record_idx')
    .on('audit_log')
    .columns(['record_kind', 'record_id', 'created_at'])
    .execute();
  await db.schema.createIndex('audit_log_author_idx').on('audit_log').column('author').execute();
  await db.schema.createIndex('audit_log_created_idx').on('audit_log').column('created_at').execute();
  for (const [name] of [...INDEXES].reverse()) await db.schema.dropIndex(name).ifExists().execute();
}
