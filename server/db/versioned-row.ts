// Optimistic concurrency on one row: a change names the version it was read at and applies only
// while that is still the one stored. The version in the WHERE decides, so of two concurrent
// changes one wins and the other finds no row to touch and is answered as stale.
import type { Kysely, Selectable, Transaction, Updateable } from 'kysely';
import type { Database } from './schema';

/** Tables whose rows carry an `id` and a `version`. */
type VersionedTable = {
  [T in keyof Database]: Database[T] extends { id: unknown; version: unknown } ? T : never;
}[keyof Database];

/** Which row, at which version. */
export interface RowAtVersion {
  id: number;
  version: number;
}

type Db = Kysely<Database> | Transaction<Database>;

/**
 * Sets `values` on the row while it is at `at.version`, raising its version by one; the row as
 * stored after, or undefined when it changed or went since it was read.
 */
export function updateAtVersion<T extends VersionedTable>(
  db: Db,
  table: T,
  at: RowAtVersion,
  values: Updateable<Database[T]>,
): Promise<Selectable<Database[T]> | undefined> {
  // Checked against the table's own columns above; built over Kysely<any> since `table` is generic.
  return (db as Kysely<any>)
    .updateTable(table as string)
    .set({ ...(values as object), version: at.version + 1 })
    .where('id', '=', at.id)
    .where('version', '=', at.version)
    .returningAll()
    .executeTakeFirst() as Promise<Selectable<Database[T]> | undefined>;
}

/** Deletes the row while it is at `at.version`; the row deleted, or undefined as above. */
export function deleteAtVersion<T extends VersionedTable>(
  db: Db,
  table: T,
  at: RowAtVersion,
): Promise<Selectable<Database[T]> | undefined> {
  return (db as Kysely<any>)
    .deleteFrom(table as string)
    .where('id', '=', at.id)
    .where('version', '=', at.version)
    .returningAll()
    .executeTakeFirst() as Promise<Selectable<Database[T]> | undefined>;
}

/** The columns of a row's first version: its author and time, as its creation and as its last change. */
export function firstVersion(author: string, now: number) {
  return { created_by: author, updated_by: author, created_at: now, updated_at: now, version: 1 };
}
