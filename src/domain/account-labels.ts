// The account settings in words a person reads — the one place Account Settings, Template Settings
// and SKU Configuration read them from (decisions 051, 053): a label for every field of the settings
// contract, the form's groups (in the order Account Settings shows them), the options of the choice
// fields, the words for regions and query bits, a value in words and a change in words (the
// template's dry run and the SKU's preview say the same). Keys carrying the platform key are named
// with the product's name (productNames(key).name), never the key.
import {
  ACCOUNT_DEFAULT_SWITCHES,
  ACCOUNT_SWITCHES,
  accountFieldNames,
  EDITOR_VERSIONS,
  EXPORT_HITS_MAX,
  NOTEBOOK_VERSIONS,
  QUERY_BITS,
  REGIONS,
  RESEARCH_PROVIDERS,
} from './account-settings';
import { productNames } from './product';
import { optionLabel, startupScreenLabel } from './user-labels';
import { countText } from './format';

export type SettingObject = 'account_settings' | 'account_level_flags';
export type SettingKind = 'number' | 'switch' | 'choice' | 'regions' | 'query_bits';
export interface SettingOption {
  value: string | number;
  label: string;
}

export interface SettingField {
  object: SettingObject;
  key: string;
  /** `account_settings.otd_limit`: how requests, refusals, diffs and previews name it. */
  path: string;
  label: string;
  kind: SettingKind;
  /** The choices of a 'choice' field, in words. */
  options?: readonly SettingOption[];
}

export interface SettingGroup {
  title: string;
  object: SettingObject;
  /** What the group is for, and the rules that bind it. */
  help?: string;
  fields: SettingField[];
}

const LABELS: Record<string, string> = {
  otd_limit: 'OTD limit (documents a day)',
  dd_limit: 'DD limit (documents a day)',
  export_hits_limit: 'Export hits limit',
  other_docsearch_features: 'Other document search features',
  ds_bulk_rr: 'Bulk research reports in document search',
  drive_integrations: 'Drive integrations',
  docsearch_user_priviliges: 'Document search user privileges',
  download_internal_content: 'Download internal content',
  excelplug: 'Excel plug-in',
  intraday_data: 'Intraday data',
  hide_news_stream: 'Hide news stream',
  cboe_us_live_intraday: 'Cboe US live intraday prices',
  evernote_sync: 'Evernote sync',
  ner: 'Named entity recognition',
  note_fields: 'Note fields',
  wopi_edit: 'Edit Office documents in the browser',
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
  open_intercom: 'Open Intercom chat',
  client_code: 'Client code',
  disable_minimodal: 'Disable mini modal',
  allow_multiple_sessions: 'Allow multiple sessions',
  redirect: 'Redirect',
  vega_as_default: 'Vega as default',
  is_migrated: 'Migrated',
  pptscraper: 'PowerPoint scraper',
  public_doc: 'Public documents',
  convert_tks: 'Convert tickers',
  new_filter_permission: 'Query bits',
  accountsettings_groups: 'Groups new users join',
  templatesettings_id: 'Template it follows',
};

/** The three regions in words. */
export const REGION_LABELS: Record<(typeof REGIONS)[number], string> = {
  americas: 'Americas',
  emea: 'Europe, Middle East and Africa',
  asia: 'Asia',
};
/** The query bits of `new_filter_permission`, each with its words. */
export const QUERY_BIT_LABELS = QUERY_BITS;

/** Labels of the keys that carry the platform key. */
function keyedLabels(productKey: string): Record<string, string> {
  const p = productNames(productKey);
  const [dataAdmin, dataUser, dataComp] = accountFieldNames(productKey).dataTeamFlags;
  return {
    [p.vega]: `${p.name} Vega`,
    [dataAdmin!]: `${p.name} data admin`,
    [dataUser!]: `${p.name} data user`,
    [dataComp!]: `${p.name} data compliance`,
  };
}

/**
 * The words for a setting, however it is named: the bare key ('dd_limit'), the request's path
 * ('account_settings.dd_limit', 'account_level_flags.redirect', a template's
 * 'template_settings.account_settings.dd_limit'), a region ('account_settings.regions.emea' →
 * 'Region Europe, Middle East and Africa'), 'accountsettings_groups' or 'templatesettings_id'.
 */
export function settingLabel(productKey: string, field: string): string {
  const bare = field.replace(/^template_settings\./, '').replace(/^(account_settings|account_level_flags)\./, '');
  const region = /^regions\.(\w+)$/.exec(bare)?.[1];
  if (region) return `Region ${REGION_LABELS[region as keyof typeof REGION_LABELS] ?? region}`;
  return keyedLabels(productKey)[bare] ?? LABELS[bare] ?? bare.replaceAll('_', ' ');
}

/** The options of a choice setting (editor version, startup screen, research provider, notebook version). */
export function choiceOptions(productKey: string, key: string): SettingOption[] {
  switch (key) {
    case 'ck5':
      return EDITOR_VERSIONS.map((e) => ({ value: e.value, label: e.label }));
    case 'startup_screen':
      return productNames(productKey).startupScreens.map((s) => ({
        value: s,
        label: startupScreenLabel(productKey, s),
      }));
    case 'research_provider':
      return RESEARCH_PROVIDERS.map((r) => ({ value: r, label: optionLabel(r) }));
    case 'notebook_version':
      return NOTEBOOK_VERSIONS.map((n) => ({ value: n, label: `Version ${n.slice(1)}` }));
    default:
      return [];
  }
}

