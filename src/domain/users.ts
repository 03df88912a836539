// The user calls of spec §7 "Groups, roles, users": every request the server validates and every
// reply the panel parses. Requests are form data (spec §7); lists and objects travel as JSON text
// in one field. `{product}_owner` is `owner` here (product.ts renames at the boundary).
// Where the spec says "not shown", the shapes are ours: docs/decisions/020-user-area-api.md.
import * as v from 'valibot';
import { oneLine } from './wire-input';
import { FormBool, Id, isId, JsonField, JsonListField, RequiredText, Text } from './wire';
import { CsvRowProblem } from './csv-upload';
import { listAtMost, longList } from './json-list';
import { MAX_SEARCH_TEXT, PAGE_SIZES } from './constants';
import { ADMIN_PRIVILEGES, SUBSCRIPTION_STATUSES } from './user-fields';
import { DELETED_FILTERS, SORT_KEYS, USER_CATEGORIES, USER_TYPES } from './user-kinds';
import {
  EMAIL_PATTERN,
  FIELD_MESSAGES,
  MAX_USERS_PER_CREATE,
  parseExpiry,
  PASSWORD_PATTERN,
  PHONE_PATTERN,
  USER_FIELD_LIMITS as L,
  USERNAME_PATTERN,
  type CreateSettings,
  type NewUserRow,
} from './user-rules';
import { countText } from './format';

// ── building blocks ───────────────────────────────────────────────────────
export const Email = v.pipe(
  v.string(),
  v.trim(),
  v.toLowerCase(),
  v.maxLength(L.email),
  v.regex(EMAIL_PATTERN, FIELD_MESSAGES.email),
  oneLine(),
);
export const Username = v.pipe(
  v.string(),
  v.trim(),
  v.maxLength(L.username),
  v.regex(USERNAME_PATTERN, FIELD_MESSAGES.username),
);
export const Password = v.pipe(v.string(), v.maxLength(L.password), v.regex(PASSWORD_PATTERN, FIELD_MESSAGES.password));
export const Phone = v.pipe(v.string(), v.trim(), v.maxLength(L.phone), v.regex(PHONE_PATTERN, FIELD_MESSAGES.phone));
/** MM-dd-yyyy, a real date up to 12-31-3000. */
export const ExpiryDate = v.pipe(
  v.string(),
  v.trim(),
  v.check((s) => parseExpiry(s) !== null, FIELD_MESSAGES.expiry),
);

export const UserTypeSchema = v.picklist(USER_TYPES, 'Choose a user type.');
export const UserCategorySchema = v.picklist(USER_CATEGORIES, 'Choose a user category.');
/** Values of the flags object: on/off, or one option of a choice field. */
export const FlagValue = v.union([v.boolean(), v.pipe(v.string(), v.maxLength(20))]);
export const Flags = v.record(v.pipe(v.string(), v.maxLength(64)), FlagValue);

// ── records the server returns ────────────────────────────────────────────
/** One row of the user list. */
export const UserRow = v.object({
  id: v.number(),
  username: v.string(),
  email: v.string(),
  first_name: v.string(),
  last_name: v.string(),
  phone: v.nullable(v.string()),
  organization: v.nullable(v.string()),
  organization_id: v.nullable(v.number()),
  user_type: v.string(),
  user_category: v.string(),
  active: v.boolean(),
  deleted: v.boolean(),
  /** MM-dd-yyyy, or null for no expiry. */
  expiry_dt: v.nullable(v.string()),
  created_at: v.number(),
});
export type UserRow = v.InferOutput<typeof UserRow>;

export const RoleRef = v.object({ id: v.number(), name: v.string() });
export type RoleRef = v.InferOutput<typeof RoleRef>;

/** Everything the edit screen shows and may change (spec §3 User with its flags). */
export const UserRecord = v.object({
  ...UserRow.entries,
  user_role: v.nullable(v.string()),
  owner: v.nullable(v.string()),
  product_configuration: v.string(),
  data_plan: v.array(v.string()),
  expiry_dt_timestamp: v.nullable(v.number()),
  is_account_admin: v.boolean(),
  startup_screen: v.string(),
  subscription_status: v.nullable(v.string()),
  sf_contact_id: v.nullable(v.string()),
  sf_acc_id: v.nullable(v.string()),
  /** Beta, restriction, switch and bulk-editable flags (user-fields.ts flagKeys). */
  flags: Flags,
  /** Staff roles held (is_staff users). */
  staff_roles: v.array(RoleRef),
  /** Bumped by every save: an update names the version it was based on. */
  version: v.number(),
  updated_at: v.number(),
  updated_by: v.nullable(v.string()),
});
export type UserRecord = v.InferOutput<typeof UserRecord>;

