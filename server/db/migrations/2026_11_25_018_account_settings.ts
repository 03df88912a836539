// Account and template settings (decisions 051, 052). An account is an organization; its settings
// row exists once saved (until then it runs on spec §9's defaults). A template holds the same two
// objects and is followed by the accounts it was applied to. Both carry a version raised by every
// save, so a save started from an older one is refused rather than overwriting. Template names are
// unique whatever their case (stored whitespace-collapsed; the index on lower(name) decides races).
import { sql } from 'kysely';
import { engineOf } from '../connect';
import { type AnyDb, clearedWith, editedColumns, identity } from './columns';

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('settings_templates')
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
    .addColumn('account_id', 'integer', clearedWith('organizations.id'))
    .$call(editedColumns)
    .execute();
  await db.schema
    .createIndex('settings_templates_name_idx')
    .on('settings_templates')
    .expression(sql`lower(name)`)
    .unique()
    .execute();

  await db.schema
    .createTable('account_settings')
    .addColumn('account_id', 'integer', (c) => c.primaryKey().references('organizations.id').onDelete('cascade'))
    /** JSON: spec §3 "Account settings" (src/domain/account-settings.ts). */
    .addColumn('settings', 'text', (c) => c.notNull())
    /** JSON: "Other flags" with the query bits, and the data team flags. */
    .addColumn('level_flags', 'text', (c) => c.notNull())
    /** JSON list of this organization's group ids that its new users join. */
    .addColumn('groups', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('template_id', 'integer', clearedWith('settings_templates.id'))
    .$call(editedColumns)
    .execute();
  // Template stats (accounts per template) and the accounts a template is applied to.
  await db.schema
    .createIndex('account_settings_template_idx')
    .on('account_settings')
    .columns(['template_id', 'account_id'])
    .execute();
  // The account list's keyset order: folded name, then id.
  await db.schema
    .createIndex('organizations_name_id_idx')
    .on('organizations')
    .expression(sql`lower(name), id`)
    .execute();
  await createAccountSearchIndex(db);
  // The account record's own version (name, Salesforce ids edited on Account Settings, decision 051).
  await db.schema
    .alterTable('organizations')
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
}

/**
 * Characters read as spaces between words on SQLite (PostgreSQL: anything but letters and digits):
 * the punctuation of company names. Few, as each is one nested replace() and older sqlite3 shells
 * refuse a schema nested much deeper.
 */
const SEPARATORS = ['\\', '"', '-', '(', ')', '/', '&', ',', '.', "'", ':', '+'];

/** SQLite: the words of `col` as a JSON list for json_each (empty strings dropped by the caller). */
function sqliteWordsJson(col: string): string {
  let expr = `lower(${col})`;
  for (const c of SEPARATORS) expr = `replace(${expr}, '${c.replaceAll("'", "''")}', ' ')`;
  return `'["' || replace(${expr}, ' ', '","') || '"]'`;
}

/**
 * The account list's word search (decision 051): organization_words holds every word of every
 * organization's name with the folded name, so the organizations having a word are read in name
 * order straight from its primary key (word, name_key, organization_id). Triggers keep it, whoever
 * writes organizations (SQLite splits with json_each, PostgreSQL with regexp_split_to_table).
 * Exported so a database migrated before it existed can be given it (bench/account-data.ts);
 * safe to run twice.
 */
export async function createAccountSearchIndex(db: AnyDb): Promise<void> {
  const postgres = engineOf(db) === 'postgres';
  const exists = postgres
    ? await sql<{
        n: number;
      }>`select count(*) as n from information_schema.tables where table_name = 'organization_words'`.execute(db)
    : await sql<{ n: number }>`select count(*) as n from sqlite_master where name = 'organization_words'`.execute(db);
  if (Number(exists.rows[0]?.n ?? 0) > 0) return;
  await db.schema
    .createTable('organization_words')
    .addColumn('word', 'text', (c) => c.notNull())
    .addColumn('name_key', 'text', (c) => c.notNull())
    .addColumn('organization_id', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('organization_words_pk', ['word', 'name_key', 'organization_id'])
    .execute();
  await db.schema
    .createIndex('organization_words_org_idx')
    .on('organization_words')
    .column('organization_id')
    .execute();
  if (postgres) {
    await sql`create function organization_words_sync() returns trigger language plpgsql as $$
      begin
        if tg_op in ('UPDATE', 'DELETE') then delete from organization_words where organization_id = old.id; end if;
        if tg_op in ('INSERT', 'UPDATE') then
          insert into organization_words (word, name_key, organization_id)
            select distinct w, lower(new.name), new.id from regexp_split_to_table(lower(new.name), '[^[:alnum:]]+') as w where w <> ''
            on conflict do nothing;
        end if;
        return null;
      end $$`.execute(db);
    await sql`create trigger organization_words_sync after insert or delete or update of name on organizations
      for each row execute function organization_words_sync()`.execute(db);
    await sql`insert into organization_words (word, name_key, organization_id)
      select distinct w, lower(o.name), o.id from organizations o, regexp_split_to_table(lower(o.name), '[^[:alnum:]]+') as w where w <> ''
      on conflict do nothing`.execute(db);
    return;
  }
  const words = (row: string) =>
    sql.raw(`insert or ignore into organization_words (word, name_key, organization_id)
    select value, lower(${row}.name), ${row}.id from json_each(${sqliteWordsJson(`${row}.name`)}) where value <> ''`);
  await sql`create trigger organization_words_insert after insert on organizations begin ${words('new')}; end`.execute(
    db,
  );
  await sql`create trigger organization_words_delete after delete on organizations begin delete from organization_words where organization_id = old.id; end`.execute(
    db,
  );
  await sql`create trigger organization_words_update after update of name on organizations begin
    delete from organization_words where organization_id = old.id; ${words('new')}; end`.execute(db);
  await sql
    .raw(
      `insert or ignore into organization_words (word, name_key, organization_id)
    select j.value, lower(o.name), o.id from organizations o, json_each(${sqliteWordsJson('o.name')}) j where j.value <> ''`,
    )
    .execute(db);
}

export async function down(db: AnyDb): Promise<void> {
  if (engineOf(db) === 'postgres') {
    await sql`drop trigger if exists organization_words_sync on organizations`.execute(db);
    await sql`drop function if exists organization_words_sync()`.execute(db);
  } else {
    for (const t of ['insert', 'delete', 'update'])
      await sql.raw(`drop trigger if exists organization_words_${t}`).execute(db);
  }
  await db.schema.dropTable('organization_words').ifExists().execute();
  await db.schema.alterTable('organizations').dropColumn('version').execute();
  await db.schema.dropIndex('organizations_name_id_idx').execute();
  await db.schema.dropTable('account_settings').execute();
  await db.schema.dropTable('settings_templates').execute();
}
