// The typed shape of the database. Both engines store the same values: times as integer
// milliseconds since the epoch, flags as 0/1 integers, lists and objects as JSON text.
import type {
  FulfillmentSource,
  FulfillmentStatus,
  MifidStatus,
  RequestStatus,
  SubmissionStatus,
} from '../../src/domain/broker-research';
import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';

export type Flag = 0 | 1;

export interface OrganizationsTable {
  id: Generated<number>;
  name: string;
  salesforce_id: string | null;
  sf_acc_id: string | null;
  created_at: number;
  /** Raised by every edit of the account record on Account Settings (migration 018). */
  version: Generated<number>;
  /**
   * accountNameKey(name), the account names' uniqueness (migration 033). Writers other than Account
   * Settings may leave it null; the account writer keys such rows before it checks a name.
   */
  name_key: ColumnType<string | null, string | null | undefined, string | null>;
}

export const USER_TYPES = [
  'trial',
  'is_staff',
  'test_user',
  'journalist',
  'customer',
  'grace_customer',
  'churn_customer',
] as const;
export const USER_CATEGORIES = ['general', 'ir', 'workiva'] as const;
export const STAFF_USER_TYPE = 'is_staff';

export interface UsersTable {
  id: Generated<number>;
  username: string;
  email: string;
  first_name: string;
  last_name: string;
  organization_id: number | null;
  user_type: string;
  user_category: string;
  user_role: string | null;
  /** The `{product}_owner` field of spec §3, under its canonical name. */
  owner: string | null;
  product_configuration: string;
  /** JSON list of data plan items. */
  data_plan: string;
  expiry_dt: number | null;
  active: Flag;
  deleted: Flag;
  is_account_admin: Flag;
  /** JSON list of server types this person may redirect to. */
  allowed_st: string;
  /** JSON object of the beta, restriction and bulk-editable flags of spec §3. */
  flags: string;
  /** Null for managed users who sign in elsewhere; staff always have one. */
  password_hash: string | null;
  created_at: number;
  updated_at: number;
  phone: string | null;
  startup_screen: Generated<string>;
  subscription_status: string | null;
  sf_contact_id: string | null;
  /** JSON object of the administrator privileges (src/domain/user-fields.ts ADMIN_PRIVILEGES). */
  admin_privileges: Generated<string>;
  /** Bumped by every change, so a save based on an older read is refused (optimistic locking). */
  version: Generated<number>;
  /** Username of the staff member who saved last. */
  updated_by: string | null;
  /** When the email last changed (null: as created); linked sign-in refuses a recent change (migration 034). */
  email_changed_at: ColumnType<number | null, number | null | undefined, number | null>;
}

export interface RolesTable {
  id: Generated<number>;
  name: string;
  /** JSON list of feature keys (spec §6), tri_submittor included. */
  features: string;
  /** What the role is for, in a line (migration 017). */
  description: Generated<string>;
  created_at: number;
  updated_at: number;
  /** Raised by every change (migration 017): an edit names the version it started from. */
  version: Generated<number>;
}

export interface UserRolesTable {
  user_id: number;
  role_id: number;
}

export const SESSION_STAGES = ['pending_otp', 'authenticated'] as const;
export type SessionStage = (typeof SESSION_STAGES)[number];

export interface SessionsTable {
  /** SHA-256 of the cookie value: a database leak yields no usable session. */
  id_hash: string;
  user_id: number;
  stage: SessionStage;
  created_at: number;
  last_seen_at: number;
  /**
   * Hard end: 5 minutes for a pending session; for a signed-in one 12 hours after auth_time (and
   * never more than 12 hours after its own creation).
   */
  expires_at: number;
  mt_user_email: string | null;
  /**
   * When the person last proved password and code: the code step's time, or the time carried by
   * the token of a linked sign-in. For a pending session, the password step's time.
   */
  auth_time: number;
}

/** Failed sign-in attempts per username tried, whether or not an account has that name. */
export interface LoginAttemptsTable {
  /** The normalised username (server/auth/lockout.ts attemptKey). */
  username: string;
  failures: number;
  locked_until: number | null;
  updated_at: number;
}

/** Password attempts per client address in the current window (server/auth/throttle.ts). */
export interface SignInThrottleTable {
  /** server/http/client-address.ts addressKey: an IPv4 address or an IPv6 /64. */
  address: string;
  window_start: number;
  attempts: number;
}