/** Fields a client may change with update_account/ (only those it sends change). */
export const UserChanges = v.partial(
  v.strictObject({
    first_name: RequiredText('First name', L.first_name),
    last_name: RequiredText('Last name', L.last_name),
    email: Email,
    username: Username,
    phone: v.union([v.literal(''), Phone]),
    organization_id: Id,
    user_type: UserTypeSchema,
    user_category: UserCategorySchema,
    user_role: Text(L.user_role),
    owner: RequiredText('Owner', L.owner),
    product_configuration: v.pipe(v.string(), v.nonEmpty(), v.maxLength(64)),
    data_plan: v.pipe(v.array(v.pipe(v.string(), v.maxLength(64))), v.maxLength(10)),
    /** '' clears the expiry. */
    expiry_dt: v.union([v.literal(''), ExpiryDate]),
    active: v.boolean(),
    deleted: v.boolean(),
    is_account_admin: v.boolean(),
    startup_screen: v.pipe(v.string(), v.maxLength(64)),
    subscription_status: v.nullable(v.picklist(SUBSCRIPTION_STATUSES)),
    sf_contact_id: v.nullable(Text(L.sf_contact_id)),
    flags: Flags,
    staff_roles: v.pipe(v.array(Id), v.maxLength(100)),
    /** A new password for the user; '' leaves it as it is. */
    password: v.union([v.literal(''), Password]),
  }),
);
export type UserChanges = v.InferOutput<typeof UserChanges>;

// ── list and search (user/search_user/) ───────────────────────────────────

/** The filters of the list; the same object selects "all matching" for export and bulk edit. */
export const UserFilter = v.object({
  q: v.optional(Text(MAX_SEARCH_TEXT), ''),
  user_type: v.optional(v.union([v.literal(''), UserTypeSchema]), ''),
  user_category: v.optional(v.union([v.literal(''), UserCategorySchema]), ''),
  organization_id: v.optional(v.union([v.literal(''), Id]), ''),
  active: v.optional(v.picklist(['', 'true', 'false']), ''),
  /** Anything but 'exclude' needs deleted_user. */
  deleted: v.optional(v.picklist(DELETED_FILTERS), 'exclude'),
});
export type UserFilter = v.InferOutput<typeof UserFilter>;

/** The list's filter with nothing chosen (deleted users left out); `userFilter` sets some of it. */
export const NO_USER_FILTER: UserFilter = {
  q: '',
  user_type: '',
  user_category: '',
  organization_id: '',
  active: '',
  deleted: 'exclude',
};
export const userFilter = (set: Partial<UserFilter> = {}): UserFilter => ({ ...NO_USER_FILTER, ...set });

export const SearchUsersForm = v.object({
  ...UserFilter.entries,
  sort: v.optional(v.picklist(SORT_KEYS), 'id'),
  dir: v.optional(v.picklist(['asc', 'desc']), 'desc'),
  page_size: v.optional(v.pipe(v.picklist(PAGE_SIZES.map(String) as ['20', '50', '100']), v.transform(Number)), '20'),
  /** Opaque keyset position from a previous reply; absent for the first page. */
  cursor: v.optional(v.pipe(v.string(), v.maxLength(1000)), ''),
  /** The total costs a count; page turns may skip it. */
  with_total: v.optional(FormBool, 'true'),
});
export type SearchUsersForm = v.InferOutput<typeof SearchUsersForm>;

/** A search's total is counted up to this many users; past it the list says "more than". */
export const TOTAL_CAP = 1_000;
/** A list total in words: "1,234", or "more than 1,000" for a capped one. */
export function totalWords(total: number): string {
  return total > TOTAL_CAP ? `more than ${countText(TOTAL_CAP)}` : countText(total);
}
export const SearchUsersReply = v.object({
  status: v.literal(true),
  userItems: v.array(UserRow),
  /** Rows on this page. */
  count: v.number(),
  /** All rows matching the filters, or null when not asked for; TOTAL_CAP + 1 when capped. */
  total_users: v.nullable(v.number()),
  /** A search's total stops counting past TOTAL_CAP: then more than TOTAL_CAP users match. */
  total_capped: v.optional(v.boolean()),
  next_cursor: v.nullable(v.string()),
  prev_cursor: v.nullable(v.string()),
  /** The last page (its cursor and number from 1), with a reply that counted an exact total. */
  last_cursor: v.optional(v.string()),
  last_page: v.optional(v.number()),
});
export type SearchUsersReply = v.InferOutput<typeof SearchUsersReply>;

