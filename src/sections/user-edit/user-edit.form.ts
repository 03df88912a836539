// The edit form as data: the draft a person edits, what it changes against the record they
// opened, whether it keeps the rules of spec §5, which fields the session may touch (spec §6),
// and how a save that lost a race is shown and merged. Pure functions; the machine and the view
// share them, the server checks everything again.
import type { ConflictRow } from '../../domain/conflict';
import {
  BETA_FLAGS,
  USER_SWITCHES,
  bulkEditFields,
  defaultFlags,
  flagKeys,
  userTypesFor,
  EDIT_FIELD_FEATURES,
} from '../../domain/user-fields';
import { STAFF_USER_TYPE, CUSTOMER_USER_TYPES } from '../../domain/user-kinds';
import {
  categoryLabel,
  configurationLabel,
  dataPlanLabel,
  optionLabel,
  ownerLabel,
  startupScreenLabel,
  subscriptionStatusLabel,
  userFieldLabel,
  userTypeLabel,
} from '../../domain/user-labels';
import {
  EMAIL_PATTERN,
  FIELD_MESSAGES,
  PASSWORD_PATTERN,
  PHONE_PATTERN,
  USERNAME_PATTERN,
  parseExpiry,
  reconcileDataPlan,
  type FieldErrors,
} from '../../domain/user-rules';
import type { OrgPick, OwnerGroupReply, RoleRef, UserChanges, UserRecord } from '../../domain/users';
import { permissionName } from '../../domain/feature-labels';

/** One entry of the owner group: username and name. */
export type OwnerChoice = OwnerGroupReply['result'][number];

export interface EditDraft {
  first_name: string;
  last_name: string;
  email: string;
  username: string;
  phone: string;
  organization: OrgPick | null;
  user_type: string;
  user_category: string;
  user_role: string;
  owner: string;
  product_configuration: string;
  /** In the order chosen (the data-plan rules depend on it). */
  data_plan: string[];
  /** MM-dd-yyyy, or '' for no expiry. */
  expiry_dt: string;
  active: boolean;
  deleted: boolean;
  is_account_admin: boolean;
  startup_screen: string;
  subscription_status: string;
  sf_contact_id: string;
  flags: Record<string, boolean | string>;
  /** Role ids, ascending. */
  staff_roles: number[];
  /** A new password; '' keeps the current one. Never part of a record. */
  password: string;
}

export const RECORD_FIELDS = [
  'first_name',
  'last_name',
  'email',
  'username',
  'phone',
  'organization',
  'user_type',
  'user_category',
  'user_role',
  'owner',
  'product_configuration',
  'data_plan',
  'expiry_dt',
  'active',
  'deleted',
  'is_account_admin',
  'startup_screen',
  'subscription_status',
  'sf_contact_id',
  'staff_roles',
] as const;
export type RecordField = (typeof RECORD_FIELDS)[number];
/** A field of the form, or one flag as `flags.<key>`. */
export type DraftKey = RecordField | 'password' | `flags.${string}`;
export type DraftValue = string | boolean | string[] | number[] | OrgPick | null;

export function draftOf(product: string, record: UserRecord): EditDraft {
  return {
    first_name: record.first_name,
    last_name: record.last_name,
    email: record.email,
    username: record.username,
    phone: record.phone ?? '',
    organization:
      record.organization_id === null
        ? null
        : {
            title: record.organization ?? `Organization ${record.organization_id}`,
            org_id: record.organization_id,
            salesforceId: null,
          },
    user_type: record.user_type,
    user_category: record.user_category,
    user_role: record.user_role ?? '',
    owner: record.owner ?? '',
    product_configuration: record.product_configuration,
    data_plan: [...record.data_plan],
    expiry_dt: record.expiry_dt ?? '',
    active: record.active,
    deleted: record.deleted,
    is_account_admin: record.is_account_admin,
    startup_screen: record.startup_screen,
    subscription_status: record.subscription_status ?? '',
    sf_contact_id: record.sf_contact_id ?? '',
    // Flags a record has never stored show their defaults.
    flags: { ...defaultFlags(product), ...record.flags },
    staff_roles: record.staff_roles.map((r) => r.id).sort((a, b) => a - b),
    password: '',
  };
}

