// Account and template settings (decisions 051, 052). An account is an organization; its settings
// row exists once saved (until then it runs on spec §9's defaults). A template holds the same two
// objects and is followed by the accounts it was applied to. Both carry a version raised by every
// save, so a save started from an older one is refused rather than overwriting. Template names are
// unique whatever their case (stored whitespace-collapsed; the index on lower(name) decides races).
import { sql, type ColumnDefinitionBuilder, type Kysely } from 'kysely';
import { engineOf } from '../connect';

type AnyDb = Kysely<any>;

function identity(db: AnyDb) {
  return engineOf(db) === 'postgres'
    ? (col: ColumnDefinitionBuilder) => col.primaryKey().generatedByDefaultAsIdentity()
    : (col: ColumnDefinitionBuilder) => col.primaryKey().autoIncrement();
}

export async function up(db: AnyDb): Promise<void> {
  await db.schema.createTable('settings_templates')
    .addColumn('id', 'integer', identity(db))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    /** '{product}_templates' or 'product_specialist_templates' (spec §3 "Template sources"). */
    .addColumn('source', 'text', (c) => c.notNull())
    /** JSON: { account_settings, account_level_flags }, checked by the account rules. */
    .addColumn('settings', 'text', (c) => c.notNull())
    /** JSON list of group names, matched against each account's own groups when applied. */
    .addColumn('groups', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('source_user', 'text')
    .addColumn('account_id', 'integer', (c) => c.references('organizations.id').onDelete('set null'))
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('updated_by', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema.createIndex('settings_templates_name_idx').on('settings_templates').expression(sql`lower(name)`).unique().execute();

  await db.schema.createTable('account_settings')
    .addColumn('account_id', 'integer', (c) => c.primaryKey().references('organizations.id').onDelete('cascade'))
    /** JSON: spec §3 "Account settings" (src/domain/account-settings.ts). */
    .addColumn('settings', 'text', (c) => c.notNull())
    /** JSON: "Other flags" with the query bits, and the data team flags. */
    .addColumn('level_flags', 'text', (c) => c.notNull())
    /** JSON list of this organization's group ids that its new users join. */
    .addColumn('groups', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('template_id', 'integer', (c) => c.references('settings_templates.id').onDelete('set null'))
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('updated_by', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  // Template stats (accounts per template) and the accounts a template is applied to.
  await db.schema.createIndex('account_settings_template_idx').on('account_settings').columns(['template_id', 'account_id']).execute();
  // The account list's keyset order: folded name, then id.
  await db.schema.createIndex('organizations_name_id_idx').on('organizations').expression(sql`lower(name), id`).execute();
  await createAccountSearchIndex(db);
  // The account record's own version (name, Salesforce ids edited on Account Settings, decision 051).
  await db.schema.alterTable('organizations').addColumn('version', 'integer', (c) => c.notNull().defaultTo(1)).execute();
}

/**
 * The account list's word search (decision 051): every word of an organization's name, found by
 * its beginning. SQLite: an FTS5 table over organizations.name, kept by triggers (whoever inserts
 * organizations); PostgreSQL: a GIN index of the name's words (punctuation read as spaces, as
 * SQLite's tokenizer does). Exported so a database migrated before it existed can be given it
 * (bench/account-data.ts); safe to run twice.
 */
export async function createAccountSearchIndex(db: AnyDb): Promise<void> {
  if (engineOf(db) === 'postgres') {
    await sql`create index if not exists organizations_name_words_idx on organizations using gin (${sql.raw(ACCOUNT_WORDS_PG)})`.execute(db);
    return;
  }
  const exists = await sql<{ n: number }>`select count(*) as n from sqlite_master where name = 'organizations_fts'`.execute(db);
  if (Number(exists.rows[0]?.n ?? 0) > 0) return;
  await sql`create virtual table organizations_fts using fts5(name, content='organizations', content_rowid='id', tokenize='unicode61 remove_diacritics 2', prefix='2 3')`.execute(db);
  await sql`create trigger organizations_fts_insert after insert on organizations begin
    insert into organizations_fts(rowid, name) values (new.id, new.name); end`.execute(db);
  await sql`create trigger organizations_fts_delete after delete on organizations begin
    insert into organizations_fts(organizations_fts, rowid, name) values ('delete', old.id, old.name); end`.execute(db);
  await sql`create trigger organizations_fts_update after update of name on organizations begin
    insert into organizations_fts(organizations_fts, rowid, name) values ('delete', old.id, old.name);
    insert into organizations_fts(rowid, name) values (new.id, new.name); end`.execute(db);
  await sql`insert into organizations_fts(organizations_fts) values ('rebuild')`.execute(db);
}

/** The PostgreSQL expression the word index holds; the search repeats it exactly. */
export const ACCOUNT_WORDS_PG = `to_tsvector('simple'::regconfig, regexp_replace(name, '[^[:alnum:]]+', ' ', 'g'))`;

export async function down(db: AnyDb): Promise<void> {
  if (engineOf(db) === 'postgres') {
    await db.schema.dropIndex('organizations_name_words_idx').ifExists().execute();
  } else {
    for (const t of ['insert', 'delete', 'update']) await sql.raw(`drop trigger if exists organizations_fts_${t}`).execute(db);
    await sql`drop table if exists organizations_fts`.execute(db);
  }
  await db.schema.alterTable('organizations').dropColumn('version').execute();
  await db.schema.dropIndex('organizations_name_id_idx').execute();
  await db.schema.dropTable('account_settings').execute();
  await db.schema.dropTable('settings_templates').execute();
}