/** Addresses an account has completed a sign-in from (decision 040). */
export interface SignInSourcesTable {
  /** The normalised username (attemptKey). */
  username: string;
  address: string;
  last_success_at: number;
}

export interface TotpSecretsTable {
  user_id: number;
  /** AES-256-GCM ciphertext under a key derived from SECRET_KEY. */
  secret_enc: string;
  activated_at: number;
  /** Highest RFC 6238 time step accepted so far; a code for it or an earlier step is a replay. */
  last_used_step: number | null;
}

export interface UsedLinkTokensTable {
  jti: string;
  expires_at: number;
}

/** An account of another server type pinned to the account here it signs in as (migration 034). */
export interface LinkedIdentitiesTable {
  server_type: string;
  remote_user_id: number;
  user_id: number;
  created_at: number;
}

/** 'server': recorded by the server itself; 'client': reported by the panel (log_data_in_es/). */
export type AuditSource = 'server' | 'client';

export interface AuditLogTable {
  id: Generated<number>;
  category: string;
  author: string;
  action: string;
  origin: string;
  source: AuditSource;
  created_at: number;
  previous_data: string | null;
  current_data: string | null;
  success: Flag;
  /** The record an entry is about (migration 022): its kind ('research_request') and id; null for none. */
  record_kind: string | null;
  record_id: number | null;
  /** Names of the records its data names, as they were (migration 035): JSON {"account:11": "…"}; null for none. */
  names: string | null;
}

export interface ServerSecretsTable {
  name: string;
  value: string;
  created_at: number;
}

export interface TagsTable {
  id: Generated<number>;
  name: string;
  color: Generated<string>;
  description: Generated<string>;
  /** The tag group this tag belongs to (spec §3 `group`). */
  parent_id: number | null;
  icon: string | null;
  is_group: Flag;
  created_by: string;
  created_at: number;
}

export interface UserTagsTable {
  user_id: number;
  tag_id: number;
}

export interface UserGroupsTable {
  id: Generated<number>;
  name: string;
  kind: string;
  organization_id: number | null;
  created_at: number;
  /** Migration 015 (decision 048): raised by every change; the switches. */
  version: Generated<number>;
  updated_at: Generated<number>;
  updated_by: Generated<string>;
  autoshare: Generated<Flag>;
  thesis: Generated<Flag>;
  collab: Generated<Flag>;
  sec_master: Generated<Flag>;
  restrict_export: Generated<Flag>;
  restrict_upload: Generated<Flag>;
  restrict_annot: Generated<Flag>;
}

export interface GroupMembersTable {
  group_id: number;
  user_id: number;
}

/** 'stored': kept here (no SMTP configured); 'queued': waiting for SMTP; then 'sent' or 'failed'. */
export type MailStatus = 'stored' | 'queued' | 'sent' | 'failed';

export interface MailOutboxTable {
  id: Generated<number>;
  kind: string;
  to_email: string;
  subject: string;
  body_text: string;
  user_id: number | null;
  author: string;
  status: MailStatus;
  attempts: Generated<number>;
  last_error: string | null;
  created_at: number;
  sent_at: number | null;
  /** A queued message is not tried before this time: a deliverer's claim, or the backoff after a failure (migration 008). */
  next_attempt_at: Generated<number>;
}

