// Invite Request Users' search for part of a word (decisions 064, 111): a trigram index of
// `search_text`, so a text found in few requests (or none) is answered from the index instead of
// walking every request's index entry.
// - PostgreSQL: pg_trgm's GIN index, which the planner uses for `like '%…%'` when few rows match
//   and passes over for a common text (walking the order index finds a page sooner). Where the
//   server does not offer pg_trgm, nothing is made and the search walks as before.
// - SQLite: an FTS5 table with the trigram tokenizer over the requests' `search_text` (external
//   content: it keeps no copy of the text), kept by triggers in the writing transaction. The list
//   asks it for the matching ids when the text has three characters or more (server/invite-requests/
//   text-search.ts).
import { sql, type Kysely } from 'kysely';
import { engineOf } from '../connect';

type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  if (engineOf(db) === 'postgres') {
    const { rows } = await sql`select 1 from pg_available_extensions where name = 'pg_trgm'`.execute(db);
    if (rows.length === 0) return;
    await sql`create extension if not exists pg_trgm`.execute(db);
    await sql`create index invite_requests_search_trgm_idx on invite_requests using gin (search_text gin_trgm_ops)`.execute(
      db,
    );
    return;
  }
  await sql`create virtual table invite_requests_search using fts5(search_text, content='invite_requests', content_rowid='id', tokenize='trigram')`.execute(
    db,
  );
  await sql`insert into invite_requests_search (invite_requests_search) values ('rebuild')`.execute(db);
  await sql`create trigger invite_requests_search_insert after insert on invite_requests begin
      insert into invite_requests_search (rowid, search_text) values (new.id, new.search_text);
    end`.execute(db);
  await sql`create trigger invite_requests_search_delete after delete on invite_requests begin
      insert into invite_requests_search (invite_requests_search, rowid, search_text) values ('delete', old.id, old.search_text);
    end`.execute(db);
  await sql`create trigger invite_requests_search_update after update of search_text on invite_requests begin
      insert into invite_requests_search (invite_requests_search, rowid, search_text) values ('delete', old.id, old.search_text);
      insert into invite_requests_search (rowid, search_text) values (new.id, new.search_text);
    end`.execute(db);
}

export async function down(db: AnyDb): Promise<void> {
  if (engineOf(db) === 'postgres') {
    await sql`drop index if exists invite_requests_search_trgm_idx`.execute(db);
    return;
  }
  for (const trigger of ['insert', 'delete', 'update'])
    await sql`drop trigger if exists ${sql.raw(`invite_requests_search_${trigger}`)}`.execute(db);
  await sql`drop table if exists invite_requests_search`.execute(db);
}
