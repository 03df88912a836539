// Long lists of values in a query: one parameter per list, and lists cut into batches.
import { sql, type Kysely, type RawBuilder, type SqlBool, type Transaction } from 'kysely';
import { engineOf } from './connect';
import type { Database } from './schema';

type Db = Kysely<Database> | Transaction<Database>;

/** Values per lookup: one parameter holds them all, so this bounds memory, not parameters. */
export const LOOKUP_BATCH = 5_000;

/**
 * `expression` is one of `values`, with the list as one parameter: a JSON array read by
 * json_each on SQLite, an array on PostgreSQL. A statement with thousands of placeholders costs
 * more to build and prepare than to run; this one is prepared the same way whatever the count.
 */
export function oneOf(
  db: Db,
  expression: RawBuilder<unknown>,
  values: readonly (string | number)[],
  type: 'text' | 'bigint',
): RawBuilder<SqlBool> {
  return engineOf(db) === 'postgres'
    ? sql<SqlBool>`${expression} = any(${[...values]}::${sql.raw(type)}[])`
    : sql<SqlBool>`${expression} in (select value from json_each(${JSON.stringify(values)}))`;
}

export function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}
