// The owner group (spec §3 `{product}_owner`): the staff who may own a user. Create and edit both
// check an owner against it, and the owner select offers it.
import type { Kysely, Transaction } from 'kysely';
import { STAFF_USER_TYPE } from '../../src/domain/user-kinds';
import type { Database } from '../db/schema';

type Db = Kysely<Database> | Transaction<Database>;

/** Who may own a user: active, unexpired staff, as `{ key: username, text: 'First Last' }`. */
export async function ownerGroup(db: Db, now: number): Promise<{ key: string; text: string }[]> {
  const rows = await db
    .selectFrom('users')
    .select(['username', 'first_name', 'last_name'])
    .where('user_type', '=', STAFF_USER_TYPE)
    .where('active', '=', 1)
    .where('deleted', '=', 0)
    .where((eb) => eb.or([eb('expiry_dt', 'is', null), eb('expiry_dt', '>', now)]))
    .orderBy('first_name')
    .orderBy('last_name')
    .orderBy('username')
    .execute();
  return rows.map((r) => ({ key: r.username, text: `${r.first_name} ${r.last_name}`.trim() }));
}
