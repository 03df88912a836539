// Records for tests, built with every column a sensible default so a test names only what it is
// about. Staff come from TestServer.createStaff (they need a password, roles and a code).
import type { Insertable } from 'kysely';
import { defaultFlags } from '../../src/domain/user-fields';
import type { UsersTable } from '../../server/db/schema';
import type { TestServer } from './server';

let made = 0;

/** A managed end user of the platform (no roles, no privileges), active, on a trial. */
export async function createEndUser(server: Pick<TestServer, 'db' | 'config'>, over: Partial<Insertable<UsersTable>> = {}): Promise<{ id: number; username: string; email: string }> {
  const n = ++made;
  const now = Date.now();
  const product = server.config.productKey;
  const row = await server.db.insertInto('users').values({
    username: `enduser${n}`, email: `enduser${n}@northwind.example`, first_name: 'Ada', last_name: `Lovelace${n}`,
    organization_id: null, user_type: 'trial', user_category: 'general', user_role: 'Analyst', owner: null,
    product_configuration: `${product}_basic`, data_plan: JSON.stringify([`${product}_data`]), expiry_dt: null,
    active: 1, deleted: 0, is_account_admin: 0, allowed_st: '[]', flags: JSON.stringify(defaultFlags(product)),
    password_hash: null, created_at: now, updated_at: now, ...over,
  }).returning(['id', 'username', 'email']).executeTakeFirstOrThrow();
  return { id: Number(row.id), username: row.username, email: row.email };
}
