// Who wrote an audit entry: the server itself ('server', every entry so far) or the panel through
// log_data_in_es/ ('client'). An entry the panel reports cannot pass for one the server recorded.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('audit_log')
    .addColumn('source', 'text', (c) => c.notNull().defaultTo('server'))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('audit_log').dropColumn('source').execute();
}
