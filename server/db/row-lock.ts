// The row lock of a read-then-write transaction, written once for both engines.
import type { Kysely, Transaction } from 'kysely';
import { engineOf } from './connect';
import type { Database } from './schema';

/**
 * `query` with its rows locked until the transaction ends: FOR UPDATE on PostgreSQL, so a second
 * writer waits and then reads what the first wrote. SQLite needs none: its one writer runs
 * write transactions one after the other.
 */
export function withRowLock<Q extends { forUpdate(): Q }>(db: Kysely<Database> | Transaction<Database>, query: Q): Q {
  return engineOf(db) === 'postgres' ? query.forUpdate() : query;
}