/** Every key of the form a conflict can name, flags one by one. */
export function draftKeys(product: string): DraftKey[] {
  return [...RECORD_FIELDS, ...flagKeys(product).map((k) => `flags.${k}` as const)];
}

export function readDraft(draft: EditDraft, key: DraftKey): DraftValue {
  if (key.startsWith('flags.')) return draft.flags[key.slice('flags.'.length)] ?? null;
  return draft[key as RecordField | 'password'];
}

export function writeDraft(draft: EditDraft, key: DraftKey, value: DraftValue): EditDraft {
  if (key.startsWith('flags.'))
    return { ...draft, flags: { ...draft.flags, [key.slice('flags.'.length)]: value as boolean | string } };
  return { ...draft, [key]: value };
}

const TEXT_FIELDS = new Set<DraftKey>([
  'first_name',
  'last_name',
  'email',
  'username',
  'phone',
  'user_role',
  'owner',
  'sf_contact_id',
]);

/** Equality as the server sees it: text trimmed (emails in any case), sets of roles, orgs by id. */
export function sameValue(key: DraftKey, a: DraftValue, b: DraftValue): boolean {
  if (key === 'organization')
    return ((a as OrgPick | null)?.org_id ?? null) === ((b as OrgPick | null)?.org_id ?? null);
  if (key === 'email') return String(a).trim().toLowerCase() === String(b).trim().toLowerCase();
  if (TEXT_FIELDS.has(key)) return String(a).trim() === String(b).trim();
  if (key === 'staff_roles' || key === 'data_plan') {
    const x = [...(a as (string | number)[])].map(String).sort();
    const y = [...(b as (string | number)[])].map(String).sort();
    return x.length === y.length && x.every((v, i) => v === y[i]);
  }
  return a === b;
}

/** Keys whose draft value differs from the record the person opened. */
export function changedKeys(product: string, base: UserRecord, draft: EditDraft): DraftKey[] {
  const opened = draftOf(product, base);
  const keys = draftKeys(product).filter((k) => !sameValue(k, readDraft(opened, k), readDraft(draft, k)));
  return draft.password ? [...keys, 'password'] : keys;
}

/** The update_account/ `changes` for the draft: only what differs, in the contract's shape. */
export function changesOf(product: string, base: UserRecord, draft: EditDraft): UserChanges {
  const changes: Record<string, unknown> = {};
  const flags: Record<string, boolean | string> = {};
  for (const key of changedKeys(product, base, draft)) {
    if (key.startsWith('flags.')) {
      const flag = key.slice('flags.'.length);
      flags[flag] = draft.flags[flag]!;
    } else if (key === 'organization') {
      if (draft.organization) changes['organization_id'] = draft.organization.org_id;
    } else if (key === 'subscription_status') {
      changes[key] = draft.subscription_status || null;
    } else if (key === 'sf_contact_id') {
      changes[key] = draft.sf_contact_id.trim() || null;
    } else if (TEXT_FIELDS.has(key)) {
      changes[key] = String(draft[key as RecordField]).trim();
    } else {
      changes[key] = draft[key as RecordField | 'password'];
    }
  }
  if (Object.keys(flags).length) changes['flags'] = flags;
  return changes as UserChanges;
}

/** Spec §5 on the draft: what the person must fix before Save. */
export function formErrors(product: string, base: UserRecord, draft: EditDraft): FieldErrors {
  const errors: FieldErrors = {};
  if (!draft.first_name.trim()) errors['first_name'] = FIELD_MESSAGES.required('First name');
  if (!draft.last_name.trim()) errors['last_name'] = FIELD_MESSAGES.required('Last name');
  if (!draft.email.trim()) errors['email'] = FIELD_MESSAGES.required('Email');
  else if (!EMAIL_PATTERN.test(draft.email.trim())) errors['email'] = FIELD_MESSAGES.email;
  if (!USERNAME_PATTERN.test(draft.username.trim())) errors['username'] = FIELD_MESSAGES.username;
  if (draft.phone.trim() && !PHONE_PATTERN.test(draft.phone.trim())) errors['phone'] = FIELD_MESSAGES.phone;
  if (draft.password && !PASSWORD_PATTERN.test(draft.password)) errors['password'] = FIELD_MESSAGES.password;
  if (draft.expiry_dt.trim() && !parseExpiry(draft.expiry_dt)) errors['expiry_dt'] = FIELD_MESSAGES.expiry;
  if (!draft.owner.trim() && base.owner) errors['owner'] = FIELD_MESSAGES.required(userFieldLabel(product, 'owner'));
  const plan = reconcileDataPlan(product, draft.data_plan, draft.user_category);
  if (plan.error) errors['data_plan'] = plan.error;
  return errors;
}

