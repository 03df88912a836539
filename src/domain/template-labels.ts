// The words for every account setting as Template Settings shows them: the form's groups and
// labels, and a change of the apply's dry run in words ("DD limit: 100 → 300"). Account Settings
// has its own labels in another branch (account-labels.ts); the two are to be merged into one.
import {
  accountFieldNames, ACCOUNT_DEFAULT_SWITCHES, ACCOUNT_SWITCHES, EDITOR_VERSIONS, QUERY_BITS, REGIONS, RESEARCH_PROVIDERS,
} from './account-settings';
import { productNames } from './product';

const LABELS: Record<string, string> = {
  otd_limit: 'OTD limit (documents a day)',
  dd_limit: 'DD limit (documents a day)',
  export_hits_limit: 'Export hits limit',
  other_docsearch_features: 'Other document search features',
  ds_bulk_rr: 'Bulk research reports',
  drive_integrations: 'Drive integrations',
  docsearch_user_priviliges: 'Document search user privileges',
  download_internal_content: 'Download internal content',
  excelplug: 'Excel plug-in',
  intraday_data: 'Intraday data',
  hide_news_stream: 'Hide news stream',
  cboe_us_live_intraday: 'Cboe US live intraday',
  evernote_sync: 'Evernote sync',
  ner: 'Named entity recognition',
  note_fields: 'Note fields',
  wopi_edit: 'Edit Office documents (WOPI)',
  evernote_v2: 'Evernote v2',
  custom_entity: 'Custom entities',
  rms_version_switcher: 'RMS version switcher',
  enable_notification: 'Notifications',
  admin_and_compliance_settings: 'Admin and compliance settings',
  restrict_export: 'Restrict export',
  inactive_user_login: 'Inactive users may sign in',
  alert_emails: 'Alert emails',
  send_email: 'Send email',
  active: 'Active',
  smartfilter: 'Smart filter',
  ck5: 'Editor version',
  startup_screen: 'Startup screen',
  research_provider: 'Research provider',
  notebook_version: 'Notebook version',
  notebook_version_switcher: 'Notebook version switcher',
  regions: 'Regions',
  open_intercom: 'Open Intercom',
  client_code: 'Client code',
  disable_minimodal: 'Disable mini modal',
  allow_multiple_sessions: 'Allow multiple sessions',
  redirect: 'Redirect',
  vega_as_default: 'Vega as default',
  is_migrated: 'Migrated',
  pptscraper: 'PowerPoint scraper',
  public_doc: 'Public documents',
  convert_tks: 'Convert tickers',
  new_filter_permission: 'Query permissions',
  americas: 'Americas',
  emea: 'EMEA',
  asia: 'Asia',
};

/** The label of one setting or flag (keyed names included: `{product}vega`, `is_{product}_data_admin`). */
export function settingLabel(productKey: string, key: string): string {
  const p = productNames(productKey);
  if (key === p.vega) return `${p.name} Vega`;
  if (key === `is_${productKey}_data_admin`) return `${p.name} data admin`;
  if (key === `is_${productKey}_data_user`) return `${p.name} data user`;
  if (key === `${productKey}_data_comp_flag`) return `${p.name} data compliance`;
  return LABELS[key] ?? key.replaceAll('_', ' ');
}

export interface SettingGroup {
  title: string;
  object: 'account_settings' | 'account_level_flags';
  kind: 'number' | 'switch' | 'choice' | 'region' | 'query_bits';
  keys: readonly string[];
}

/** The form's groups, in the order the account settings form shows them. */
export function settingGroups(productKey: string): SettingGroup[] {
  const names = accountFieldNames(productKey);
  return [
    { title: 'Limits', object: 'account_settings', kind: 'number', keys: ['otd_limit', 'dd_limit', 'export_hits_limit', 'other_docsearch_features'] },
    { title: 'Choices', object: 'account_settings', kind: 'choice', keys: ['ck5', 'startup_screen', 'research_provider', 'notebook_version'] },
    { title: 'Account settings', object: 'account_settings', kind: 'switch', keys: [...ACCOUNT_SWITCHES, ...ACCOUNT_DEFAULT_SWITCHES, 'notebook_version_switcher'] },
    { title: 'Regions', object: 'account_settings', kind: 'region', keys: REGIONS },
    { title: 'Other flags', object: 'account_level_flags', kind: 'switch', keys: names.otherFlags },
    { title: 'Query permissions', object: 'account_level_flags', kind: 'query_bits', keys: ['new_filter_permission'] },
    { title: 'Data team flags', object: 'account_level_flags', kind: 'switch', keys: names.dataTeamFlags },
  ];
}

/** The options of a choice setting: value and words. */
export function choiceOptions(productKey: string, key: string): { value: string; label: string }[] {
  switch (key) {
    case 'ck5': return EDITOR_VERSIONS.map((e) => ({ value: String(e.value), label: e.label }));
    case 'startup_screen': return productNames(productKey).startupScreens.map((s) => ({ value: s, label: s.replaceAll('_', ' ') }));
    case 'research_provider': return RESEARCH_PROVIDERS.map((r) => ({ value: r, label: r === 'none' ? 'None' : r }));
    case 'notebook_version': return [{ value: 'v1', label: 'Version 1' }, { value: 'v2', label: 'Version 2' }];
    default: return [];
  }
}

function valueWords(key: string, value: unknown): string {
  if (value === true) return 'on';
  if (value === false) return 'off';
  if (value === null || value === undefined) return 'none';
  if (key.endsWith('ck5')) return EDITOR_VERSIONS.find((e) => e.value === value)?.label ?? String(value);
  if (key.endsWith('new_filter_permission')) {
    const n = Number(value);
    const on = QUERY_BITS.filter((q) => (n & q.bit) !== 0).map((q) => q.label);
    return on.length ? on.join(', ') : 'none';
  }
  if (typeof value === 'number') return value.toLocaleString('en-US');
  return String(value);
}

/**
 * One change of the dry run in words. Keys are settingsDiff's: `account_settings.dd_limit`,
 * `account_settings.regions.emea`, `account_level_flags.redirect`, `accountsettings_groups`,
 * `templatesettings_id` (the template named by `templateNames`).
 */
export function changeInWords(productKey: string, key: string, before: unknown, after: unknown, templateNames: Record<number, string> = {}): string {
  if (key === 'templatesettings_id') {
    const name = (v: unknown) => (typeof v === 'number' ? templateNames[v] ?? `template #${v}` : 'none');
    return `Template followed: ${name(before)} → ${name(after)}`;
  }
  if (key === 'accountsettings_groups') {
    const n = (v: unknown) => (Array.isArray(v) ? v.length : 0);
    const groups = (x: number) => (x === 1 ? '1 group' : `${x} groups`);
    return `Groups new users join: ${groups(n(before))} → ${groups(n(after))}`;
  }
  const parts = key.split('.');
  const last = parts[parts.length - 1]!;
  const label = parts.length === 3 && parts[1] === 'regions' ? `Region ${settingLabel(productKey, last)}` : settingLabel(productKey, last);
  return `${label}: ${valueWords(last, before)} → ${valueWords(last, after)}`;
}
