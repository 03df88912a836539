// The first schema: people, access, sessions and the audit trail. Written against Kysely<any>
// so the same file builds SQLite and PostgreSQL; only the identity column differs.
import { sql, type ColumnDefinitionBuilder } from 'kysely';
import { type AnyDb, clearedWith, identity, ownedBy } from './columns';

const flag = (col: ColumnDefinitionBuilder) => col.notNull().defaultTo(0);

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('organizations')
    .addColumn('id', 'integer', identity(db))
    .addColumn('name', 'text', (c) => c.notNull().unique())
    .addColumn('salesforce_id', 'text')
    .addColumn('sf_acc_id', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('users')
    .addColumn('id', 'integer', identity(db))
    .addColumn('username', 'text', (c) => c.notNull().unique())
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('first_name', 'text', (c) => c.notNull())
    .addColumn('last_name', 'text', (c) => c.notNull())
    .addColumn('organization_id', 'integer', clearedWith('organizations.id'))
    .addColumn('user_type', 'text', (c) => c.notNull())
    .addColumn('user_category', 'text', (c) => c.notNull().defaultTo('general'))
    .addColumn('user_role', 'text')
    .addColumn('owner', 'text')
    .addColumn('product_configuration', 'text', (c) => c.notNull())
    .addColumn('data_plan', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('expiry_dt', 'bigint')
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('deleted', 'integer', flag)
    .addColumn('is_account_admin', 'integer', flag)
    .addColumn('allowed_st', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('flags', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('password_hash', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('users_organization_idx').on('users').column('organization_id').execute();
  await db.schema.createIndex('users_type_idx').on('users').column('user_type').execute();

  await db.schema
    .createTable('roles')
    .addColumn('id', 'integer', identity(db))
    .addColumn('name', 'text', (c) => c.notNull().unique())
    .addColumn('features', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('user_roles')
    .addColumn('user_id', 'integer', ownedBy('users.id'))
    .addColumn('role_id', 'integer', ownedBy('roles.id'))
    .addPrimaryKeyConstraint('user_roles_pk', ['user_id', 'role_id'])
    .execute();
  await db.schema.createIndex('user_roles_role_idx').on('user_roles').column('role_id').execute();

  await db.schema
    .createTable('sessions')
    .addColumn('id_hash', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', ownedBy('users.id'))
    .addColumn('stage', 'text', (c) => c.notNull().check(sql`stage in ('pending_otp', 'authenticated')`))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('last_seen_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('mt_user_email', 'text')
    .execute();
  await db.schema.createIndex('sessions_user_idx').on('sessions').column('user_id').execute();
  await db.schema.createIndex('sessions_expires_idx').on('sessions').column('expires_at').execute();

  await createLoginAttempts(db);

  await db.schema
    .createTable('totp_secrets')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('secret_enc', 'text', (c) => c.notNull())
    .addColumn('activated_at', 'bigint', (c) => c.notNull())
    .addColumn('last_used_step', 'bigint')
    .execute();

  await db.schema
    .createTable('used_link_tokens')
    .addColumn('jti', 'text', (c) => c.primaryKey())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('audit_log')
    .addColumn('id', 'integer', identity(db))
    .addColumn('category', 'text', (c) => c.notNull())
    .addColumn('author', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('origin', 'text', (c) => c.notNull().defaultTo('adminpanel'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('previous_data', 'text')
    .addColumn('current_data', 'text')
    .addColumn('success', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema.createIndex('audit_log_created_idx').on('audit_log').column('created_at').execute();
  await db.schema.createIndex('audit_log_author_idx').on('audit_log').column('author').execute();

  await db.schema
    .createTable('server_secrets')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
}

/** Failed sign-ins per user; migration 004 rebuilds this first shape when it is undone. */
export async function createLoginAttempts(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('login_attempts')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('failures', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('locked_until', 'bigint')
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  for (const table of [
    'server_secrets',
    'audit_log',
    'used_link_tokens',
    'totp_secrets',
    'login_attempts',
    'sessions',
    'user_roles',
    'roles',
    'users',
    'organizations',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
