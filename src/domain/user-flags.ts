// The value lists of a managed user (spec §3): subscription statuses, beta and restriction flags,
// and the on/off switches. Pure data beneath user-fields.ts (which builds the flags object from
// them) and user-labels.ts (which names each one), so neither has to import the other.
export const SUBSCRIPTION_STATUSES = ['TRIAL', 'PURCHASE', 'TRIAL_EXTENDED', 'TRIAL_EXTENDED_2', 'CANCELLED'] as const;

/** The beta flags proper: features a user tries early, changed with prod_beta_subtab (decision 065). */
export const PRODUCT_BETA_FLAGS = [
  'socialsearch',
  'intlquote',
  'realtimesearch',
  'pricemonitor',
  'expanded_news_stream',
  'unified_stream',
  'crypto',
  'allow_entity',
  'clipper_screenshot',
  'is_beta_user',
] as const;
/** Beta and restriction flags on a user (spec §3); the restrictions are changed with edit_user alone. */
export const BETA_FLAGS = [
  ...PRODUCT_BETA_FLAGS,
  'disable_note_as_mail',
  'restrict_upload',
  'restrict_annot',
  'restrict_modifying_create_date',
] as const;

/** Per-user switches of spec §3 User that are plain on/off. */
export const USER_SWITCHES = [
  'send_email',
  'tips',
  'follow_tickers',
  'onboarding_emails',
  'no_login_drip',
  'first_login_drip',
  'plotter_features',
  'persistent_flags',
] as const;
