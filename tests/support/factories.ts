// Records for tests, built with every column a sensible default so a test names only what it is
// about. Staff come from TestServer.createStaff (they need a password, roles and a code).
import type { Insertable, Kysely } from 'kysely';
import { defaultFlags } from '../../src/domain/user-fields';
import type { Database, OrganizationsTable, UsersTable } from '../../server/db/schema';
import type { TestServer } from './server';

let made = 0;

/**
 * A managed user's row: a trial of no organization on the basic product, active, with no plan,
 * role, owner, flags, servers or password. `updated_at` follows `created_at` unless given.
 */
export function userRow(over: Partial<Insertable<UsersTable>> = {}): Insertable<UsersTable> {
  const n = ++made;
  const at = over.created_at ?? Date.now();
  return {
    username: `person${n}`,
    email: `person${n}@example.test`,
    first_name: 'Una',
    last_name: `Person${n}`,
    organization_id: null,
    user_type: 'trial',
    user_category: 'general',
    user_role: null,
    owner: null,
    product_configuration: 'product_basic',
    data_plan: '[]',
    expiry_dt: null,
    active: 1,
    deleted: 0,
    is_account_admin: 0,
    allowed_st: '[]',
    flags: '{}',
    password_hash: null,
    created_at: at,
    updated_at: at,
    ...over,
  };
}

/** Inserts a managed user (see userRow) and answers its id. */
export async function insertUser(db: Kysely<Database>, over: Partial<Insertable<UsersTable>> = {}): Promise<number> {
  return Number((await db.insertInto('users').values(userRow(over)).returning('id').executeTakeFirstOrThrow()).id);
}

/** An organization's row: no Salesforce ids, made now unless given. */
export function organizationRow(over: Partial<Insertable<OrganizationsTable>> = {}): Insertable<OrganizationsTable> {
  return { name: `Organization ${++made}`, salesforce_id: null, sf_acc_id: null, created_at: Date.now(), ...over };
}

/** Inserts an organization (see organizationRow) and answers its id. */
export async function insertOrganization(
  db: Kysely<Database>,
  over: Partial<Insertable<OrganizationsTable>> = {},
): Promise<number> {
  return Number(
    (await db.insertInto('organizations').values(organizationRow(over)).returning('id').executeTakeFirstOrThrow()).id,
  );
}

/** A managed end user of the platform (no roles, no privileges), active, on a trial. */
export async function createEndUser(
  server: Pick<TestServer, 'db' | 'config'>,
  over: Partial<Insertable<UsersTable>> = {},
): Promise<{ id: number; username: string; email: string }> {
  const n = ++made;
  const product = server.config.productKey;
  const row = await server.db
    .insertInto('users')
    .values(
      userRow({
        username: `enduser${n}`,
        email: `enduser${n}@northwind.example`,
        first_name: 'Ada',
        last_name: `Lovelace${n}`,
        user_role: 'Analyst',
        product_configuration: `${product}_basic`,
        data_plan: JSON.stringify([`${product}_data`]),
        flags: JSON.stringify(defaultFlags(product)),
        ...over,
      }),
    )
    .returning(['id', 'username', 'email'])
    .executeTakeFirstOrThrow();
  return { id: Number(row.id), username: row.username, email: row.email };
}
