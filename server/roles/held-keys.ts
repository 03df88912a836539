// The keys people hold, as the grant rule (./grant-rule.ts) compares them: a staff member's are
// their roles' keys; a target's are those and the administrator privileges switched on for them
// (spec §6 names the privileges as keys), so an account holding a privilege counts as staff.
import { sql, type Kysely, type Transaction } from 'kysely';
import { ADMIN_PRIVILEGES } from '../../src/domain/user-fields';
import type { Database } from '../db/schema';
import type { Grants } from '../staff';
import { chunks, LOOKUP_BATCH, oneOf } from '../db/value-lists';
import { adminPrivilegesOf } from '../users/records';
import { featuresOf } from './store';
import type { GrantAuthor } from './grant-rule';

type Db = Kysely<Database> | Transaction<Database>;

/** The author of a change: the keys their session's roles grant. */
export const authorOf = (userId: number, grants: Grants): GrantAuthor => ({
  id: userId,
  keys: new Set([...grants.features, ...grants.otherFeatures]),
});

/** Who edits users from a session, as the user stores check them: id, username, features and keys held. */
export const editorOf = (session: { user: { id: number; username: string }; grants: Grants }) => ({
  userId: session.user.id,
  username: session.user.username,
  features: session.grants.features,
  keys: authorOf(session.user.id, session.grants).keys,
});

/** The privileges switched on in a users.admin_privileges value. */
export function privilegeKeys(adminPrivileges: string): string[] {
  const held = adminPrivilegesOf(adminPrivileges);
  return ADMIN_PRIVILEGES.filter((k) => held[k]);
}

/**
 * Role keys by user, for these users. user_roles is small (staff only), so it is read by its own
 * index in batches of ids and joined with the few roles in memory.
 */
export async function roleKeysByUser(db: Db, userIds: readonly number[]): Promise<Map<number, Set<string>>> {
  const keys = new Map<number, Set<string>>();
  if (userIds.length === 0) return keys;
  const roles = new Map(
    (await db.selectFrom('roles').select(['id', 'features']).execute()).map((r) => [Number(r.id), featuresOf(r)]),
  );
  for (const batch of chunks(userIds, LOOKUP_BATCH)) {
    const links = await db
      .selectFrom('user_roles')
      .select(['user_id', 'role_id'])
      .where(oneOf(db, sql.ref('user_id'), batch, 'bigint'))
      .execute();
    for (const l of links) {
      const held = keys.get(Number(l.user_id)) ?? new Set<string>();
      for (const k of roles.get(Number(l.role_id)) ?? []) held.add(k);
      keys.set(Number(l.user_id), held);
    }
  }
  return keys;
}

/** Every key one user holds: roles and privileges. */
export async function heldKeys(db: Db, userId: number): Promise<Set<string>> {
  const row = await db.selectFrom('users').select('admin_privileges').where('id', '=', userId).executeTakeFirst();
  const keys = (await roleKeysByUser(db, [userId])).get(userId) ?? new Set<string>();
  for (const k of row ? privilegeKeys(row.admin_privileges) : []) keys.add(k);
  return keys;
}
