// What no role change may do (decision 050), checked on the data a change leaves behind, inside
// its transaction: nobody takes role management from themselves (by editing a role they hold,
// deleting it, or giving it up), and no change leaves the panel without a staff member holding
// role_mgmt, or without one holding is_super_admin_user (the key that sets the user area's
// administrator privileges, server/api/user-edit.ts). Holders are staff who may use the panel:
// active, undeleted, unexpired, with admin_panel_access.
import type { Transaction } from 'kysely';
import { permissionName } from '../../src/domain/feature-labels';
import { STAFF_USER_TYPE, type Database } from '../db/schema';
import { parseJsonList } from '../staff';

export type GuardReason = 'self' | 'last';
/** Keys the panel must always have a holder of. */
export const KEPT_KEYS = ['role_mgmt', 'is_super_admin_user'] as const;

export class GuardRefusal extends Error {
  constructor(
    readonly reason: GuardReason,
    readonly key: string,
  ) {
    super(`role guard: ${reason} ${key}`);
  }
}

/** Staff who may use the panel → the keys their roles grant. */
export async function staffGrants(trx: Transaction<Database>): Promise<Map<number, Set<string>>> {
  const now = Date.now();
  const rows = await trx
    .selectFrom('user_roles')
    .innerJoin('roles', 'roles.id', 'user_roles.role_id')
    .innerJoin('users', 'users.id', 'user_roles.user_id')
    .select(['users.id', 'users.expiry_dt', 'roles.features'])
    .where('users.user_type', '=', STAFF_USER_TYPE)
    .where('users.active', '=', 1)
    .where('users.deleted', '=', 0)
    .execute();
  const grants = new Map<number, Set<string>>();
  for (const r of rows) {
    if (r.expiry_dt !== null && Number(r.expiry_dt) <= now) continue;
    const keys = grants.get(Number(r.id)) ?? new Set<string>();
    for (const k of parseJsonList(r.features)) keys.add(k);
    grants.set(Number(r.id), keys);
  }
  for (const [id, keys] of grants) if (!keys.has('admin_panel_access')) grants.delete(id);
  return grants;
}

const holders = (grants: Map<number, Set<string>>, key: string) =>
  [...grants.values()].filter((keys) => keys.has(key)).length;

/** Throws GuardRefusal when the change from `before` to `after` breaks a rule. */
export function checkRoleGuards(
  before: Map<number, Set<string>>,
  after: Map<number, Set<string>>,
  actorId: number,
): void {
  if (before.get(actorId)?.has('role_mgmt') && !after.get(actorId)?.has('role_mgmt'))
    throw new GuardRefusal('self', 'role_mgmt');
  for (const key of KEPT_KEYS) {
    if (holders(before, key) > 0 && holders(after, key) === 0) throw new GuardRefusal('last', key);
  }
}

/** What a person reads when a guard refuses their change. */
export function guardMessage(refusal: Pick<GuardRefusal, 'reason' | 'key'>): string {
  return refusal.reason === 'self'
    ? `You cannot take the ${permissionName('role_mgmt')} permission from yourself; ask another staff member who holds it.`
    : `This would leave no staff member with the ${permissionName(refusal.key)} permission; give it to someone else first.`;
}