// ── what the session may touch (spec §6) ──────────────────────────────────
export type FieldAccess =
  { show: false; editable: false } | { show: true; editable: true } | { show: true; editable: false; why: string };

const isCustomer = (t: string) => (CUSTOMER_USER_TYPES as readonly string[]).includes(t);
const needs = (feature: string, what: string) => `Changing ${what} needs the ${permissionName(feature)} permission.`;

export const READ_ONLY_REASON = `You can view this user; changing users needs the ${permissionName('edit_user')} permission.`;

export function fieldAccess(
  key: DraftKey,
  features: readonly string[],
  base: UserRecord,
  draft: EditDraft,
): FieldAccess {
  const has = (f: string) => features.includes(f);
  const flag = key.startsWith('flags.') ? key.slice('flags.'.length) : null;
  if (key === 'deleted' && !has('deleted_user')) return { show: false, editable: false };
  if (key === 'staff_roles' && draft.user_type !== STAFF_USER_TYPE && base.user_type !== STAFF_USER_TYPE)
    return { show: false, editable: false };
  if (!has('edit_user')) return { show: true, editable: false, why: READ_ONLY_REASON };
  const feature = EDIT_FIELD_FEATURES[flag ?? key];
  // Shown under the field itself, so 'this' is enough.
  if (feature && !has(feature)) return { show: true, editable: false, why: needs(feature, 'this') };
  if (key === 'user_type') {
    if (isCustomer(base.user_type) && !has('allow_customer_type'))
      return { show: true, editable: false, why: needs('allow_customer_type', "a customer's type") };
    if (base.user_type === STAFF_USER_TYPE && !has('staff_role_change'))
      return { show: true, editable: false, why: needs('staff_role_change', "a staff user's type") };
  }
  if (key === 'email' && base.flags['researchreports'] === true && !has('br_user_email_change')) {
    return {
      show: true,
      editable: false,
      why: needs('br_user_email_change', 'the email of a user with broker research enabled'),
    };
  }
  return { show: true, editable: true };
}

/** User types the select offers: the session's (spec §3), staff only with staff_role_change, and always the current one. */
export function userTypeOptions(features: readonly string[], current: string): string[] {
  const offered = userTypesFor(features).filter((t) => t !== STAFF_USER_TYPE || features.includes('staff_role_change'));
  return offered.includes(current as never) ? [...offered] : [current, ...offered];
}

// ── labels and display ────────────────────────────────────────────────────
/** A field's name, flags by their own key: the names every user screen uses (domain/user-labels.ts). */
export function fieldLabel(product: string, key: DraftKey): string {
  return userFieldLabel(product, key.startsWith('flags.') ? key.slice('flags.'.length) : key);
}

/** The flags in the groups the form shows them in. */
export function flagGroups(product: string): { title: string; keys: string[] }[] {
  return [
    { title: 'Beta and restriction flags', keys: [...BETA_FLAGS] },
    { title: 'Switches', keys: [...USER_SWITCHES] },
    {
      title: 'Access and data',
      keys: bulkEditFields(product)
        .filter((f) => f.column === null)
        .map((f) => f.key),
    },
  ];
}

/** What the form can name beyond the record's own values: staff roles by id, owners by username. */
export interface KnownNames {
  roles: readonly RoleRef[];
  owners: readonly OwnerChoice[];
}

