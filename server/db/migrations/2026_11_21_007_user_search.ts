// The user list at a million rows (decision 021): expression indexes for prefix search and for
// each sort key (with id as the tie-break the keyset cursor needs), and a table of user counts
// per filter cell, kept exact by triggers, so the list's total costs a few dozen rows.
// server/users/search-sql.ts writes the same expressions in its queries (a test reads the query
// plans to prove they match). On PostgreSQL every text key is folded and compared in the "C"
// collation: lower() then folds ASCII only, as SQLite's does, and ranges follow byte order, so a
// prefix is one index range on both engines.
import { sql, type Kysely } from 'kysely';
import { engineOf, type Engine } from '../connect';

type AnyDb = Kysely<any>;

const USER_COUNT_DIMENSIONS = ['user_type', 'user_category', 'active', 'deleted'] as const;
const KEY_COLUMNS = USER_COUNT_DIMENSIONS.join(', ');

/** A text key as the search compares it: ASCII-folded, in byte order. */
function folded(engine: Engine, text: string): string {
  return engine === 'postgres' ? `lower((${text}) collate "C")` : `lower(${text})`;
}

function indexes(engine: Engine): Record<string, string> {
  const phoneDigits = "replace(replace(replace(phone, ' ', ''), '-', ''), '.', '')";
  return {
    // Search by first name and by "first last".
    users_search_first_last_idx: folded(engine, "first_name || ' ' || last_name"),
    // Search by last name and "last first"; the name sort.
    users_search_last_first_idx: `${folded(engine, "last_name || ' ' || first_name")}, id`,
    // On SQLite the unique lower(email) and lower(username) indexes of migration 008 are these
    // very expressions and serve both search and order; PostgreSQL's need the "C" collation.
    ...(engine === 'postgres'
      ? {
          users_search_email_idx: `${folded(engine, 'email')}, id`,
          users_search_username_idx: `${folded(engine, 'username')}, id`,
        }
      : {}),
    users_search_phone_idx: engine === 'postgres' ? `(${phoneDigits} collate "C")` : phoneDigits,
    users_sort_created_idx: 'created_at, id',
    // No expiry sorts after every date.
    users_sort_expiry_idx: 'coalesce(expiry_dt, 253402300799999), id',
  };
}

export async function up(db: AnyDb): Promise<void> {
  const engine = engineOf(db);
  for (const [name, expressions] of Object.entries(indexes(engine))) {
    await sql.raw(`create index ${name} on users (${expressions})`).execute(db);
  }

  await db.schema
    .createTable('user_counts')
    .addColumn('user_type', 'text', (c) => c.notNull())
    .addColumn('user_category', 'text', (c) => c.notNull())
    .addColumn('active', 'integer', (c) => c.notNull())
    .addColumn('deleted', 'integer', (c) => c.notNull())
    .addColumn('n', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('user_counts_pk', [...USER_COUNT_DIMENSIONS])
    .execute();
  await sql
    .raw(
      `insert into user_counts (${KEY_COLUMNS}, n) select ${KEY_COLUMNS}, count(*) from users group by ${KEY_COLUMNS}`,
    )
    .execute(db);

  if (engine === 'postgres') await postgresTriggers(db);
  else await sqliteTriggers(db);
}

/** SQLite has row triggers only; each costs one upsert of a counter row, in-process. */
async function sqliteTriggers(db: AnyDb): Promise<void> {
  const bump = (row: 'NEW' | 'OLD', delta: 1 | -1) =>
    sql.raw(
      `insert into user_counts (${KEY_COLUMNS}, n)
       values (${row}.user_type, ${row}.user_category, ${row}.active, ${row}.deleted, ${delta})
       on conflict (${KEY_COLUMNS}) do update set n = n + (${delta});`,
    );
  await sql`create trigger users_count_insert after insert on users begin ${bump('NEW', 1)} end`.execute(db);
  await sql`create trigger users_count_delete after delete on users begin ${bump('OLD', -1)} end`.execute(db);
  await sql`create trigger users_count_update after update of user_type, user_category, active, deleted on users
    when OLD.user_type is not NEW.user_type or OLD.user_category is not NEW.user_category
      or OLD.active is not NEW.active or OLD.deleted is not NEW.deleted
    begin ${bump('OLD', -1)} ${bump('NEW', 1)} end`.execute(db);
}

/**
 * PostgreSQL: statement triggers over the transition tables, so a bulk edit of 100,000 users
 * costs one grouped upsert, and a statement that moves no user between cells (a rename, most
 * edits) writes no counter row at all and so takes no lock on one.
 */
async function postgresTriggers(db: AnyDb): Promise<void> {
  const sides = {
    insert: { referencing: 'referencing new table as new_rows', moved: `select ${KEY_COLUMNS}, 1 as d from new_rows` },
    update: {
      referencing: 'referencing old table as old_rows new table as new_rows',
      moved: `select ${KEY_COLUMNS}, -1 as d from old_rows union all select ${KEY_COLUMNS}, 1 as d from new_rows`,
    },
    delete: { referencing: 'referencing old table as old_rows', moved: `select ${KEY_COLUMNS}, -1 as d from old_rows` },
  };
  for (const [event, side] of Object.entries(sides)) {
    await sql
      .raw(
        `create function user_counts_${event}() returns trigger language plpgsql as $$
      begin
        insert into user_counts as c (${KEY_COLUMNS}, n)
        select ${KEY_COLUMNS}, sum(d) from (${side.moved}) moved group by ${KEY_COLUMNS} having sum(d) <> 0
        on conflict (${KEY_COLUMNS}) do update set n = c.n + excluded.n;
        return null;
      end $$`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger users_count_${event} after ${event} on users ${side.referencing}
      for each statement execute function user_counts_${event}()`,
      )
      .execute(db);
  }
}

export async function down(db: AnyDb): Promise<void> {
  if (engineOf(db) === 'postgres') {
    for (const event of ['insert', 'update', 'delete']) {
      await sql.raw(`drop trigger if exists users_count_${event} on users`).execute(db);
      await sql.raw(`drop function if exists user_counts_${event}()`).execute(db);
    }
  } else {
    for (const event of ['insert', 'update', 'delete'])
      await sql`drop trigger if exists ${sql.id(`users_count_${event}`)}`.execute(db);
  }
  await db.schema.dropTable('user_counts').execute();
  for (const name of Object.keys(indexes(engineOf(db)))) await db.schema.dropIndex(name).execute();
}
