// What a person reads for each feature key (spec §6). Keys are the currency of access in data and
// code; a message shown to a person names the permission in words: "needs the ‘Edit users’
// permission", never "needs edit_user". A test checks every key has a distinct label.
import type { FeatureKey, OtherFeatureKey } from './features';

const FEATURE_LABELS: Record<FeatureKey | OtherFeatureKey, string> = {
  admin_panel_access: 'Admin panel access',
  user_mgmt: 'User management',
  group_mgmt: 'Group management',
  group_mgmt_v2: 'Group management (v2)',
  role_mgmt: 'Role management',
  account_settings_tab: 'Account settings',
  template_settings_tab: 'Template settings',
  reports_dashboard_tab: 'Reports dashboard',
  invite_req_tab: 'Invite requests',
  depth_analytics: 'Depth analytics',
  analytics_tab: 'Analytics',
  segmentio_tab: 'Segment analytics',
  staff_use_tab: 'Staff use',
  data_team_tab: 'Data team',
  compliance_tab: 'Compliance',
  prod_beta_subtab: 'Product beta settings',
  configuration_tab: 'Configuration',
  workflows_tab: 'Workflows',
  audit_log_tab: 'Audit Log',
  create_user_tab: 'Create users',
  bulk_user_creation: 'Create users in bulk',
  deleted_user: 'Deleted users',
  edit_user: 'Edit users',
  user_type_update: 'Change user type',
  allow_customer_type: 'Customer user types',
  expiry_update: 'Change expiry date',
  active_update: 'Activate and deactivate users',
  bulk_edit_user: 'Bulk edit users',
  bulk_edit_upload: 'Bulk edit from a file',
  staff_role_change: 'Change staff roles',
  export_csv_access: 'Export users to CSV',
  tags: 'Tags',
  bulk_upload_tags: 'Upload tags in bulk',
  compliance_email: 'Compliance email',
  adv_settings: 'Advanced settings',
  update_logs: 'Update logs',
  br_research: 'Broker research',
  tr_src_toggle: 'Change transcript source',
  restrict_broker_access: 'Restrict broker access',
  br_user_email_change: 'Change the email of broker research users',
  sku_configuration_access: 'SKU configuration',
  redshift_configuration_access: 'Redshift configuration',
  group_bulk_upload: 'Upload groups in bulk',
  is_super_admin_user: 'Super administrator',
  is_admin_wm: 'Administrator (WM)',
  is_admin_ss: 'Administrator (SS)',
  tri_submittor: 'Refinitiv submitter',
};

/** 'edit_user' → 'Edit users'; a key this module does not know reads as it is stored. */
export function featureLabel(key: string): string {
  return Object.hasOwn(FEATURE_LABELS, key) ? FEATURE_LABELS[key as FeatureKey]! : key;
}

/** How a message names a permission: ‘Edit users’, in quotes so it reads as a name. */
export const permissionName = (key: string): string => `‘${featureLabel(key)}’`;