/** user/export_users/: the list's filters and order, as a CSV or XLSX download with every row. */
export const ExportUsersForm = v.object({
  ...UserFilter.entries,
  sort: v.optional(v.picklist(SORT_KEYS), 'id'),
  dir: v.optional(v.picklist(['asc', 'desc']), 'desc'),
  format: v.picklist(['csv', 'xlsx'], 'Choose csv or xlsx.'),
});
export type ExportUsersForm = v.InferOutput<typeof ExportUsersForm>;
/** Columns of an export, in order. */
export const EXPORT_COLUMNS = [
  'id',
  'username',
  'email',
  'first_name',
  'last_name',
  'phone',
  'organization',
  'user_type',
  'user_category',
  'active',
  'deleted',
  'expiry_dt',
  'created_at',
] as const;

// ── organisations and owners ──────────────────────────────────────────────
export const OrgSearchForm = v.object({ query: v.pipe(Text(200), v.minLength(2, 'Type at least 2 characters.')) });
export const Organization = v.object({ id: v.number(), name: v.string(), salesforceId: v.nullable(v.string()) });
export type Organization = v.InferOutput<typeof Organization>;
export const OrgSearchReply = v.object({ result: v.array(Organization) });
/** GET user/get_user_organization/?id=: one organisation by id (an address naming it), answered as the search is. */
export const OrgByIdQuery = v.object({ id: Id });
export type OrgSearchReply = v.InferOutput<typeof OrgSearchReply>;
/** The organisation picker's value (spec §3). */
export interface OrgPick {
  title: string;
  org_id: number;
  salesforceId: string | null;
}

/** user/get_{product}_owner_group/: who may own a user (staff). */
export const OwnerGroupReply = v.object({
  status: v.literal(true),
  result: v.array(v.object({ key: v.string(), text: v.string() })),
});
export type OwnerGroupReply = v.InferOutput<typeof OwnerGroupReply>;

// ── create (spec §2 create steps, §5) ─────────────────────────────────────
export const CheckEmailsForm = v.object({
  emails: JsonField(
    v.pipe(v.array(v.pipe(v.string(), v.maxLength(254))), v.minLength(1), v.maxLength(MAX_USERS_PER_CREATE)),
    'emails',
  ),
});
export const CheckEmailsReply = v.object({
  status: v.literal(true),
  data: v.array(v.object({ email: v.string(), valid: v.boolean(), exists: v.boolean(), msg: v.nullable(v.string()) })),
});
export type CheckEmailsReply = v.InferOutput<typeof CheckEmailsReply>;

export const UsernameCheckForm = v.object({
  username: v.pipe(v.string(), v.trim(), v.nonEmpty(), v.maxLength(L.username)),
});
export const UsernameCheckReply = v.object({ status: v.literal(true), available: v.boolean(), msg: v.string() });
export type UsernameCheckReply = v.InferOutput<typeof UsernameCheckReply>;

export const UsernameSuggestForm = v.pipe(
  v.object({
    first_name: v.optional(Text(L.first_name), ''),
    last_name: v.optional(Text(L.last_name), ''),
    email: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(L.email)), ''),
  }),
  v.check(
    (f) => Boolean(f.first_name || f.last_name || f.email),
    'Send a first name, last name or email to build a username from.',
  ),
);
export const UsernameSuggestReply = v.object({ status: v.literal(true), username: v.string() });
export type UsernameSuggestReply = v.InferOutput<typeof UsernameSuggestReply>;

export const NewUserRowSchema = v.object({
  first_name: RequiredText('First name', L.first_name),
  last_name: RequiredText('Last name', L.last_name),
  email: Email,
  username: v.optional(v.union([v.literal(''), Username]), ''),
  password: v.optional(v.union([v.literal(''), Password]), ''),
  phone: v.optional(v.union([v.literal(''), Phone]), ''),
});

