// What a person reads for the values and fields of a managed user (spec §3): one set of names
// for every screen (create, edit, bulk edit, the list) and for the server's messages about
// bulk-editable fields. The values themselves stay as the wire carries them. Pure data; a value
// this module does not know is shown as it is stored, never hidden.
import { productNames } from './product';
import type { BETA_FLAGS, SUBSCRIPTION_STATUSES, USER_SWITCHES } from './user-flags';
import type { UserCategory, UserType } from './user-kinds';
import { NO_DATA_PLAN } from './user-rules';

/** Own keys only: a stored value such as 'constructor' must not find Object.prototype. */
const lookup = (labels: Readonly<Record<string, string>>, value: string): string =>
  Object.hasOwn(labels, value) ? labels[value]! : value;

// ── values ────────────────────────────────────────────────────────────────
const USER_TYPE_LABELS: Record<UserType, string> = {
  trial: 'Trial',
  is_staff: 'Staff',
  test_user: 'Test user',
  journalist: 'Journalist',
  customer: 'Customer',
  grace_customer: 'Grace customer',
  churn_customer: 'Churn customer',
};
const CATEGORY_LABELS: Record<UserCategory, string> = { general: 'General', ir: 'IR', workiva: 'Workiva' };
const SUBSCRIPTION_LABELS: Record<(typeof SUBSCRIPTION_STATUSES)[number], string> = {
  TRIAL: 'Trial',
  PURCHASE: 'Purchase',
  TRIAL_EXTENDED: 'Trial extended',
  TRIAL_EXTENDED_2: 'Trial extended twice',
  CANCELLED: 'Cancelled',
};

export const userTypeLabel = (type: string): string => lookup(USER_TYPE_LABELS, type);
export const categoryLabel = (category: string): string => lookup(CATEGORY_LABELS, category);
export const subscriptionStatusLabel = (status: string): string => lookup(SUBSCRIPTION_LABELS, status);

/** `{product}_basic` → 'Acme Basic': values are found by the key, read with the product's display name. */
export function configurationLabel(product: string, configuration: string): string {
  const {
    configurations: [basic, research, professional],
    name,
  } = productNames(product);
  return lookup(
    { [basic]: `${name} Basic`, [research]: `${name} Research`, [professional]: `${name} Research Professional` },
    configuration,
  );
}

/** A data plan item, or the item that stands for no plan. */
export function dataPlanLabel(product: string, item: string): string {
  const p = productNames(product);
  return lookup(
    {
      [p.data]: `${p.name} Data`,
      shareholder_data: 'Shareholder data',
      [p.altData]: `${p.name} Alternative data`,
      lexis_nexis: 'LexisNexis',
      rns: 'RNS',
      [NO_DATA_PLAN]: 'None',
    },
    item,
  );
}

const STARTUP_SCREEN_LABELS: Record<string, string> = {
  stream: 'Stream',
  docsearch: 'Document search',
  company: 'Company',
  real: 'Real-time',
  realtool: 'Real-time tool',
  notebook: 'Notebook',
  mosaic: 'Mosaic',
};

export function startupScreenLabel(product: string, screen: string): string {
  const p = productNames(product);
  const dashboard = p.startupScreens.find((s) => s.endsWith('Dashboard'));
  return screen === dashboard ? `${p.name} Dashboard` : lookup(STARTUP_SCREEN_LABELS, screen);
}

/** The options of the choice fields (tr_src, rr_pro, rms_version): providers by their usual short names. */
const OPTION_LABELS: Record<string, string> = {
  none: 'None',
  tri: 'TRI',
  's&p': 'S&P',
  fds: 'FDS',
  v1: 'v1',
  v2: 'v2',
};
export const optionLabel = (option: string): string => lookup(OPTION_LABELS, option);

/** An entry of the owner group: 'Ada Admin (admin)', or the username alone when the staff member has no name. */
export const ownerLabel = (owner: { key: string; text: string }): string =>
  owner.text ? `${owner.text} (${owner.key})` : owner.key;

// ── fields ────────────────────────────────────────────────────────────────
const FLAG_LABELS: Record<(typeof BETA_FLAGS)[number] | (typeof USER_SWITCHES)[number], string> = {
  socialsearch: 'Social search',
  intlquote: 'International quotes',
  realtimesearch: 'Real-time search',
  pricemonitor: 'Price monitor',
  expanded_news_stream: 'Expanded news stream',
  unified_stream: 'Unified stream',
  crypto: 'Crypto',
  allow_entity: 'Allow entity',
  clipper_screenshot: 'Clipper screenshot',
  is_beta_user: 'Beta user',
  disable_note_as_mail: 'Disable note as mail',
  restrict_upload: 'Restrict upload',
  restrict_annot: 'Restrict annotations',
  restrict_modifying_create_date: 'Restrict modifying create date',
  send_email: 'Send email',
  tips: 'Tips',
  follow_tickers: 'Follow tickers',
  onboarding_emails: 'Onboarding emails',
  no_login_drip: 'No-login drip',
  first_login_drip: 'First-login drip',
  plotter_features: 'Plotter features',
  persistent_flags: 'Persistent flags',
};

/** The bulk-editable fields whose key does not carry the platform key (user-fields.ts bulkEditFields). */
const BULK_FIELD_LABELS: Record<string, string> = {
  active: 'Active',
  is_account_admin: 'Account admin',
  expiry_dt: 'Expiry date',
  cboe_us_live_intraday: 'Cboe US live intraday',
  drive_integrations: 'Drive integrations',
  intraday_data: 'Intraday data',
  rms_version: 'RMS version',
  openaccess: 'Open access',
  researchreports: 'BR enabled',
  rms_version_switcher: 'RMS version switcher',
  tr_src: 'Transcript source',
  rr_pro: 'Research provider',
  br_manager: 'BR manager',
  rns_docs: 'RNS docs',
  cgs: 'CGS',
  ftp_upload: 'FTP upload',
};

const RECORD_FIELD_LABELS: Record<string, string> = {
  first_name: 'First name',
  last_name: 'Last name',
  email: 'Email',
  username: 'Username',
  phone: 'Phone',
  password: 'Password',
  organization: 'Organization',
  user_type: 'User type',
  user_category: 'User category',
  user_role: 'User role',
  product_configuration: 'Product configuration',
  data_plan: 'Data plan',
  deleted: 'Deleted',
  startup_screen: 'Startup screen',
  subscription_status: 'Subscription status',
  sf_contact_id: 'CRM contact id',
  sf_acc_id: 'CRM account id',
  staff_roles: 'Staff roles',
};

/**
 * Any field of a user by its wire key: the record's own fields, every flag of the flags object
 * (user-fields.ts flagKeys) and every bulk-editable field. `owner` is the `{product}_owner` field.
 */
export function userFieldLabel(product: string, key: string): string {
  const p = productNames(product);
  const named: Record<string, string> = {
    owner: `${p.name} owner`,
    [p.drive]: `${p.name} drive`,
    [p.vega]: `${p.name} vega`,
    [p.connect]: `${p.name} connect`,
    [p.rmsConnect]: `RMS ${p.name} connect`,
  };
  const labels: Readonly<Record<string, string>>[] = [named, RECORD_FIELD_LABELS, FLAG_LABELS, BULK_FIELD_LABELS];
  return lookup(labels.find((l) => Object.hasOwn(l, key)) ?? {}, key);
}
