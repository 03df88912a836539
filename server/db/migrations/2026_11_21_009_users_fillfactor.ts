// PostgreSQL: leave room on each page of users, so an update that changes no indexed column (a
// bulk edit of flags, a save's version and timestamps) can stay on its page as a HOT update and
// skip the table's many indexes. Pages written from now on keep the room; VACUUM FULL (or
// pg_repack) applies it to existing ones. SQLite has no such setting.
import { sql, type Kysely } from 'kysely';
import { engineOf } from '../connect';

export async function up(db: Kysely<any>): Promise<void> {
  if (engineOf(db) === 'postgres') await sql`alter table users set (fillfactor = 85)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (engineOf(db) === 'postgres') await sql`alter table users reset (fillfactor)`.execute(db);
}