export const RegisterForm = v.object({
  organization_id: Id,
  user_type: UserTypeSchema,
  user_category: UserCategorySchema,
  owner: RequiredText('Owner', L.owner),
  product_configuration: v.pipe(
    v.string(),
    v.nonEmpty(FIELD_MESSAGES.required('Product configuration')),
    v.maxLength(64),
  ),
  data_plan: v.optional(
    JsonField(v.pipe(v.array(v.pipe(v.string(), v.maxLength(64))), v.maxLength(10)), 'data_plan'),
    '[]',
  ),
  /** Absent: the default of the user type (spec §4). */
  expiry_dt: v.optional(v.union([v.literal(''), ExpiryDate]), ''),
  startup_screen: v.optional(v.pipe(v.string(), v.maxLength(64)), ''),
  flags: v.optional(JsonField(Flags, 'flags'), '{}'),
  /** Send each new user the welcome email. */
  send_email: v.optional(FormBool, 'false'),
  users: JsonListField(
    NewUserRowSchema,
    'users',
    'Add at least one user.',
    MAX_USERS_PER_CREATE,
    `Create at most ${MAX_USERS_PER_CREATE} users at once.`,
  ),
});
export type RegisterForm = v.InferOutput<typeof RegisterForm>;

/** A register/ call as the create screen builds it, before the service writes it as form fields. */
export interface RegisterRequest extends CreateSettings {
  organization_id: number;
  send_email: boolean;
  users: NewUserRow[];
}

/**
 * Created. Nothing created is HTTP 400 (field-errors.ts) naming each request field (`owner`,
 * `users.0.email`), or the whole request ('_') when no field is to blame.
 */
export const RegisterReply = v.object({
  status: v.literal(true),
  msg: v.string(),
  data: v.array(v.object({ row: v.number(), user_id: v.number(), username: v.string(), email: v.string() })),
});
export type RegisterReply = v.InferOutput<typeof RegisterReply>;

export const ProductSettingsReply = v.object({
  status: v.literal(true),
  data: v.object({
    product_key: v.string(),
    user_types: v.array(v.string()),
    user_categories: v.array(v.string()),
    product_configurations: v.array(v.string()),
    default_configuration: v.string(),
    data_plan_items: v.array(v.string()),
    startup_screens: v.array(v.string()),
    subscription_statuses: v.array(v.string()),
    flag_keys: v.array(v.string()),
  }),
});
export type ProductSettingsReply = v.InferOutput<typeof ProductSettingsReply>;

/** The choices of step one: staff who may own a user, and what this session may give a new user. */
export interface CreateChoices {
  owners: { key: string; text: string }[];
  userTypes: string[];
  categories: string[];
  configurations: string[];
  dataPlanItems: string[];
  startupScreens: string[];
}

/** `user_type` may be '' (none chosen yet: spec §4's unassigned default) but must be sent. */
export const DefaultSettingsForm = v.object({
  user_type: v.union([v.literal(''), UserTypeSchema], 'Send user_type (it may be empty).'),
});
export const DefaultSettingsReply = v.object({
  status: v.literal(true),
  data: v.object({
    /** The expiry default of the user type, from the server's today (UTC). */
    expiry_dt: v.string(),
    product_configuration: v.string(),
    startup_screen: v.string(),
    flags: Flags,
  }),
});
export type DefaultSettingsReply = v.InferOutput<typeof DefaultSettingsReply>;

// ── one user: fetch, update, sessions, privileges ─────────────────────────
/** `account_id`: one user id, or several separated by commas. */
export const FetchUsersForm = v.object({
  account_id: v.pipe(
    v.string(),
    v.regex(/^\d{1,15}(,\d{1,15}){0,99}$/, 'Send user ids separated by commas.'),
    v.transform((s) => s.split(',').map(Number)),
  ),
});
export const FetchUsersReply = v.object({
  status: v.literal(true),
  data: v.array(UserRecord),
  /** Roles a staff user may be given; present for sessions holding staff_role_change. */
  role_choices: v.optional(v.array(RoleRef)),
});
export type FetchUsersReply = v.InferOutput<typeof FetchUsersReply>;

/**
 * The answer the edit screen's dialogs give about a new organisation (the same one renamed in the
 * CRM, or a different one) or a new email (the same person, or a different one); decision 023.
 */
export const ChangeKind = v.picklist(['same', 'different']);
export type ChangeKind = v.InferOutput<typeof ChangeKind>;

