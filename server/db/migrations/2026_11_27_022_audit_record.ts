// The audit log names the record an entry is about (decision 057): record_kind ('research_request')
// and record_id, both empty for entries about no one record. A record's history is one range of
// the index (record_kind, record_id, created_at), read in order, at any size of the log.
// The Requests list filtered by broker or organization and status together: one index each that
// leads with both, so the busiest broker's Cancelled requests (a few in a hundred of its tens of
// thousands) are a range too, and so is their count.
import type { Kysely } from 'kysely';

type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('audit_log').addColumn('record_kind', 'text').execute();
  await db.schema.alterTable('audit_log').addColumn('record_id', 'bigint').execute();
  await db.schema
    .createIndex('audit_log_record_idx')
    .on('audit_log')
    .columns(['record_kind', 'record_id', 'created_at'])
    .execute();
  for (const lead of ['broker_id', 'organization_id']) {
    await db.schema
      .createIndex(`research_requests_${lead}_status_idx`)
      .on('research_requests')
      .columns([lead, 'status', 'created_at', 'id'])
      .execute();
  }
}

export async function down(db: AnyDb): Promise<void> {
  for (const lead of ['broker_id', 'organization_id'])
    await db.schema.dropIndex(`research_requests_${lead}_status_idx`).execute();
  await db.schema.dropIndex('audit_log_record_idx').execute();
  await db.schema.alterTable('audit_log').dropColumn('record_id').execute();
  await db.schema.alterTable('audit_log').dropColumn('record_kind').execute();
}