export interface Database {
  organizations: OrganizationsTable;
  users: UsersTable;
  roles: RolesTable;
  user_roles: UserRolesTable;
  sessions: SessionsTable;
  login_attempts: LoginAttemptsTable;
  sign_in_throttle: SignInThrottleTable;
  sign_in_sources: SignInSourcesTable;
  totp_secrets: TotpSecretsTable;
  used_link_tokens: UsedLinkTokensTable;
  linked_identities: LinkedIdentitiesTable;
  audit_log: AuditLogTable;
  server_secrets: ServerSecretsTable;
  tags: TagsTable;
  user_tags: UserTagsTable;
  user_groups: UserGroupsTable;
  group_members: GroupMembersTable;
  mail_outbox: MailOutboxTable;
  bulk_operations: BulkOperationsTable;
  segments: SegmentsTable;
  brokers: BrokersTable;
  broker_groups: BrokerGroupsTable;
  user_brokers: UserBrokersTable;
  user_broker_state: UserBrokerStateTable;
  account_settings: AccountSettingsTable;
  settings_templates: SettingsTemplatesTable;
  redshift_configuration: RedshiftConfigurationTable;
  skus: SkusTable;
  account_skus: AccountSkusTable;
  organization_words: OrganizationWordsTable;
  broker_distributors: BrokerDistributorsTable;
  broker_sales_contacts: BrokerSalesContactsTable;
  broker_links: BrokerLinksTable;
  broker_domains: BrokerDomainsTable;
  broker_user_groups: BrokerUserGroupsTable;
  broker_user_group_members: BrokerUserGroupMembersTable;
  research_flags: ResearchFlagsTable;
  research_requests: ResearchRequestsTable;
  fulfillments: FulfillmentsTable;
  research_submissions: ResearchSubmissionsTable;
  other_source_imports: OtherSourceImportsTable;
  report_counts: ReportCountsTable;
  events: EventsTable;
  event_user_days: EventUserDaysTable;
  event_person_days: EventPersonDaysTable;
  event_days: EventDaysTable;
  event_months: EventMonthsTable;
  invite_requests: InviteRequestsTable;
  invite_intake_throttle: InviteIntakeThrottleTable;
  user_content: UserContentTable;
  note_templates: NoteTemplatesTable;
  user_notebook: UserNotebookTable;
}

// ── A user's platform content and notebook (migration 032, decision 065) ──
/** A saved search, watchlist or dashboard; `body` is the kind's JSON (user-content store). */
export interface UserContentTable {
  id: Generated<number>;
  user_id: number;
  kind: 'saved_search' | 'watchlist' | 'dashboard';
  name: string;
  name_key: string;
  body: string;
  size: Generated<number>;
  last_used_at: number | null;
  created_by: string;
  created_at: number;
  updated_at: number;
}
export interface NoteTemplatesTable {
  id: Generated<number>;
  source: string;
  name: string;
  content_type: string;
  body: string;
  created_at: number;
}
/** JSON lists in content_types, template_ids, tag_ids. */
export interface UserNotebookTable {
  user_id: number;
  frequency: string;
  content_types: string;
  template_ids: Generated<string>;
  tag_ids: Generated<string>;
  version: number;
  updated_by: string | null;
  updated_at: number | null;
}

// ── Fulfillments from Other Sources (migration 023, decision 060) ─────
/** One applied file of entitlements from outside the platform, and what became of its rows. */
export interface OtherSourceImportsTable {
  id: Generated<number>;
  file_name: string;
  source_name: string;
  dist: string;
  rows: number;
  taken: number;
  skipped: number;
  refused: number;
  created_by: string;
  created_at: number;
}
/** Migration 023 adds to fulfillments: the import that brought it, for source 'other_source'. */
export interface FulfillmentsTable {
  import_id: number | null;
}

// ── Broker Research (migration 021, decision 055) ───────────────────────
/** Which distributors carry a broker's research, and the broker's code there. */
export interface BrokerDistributorsTable {
  broker_id: number;
  /** The product key or 'tri'. */
  dist: string;
  code: string;
  active: Flag;
  since: number;
}

export interface BrokerSalesContactsTable {
  id: Generated<number>;
  broker_id: number;
  name: string;
  email: string;
  phone: Generated<string>;
  region: Generated<string>;
  created_at: number;
}

/** Two brokers that are one firm; stored once with broker_id < linked_broker_id. */
export interface BrokerLinksTable {
  broker_id: number;
  linked_broker_id: number;
  created_by: string;
  created_at: number;
}

/** An email domain (lower case, no '@') that names a broker's staff; one broker per domain. */
export interface BrokerDomainsTable {
  id: Generated<number>;
  domain: string;
  broker_id: number;
  created_by: string;
  updated_by: string;
  created_at: number;
  updated_at: number;
  version: Generated<number>;
}

export interface BrokerUserGroupsTable {
  id: Generated<number>;
  broker_id: number;
  name: string;
  description: Generated<string>;
  created_by: string;
  updated_by: string;
  created_at: number;
  updated_at: number;
  version: Generated<number>;
}

export interface BrokerUserGroupMembersTable {
  group_id: number;
  user_id: number;
}

/** One distributor's research flags; flags is JSON of every RESEARCH_FLAG_KEYS entry. */
export interface ResearchFlagsTable {
  dist: string;
  flags: string;
  updated_by: string | null;
  updated_at: number;
  version: Generated<number>;
}