/** A save of one user as the server takes it; parsed, it is what the panel sends (UpdateAccountForm). */
export const UpdateAccountForm = v.object({
  user_id: Id,
  /** The version the person started from; another save since then is a conflict. */
  version: v.pipe(v.string(), v.regex(/^\d{1,15}$/), v.transform(Number)),
  changes: JsonField(UserChanges, 'changes'),
  /** Required when the organisation changes: the answer to the 'Account Update' dialog. */
  org_change: v.optional(ChangeKind),
  /** Required when the email changes: does the new address belong to the same person? */
  email_change: v.optional(ChangeKind),
});
export type UpdateAccountForm = v.InferOutput<typeof UpdateAccountForm>;

export const UpdateAccountReply = v.union([
  v.object({
    status: v.literal(true),
    isPositive: v.literal(true),
    isUpdated: v.boolean(),
    message: v.string(),
    user: UserRecord,
  }),
  /** Someone saved the user after `version`: nothing was written; `user` is what is stored now. */
  v.object({
    status: v.literal(false),
    isPositive: v.literal(false),
    isUpdated: v.literal(false),
    message: v.string(),
    conflict: v.literal(true),
    user: UserRecord,
  }),
]);
export type UpdateAccountReply = v.InferOutput<typeof UpdateAccountReply>;

export const UserIdForm = v.object({ user_id: Id });

export const AdminPrivileges = v.object(
  Object.fromEntries(ADMIN_PRIVILEGES.map((k) => [k, v.boolean()])) as Record<
    (typeof ADMIN_PRIVILEGES)[number],
    v.BooleanSchema<undefined>
  >,
);
export type AdminPrivileges = v.InferOutput<typeof AdminPrivileges>;
export const SetAdminPrivilegesForm = v.object({ user_id: Id, privileges: JsonField(AdminPrivileges, 'privileges') });
export const AdminPrivilegesReply = v.object({ status: v.boolean(), msg: v.string(), data: AdminPrivileges });
export type AdminPrivilegesReply = v.InferOutput<typeof AdminPrivilegesReply>;

export const UserSession = v.object({
  /** A public handle of the session (never the cookie, nor its full hash). */
  key: v.string(),
  stage: v.string(),
  created_at: v.number(),
  last_seen_at: v.number(),
  expires_at: v.number(),
  /** The session making this request. */
  current: v.boolean(),
});
export type UserSession = v.InferOutput<typeof UserSession>;
export const UserSessionsReply = v.object({ status: v.literal(true), data: v.array(UserSession) });
export type UserSessionsReply = v.InferOutput<typeof UserSessionsReply>;
export const KillSessionsForm = v.object({
  user_id: Id,
  /** Handles to end; absent or empty ends them all. */
  keys: v.optional(JsonField(v.pipe(v.array(v.pipe(v.string(), v.maxLength(64))), v.maxLength(1000)), 'keys'), '[]'),
});
export const KillSessionsReply = v.object({ status: v.boolean(), msg: v.string(), killed: v.number() });
export type KillSessionsReply = v.InferOutput<typeof KillSessionsReply>;

// ── mail (welcome, pre-register) ──────────────────────────────────────────
export const SendWelcomeForm = v.object({ user_id: Id });
export const PreRegisterForm = v.object({
  email: Email,
  first_name: v.optional(Text(150), ''),
  last_name: v.optional(Text(150), ''),
  organization_id: v.optional(v.union([v.literal(''), Id]), ''),
});
export type PreRegisterForm = v.InferOutput<typeof PreRegisterForm>;
export const MailReply = v.object({ status: v.boolean(), msg: v.string() });
export type MailReply = v.InferOutput<typeof MailReply>;

export const OutboxForm = v.object({ user_id: v.optional(v.union([v.literal(''), Id]), '') });
export const OutboxMessage = v.object({
  id: v.number(),
  kind: v.string(),
  to_email: v.string(),
  subject: v.string(),
  body_text: v.string(),
  /** 'stored' (no SMTP configured: kept here), 'queued', 'sent' or 'failed'. */
  status: v.string(),
  created_at: v.number(),
  sent_at: v.nullable(v.number()),
  last_error: v.nullable(v.string()),
  author: v.string(),
});
export type OutboxMessage = v.InferOutput<typeof OutboxMessage>;
export const OutboxReply = v.object({ status: v.literal(true), data: v.array(OutboxMessage) });

