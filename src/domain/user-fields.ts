// The managed user of spec §3: types, categories, flags, the bulk-editable fields, and which
// feature each edit needs (§6). Pure data, shared by the server and the panel.
import type { FeatureKey } from './features';
import { productNames } from './product';
import { BETA_FLAGS, PRODUCT_BETA_FLAGS, USER_SWITCHES } from './user-flags';
import { userFieldLabel } from './user-labels';
import { BASE_USER_TYPES, USER_TYPES, type UserType } from './user-kinds';

/** Listed in user-flags.ts, beneath this module and user-labels.ts, which both need them. */
export { BETA_FLAGS, SUBSCRIPTION_STATUSES, USER_SWITCHES } from './user-flags';

export function userTypesFor(features: readonly string[]): readonly UserType[] {
  return features.includes('allow_customer_type') ? USER_TYPES : BASE_USER_TYPES;
}

export const TR_SRC_OPTIONS = ['none', 'tri', 's&p'] as const;
export const RR_PRO_OPTIONS = ['none', 'tri', 'fds'] as const;
export const RMS_VERSIONS = ['v1', 'v2'] as const;

/** Administrator privileges (spec §6 admin roles), set and fetched per user. */
export const ADMIN_PRIVILEGES = ['is_super_admin_user', 'is_admin_wm', 'is_admin_ss'] as const;
export type AdminPrivilege = (typeof ADMIN_PRIVILEGES)[number];
export const ADMIN_PRIVILEGE_LABELS: Record<AdminPrivilege, string> = {
  is_super_admin_user: 'Super admin',
  is_admin_wm: 'Watchlist manager admin',
  is_admin_ss: 'Saved search admin',
};

export type BulkFieldKind = { kind: 'bool' } | { kind: 'date' } | { kind: 'choice'; options: readonly string[] };

export interface BulkField {
  /** Wire key, as the form and the flags object name it. */
  key: string;
  label: string;
  type: BulkFieldKind;
  /** Where the value lives: its own column, or the flags object. */
  column: 'active' | 'is_account_admin' | 'expiry_dt' | null;
  /** A feature needed beyond bulk_edit_user, when the single-user edit needs one too. */
  feature?: FeatureKey;
}

const bool: BulkFieldKind = { kind: 'bool' };

/** The bulk-editable fields of spec §3, in display order; their labels are user-labels.ts's. */
export function bulkEditFields(product: string): readonly BulkField[] {
  const p = productNames(product);
  const field = (
    key: string,
    type: BulkFieldKind,
    column: BulkField['column'] = null,
    feature?: FeatureKey,
  ): BulkField => ({ key, label: userFieldLabel(product, key), type, column, ...(feature ? { feature } : {}) });
  return [
    field('active', bool, 'active', 'active_update'),
    field('is_account_admin', bool, 'is_account_admin'),
    field('expiry_dt', { kind: 'date' }, 'expiry_dt', 'expiry_update'),
    field('cboe_us_live_intraday', bool),
    field('drive_integrations', bool),
    field('intraday_data', bool),
    field('rms_version', { kind: 'choice', options: RMS_VERSIONS }),
    field('openaccess', bool),
    field('researchreports', bool),
    field('rms_version_switcher', bool),
    field(p.drive, bool),
    field('tr_src', { kind: 'choice', options: TR_SRC_OPTIONS }, null, 'tr_src_toggle'),
    field('rr_pro', { kind: 'choice', options: RR_PRO_OPTIONS }, null, 'tr_src_toggle'),
    field('br_manager', bool),
    field(p.vega, bool),
    field('rns_docs', bool),
    field('cgs', bool),
    field(p.connect, bool),
    field('ftp_upload', bool),
    field(p.rmsConnect, bool),
  ];
}

/**
 * Keys of the users.flags JSON object: every beta/restriction flag, every switch, and every
 * bulk-editable field that has no column of its own. Booleans, except the three choices
 * (rms_version, tr_src, rr_pro), which hold one of their options.
 */
export function flagKeys(product: string): readonly string[] {
  return [
    ...BETA_FLAGS,
    ...USER_SWITCHES,
    ...bulkEditFields(product)
      .filter((f) => f.column === null)
      .map((f) => f.key),
  ];
}

/** Values a new user starts with (spec §9 account defaults where they apply to a user). */
export function defaultFlags(product: string): Record<string, boolean | string> {
  const flags: Record<string, boolean | string> = {};
  for (const key of flagKeys(product)) flags[key] = false;
  return { ...flags, send_email: true, rms_version: 'v1', tr_src: 'none', rr_pro: 'tri' };
}

export const DEFAULT_STARTUP_SCREEN = 'docsearch';

/**
 * The feature a single-user edit of a field needs on top of edit_user (spec §6). Fields not named
 * here need edit_user alone. Changing the type to or from is_staff also needs staff_role_change,
 * and the customer types need allow_customer_type (server/users/edit-rules.ts applies both).
 * Looked up by the field names a request sends, so it has no prototype: `hasOwnProperty` is a
 * field no feature guards, not Object.prototype's function.
 */
export const EDIT_FIELD_FEATURES: Record<string, FeatureKey> = Object.assign(
  Object.create(null) as Record<string, FeatureKey>,
  {
    user_type: 'user_type_update',
    expiry_dt: 'expiry_update',
    active: 'active_update',
    deleted: 'deleted_user',
    staff_roles: 'staff_role_change',
    tr_src: 'tr_src_toggle',
    // The transcript source permission also covers the research provider beside it (decision 065).
    rr_pro: 'tr_src_toggle',
    // Product beta settings (decision 065); the restriction flags stay with edit_user.
    ...Object.fromEntries(PRODUCT_BETA_FLAGS.map((flag) => [flag, 'prod_beta_subtab' as const])),
  },
);