export const LIMIT_HELP = {
  dd_limit: 'Must be greater than the OTD limit.',
  export_hits_limit: `At most ${countText(EXPORT_HITS_MAX)}.`,
} as const;

const CHOICES = ['ck5', 'startup_screen', 'research_provider', 'notebook_version'];
const NUMBERS = ['otd_limit', 'dd_limit', 'export_hits_limit', 'other_docsearch_features'];

function kindOf(key: string): SettingKind {
  if (NUMBERS.includes(key)) return 'number';
  if (CHOICES.includes(key)) return 'choice';
  if (key === 'regions') return 'regions';
  if (key === 'new_filter_permission') return 'query_bits';
  return 'switch';
}

/** Every setting in its group, in the order Account Settings shows them. */
export function settingGroups(productKey: string): SettingGroup[] {
  const names = accountFieldNames(productKey);
  const field = (object: SettingObject, key: string): SettingField => {
    const kind = kindOf(key);
    return {
      object,
      key,
      path: `${object}.${key}`,
      label: settingLabel(productKey, key),
      kind,
      ...(kind === 'choice' ? { options: choiceOptions(productKey, key) } : {}),
    };
  };
  const group = (title: string, object: SettingObject, keys: readonly string[], help?: string): SettingGroup => ({
    title,
    object,
    ...(help ? { help } : {}),
    fields: keys.map((k) => field(object, k)),
  });
  return [
    group(
      'Limits',
      'account_settings',
      NUMBERS,
      `Whole numbers. The DD limit must be greater than the OTD limit; the export hits limit is at most ${countText(EXPORT_HITS_MAX)}.`,
    ),
    group('Features', 'account_settings', [...ACCOUNT_DEFAULT_SWITCHES, ...ACCOUNT_SWITCHES]),
    group('Screens and notebook', 'account_settings', [
      'startup_screen',
      'research_provider',
      'notebook_version',
      'notebook_version_switcher',
      'regions',
    ]),
    group('Editor', 'account_settings', ['ck5']),
    group(
      'Other flags',
      'account_level_flags',
      names.otherFlags,
      `Vega as default needs ${settingLabel(productKey, names.vega)} on.`,
    ),
    group('Data team flags', 'account_level_flags', names.dataTeamFlags),
    group('Query bits', 'account_level_flags', ['new_filter_permission']),
  ];
}

/** Every setting, in the groups' order. */
export function settingFields(productKey: string): SettingField[] {
  return settingGroups(productKey).flatMap((g) => g.fields);
}

/** One setting by its path ('account_settings.otd_limit'), or undefined when there is none. */
export function settingField(productKey: string, path: string): SettingField | undefined {
  return settingFields(productKey).find((f) => f.path === path);
}

/**
 * A setting's value as a person reads it: On / Off, a choice by its label, the regions and query
 * bits that are on, a number with its thousands marked, None for nothing.
 */
export function valueInWords(productKey: string, field: string, value: unknown): string {
  if (value === null || value === undefined) return 'None';
  if (typeof value === 'boolean') return value ? 'On' : 'Off';
  if (Array.isArray(value)) return value.length ? value.map(String).join(', ') : 'None';
  const key = field.replace(/^template_settings\./, '').replace(/^(account_settings|account_level_flags)\./, '');
  if (key === 'regions' && typeof value === 'object') {
    const on = REGIONS.filter((r) => (value as Record<string, unknown>)[r] === true).map((r) => REGION_LABELS[r]);
    return on.length ? on.join(', ') : 'None';
  }
  if (key === 'new_filter_permission') {
    const n = Number(value);
    const on = QUERY_BITS.filter((q) => (n & q.bit) !== 0).map((q) => q.label);
    return on.length ? on.join(', ') : 'None';
  }
  if (CHOICES.includes(key))
    return choiceOptions(productKey, key).find((o) => String(o.value) === String(value))?.label ?? String(value);
  if (typeof value === 'number') return countText(value);
  return String(value);
}

/**
 * One change in words ("DD limit (documents a day): 100 → 300"), for a template's dry run and any
 * other diff. Keys are settingsDiff's: `account_settings.dd_limit`, `account_settings.regions.emea`,
 * `account_level_flags.redirect`, `accountsettings_groups` (lists of group ids: counted),
 * `templatesettings_id` (the template named by `templateNames`).
 */
export function changeInWords(
  productKey: string,
  field: string,
  before: unknown,
  after: unknown,
  templateNames: Record<number, string> = {},
): string {
  const label = settingLabel(productKey, field);
  if (field === 'templatesettings_id') {
    const name = (v: unknown) => (typeof v === 'number' ? (templateNames[v] ?? `template #${v}`) : 'None');
    return `${label}: ${name(before)} → ${name(after)}`;
  }
  if (field === 'accountsettings_groups') {
    const groups = (v: unknown) => {
      const n = Array.isArray(v) ? v.length : 0;
      return n === 1 ? '1 group' : `${n} groups`;
    };
    return `${label}: ${groups(before)} → ${groups(after)}`;
  }
  return `${label}: ${valueInWords(productKey, field, before)} → ${valueInWords(productKey, field, after)}`;
}