/** The label of one value of a choice field; values the labels do not know stay as stored. */
export function valueLabel(product: string, key: DraftKey, value: string, owners: readonly OwnerChoice[] = []): string {
  switch (key) {
    case 'user_type':
      return userTypeLabel(value);
    case 'user_category':
      return categoryLabel(value);
    case 'product_configuration':
      return configurationLabel(product, value);
    case 'startup_screen':
      return startupScreenLabel(product, value);
    case 'subscription_status':
      return subscriptionStatusLabel(value);
    case 'data_plan':
      return dataPlanLabel(product, value);
    case 'owner': {
      const known = owners.find((o) => o.key === value);
      return known ? ownerLabel(known) : value;
    }
    default:
      return key.startsWith('flags.') ? optionLabel(value) : value;
  }
}

export function displayValue(product: string, key: DraftKey, value: DraftValue, names: KnownNames): string {
  if (value === null || value === undefined || value === '') return '(empty)';
  if (typeof value === 'boolean') return value ? 'On' : 'Off';
  if (key === 'organization') return (value as OrgPick).title;
  if (key === 'staff_roles')
    return (
      (value as number[]).map((id) => names.roles.find((r) => r.id === id)?.name ?? `Role ${id}`).join(', ') || '(none)'
    );
  if (key === 'data_plan')
    return (value as string[]).map((item) => dataPlanLabel(product, item)).join(', ') || '(none)';
  if (Array.isArray(value)) return value.join(', ') || '(none)';
  if (key === 'password') return '(new password)';
  return valueLabel(product, key, String(value), names.owners);
}

/**
 * The owner select's choices: the owner group, and before it any owner the group does not list
 * (the stored one, or one a colleague saved) as its raw username, so it stays visible and can be
 * chosen again.
 */
export function ownerOptions(
  owners: readonly OwnerChoice[],
  keep: readonly string[],
): { value: string; label: string }[] {
  const unknown = [...new Set(keep.filter((k) => k !== '' && !owners.some((o) => o.key === k)))];
  return [
    ...unknown.map((k) => ({ value: k, label: k })),
    ...owners.map((o) => ({ value: o.key, label: ownerLabel(o) })),
  ];
}

// ── a save that lost the race ─────────────────────────────────────────────
/** The fields someone else changed since the person opened the user. */
export function conflictRows(
  product: string,
  base: UserRecord,
  theirs: UserRecord,
  draft: EditDraft,
  names: KnownNames,
): ConflictRow<DraftKey>[] {
  const opened = draftOf(product, base);
  const stored = draftOf(product, theirs);
  return draftKeys(product)
    .filter((k) => !sameValue(k, readDraft(opened, k), readDraft(stored, k)))
    .map((key) => {
      const [o, s, y] = [readDraft(opened, key), readDraft(stored, key), readDraft(draft, key)];
      return {
        key,
        label: fieldLabel(product, key),
        opened: displayValue(product, key, o, names),
        stored: displayValue(product, key, s, names),
        yours: displayValue(product, key, y, names),
        clash: !sameValue(key, o, y) && !sameValue(key, s, y),
      };
    });
}

export interface Merged {
  draft: EditDraft;
  /** Edits of the person that the stored value replaced (they changed the same field). */
  replaced: { key: DraftKey; label: string; yours: string }[];
}

/**
 * "Review their version": the stored record, with the person's own edits re-applied wherever the
 * other save left the field alone. Where both changed a field the stored value stays, and the
 * person's value is listed so nothing is lost silently.
 */
export function mergeOnto(
  product: string,
  base: UserRecord,
  theirs: UserRecord,
  draft: EditDraft,
  names: KnownNames,
): Merged {
  const opened = draftOf(product, base);
  let merged = draftOf(product, theirs);
  const replaced: Merged['replaced'] = [];
  for (const key of draftKeys(product)) {
    const [o, s, y] = [readDraft(opened, key), readDraft(merged, key), readDraft(draft, key)];
    if (sameValue(key, o, y)) continue;
    if (sameValue(key, o, s)) merged = writeDraft(merged, key, y);
    else if (!sameValue(key, s, y))
      replaced.push({ key, label: fieldLabel(product, key), yours: displayValue(product, key, y, names) });
  }
  return { draft: { ...merged, password: draft.password }, replaced };
}
