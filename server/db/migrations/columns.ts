// Column pieces many migrations build alike. Kysely records only a migration's name, so a
// migration may call these; each must keep emitting the very statements the migrations wrote out
// by hand before (same columns, order, types and defaults on both engines), or databases migrated
// before and after would differ. Not a migration: server/db/migrate.ts lists those by name.
import { sql, type ColumnDefinitionBuilder, type CreateTableBuilder, type Kysely } from 'kysely';
import { engineOf } from '../connect';

export type AnyDb = Kysely<any>;

/** An integer primary key the database numbers: an identity column on PostgreSQL, AUTOINCREMENT on SQLite. */
export function identity(db: AnyDb) {
  return engineOf(db) === 'postgres'
    ? (col: ColumnDefinitionBuilder) => col.primaryKey().generatedByDefaultAsIdentity()
    : (col: ColumnDefinitionBuilder) => col.primaryKey().autoIncrement();
}

/** A CHECK that `column` holds one of `values`. Only literal words of a migration reach here. */
export function sqlIn(column: string, values: readonly string[]) {
  return sql.raw(`${column} in (${values.map((x) => `'${x}'`).join(', ')})`);
}

/**
 * Who created and last changed a row and when, then the version every save raises (a save started
 * from an older version is refused). Staff-edited tables end with these five, in this order.
 */
export function editedColumns<TB extends string, C extends string>(table: CreateTableBuilder<TB, C>) {
  return table
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('updated_by', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1));
}

/** A foreign key whose rows go with the row they name (a user's, a broker's, an account's). */
export function ownedBy(target: string) {
  return (c: ColumnDefinitionBuilder) => c.notNull().references(target).onDelete('cascade');
}

/** An optional reference that is cleared when the row it names goes. */
export function clearedWith(target: string) {
  return (c: ColumnDefinitionBuilder) => c.references(target).onDelete('set null');
}
