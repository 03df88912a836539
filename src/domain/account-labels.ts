// Account Settings in words a person reads (decision 051): a label for every field of the
// settings contract, and the groups the form shows them in. Keys carrying the platform key are
// named with the product's name (productNames(key).name), never the key.
import {
  ACCOUNT_DEFAULT_SWITCHES, ACCOUNT_SWITCHES, accountFieldNames, EDITOR_VERSIONS, EXPORT_HITS_MAX, QUERY_BITS,
} from './account-settings';
import { productNames } from './product';

const SETTING_LABELS: Record<string, string> = {
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
  hide_news_stream: 'Hide the news stream',
  cboe_us_live_intraday: 'Cboe US live intraday prices',
  evernote_sync: 'Evernote sync',
  ner: 'Named-entity recognition',
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
  'regions.americas': 'Americas',
  'regions.emea': 'Europe, Middle East and Africa',
  'regions.asia': 'Asia',
};

/** Labels of the account-level flags; the keyed ones are built per platform key. */
function flagLabels(key: string): Record<string, string> {
  const names = accountFieldNames(key);
  const product = productNames(key).name;
  const [dataAdmin, dataUser, dataComp] = names.dataTeamFlags;
  return {
    open_intercom: 'Open Intercom chat',
    client_code: 'Client code',
    disable_minimodal: 'Disable the mini modal',
    allow_multiple_sessions: 'Allow several sessions at once',
    redirect: 'Redirect',
    [names.vega]: `${product} Vega`,
    vega_as_default: 'Vega as default',
    is_migrated: 'Migrated',
    pptscraper: 'PowerPoint scraper',
    public_doc: 'Public documents',
    [dataAdmin!]: `${product} data administrator`,
    [dataUser!]: `${product} data user`,
    [dataComp!]: `${product} data compliance`,
    convert_tks: 'Convert tickers',
    new_filter_permission: 'Query bits',
  };
}

/** The words for a field as the request names it ('account_settings.dd_limit', 'account_level_flags.redirect', 'regions.asia'). */
export function accountFieldLabel(key: string, field: string): string {
  const bare = field.replace(/^account_settings\./, '').replace(/^account_level_flags\./, '');
  if (field === 'accountsettings_groups') return 'Groups of this account';
  if (field === 'templatesettings_id') return 'Template it follows';
  return SETTING_LABELS[bare] ?? flagLabels(key)[bare] ?? bare.replaceAll('_', ' ');
}

export interface AccountFormGroup {
  title: string;
  /** What the group is for, and the rules that bind it. */
  help?: string;
  /** Request fields ('account_settings.otd_limit'…) shown in this group, in order. */
  fields: string[];
}

export const LIMIT_HELP = {
  dd_limit: 'Must be greater than the OTD limit.',
  export_hits_limit: `At most ${EXPORT_HITS_MAX.toLocaleString('en-US')}.`,
} as const;

/** The form's groups (Query bits, Groups and Template have their own controls). */
export function accountFormGroups(key: string): AccountFormGroup[] {
  const names = accountFieldNames(key);
  const s = (k: string) => `account_settings.${k}`;
  const f = (k: string) => `account_level_flags.${k}`;
  return [
    {
      title: 'Limits',
      help: `Whole numbers. The DD limit must be greater than the OTD limit; the export hits limit is at most ${EXPORT_HITS_MAX.toLocaleString('en-US')}.`,
      fields: ['otd_limit', 'dd_limit', 'export_hits_limit', 'other_docsearch_features'].map(s),
    },
    { title: 'Features', fields: [...ACCOUNT_DEFAULT_SWITCHES, ...ACCOUNT_SWITCHES].map(s) },
    { title: 'Screens and notebook', fields: ['startup_screen', 'research_provider', 'notebook_version', 'notebook_version_switcher', 'regions'].map(s) },
    { title: 'Editor', fields: [s('ck5')] },
    { title: 'Other flags', help: 'Vega as default needs Vega on.', fields: names.otherFlags.map(f) },
    { title: 'Data team flags', fields: names.dataTeamFlags.map(f) },
  ];
}

export const EDITOR_LABELS = EDITOR_VERSIONS;
export const QUERY_BIT_LABELS = QUERY_BITS;