// ── bulk edit (spec §3 bulk-editable fields, §4, §8) ──────────────────────
/** An email, username or user id as sent in a bulk call's list (decision 024). */
const IdentifierText = v.pipe(v.string(), v.maxLength(254));
const isIdentifierText = (x: unknown): x is string => typeof x === 'string' && x.length <= 254;
/** A bulk call's identifiers: up to 100,000, each checked in one loop (json-list.ts). */
const IdentifierList = longList(IdentifierText, isIdentifierText);

/** Which users a bulk edit touches. */
export const BulkSelection = v.variant('by', [
  v.object({ by: v.literal('ids'), ids: v.pipe(longList(Id, isId), v.minLength(1), v.maxLength(100_000)) }),
  v.object({ by: v.literal('filter'), filter: UserFilter }),
  v.object({
    by: v.literal('identifiers'),
    identifiers: v.pipe(IdentifierList, v.minLength(1), v.maxLength(100_000)),
  }),
]);
export type BulkSelection = v.InferOutput<typeof BulkSelection>;
/** The most users one bulk edit may change. */
export const MAX_BULK_EDIT_USERS = 100_000;

/** Bulk-editable field (wire key) → new value; expiry_dt as MM-dd-yyyy. */
export const BulkChanges = v.pipe(
  v.record(v.pipe(v.string(), v.maxLength(64)), FlagValue),
  v.check((o) => Object.keys(o).length > 0, 'Choose at least one field to change.'),
);

export const UploadBulkEditForm = v.object({
  /** A CSV of emails, usernames or user ids (one column). */
  file: v.optional(v.file()),
  /** Or the identifiers as a JSON list; one over the limit is refused before it is parsed (json-list.ts). */
  identifiers: v.optional(
    v.pipe(
      v.string(),
      listAtMost(100_000, 'Send at most 100,000 identifiers.'),
      JsonField(v.pipe(IdentifierList, v.maxLength(100_000)), 'identifiers'),
    ),
  ),
});
export const UploadBulkEditReply = v.object({
  status: v.literal(true),
  data: v.object({
    validDataPoints: v.array(
      v.object({ id: v.number(), username: v.string(), email: v.string(), identifier: v.string() }),
    ),
    inValidDataPoints: v.array(v.string()),
    /** Identifier rows the file held (header and blank rows not counted); 0 for a JSON list. */
    rows: v.optional(v.number(), 0),
    /** The first row, when it named the column and was skipped. */
    header: v.optional(v.nullable(v.string()), null),
    /** Every row not taken or matching nobody: row number, value, reason (csv-upload.ts). */
    report: v.optional(v.array(CsvRowProblem), []),
  }),
});
export type UploadBulkEditReply = v.InferOutput<typeof UploadBulkEditReply>;

export const BulkEditForm = v.object({
  selection: JsonField(BulkSelection, 'selection'),
  changes: JsonField(BulkChanges, 'changes'),
});
export type BulkEditForm = v.InferOutput<typeof BulkEditForm>;

/** status 0: the edit cannot go ahead, `data` says why (spec §4, §8: shown as an alert). */
export const BulkStatusZero = v.object({ status: v.literal(0), data: v.string() });

/** bulk_edit_user_new/: what applying would do, without writing. */
export const BulkPreviewReply = v.union([
  v.object({
    status: v.literal(1),
    data: v.object({
      matched: v.number(),
      changing: v.number(),
      unchanged: v.number(),
      /** Users the edit would leave as they are (decision 066). */
      refused: v.optional(v.number(), 0),
      /** Identifiers that matched nobody (selection by identifiers). */
      unmatched: v.array(v.string()),
      sample: v.array(UserRow),
    }),
  }),
  BulkStatusZero,
]);
export type BulkPreviewReply = v.InferOutput<typeof BulkPreviewReply>;

/** One user's line of a bulk edit's report; a refused user says why. */
export const BulkResult = v.object({
  id: v.number(),
  username: v.string(),
  result: v.picklist(['updated', 'unchanged', 'refused']),
  changed: v.array(v.string()),
  reason: v.optional(v.string()),
});

/** bulk_edit_user/: applied in one transaction; a report per user. */
export const BulkApplyReply = v.union([
  v.object({
    status: v.literal(1),
    data: v.object({
      updated: v.number(),
      unchanged: v.number(),
      /** Users left as they were: staff accounts holding keys the author lacks (decision 066). */
      refused: v.optional(v.number(), 0),
      unmatched: v.array(v.string()),
      results: v.array(BulkResult),
    }),
  }),
  BulkStatusZero,
]);
export type BulkApplyReply = v.InferOutput<typeof BulkApplyReply>;
