// A bench measures a server in its steady state, with its database in memory as steady traffic
// keeps it, not one whose files something else pushed out of the page cache (seeding the
// 10,000,000-user cost database evicts the million-user ones: random searches then waited on the
// disk, 44 ms at p50 where a warm read takes 7). Each bench database is read once per bench run
// before it is measured: SQLite's file through the OS, PostgreSQL's relations by pg_prewarm into
// the OS cache (its own buffers hold 128 MB by default; the rest of its reads come from there).
import { createReadStream } from 'node:fs';
import { sql, type Kysely } from 'kysely';
import type { DatabaseTarget } from '../server/db/connect';
import type { Database } from '../server/db/schema';

const warmed = new Set<string>();

/** Reads `target` once per process; answers the seconds it took (0 when already read). */
export async function warmCache(db: Kysely<Database>, target: DatabaseTarget): Promise<number> {
  const key = target.engine === 'sqlite' ? target.file : target.url;
  if (warmed.has(key)) return 0;
  warmed.add(key);
  const started = performance.now();
  if (target.engine === 'sqlite') {
    for await (const chunk of createReadStream(target.file, { highWaterMark: 8 << 20 })) void chunk;
  } else {
    await sql`create extension if not exists pg_prewarm`.execute(db);
    await sql`select pg_prewarm(c.oid, 'read') from pg_class c
      where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'i', 'm', 't')`.execute(db);
  }
  return (performance.now() - started) / 1000;
}
