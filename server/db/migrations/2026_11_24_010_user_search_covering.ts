// The user search at a million users (decision 043): each prefix index also carries what a
// search page and its capped count test and sort by, so both are read from the index alone, one
// bounded range per kind of match, whatever the number of matching users:
// - the filters (deleted, active, type, category, organisation) and the created and expiry sort
//   keys, after (expression, id) so the index still orders by expression then id for keyset pages;
// - on PostgreSQL, INCLUDE columns, among them the columns each expression is computed from: its
//   planner considers an index-only scan only when every column the query names is in the index.
// SQLite gains its own email and username indexes of this shape (migration 008's unique ones stay
// for uniqueness). The expressions are those of migration 007, written the same way.
import { sql, type Kysely } from 'kysely';
import { engineOf, type Engine } from '../connect';

type AnyDb = Kysely<any>;

const PHONE_DIGITS = "replace(replace(replace(phone, ' ', ''), '-', ''), '.', '')";
const NO_EXPIRY = 253402300799999;
const FILTERS = ['deleted', 'active', 'user_type', 'user_category', 'organization_id', 'created_at'];

function folded(engine: Engine, text: string): string {
  return engine === 'postgres' ? `lower((${text}) collate "C")` : `lower(${text})`;
}

/** Each search kind: its expression and the columns it is computed from. */
function kinds(engine: Engine): Record<string, { expression: string; columns: string[] }> {
  return {
    users_search_first_last_idx: { expression: folded(engine, "first_name || ' ' || last_name"), columns: ['first_name', 'last_name'] },
    users_search_last_first_idx: { expression: folded(engine, "last_name || ' ' || first_name"), columns: ['first_name', 'last_name'] },
    users_search_email_idx: { expression: folded(engine, 'email'), columns: ['email'] },
    users_search_username_idx: { expression: folded(engine, 'username'), columns: ['username'] },
    users_search_phone_idx: { expression: engine === 'postgres' ? `(${PHONE_DIGITS} collate "C")` : PHONE_DIGITS, columns: ['phone'] },
  };
}

function covering(engine: Engine, kind: { expression: string; columns: string[] }): string {
  if (engine === 'postgres') return `(${kind.expression}, id) include (${[...kind.columns, ...FILTERS, 'expiry_dt'].join(', ')})`;
  return `(${kind.expression}, id, ${FILTERS.join(', ')}, coalesce(expiry_dt, ${NO_EXPIRY}))`;
}

/** Migration 007's definitions, which `down` restores (SQLite had no email or username index of its own). */
function previous(engine: Engine): Record<string, string | null> {
  const k = kinds(engine);
  return {
    users_search_first_last_idx: `(${k['users_search_first_last_idx']!.expression})`,
    users_search_last_first_idx: `(${k['users_search_last_first_idx']!.expression}, id)`,
    users_search_email_idx: engine === 'postgres' ? `(${k['users_search_email_idx']!.expression}, id)` : null,
    users_search_username_idx: engine === 'postgres' ? `(${k['users_search_username_idx']!.expression}, id)` : null,
    users_search_phone_idx: `(${k['users_search_phone_idx']!.expression})`,
  };
}

export async function up(db: AnyDb): Promise<void> {
  const engine = engineOf(db);
  for (const [name, kind] of Object.entries(kinds(engine))) {
    await sql.raw(`drop index if exists ${name}`).execute(db);
    await sql.raw(`create index ${name} on users ${covering(engine, kind)}`).execute(db);
  }
  // Fresh statistics for the new indexes' expressions (PostgreSQL plans from them).
  if (engine === 'postgres') await sql`analyze users`.execute(db);
}

export async function down(db: AnyDb): Promise<void> {
  const engine = engineOf(db);
  for (const [name, definition] of Object.entries(previous(engine))) {
    await sql.raw(`drop index if exists ${name}`).execute(db);
    if (definition) await sql.raw(`create index ${name} on users ${definition}`).execute(db);
  }
}
