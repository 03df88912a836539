// Staff are platform users of type is_staff. What they may do comes only from their roles in the
// database: the union of the roles' feature keys, split as session_check/ reports them.
import type { Kysely } from 'kysely';
import { OTHER_FEATURE_KEYS, isFeatureKey, type FeatureKey } from '../src/domain/features';
import { STAFF_USER_TYPE, type Database, type NewUser, type User } from './db/schema';

export interface Grants {
  features: FeatureKey[];
  otherFeatures: string[];
}

/**
 * The columns every staff account is created with, whoever creates it (the admin command, the
 * seed): staff type, the product's full configuration, no owner, data plan or expiry, active.
 */
export function staffAccountColumns(
  productKey: string,
): Pick<
  NewUser,
  | 'user_type'
  | 'user_category'
  | 'owner'
  | 'product_configuration'
  | 'data_plan'
  | 'expiry_dt'
  | 'active'
  | 'deleted'
  | 'flags'
> {
  return {
    user_type: STAFF_USER_TYPE,
    user_category: 'general',
    owner: null,
    product_configuration: `${productKey}_res_prof`,
    data_plan: '[]',
    expiry_dt: null,
    active: 1,
    deleted: 0,
    flags: '{}',
  };
}

export function parseJsonList(text: string): string[] {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value.filter((x): x is string => typeof x === 'string') : [];
  } catch {
    return [];
  }
}

export async function grantsOf(db: Kysely<Database>, userId: number): Promise<Grants> {
  const rows = await db
    .selectFrom('user_roles')
    .innerJoin('roles', 'roles.id', 'user_roles.role_id')
    .select('roles.features')
    .where('user_roles.user_id', '=', userId)
    .execute();
  const keys = new Set(rows.flatMap((r) => parseJsonList(r.features)));
  const other = OTHER_FEATURE_KEYS as readonly string[];
  return {
    features: [...keys].filter(isFeatureKey).sort(),
    otherFeatures: [...keys].filter((k) => other.includes(k)).sort(),
  };
}

export function findUserByUsername(db: Kysely<Database>, username: string): Promise<User | undefined> {
  return db.selectFrom('users').selectAll().where('username', '=', username).executeTakeFirst();
}

export function findUserByEmail(db: Kysely<Database>, email: string): Promise<User | undefined> {
  return db.selectFrom('users').selectAll().where('email', '=', email.toLowerCase()).executeTakeFirst();
}

/** Only active, unexpired staff holding admin_panel_access may use the panel. */
export function mayUsePanel(user: User, grants: Grants, now: number): boolean {
  return (
    user.user_type === STAFF_USER_TYPE &&
    user.active === 1 &&
    user.deleted === 0 &&
    (user.expiry_dt === null || user.expiry_dt > now) &&
    grants.features.includes('admin_panel_access')
  );
}
