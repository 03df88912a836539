// When the person behind a session last proved their factors (password and code). A linked
// sign-in carries it over from the other server type, so hopping between types never extends the
// 12-hour absolute limit. Sessions from before this migration count from their creation.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('sessions')
    .addColumn('auth_time', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`update sessions set auth_time = created_at`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('sessions').dropColumn('auth_time').execute();
}
