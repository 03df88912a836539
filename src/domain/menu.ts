// The left menu of spec §2 as data: the shell renders it, the router guards with it.
import type { FeatureKey } from './features';

export interface MenuEntry {
  readonly label: string;
  readonly path: string;
  readonly feature: FeatureKey;
  /** Other paths that show the same section (spec §2: /view_groups). */
  readonly aliases?: readonly string[];
}

export const MENU: readonly MenuEntry[] = [
  { label: 'All Users', path: '/user_list', feature: 'user_mgmt' },
  { label: 'Create User', path: '/create_user', feature: 'create_user_tab' },
  { label: 'Invite Request Users', path: '/invite_request_users', feature: 'invite_req_tab' },
  { label: 'Group Management', path: '/modify_groups', feature: 'group_mgmt', aliases: ['/view_groups'] },
  { label: 'Group ManagementV2', path: '/modify_groups_v2', feature: 'group_mgmt_v2' },
  { label: 'Role Management', path: '/user_roles', feature: 'role_mgmt' },
  { label: 'Account Settings', path: '/account_settings', feature: 'account_settings_tab' },
  { label: 'Template Settings', path: '/template_settings', feature: 'template_settings_tab' },
  { label: 'Segments & Tags', path: '/segments_n_tags', feature: 'bulk_upload_tags' },
  { label: 'Broker Research', path: '/broker_research', feature: 'br_research' },
  { label: 'Reports Dashboard', path: '/reports_dashboard', feature: 'reports_dashboard_tab' },
  { label: 'Audit Log', path: '/audit_log', feature: 'audit_log_tab' },
  { label: 'Restrict Broker', path: '/restrict_broker', feature: 'restrict_broker_access' },
  { label: 'SKU Configuration', path: '/sku_configuration', feature: 'sku_configuration_access' },
  { label: 'Redshift Configuration', path: '/redshift_configuration', feature: 'redshift_configuration_access' },
  { label: 'Workflows', path: '/workflows', feature: 'workflows_tab' },
];

/** Sections the root path may land on, in order (see docs/decisions on the reports reading). */
export const ROOT_CANDIDATES: readonly FeatureKey[] = ['user_mgmt', 'group_mgmt', 'role_mgmt'];

/** The entry of the section a path belongs to: its own path, an alias, or a page below either (/user_list/42). */
export function menuEntryFor(path: string): MenuEntry | undefined {
  const within = (section: string) => path === section || path.startsWith(`${section}/`);
  return MENU.find((e) => within(e.path) || e.aliases?.some(within));
}

export function visibleMenu(features: readonly string[]): MenuEntry[] {
  return MENU.filter((entry) => features.includes(entry.feature));
}

/** Where `/` sends a person with these features, or null when no section is granted. */
export function rootTarget(features: readonly string[]): string | null {
  for (const feature of ROOT_CANDIDATES) {
    const entry = MENU.find((e) => e.feature === feature);
    if (entry && features.includes(feature)) return entry.path;
  }
  return null;
}