export interface ResearchRequestsTable {
  id: Generated<number>;
  user_id: number;
  broker_id: number;
  /** The user's organization when the request was made. */
  organization_id: number | null;
  status: RequestStatus;
  note: Generated<string>;
  reason: string | null;
  created_at: number;
  updated_at: number;
  sent_at: number | null;
  decided_at: number | null;
  decided_by: string | null;
  version: Generated<number>;
}

/** An entitlement: this user reads this broker's research from starts_at (until ends_at, if set). */
export interface FulfillmentsTable {
  id: Generated<number>;
  user_id: number;
  broker_id: number;
  organization_id: number | null;
  source: FulfillmentSource;
  request_id: number | null;
  source_name: string | null;
  dist: string | null;
  starts_at: number;
  ends_at: number | null;
  status: FulfillmentStatus;
  ended_at: number | null;
  ended_reason: string | null;
  /** Who ended it on the FulFillments tab (migration 027); null when the server or an import did. */
  ended_by: string | null;
  created_by: string;
  created_at: number;
  version: Generated<number>;
}

export interface ResearchSubmissionsTable {
  id: Generated<number>;
  user_id: number;
  broker_id: number | null;
  title: string;
  summary: Generated<string>;
  tickers: Generated<string>;
  file_name: string;
  file_size: number;
  status: SubmissionStatus;
  reason: string | null;
  submitted_at: number;
  reviewed_by: string | null;
  reviewed_at: number | null;
  version: Generated<number>;
}

/** Every word of every organization's name (migration 018, kept by triggers): the account list's search. */
export interface OrganizationWordsTable {
  word: string;
  name_key: string;
  organization_id: number;
}

/** A committed bulk edit's outcome by the panel's operation id (migration 012). */
export interface BulkOperationsTable {
  operation_id: string;
  staff_user_id: number;
  /** 'applied' once committed; 'applying' (the edit's own) and 'probe' (an outcome's) are rolled back or replaced, never seen. */
  status: 'applied' | 'applying' | 'probe';
  /** The apply reply's data, as JSON. */
  report: string;
  created_at: number;
}

/** A saved user-list query (migration 013, decision 046). */
export interface SegmentsTable {
  id: Generated<number>;
  name: string;
  description: Generated<string>;
  /** SegmentQuery as JSON text. */
  query: string;
  created_by: string;
  updated_by: string;
  created_at: number;
  updated_at: number;
  version: Generated<number>;
}

/** A broker; id is its platform id, `{product}_id` on the wire (migration 014, decision 047). */
export interface BrokersTable {
  id: Generated<number>;
  name: string;
  /** Open to every user: holding it in My Brokers restricts nothing. */
  open_access: Flag;
  group_id: number | null;
  created_at: number;
  /** Broker Details (migration 021, decision 055). */
  legal_name: string | null;
  short_name: string | null;
  mifid_status: Generated<MifidStatus>;
  mifid_updated_at: number | null;
  mifid_updated_by: string | null;
  version: Generated<number>;
  /** Who changed the record last and when (migration 024, decision 059). */
  updated_by: string | null;
  updated_at: number | null;
}

export interface BrokerGroupsTable {
  id: Generated<number>;
  /** The group's platform id, `{product}Id` on the wire. */
  product_id: number;
  name: string;
  created_at: number;
}

export type BrokerList = 'my' | 'requested';

/** Both broker lists of every user: one row per (user, list, broker). */
export interface UserBrokersTable {
  user_id: number;
  list: BrokerList;
  broker_id: number;
}

/** A user's Restrict Broker switches; no row reads as auto_brm_update 1, freeze 0. */
export interface UserBrokerStateTable {
  user_id: number;
  auto_brm_update: Flag;
  freeze: Flag;
  updated_at: number;
  updated_by: string | null;
}

export type User = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type Session = Selectable<SessionsTable>;
export type AuditRow = Selectable<AuditLogTable>;

/** An account's saved settings (migration 018, decision 051); JSON columns hold src/domain/account-settings.ts values. */
export interface AccountSettingsTable {
  account_id: number;
  settings: string;
  level_flags: string;
  groups: Generated<string>;
  template_id: number | null;
  created_by: string;
  updated_by: string;
  created_at: number;
  updated_at: number;
  version: Generated<number>;
}

