// What each feature key lets a person do, in one line, and the groups spec §6 lists them in.
// Role Management shows a role's keys in these groups with these lines; the labels (the names a
// person reads) stay in feature-labels.ts.
import {
  ADMIN_ROLE_FEATURES,
  OTHER_ACCESS_FEATURES,
  OTHER_FEATURE_KEYS,
  PANEL_FEATURES,
  USER_FEATURES,
  type FeatureKey,
  type OtherFeatureKey,
} from './features';

export type RoleFeatureKey = FeatureKey | OtherFeatureKey;

export interface FeatureGroup {
  readonly id: 'panel' | 'users' | 'other' | 'admin' | 'other_features';
  readonly title: string;
  readonly keys: readonly RoleFeatureKey[];
}

/** Spec §6's groups, in its order; tri_submittor is reported apart, in `other_features`. */
export const FEATURE_GROUPS: readonly FeatureGroup[] = [
  { id: 'panel', title: 'Panel and tabs', keys: PANEL_FEATURES },
  { id: 'users', title: 'Users', keys: USER_FEATURES },
  { id: 'other', title: 'Other', keys: OTHER_ACCESS_FEATURES },
  { id: 'admin', title: 'Admin roles', keys: ADMIN_ROLE_FEATURES },
  { id: 'other_features', title: 'Other features', keys: OTHER_FEATURE_KEYS },
];

const FEATURE_MEANINGS: Record<RoleFeatureKey, string> = {
  admin_panel_access: 'May sign in to the panel at all; without it no other key counts.',
  user_mgmt: 'Sees the All Users list and opens user records.',
  group_mgmt: 'Opens Group Management to view and change groups.',
  group_mgmt_v2: 'Opens the newer Group Management (v2) screen.',
  role_mgmt: 'Opens Role Management: creates, changes and deletes roles.',
  account_settings_tab: 'Opens Account Settings.',
  template_settings_tab: 'Opens Template Settings.',
  reports_dashboard_tab: 'Opens the Reports Dashboard.',
  invite_req_tab: 'Sees and answers invite requests.',
  depth_analytics: 'Sees the depth analytics of a user.',
  analytics_tab: 'Sees the Analytics tab of a user.',
  segmentio_tab: 'Sees a user’s Segment events.',
  staff_use_tab: 'Sees the Staff use tab.',
  data_team_tab: 'Sees the Data team tab.',
  compliance_tab: 'Sees the Compliance tab.',
  prod_beta_subtab: 'Changes a user’s product beta settings.',
  configuration_tab: 'Sees the Configuration tab of a user.',
  workflows_tab: 'Opens Workflows: every workflow of the panel drawn and simulated.',
  audit_log_tab: 'Opens the Audit Log: who changed what and every sign-in event, with each change field by field.',
  create_user_tab: 'Creates users one at a time.',
  bulk_user_creation: 'Creates users from a file.',
  deleted_user: 'Sees deleted users and their records.',
  edit_user: 'Changes a user’s details.',
  user_type_update: 'Changes a user’s type.',
  allow_customer_type: 'May give the customer user types.',
  expiry_update: 'Changes a user’s expiry date.',
  active_update: 'Activates and deactivates users.',
  bulk_edit_user: 'Changes many users at once.',
  bulk_edit_upload: 'Changes many users at once from a file.',
  staff_role_change: 'Makes users staff and gives or takes staff roles.',
  export_csv_access: 'Downloads the user list as CSV.',
  tags: 'Sees and gives user tags.',
  bulk_upload_tags: 'Opens Segments & Tags: tags from a file and saved segments.',
  compliance_email: 'Sends compliance emails.',
  adv_settings: 'Changes a user’s advanced settings.',
  update_logs: 'Sends the panel’s change log to the log store.',
  br_research: 'Opens Broker Research and its flags.',
  tr_src_toggle: 'Switches a user’s transcript source.',
  restrict_broker_access: 'Opens Restrict Broker: which brokers a user sees.',
  br_user_email_change: 'Changes the email of broker research users.',
  sku_configuration_access: 'Opens SKU Configuration.',
  redshift_configuration_access: 'Opens Redshift Configuration.',
  group_bulk_upload: 'Uploads groups from a file.',
  is_super_admin_user: 'Sets the administrator privileges of users.',
  is_admin_wm: 'Administers watchlists (watchlist manager).',
  is_admin_ss: 'Administers saved searches.',
  tri_submittor: 'Broker Research also loads the flags of distributor tri.',
};

export function featureMeaning(key: string): string {
  return Object.hasOwn(FEATURE_MEANINGS, key) ? FEATURE_MEANINGS[key as RoleFeatureKey] : '';
}

/** Every key a role may hold, in the groups' order. */
export const ROLE_FEATURE_KEYS: readonly RoleFeatureKey[] = FEATURE_GROUPS.flatMap((g) => g.keys);
