// Restrict Broker (spec §2, §3, §7; decision 047): brokers with their open-access flag, broker
// groups, each user's My Brokers and Requested Brokers, and the user's two switches.
// - brokers.id is the broker's platform id (`{product}_id` on the wire); broker_groups.product_id
//   is a group's (`{product}Id`), and a broker belongs to at most one group (the pb filter).
// - user_brokers holds both lists, one row per (user, list, broker): 'my' is what the user may
//   read, 'requested' what the user asked for. Set-based statements change it.
// - user_broker_state holds the switches; an action locks this row (PostgreSQL FOR UPDATE), so two
//   actions on one user run one after the other. No row reads as the defaults.
import { type AnyDb, clearedWith, identity, ownedBy, sqlIn } from './columns';

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('broker_groups')
    .addColumn('id', 'integer', identity(db))
    .addColumn('product_id', 'bigint', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('brokers')
    .addColumn('id', 'integer', identity(db))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('open_access', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('group_id', 'integer', clearedWith('broker_groups.id'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('brokers_group_idx').on('brokers').column('group_id').execute();

  await db.schema
    .createTable('user_brokers')
    .addColumn('user_id', 'integer', ownedBy('users.id'))
    .addColumn('list', 'varchar(9)', (c) => c.notNull().check(sqlIn('list', ['my', 'requested'])))
    .addColumn('broker_id', 'integer', ownedBy('brokers.id'))
    .addPrimaryKeyConstraint('user_brokers_pk', ['user_id', 'list', 'broker_id'])
    .execute();
  await db.schema.createIndex('user_brokers_broker_idx').on('user_brokers').column('broker_id').execute();

  await db.schema
    .createTable('user_broker_state')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('auto_brm_update', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('freeze', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_by', 'text')
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('user_broker_state').execute();
  await db.schema.dropTable('user_brokers').execute();
  await db.schema.dropTable('brokers').execute();
  await db.schema.dropTable('broker_groups').execute();
}
