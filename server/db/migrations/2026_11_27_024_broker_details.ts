// Broker Details and Brokers (decision 059): who changed a broker's record last and when (a change
// sent from an older version is told who won); the broker list's keyset order (name, id), whole and
// within a broker group, as indexes. A broker's open requests and its fulfillments by status are
// counted from indexes alone: migration 022's research_requests (broker_id, status, created_at, id)
// and 027's fulfillments (broker_id, status, created_at, id).
import type { Kysely } from 'kysely';

type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('brokers').addColumn('updated_by', 'text').execute();
  await db.schema.alterTable('brokers').addColumn('updated_at', 'bigint').execute();
  await db.schema.createIndex('brokers_name_id_idx').on('brokers').columns(['name', 'id']).execute();
  await db.schema.createIndex('brokers_group_name_idx').on('brokers').columns(['group_id', 'name', 'id']).execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropIndex('brokers_group_name_idx').execute();
  await db.schema.dropIndex('brokers_name_id_idx').execute();
  await db.schema.alterTable('brokers').dropColumn('updated_at').execute();
  await db.schema.alterTable('brokers').dropColumn('updated_by').execute();
}
