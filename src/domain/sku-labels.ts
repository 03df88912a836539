// The account settings in words, for SKU Configuration's "add a setting" picker, its preview of
// what an assignment changes and its field errors (decision 053). The lead merges this with the
// Account Settings labels once both exist; until then this is the one place SKU screens read.
import {
  ACCOUNT_DEFAULT_SWITCHES, ACCOUNT_SWITCHES, accountFieldNames, EDITOR_VERSIONS, NOTEBOOK_VERSIONS, QUERY_BITS, REGIONS, RESEARCH_PROVIDERS,
} from './account-settings';
import { productNames } from './product';

export type SettingGroup = 'account_settings' | 'account_level_flags';
export type SettingKind = 'number' | 'switch' | 'choice' | 'regions' | 'query_bits';

export interface SettingField {
  group: SettingGroup;
  key: string;
  /** `account_settings.otd_limit`: how requests, refusals and previews name it. */
  path: string;
  label: string;
  kind: SettingKind;
  options?: readonly { value: string | number; label: string }[];
}

const WORDS: Record<string, string> = {
  otd_limit: 'OTD limit (documents a day)',
  dd_limit: 'DD limit (documents a day)',
  export_hits_limit: 'Export hits limit',
  other_docsearch_features: 'Other docsearch features',
  ds_bulk_rr: 'Bulk research reports in docsearch',
  drive_integrations: 'Drive integrations',
  docsearch_user_priviliges: 'Docsearch user privileges',
  download_internal_content: 'Download internal content',
  excelplug: 'Excel plug-in',
  intraday_data: 'Intraday data',
  hide_news_stream: 'Hide news stream',
  cboe_us_live_intraday: 'Cboe US live intraday',
  evernote_sync: 'Evernote sync',
  ner: 'Named entity recognition',
  note_fields: 'Note fields',
  wopi_edit: 'Office online editing',
  evernote_v2: 'Evernote v2',
  custom_entity: 'Custom entities',
  rms_version_switcher: 'RMS version switcher',
  enable_notification: 'Notifications',
  admin_and_compliance_settings: 'Admin and compliance settings',
  restrict_export: 'Restrict export',
  inactive_user_login: 'Inactive users may sign in',
  alert_emails: 'Alert emails',
  send_email: 'Send email',
  active: 'Account active',
  smartfilter: 'Smart filter',
  ck5: 'Editor version',
  startup_screen: 'Startup screen',
  research_provider: 'Research provider',
  notebook_version: 'Notebook version',
  notebook_version_switcher: 'Notebook version switcher',
  regions: 'Regions',
  open_intercom: 'Intercom chat',
  client_code: 'Client code',
  disable_minimodal: 'Disable mini modal',
  allow_multiple_sessions: 'Multiple sessions',
  redirect: 'Redirect',
  vega_as_default: 'Vega as default',
  is_migrated: 'Migrated',
  pptscraper: 'PowerPoint scraper',
  public_doc: 'Public documents',
  convert_tks: 'Convert tickers',
  new_filter_permission: 'Query options',
};

const REGION_WORDS: Record<string, string> = { americas: 'Americas', emea: 'EMEA', asia: 'Asia' };

/** Every setting a SKU may set, in the contract's order, with its words and control. */
export function skuSettingFields(key: string): SettingField[] {
  const names = accountFieldNames(key);
  const product = productNames(key).name;
  const keyed: Record<string, string> = {
    [names.vega]: `${product} Vega`,
    [`is_${key}_data_admin`]: `${product} data admin`,
    [`is_${key}_data_user`]: `${product} data user`,
    [`${key}_data_comp_flag`]: `${product} data compliance`,
  };
  const field = (group: SettingGroup, k: string, kind: SettingKind, options?: SettingField['options']): SettingField =>
    ({ group, key: k, path: `${group}.${k}`, label: keyed[k] ?? WORDS[k] ?? k, kind, ...(options ? { options } : {}) });
  const screens = productNames(key).startupScreens.map((s) => ({ value: s, label: s === `${key}Dashboard` ? `${product} Dashboard` : s[0]!.toUpperCase() + s.slice(1) }));
  return [
    field('account_settings', 'otd_limit', 'number'),
    field('account_settings', 'dd_limit', 'number'),
    field('account_settings', 'export_hits_limit', 'number'),
    field('account_settings', 'other_docsearch_features', 'number'),
    ...[...ACCOUNT_SWITCHES, ...ACCOUNT_DEFAULT_SWITCHES].map((k) => field('account_settings', k, 'switch')),
    field('account_settings', 'ck5', 'choice', EDITOR_VERSIONS),
    field('account_settings', 'startup_screen', 'choice', screens),
    field('account_settings', 'research_provider', 'choice', RESEARCH_PROVIDERS.map((p) => ({ value: p, label: p.toUpperCase() }))),
    field('account_settings', 'notebook_version', 'choice', NOTEBOOK_VERSIONS.map((n) => ({ value: n, label: n }))),
    field('account_settings', 'notebook_version_switcher', 'switch'),
    field('account_settings', 'regions', 'regions'),
    ...names.otherFlags.map((k) => field('account_level_flags', k, 'switch')),
    ...names.dataTeamFlags.map((k) => field('account_level_flags', k, 'switch')),
    field('account_level_flags', 'new_filter_permission', 'query_bits'),
  ];
}

/** A setting named by its dotted path, in words. */
export function settingLabel(key: string, path: string): string {
  return skuSettingFields(key).find((f) => f.path === path)?.label ?? path.split('.').slice(1).map((p) => REGION_WORDS[p] ?? WORDS[p] ?? p).join(': ');
}

/** A value as a person reads it. */
export function settingValueText(key: string, path: string, value: unknown): string {
  if (value === undefined || value === null) return '—';
  if (typeof value === 'boolean') return value ? 'On' : 'Off';
  const f = skuSettingFields(key).find((x) => x.path === path);
  if (f?.kind === 'regions' && typeof value === 'object') {
    const on = REGIONS.filter((r) => (value as Record<string, unknown>)[r] === true).map((r) => REGION_WORDS[r]);
    return on.length ? on.join(', ') : 'None';
  }
  if (f?.kind === 'query_bits') {
    const n = Number(value);
    const on = QUERY_BITS.filter((q) => (n & q.bit) !== 0).map((q) => q.label);
    return on.length ? on.join(', ') : 'None';
  }
  if (f?.options) return f.options.find((o) => o.value === value)?.label ?? String(value);
  if (typeof value === 'number') return value.toLocaleString('en-US');
  return String(value);
}

export const REGION_LABELS = REGION_WORDS;
