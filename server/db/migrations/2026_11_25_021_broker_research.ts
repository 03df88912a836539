// Broker Research (decision 055): the research flags per distributor, the brokers' details (names,
// distributors, sales contacts, MiFID status, links), the email domains that name a broker's staff,
// user groups of a broker, users' requests for a broker's research, the entitlements that fulfil
// them (fulfillments, whatever their source) and the research users submit.
// - research_requests and fulfillments carry the user's organization at the time they were made, so
//   the lists filter by organization without a join; each list reads newest first on (created_at, id)
//   and has one index per filter that leads with it, so every filtered page is an index range.
// - One active fulfillment per (user, broker): a partial unique index decides races.
// - Every row staff change carries a version; a change sent from an older one is refused.
import { sql } from 'kysely';
import { type AnyDb, clearedWith, editedColumns, identity, ownedBy, sqlIn } from './columns';

export async function up(db: AnyDb): Promise<void> {
  // ── brokers: the details Broker Details shows ─────────────────────────
  await db.schema.alterTable('brokers').addColumn('legal_name', 'text').execute();
  await db.schema.alterTable('brokers').addColumn('short_name', 'text').execute();
  await db.schema
    .alterTable('brokers')
    .addColumn('mifid_status', 'varchar(13)', (c) => c.notNull().defaultTo('unknown'))
    .execute();
  await db.schema.alterTable('brokers').addColumn('mifid_updated_at', 'bigint').execute();
  await db.schema.alterTable('brokers').addColumn('mifid_updated_by', 'text').execute();
  await db.schema
    .alterTable('brokers')
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema
    .createIndex('brokers_name_idx')
    .on('brokers')
    .expression(sql`lower(name)`)
    .execute();

  /** Which distributors carry a broker's research, and the broker's code there. */
  await db.schema
    .createTable('broker_distributors')
    .addColumn('broker_id', 'integer', ownedBy('brokers.id'))
    .addColumn('dist', 'varchar(40)', (c) => c.notNull())
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('since', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('broker_distributors_pk', ['broker_id', 'dist'])
    .execute();

  await db.schema
    .createTable('broker_sales_contacts')
    .addColumn('id', 'integer', identity(db))
    .addColumn('broker_id', 'integer', ownedBy('brokers.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('phone', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('region', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('broker_sales_contacts_broker_idx')
    .on('broker_sales_contacts')
    .column('broker_id')
    .execute();

  /** Two brokers that are one firm (a rename, a merger, a regional entity); stored once, low id first. */
  await db.schema
    .createTable('broker_links')
    .addColumn('broker_id', 'integer', ownedBy('brokers.id'))
    .addColumn('linked_broker_id', 'integer', ownedBy('brokers.id'))
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('broker_links_pk', ['broker_id', 'linked_broker_id'])
    .addCheckConstraint('broker_links_order', sql`broker_id < linked_broker_id`)
    .execute();
  await db.schema.createIndex('broker_links_linked_idx').on('broker_links').column('linked_broker_id').execute();

  // ── email domains → broker ─────────────────────────────────────────────
  await db.schema
    .createTable('broker_domains')
    .addColumn('id', 'integer', identity(db))
    /** Lower case, no '@': one domain names one broker (the unique index refuses a second). */
    .addColumn('domain', 'text', (c) => c.notNull().unique())
    .addColumn('broker_id', 'integer', ownedBy('brokers.id'))
    .$call(editedColumns)
    .execute();
  await db.schema.createIndex('broker_domains_broker_idx').on('broker_domains').column('broker_id').execute();

  // ── user groups of a broker ────────────────────────────────────────────
  await db.schema
    .createTable('broker_user_groups')
    .addColumn('id', 'integer', identity(db))
    .addColumn('broker_id', 'integer', ownedBy('brokers.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .$call(editedColumns)
    .execute();
  await sql`create unique index broker_user_groups_name_idx on broker_user_groups (broker_id, lower(name))`.execute(db);
  await db.schema
    .createTable('broker_user_group_members')
    .addColumn('group_id', 'integer', ownedBy('broker_user_groups.id'))
    .addColumn('user_id', 'integer', ownedBy('users.id'))
    .addPrimaryKeyConstraint('broker_user_group_members_pk', ['group_id', 'user_id'])
    .execute();
  await db.schema
    .createIndex('broker_user_group_members_user_idx')
    .on('broker_user_group_members')
    .column('user_id')
    .execute();

  // ── research flags per distributor ─────────────────────────────────────
  await db.schema
    .createTable('research_flags')
    .addColumn('dist', 'varchar(40)', (c) => c.primaryKey())
    /** JSON: every flag of RESEARCH_FLAG_KEYS, true or false. */
    .addColumn('flags', 'text', (c) => c.notNull())
    .addColumn('updated_by', 'text')
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();

  // ── requests ───────────────────────────────────────────────────────────
  await db.schema
    .createTable('research_requests')
    .addColumn('id', 'integer', identity(db))
    .addColumn('user_id', 'integer', ownedBy('users.id'))
    .addColumn('broker_id', 'integer', ownedBy('brokers.id'))
    .addColumn('organization_id', 'integer', clearedWith('organizations.id'))
    .addColumn('status', 'varchar(9)', (c) =>
      c.notNull().check(sqlIn('status', ['new', 'sent', 'approved', 'rejected', 'cancelled'])),
    )
    /** What the user wrote with the request. */
    .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
    /** Why it was rejected or cancelled. */
    .addColumn('reason', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addColumn('sent_at', 'bigint')
    .addColumn('decided_at', 'bigint')
    .addColumn('decided_by', 'text')
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema
    .createIndex('research_requests_created_idx')
    .on('research_requests')
    .columns(['created_at', 'id'])
    .execute();
  for (const lead of ['status', 'broker_id', 'organization_id', 'user_id']) {
    await db.schema
      .createIndex(`research_requests_${lead}_idx`)
      .on('research_requests')
      .columns([lead, 'created_at', 'id'])
      .execute();
  }

  // ── fulfillments (entitlements) ────────────────────────────────────────
  await db.schema
    .createTable('fulfillments')
    .addColumn('id', 'integer', identity(db))
    .addColumn('user_id', 'integer', ownedBy('users.id'))
    .addColumn('broker_id', 'integer', ownedBy('brokers.id'))
    .addColumn('organization_id', 'integer', clearedWith('organizations.id'))
    .addColumn('source', 'varchar(12)', (c) =>
      c.notNull().check(sqlIn('source', ['request', 'other_source', 'broker'])),
    )
    .addColumn('request_id', 'integer', clearedWith('research_requests.id'))
    /** For other sources: where it came from (a distributor's file, a broker's list). */
    .addColumn('source_name', 'text')
    .addColumn('dist', 'varchar(40)')
    .addColumn('starts_at', 'bigint', (c) => c.notNull())
    .addColumn('ends_at', 'bigint')
    .addColumn('status', 'varchar(6)', (c) => c.notNull().check(sqlIn('status', ['active', 'ended'])))
    .addColumn('ended_at', 'bigint')
    .addColumn('ended_reason', 'text')
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema
    .createIndex('fulfillments_active_idx')
    .on('fulfillments')
    .columns(['user_id', 'broker_id'])
    .unique()
    .where(sql.ref('status'), '=', 'active')
    .execute();
  await db.schema.createIndex('fulfillments_created_idx').on('fulfillments').columns(['created_at', 'id']).execute();
  for (const lead of ['status', 'broker_id', 'organization_id', 'user_id', 'source']) {
    await db.schema
      .createIndex(`fulfillments_${lead}_idx`)
      .on('fulfillments')
      .columns([lead, 'created_at', 'id'])
      .execute();
  }
  await db.schema.createIndex('fulfillments_request_idx').on('fulfillments').column('request_id').execute();

  // ── research users submit ─────────────────────────────────────────────
  await db.schema
    .createTable('research_submissions')
    .addColumn('id', 'integer', identity(db))
    .addColumn('user_id', 'integer', ownedBy('users.id'))
    .addColumn('broker_id', 'integer', clearedWith('brokers.id'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('summary', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('tickers', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('file_size', 'integer', (c) => c.notNull())
    .addColumn('status', 'varchar(9)', (c) =>
      c.notNull().check(sqlIn('status', ['new', 'in_review', 'published', 'rejected'])),
    )
    .addColumn('reason', 'text')
    .addColumn('submitted_at', 'bigint', (c) => c.notNull())
    .addColumn('reviewed_by', 'text')
    .addColumn('reviewed_at', 'bigint')
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema
    .createIndex('research_submissions_status_idx')
    .on('research_submissions')
    .columns(['status', 'submitted_at', 'id'])
    .execute();
  await db.schema
    .createIndex('research_submissions_submitted_idx')
    .on('research_submissions')
    .columns(['submitted_at', 'id'])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  for (const table of [
    'research_submissions',
    'fulfillments',
    'research_requests',
    'research_flags',
    'broker_user_group_members',
    'broker_user_groups',
    'broker_domains',
    'broker_links',
    'broker_sales_contacts',
    'broker_distributors',
  ]) {
    await db.schema.dropTable(table).execute();
  }
  await db.schema.dropIndex('brokers_name_idx').execute();
  for (const column of [
    'version',
    'mifid_updated_by',
    'mifid_updated_at',
    'mifid_status',
    'short_name',
    'legal_name',
  ]) {
    await db.schema.alterTable('brokers').dropColumn(column).execute();
  }
}
