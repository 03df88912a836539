// Broker Details and Brokers (decision 059): who changed a broker's record last and when (a change
// sent from an older version is told who won); the broker list's keyset order (name, id), whole and
// within a broker group, as indexes; and (broker_id, status) on requests, so a broker's open requests
// are counted from the index alone (its fulfillments by status: migration 027's
// (broker_id, status, created_at, id) serves them the same way).
import type { Kysely } from 'kysely';

type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('brokers').addColumn('updated_by', 'text').execute();
  await db.schema.alterTable('brokers').addColumn('updated_at', 'bigint').execute();
  await db.schema.createIndex('brokers_name_id_idx').on('brokers').columns(['name', 'id']).execute();
  await db.schema.createIndex('brokers_group_name_idx').on('brokers').columns(['group_id', 'name', 'id']).execute();
  await db.schema.createIndex('research_requests_broker_status_idx').on('research_requests').columns(['broker_id', 'status']).execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropIndex('research_requests_broker_status_idx').execute();
  await db.schema.dropIndex('brokers_group_name_idx').execute();
  await db.schema.dropIndex('brokers_name_id_idx').execute();
  await db.schema.alterTable('brokers').dropColumn('updated_at').execute();
  await db.schema.alterTable('brokers').dropColumn('updated_by').execute();
}
