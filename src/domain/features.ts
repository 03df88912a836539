// Feature keys of spec §6: the only currency of access. Roles map names to lists of these,
// stored as data; sessions carry the union of their roles' keys.
import * as v from 'valibot';

export const PANEL_FEATURES = [
  'admin_panel_access',
  'user_mgmt',
  'group_mgmt',
  'group_mgmt_v2',
  'role_mgmt',
  'account_settings_tab',
  'template_settings_tab',
  'reports_dashboard_tab',
  'invite_req_tab',
  'depth_analytics',
  'analytics_tab',
  'segmentio_tab',
  'staff_use_tab',
  'data_team_tab',
  'compliance_tab',
  'prod_beta_subtab',
  'configuration_tab',
  // The workflow viewer (/workflows): every machine of the panel drawn, simulated, exported.
  'workflows_tab',
  // The Audit Log (/audit_log): every change and sign-in event, searchable, with its diff (decision 062).
  'audit_log_tab',
] as const;

export const USER_FEATURES = [
  'create_user_tab',
  'bulk_user_creation',
  'deleted_user',
  'edit_user',
  'user_type_update',
  'allow_customer_type',
  'expiry_update',
  'active_update',
  'bulk_edit_user',
  'bulk_edit_upload',
  'staff_role_change',
  'export_csv_access',
] as const;

export const OTHER_ACCESS_FEATURES = [
  'tags',
  'bulk_upload_tags',
  'compliance_email',
  'adv_settings',
  'update_logs',
  'br_research',
  'tr_src_toggle',
  'restrict_broker_access',
  'br_user_email_change',
  'sku_configuration_access',
  'redshift_configuration_access',
  'group_bulk_upload',
] as const;

export const ADMIN_ROLE_FEATURES = ['is_super_admin_user', 'is_admin_wm', 'is_admin_ss'] as const;

export const FEATURE_KEYS = [
  ...PANEL_FEATURES,
  ...USER_FEATURES,
  ...OTHER_ACCESS_FEATURES,
  ...ADMIN_ROLE_FEATURES,
] as const;
export type FeatureKey = (typeof FEATURE_KEYS)[number];

/** Keys reported in `other_features` rather than `features` (spec §6: tri_submittor). */
export const OTHER_FEATURE_KEYS = ['tri_submittor'] as const;
export type OtherFeatureKey = (typeof OTHER_FEATURE_KEYS)[number];

export const FeatureKeySchema = v.picklist(FEATURE_KEYS);
export const RoleFeatureSchema = v.picklist([...FEATURE_KEYS, ...OTHER_FEATURE_KEYS]);

export function isFeatureKey(key: string): key is FeatureKey {
  return (FEATURE_KEYS as readonly string[]).includes(key);
}