/** A reusable set of account settings (migration 018, decision 052). */
export interface SettingsTemplatesTable {
  id: Generated<number>;
  name: string;
  description: Generated<string>;
  source: string;
  /** JSON: { account_settings, account_level_flags }. */
  settings: string;
  /** JSON list of group names. */
  groups: Generated<string>;
  source_user: string | null;
  account_id: number | null;
  created_by: string;
  updated_by: string;
  created_at: number;
  updated_at: number;
  version: Generated<number>;
}

/** The deployment's one Redshift configuration (migration 020, decision 054): the row with id 1. */
export interface RedshiftConfigurationTable {
  id: number;
  user_script: Flag;
  account_script: Flag;
  /** user_flag of the wire: the flags the user script ignores. */
  ignore_expire_time: Flag;
  ignore_product: Flag;
  ignore_user_type: Flag;
  version: number;
  /** The staff user who saved last; null before anyone has. */
  updated_by: number | null;
  updated_at: number | null;
}

/** A sellable bundle (migration 019, decision 053); JSON columns hold partials of src/domain/account-settings.ts values. */
export interface SkusTable {
  id: Generated<number>;
  code: string;
  name: string;
  description: Generated<string>;
  product_configuration: string;
  data_plan: Generated<string>;
  settings: Generated<string>;
  level_flags: Generated<string>;
  status: Generated<string>;
  created_by: string;
  updated_by: string;
  created_at: number;
  updated_at: number;
  version: Generated<number>;
  /** Kept by triggers on account_skus. */
  holders: Generated<number>;
}

/** Which account holds which SKU (migration 019). */
export interface AccountSkusTable {
  account_id: number;
  sku_id: number;
  assigned_by: string;
  assigned_at: number;
}

// ── Invite Request Users (migration 030, decision 064) ─────────────────
export type InviteRequestStatus = 'new' | 'approved' | 'rejected' | 'invited' | 'joined';
/** A person's request to join, filed by the platform's pre-registration. */
export interface InviteRequestsTable {
  id: Generated<number>;
  first_name: string;
  last_name: string;
  email: string;
  /** lower(email): duplicates are found without regard to case. */
  email_key: string;
  organization_guess: string;
  /** The organization the guess was matched to, or chosen on approval. */
  organization_id: number | null;
  message: string;
  /** Name, email and organization guess in lower case, for the list's search. */
  search_text: string;
  status: InviteRequestStatus;
  source: Generated<string>;
  created_at: number;
  decided_by: string | null;
  decided_at: number | null;
  reason: string | null;
  /** The user created on approval. */
  user_id: number | null;
  invited_at: number | null;
  invitations: Generated<number>;
  version: Generated<number>;
}
/** The intake's calls per client address in the current window. */
export interface InviteIntakeThrottleTable {
  address: string;
  window_start: number;
  attempts: number;
}

// ── Reports Dashboard (migration 029, decision 063) ─────
/** A trigger-kept counter: org_id 0 is every organization; bucket a UTC day or week start in ms, 0 for a snapshot. */
export interface ReportCountsTable {
  metric: string;
  org_id: number;
  bucket: number;
  key: string;
  n: number;
}
/** The event store: one thing that happened, from the server, the panel or another source. */
export interface EventsTable {
  id: Generated<number>;
  name: string;
  source: string;
  user_id: number | null;
  organization_id: number | null;
  /** The username or email the event names, when it names one. */
  actor: string | null;
  occurred_at: number;
  received_at: number | null;
  /** JSON object of what else the source said. */
  properties: string | null;
}
/** Who had at least one event on a UTC day (a day start in ms). */
export interface EventUserDaysTable {
  day: number;
  user_id: number;
  organization_id: number | null;
}
/** One person's events of one name on a UTC day (migration 031), kept by triggers on events. */
export interface EventPersonDaysTable {
  user_id: number;
  day: number;
  name: string;
  n: number;
}
/** A day's events, active people and events by name (a JSON object), per scope (org_id 0: all; migration 036). */
export interface EventDaysTable {
  org_id: number;
  day: number;
  events: number;
  people: number;
  names: string;
}
/** Events per UTC month (its first day's 00:00 in ms) and name, per scope (migration 036). */
export interface EventMonthsTable {
  org_id: number;
  month: number;
  name: string;
  n: number;
}
