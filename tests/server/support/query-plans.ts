// Query plans as text, on the engine the suite runs on: SQLite's EXPLAIN QUERY PLAN details, or
// PostgreSQL's EXPLAIN with sequential and bitmap scans priced out (a test's tables are tiny,
// and PostgreSQL would rather scan them whole; priced out, its plan shows which index serves).
import { CompiledQuery, sql, type Kysely } from 'kysely';
import { engineOf } from '../../../server/db/connect';

/** Each query's plan as one text, in order. */
export async function explain(db: Kysely<any>, queries: readonly CompiledQuery[]): Promise<string[]> {
  const postgres = engineOf(db) === 'postgres';
  return db.connection().execute(async (conn) => {
    if (postgres) await sql`set enable_seqscan = off`.execute(conn);
    if (postgres) await sql`set enable_bitmapscan = off`.execute(conn);
    try {
      const out: string[] = [];
      for (const q of queries) {
        const { rows } = await conn.executeQuery<Record<string, unknown>>(
          CompiledQuery.raw(`${postgres ? 'explain' : 'explain query plan'} ${q.sql}`, [...q.parameters]),
        );
        out.push(rows.map((r) => String(r['QUERY PLAN'] ?? r['detail'])).join('\n'));
      }
      return out;
    } finally {
      if (postgres) await sql`reset all`.execute(conn);
    }
  });
}
