// Invite Request Users' search (decision 064): the list's order indexes carry `search_text`, so a
// search walks the index alone and reads a request's row only once it matched — a text nobody has
// reads 100,000 index entries rather than 100,000 rows. They replace migration 030's order indexes.
import type { Kysely } from 'kysely';
import { createOrderIndexes } from './2026_11_28_030_invite_requests';

type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createIndex('invite_requests_created_search_idx')
    .on('invite_requests')
    .columns(['created_at', 'id', 'search_text'])
    .execute();
  await db.schema
    .createIndex('invite_requests_status_search_idx')
    .on('invite_requests')
    .columns(['status', 'created_at', 'id', 'search_text'])
    .execute();
  await db.schema.dropIndex('invite_requests_created_idx').execute();
  await db.schema.dropIndex('invite_requests_status_idx').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await createOrderIndexes(db);
  await db.schema.dropIndex('invite_requests_created_search_idx').execute();
  await db.schema.dropIndex('invite_requests_status_search_idx').execute();
}
