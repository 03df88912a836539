// An audit entry keeps the names of the records its data names (decision 094): an organization, a
// group, a tag, a broker as they were called when the change was made, so the entry reads the same
// after a rename or a deletion. JSON text {"account:11": "Harbor Partners", …}; null for none.
import type { Kysely } from 'kysely';

type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('audit_log').addColumn('names', 'text').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('audit_log').dropColumn('names').execute();
}
