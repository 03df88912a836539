// The user search at a million users (decision 043): each prefix index, and the created and
// expiry order indexes, also carry every column a search page tests, filters on and sorts by, so
// a page's queries and its capped count read index entries alone, never the table row of each
// match: gathering a kind's matches from its prefix index, or walking an order's index and
// testing each entry against the search text. The carried columns come after (key, id), so each
// index still orders by key then id for keyset pages; on PostgreSQL they are INCLUDE columns, and
// the columns each expression is computed from are among them, as its planner considers an
// index-only scan only when every column a query names is in the index. SQLite gains its own
// email and username indexes of this shape (migration 008's unique ones stay, for uniqueness).
// The expressions are those of migration 007, written the same way.
import { sql, type Kysely } from 'kysely';
import { engineOf, type Engine } from '../connect';

type AnyDb = Kysely<any>;

const PHONE_DIGITS = "replace(replace(replace(phone, ' ', ''), '-', ''), '.', '')";
const NO_EXPIRY = 253402300799999;
/** What a search page tests, sorts by and filters on: every expression is computed from these. */
const CARRIED = [
  'first_name',
  'last_name',
  'email',
  'username',
  'phone',
  'deleted',
  'active',
  'user_type',
  'user_category',
  'organization_id',
  'created_at',
  'expiry_dt',
];

function folded(engine: Engine, text: string): string {
  return engine === 'postgres' ? `lower((${text}) collate "C")` : `lower(${text})`;
}

/** The key of each index, before the id: the search kinds' expressions and the created and expiry orders. */
function keys(engine: Engine): Record<string, string> {
  return {
    users_search_first_last_idx: folded(engine, "first_name || ' ' || last_name"),
    users_search_last_first_idx: folded(engine, "last_name || ' ' || first_name"),
    users_search_email_idx: folded(engine, 'email'),
    users_search_username_idx: folded(engine, 'username'),
    users_search_phone_idx: engine === 'postgres' ? `(${PHONE_DIGITS} collate "C")` : PHONE_DIGITS,
    users_sort_created_idx: 'created_at',
    users_sort_expiry_idx: `coalesce(expiry_dt, ${NO_EXPIRY})`,
  };
}

/** (key, id) and every carried column: as keys on SQLite (it has no INCLUDE), as INCLUDE on PostgreSQL. */
function covering(engine: Engine, key: string): string {
  return engine === 'postgres' ? `(${key}, id) include (${CARRIED.join(', ')})` : `(${key}, id, ${CARRIED.join(', ')})`;
}

/** Migration 007's definitions, which `down` restores (SQLite had no email or username index of its own). */
function previous(engine: Engine): Record<string, string | null> {
  const k = keys(engine);
  return {
    users_search_first_last_idx: `(${k['users_search_first_last_idx']})`,
    users_search_last_first_idx: `(${k['users_search_last_first_idx']}, id)`,
    users_search_email_idx: engine === 'postgres' ? `(${k['users_search_email_idx']}, id)` : null,
    users_search_username_idx: engine === 'postgres' ? `(${k['users_search_username_idx']}, id)` : null,
    users_search_phone_idx: `(${k['users_search_phone_idx']})`,
    users_sort_created_idx: `(${k['users_sort_created_idx']}, id)`,
    users_sort_expiry_idx: `(${k['users_sort_expiry_idx']}, id)`,
  };
}

export async function up(db: AnyDb): Promise<void> {
  const engine = engineOf(db);
  for (const [name, key] of Object.entries(keys(engine))) {
    await sql.raw(`drop index if exists ${name}`).execute(db);
    await sql.raw(`create index ${name} on users ${covering(engine, key)}`).execute(db);
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
