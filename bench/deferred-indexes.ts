// Bulk seeding on PostgreSQL: a table's plain indexes are dropped while its rows go in and built
// again afterwards. CREATE INDEX sorts once; keeping fifteen indexes up to date row by row made a
// 10,000,000-user seed take hours. The definitions are kept in the database itself, so a seed
// stopped half-way builds them on its next run, before anything reads the table. Primary keys and
// the indexes of unique constraints stay: they guard the rows as they go in.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../server/db/schema';

const KEPT = 'bench_deferred_indexes';

/** Runs `work` with `table`'s plain indexes dropped, then builds them again; every step said. */
export async function withIndexesDeferred<T>(
  db: Kysely<Database>,
  table: string,
  work: () => Promise<T>,
  say: (line: string) => void,
): Promise<T> {
  const dropped = await deferIndexes(db, table);
  if (dropped > 0) say(`  ${dropped} indexes of ${table} dropped while the rows go in; built again afterwards.`);
  const result = await work();
  await buildDeferredIndexes(db, say);
  return result;
}

/** Drops `table`'s plain indexes, keeping their definitions; answers how many were dropped. */
async function deferIndexes(db: Kysely<Database>, table: string): Promise<number> {
  return db.transaction().execute(async (trx) => {
    await sql`create table if not exists ${sql.table(KEPT)} (name text primary key, definition text not null)`.execute(
      trx,
    );
    const { rows } = await sql<{ name: string; definition: string }>`
      select i.indexrelid::regclass::text as name, pg_get_indexdef(i.indexrelid) as definition
      from pg_index i
      where i.indrelid = ${table}::regclass and not i.indisprimary
        and not exists (select 1 from pg_constraint c where c.conindid = i.indexrelid)`.execute(trx);
    for (const { name, definition } of rows) {
      await sql`insert into ${sql.table(KEPT)} (name, definition) values (${name}, ${definition})`.execute(trx);
      await sql`drop index ${sql.raw(name)}`.execute(trx); // regclass text: already quoted where needed
    }
    return rows.length;
  });
}

/**
 * Builds every index a seed dropped and has not built yet (none when no seed was stopped); each
 * one is built and struck from the list in one transaction.
 */
export async function buildDeferredIndexes(db: Kysely<Database>, say: (line: string) => void): Promise<void> {
  const [found] = (await sql<{ kept: string | null }>`select to_regclass(${KEPT})::text as kept`.execute(db)).rows;
  if (!found?.kept) return;
  const { rows } = await sql<{ name: string; definition: string }>`
    select name, definition from ${sql.table(KEPT)} order by name`.execute(db);
  for (const { name, definition } of rows) {
    const started = performance.now();
    await db.transaction().execute(async (trx) => {
      await sql`set local maintenance_work_mem = '1GB'`.execute(trx);
      await sql.raw(definition).execute(trx);
      await sql`delete from ${sql.table(KEPT)} where name = ${name}`.execute(trx);
    });
    say(`  index ${name} built in ${((performance.now() - started) / 1000).toFixed(0)} s`);
  }
  await sql`drop table ${sql.table(KEPT)}`.execute(db);
}
