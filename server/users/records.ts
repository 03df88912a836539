// Database rows → the user shapes of src/domain/users.ts. Every route that returns users goes
// through here, so a list row, an export line and the edit screen agree on every value.
import type { Kysely } from 'kysely';
import { ADMIN_PRIVILEGES } from '../../src/domain/user-fields';
import { formatExpiry, timestampToDate } from '../../src/domain/user-rules';
import type { AdminPrivileges, RoleRef, UserRecord, UserRow } from '../../src/domain/users';
import type { Database, User } from '../db/schema';
import { parseJsonList } from '../staff';

/** The columns a list row needs, with the organisation's name. */
export type UserRowSource = Pick<
  User,
  | 'id'
  | 'username'
  | 'email'
  | 'first_name'
  | 'last_name'
  | 'phone'
  | 'organization_id'
  | 'user_type'
  | 'user_category'
  | 'active'
  | 'deleted'
  | 'expiry_dt'
  | 'created_at'
> & { organization: string | null };

/** What a list row reads from `users` (the organisation's name is joined or looked up beside it). */
export const USER_ROW_COLUMNS = [
  'users.id',
  'users.username',
  'users.email',
  'users.first_name',
  'users.last_name',
  'users.phone',
  'users.organization_id',
  'users.user_type',
  'users.user_category',
  'users.active',
  'users.deleted',
  'users.expiry_dt',
  'users.created_at',
] as const;

export function expiryText(ms: number | null): string | null {
  return ms === null ? null : formatExpiry(timestampToDate(Number(ms)));
}

export function toUserRow(r: UserRowSource): UserRow {
  return {
    id: r.id,
    username: r.username,
    email: r.email,
    first_name: r.first_name,
    last_name: r.last_name,
    phone: r.phone,
    organization: r.organization,
    organization_id: r.organization_id,
    user_type: r.user_type,
    user_category: r.user_category,
    active: r.active === 1,
    deleted: r.deleted === 1,
    expiry_dt: expiryText(r.expiry_dt),
    created_at: Number(r.created_at),
  };
}

export function parseJsonObject(text: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** Only on/off and short choice values survive: the flags object is ours to keep tidy. */
export function flagsOf(text: string): Record<string, boolean | string> {
  const flags: Record<string, boolean | string> = {};
  for (const [key, value] of Object.entries(parseJsonObject(text))) {
    if (typeof value === 'boolean' || typeof value === 'string') flags[key] = value;
  }
  return flags;
}

export function adminPrivilegesOf(text: string): AdminPrivileges {
  const stored = parseJsonObject(text);
  return Object.fromEntries(ADMIN_PRIVILEGES.map((k) => [k, stored[k] === true])) as AdminPrivileges;
}

export function toUserRecord(
  user: User,
  extra: { organization: string | null; sfAccId: string | null; staffRoles: RoleRef[] },
): UserRecord {
  return {
    ...toUserRow({ ...user, organization: extra.organization }),
    user_role: user.user_role,
    owner: user.owner,
    product_configuration: user.product_configuration,
    data_plan: parseJsonList(user.data_plan),
    expiry_dt_timestamp: user.expiry_dt === null ? null : Number(user.expiry_dt),
    is_account_admin: user.is_account_admin === 1,
    startup_screen: user.startup_screen,
    subscription_status: user.subscription_status,
    sf_contact_id: user.sf_contact_id,
    sf_acc_id: extra.sfAccId,
    flags: flagsOf(user.flags),
    staff_roles: extra.staffRoles,
    version: Number(user.version),
    updated_at: Number(user.updated_at),
    updated_by: user.updated_by,
  };
}

/** Full records for the given ids, in the order asked; unknown ids are left out. */
export async function loadUserRecords(db: Kysely<Database>, ids: readonly number[]): Promise<UserRecord[]> {
  if (ids.length === 0) return [];
  const users = await db
    .selectFrom('users')
    .leftJoin('organizations', 'organizations.id', 'users.organization_id')
    .selectAll('users')
    .select(['organizations.name as organization', 'organizations.sf_acc_id as org_sf_acc_id'])
    .where('users.id', 'in', ids)
    .execute();
  const roles = await db
    .selectFrom('user_roles')
    .innerJoin('roles', 'roles.id', 'user_roles.role_id')
    .select(['user_roles.user_id', 'roles.id', 'roles.name'])
    .where('user_roles.user_id', 'in', ids)
    .orderBy('roles.name')
    .execute();
  const byId = new Map(users.map((u) => [u.id, u]));
  return ids.flatMap((id) => {
    const u = byId.get(id);
    if (!u) return [];
    const { organization, org_sf_acc_id, ...user } = u;
    const staffRoles = roles.filter((r) => r.user_id === id).map((r) => ({ id: r.id, name: r.name }));
    return [toUserRecord(user as User, { organization, sfAccId: org_sf_acc_id, staffRoles })];
  });
}

/**
 * Whether a session holding these feature keys sees deleted users. Without deleted_user a deleted
 * user is absent everywhere (issue 25): every read answers as for an id nobody has.
 */
export function seesDeletedUsers(features: readonly string[]): boolean {
  return features.includes('deleted_user');
}

/** A user as another screen reads them, or null when this session may not see them: deleted users only with deleted_user (as fetch_users_by_account_id/ decides). */
export interface VisibleUser {
  id: number;
  username: string;
  name: string;
  flags: Record<string, boolean | string>;
}
export async function visibleUser(
  db: Kysely<Database>,
  userId: number,
  features: readonly string[],
): Promise<VisibleUser | null> {
  const row = await db
    .selectFrom('users')
    .select(['id', 'username', 'first_name', 'last_name', 'deleted', 'flags'])
    .where('id', '=', userId)
    .executeTakeFirst();
  if (!row || (row.deleted === 1 && !seesDeletedUsers(features))) return null;
  return {
    id: Number(row.id),
    username: row.username,
    name: `${row.first_name} ${row.last_name}`.trim(),
    flags: flagsOf(row.flags),
  };
}
