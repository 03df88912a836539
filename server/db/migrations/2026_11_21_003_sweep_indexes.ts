// Indexes for the housekeeping sweeps (server/sweep.ts): idle signed-in sessions and used link
// tokens are found by time without reading the whole table. (sessions.expires_at has one already.)
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('sessions_idle_idx').on('sessions').columns(['stage', 'last_seen_at']).execute();
  await db.schema.createIndex('used_link_tokens_expires_idx').on('used_link_tokens').column('expires_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('used_link_tokens_expires_idx').execute();
  await db.schema.dropIndex('sessions_idle_idx').execute();
}
