// SKU Configuration (decision 053). A SKU is a sellable bundle: a product configuration, data plan
// items and default account settings (partial JSON objects of the account settings contract). Its
// code is unique whatever its case (the index on lower(code) decides races); a version raised by
// every change refuses a save started from an older one. account_skus holds which accounts hold
// which SKUs (an account may hold several: a base bundle and add-ons), read per SKU in account order;
// each SKU's count of holders is kept by triggers, so the list never counts holdings.
import { sql } from 'kysely';
import { engineOf } from '../connect';
import { type AnyDb, editedColumns, identity, ownedBy } from './columns';

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('skus')
    .addColumn('id', 'integer', identity(db))
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    /** '{product}_basic', '{product}_res' or '{product}_res_prof'. */
    .addColumn('product_configuration', 'text', (c) => c.notNull())
    /** JSON list of data plan items (spec §5's rules hold). */
    .addColumn('data_plan', 'text', (c) => c.notNull().defaultTo('[]'))
    /** JSON: the account settings this SKU sets (a partial). */
    .addColumn('settings', 'text', (c) => c.notNull().defaultTo('{}'))
    /** JSON: the account-level flags this SKU sets (a partial). */
    .addColumn('level_flags', 'text', (c) => c.notNull().defaultTo('{}'))
    /** 'active' or 'retired' (not assignable; still held). */
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('active'))
    .$call(editedColumns)
    /** Accounts holding it: kept exact by the triggers on account_skus (cascades included). */
    .addColumn('holders', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex('skus_code_idx')
    .on('skus')
    .expression(sql`lower(code)`)
    .unique()
    .execute();

  await db.schema
    .createTable('account_skus')
    .addColumn('account_id', 'integer', ownedBy('organizations.id'))
    .addColumn('sku_id', 'integer', (c) => c.notNull().references('skus.id'))
    .addColumn('assigned_by', 'text', (c) => c.notNull())
    .addColumn('assigned_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('account_skus_pk', ['account_id', 'sku_id'])
    .execute();
  // The holders of one SKU, a page at a time in account order, and their count.
  await db.schema.createIndex('account_skus_sku_idx').on('account_skus').columns(['sku_id', 'account_id']).execute();
  if (engineOf(db) === 'postgres') await postgresTriggers(db);
  else await sqliteTriggers(db);
}

/** SQLite: row triggers, one counter update per holding added or removed. */
async function sqliteTriggers(db: AnyDb): Promise<void> {
  await sql`create trigger account_skus_count_insert after insert on account_skus
    begin update skus set holders = holders + 1 where id = NEW.sku_id; end`.execute(db);
  await sql`create trigger account_skus_count_delete after delete on account_skus
    begin update skus set holders = holders - 1 where id = OLD.sku_id; end`.execute(db);
}

/** PostgreSQL: statement triggers over the transition tables, so a batch of holdings costs one grouped update. */
async function postgresTriggers(db: AnyDb): Promise<void> {
  for (const [event, table, sign] of [
    ['insert', 'new_rows', '+'],
    ['delete', 'old_rows', '-'],
  ] as const) {
    await sql
      .raw(
        `create function account_skus_count_${event}() returns trigger language plpgsql as $$
      begin
        update skus s set holders = s.holders ${sign} m.n
        from (select sku_id, count(*) as n from ${table} group by sku_id) m where s.id = m.sku_id;
        return null;
      end $$`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger account_skus_count_${event} after ${event} on account_skus
      referencing ${event === 'insert' ? 'new' : 'old'} table as ${table}
      for each statement execute function account_skus_count_${event}()`,
      )
      .execute(db);
  }
}

export async function down(db: AnyDb): Promise<void> {
  if (engineOf(db) === 'postgres') {
    for (const event of ['insert', 'delete']) {
      await sql.raw(`drop trigger if exists account_skus_count_${event} on account_skus`).execute(db);
      await sql.raw(`drop function if exists account_skus_count_${event}()`).execute(db);
    }
  }
  await db.schema.dropTable('account_skus').execute();
  await db.schema.dropTable('skus').execute();
}
