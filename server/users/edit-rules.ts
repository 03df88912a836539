// What an update_account/ save may change, decided without the database: the fields that really
// change, the features each change needs (spec §6), the domain rules (spec §5) the result must
// keep, the organisation and email effects, and the changes a person may not make to their own
// account. server/users/update.ts runs these inside its transaction.
import { EDIT_FIELD_FEATURES, flagKeys, bulkEditFields } from '../../src/domain/user-fields';
import { PRODUCT_BETA_FLAGS } from '../../src/domain/user-flags';
import { CUSTOMER_USER_TYPES, STAFF_USER_TYPE } from '../../src/domain/user-kinds';
import {
  dateToTimestamp,
  NO_DATA_PLAN,
  parseExpiry,
  reconcileDataPlan,
  storedDataPlan,
} from '../../src/domain/user-rules';
import { productNames } from '../../src/domain/product';
import type { ChangeKind, UserChanges, UserRecord } from '../../src/domain/users';
import type { User } from '../db/schema';
import { expiryText } from './records';
import { permissionName } from '../../src/domain/feature-labels';

/** Columns of the users table (server/db/schema.ts) a save stores as they are. */
type PlainColumn =
  | 'first_name'
  | 'last_name'
  | 'email'
  | 'username'
  | 'phone'
  | 'organization_id'
  | 'user_type'
  | 'user_category'
  | 'user_role'
  | 'owner'
  | 'product_configuration'
  | 'expiry_dt'
  | 'startup_screen'
  | 'subscription_status'
  | 'sf_contact_id';

/**
 * The values of a user that a save can change, in one canonical form for comparison: the columns
 * as the table holds them (expiry_dt: UTC midnight in ms, or null for no expiry), the stored JSON
 * and 0/1 columns decoded, and the staff roles.
 */
export interface Editable extends Pick<User, PlainColumn> {
  data_plan: string[];
  active: boolean;
  deleted: boolean;
  is_account_admin: boolean;
  flags: Record<string, boolean | string>;
  /** Role ids, ascending. */
  staff_roles: number[];
}

export type EditableField = keyof Editable;
/** A changed field, or a changed flag as `flags.<key>`. */
export type ChangeKey = Exclude<EditableField, 'flags'> | `flags.${string}`;

export function editableOf(record: UserRecord): Editable {
  return {
    first_name: record.first_name,
    last_name: record.last_name,
    email: record.email,
    username: record.username,
    phone: record.phone,
    organization_id: record.organization_id,
    user_type: record.user_type,
    user_category: record.user_category,
    user_role: record.user_role,
    owner: record.owner,
    product_configuration: record.product_configuration,
    data_plan: record.data_plan,
    expiry_dt: record.expiry_dt_timestamp,
    active: record.active,
    deleted: record.deleted,
    is_account_admin: record.is_account_admin,
    startup_screen: record.startup_screen,
    subscription_status: record.subscription_status,
    sf_contact_id: record.sf_contact_id,
    flags: { ...record.flags },
    staff_roles: record.staff_roles.map((r) => r.id).sort((a, b) => a - b),
  };
}

const orNull = (s: string | null | undefined) => (s === undefined ? undefined : s === null || s === '' ? null : s);

/**
 * The user as the save would leave it, before the organisation and email effects. The data plan is
 * reconciled against the resulting category (§5), as the panel does while the person chooses.
 */
export function applyChanges(product: string, current: Editable, changes: UserChanges): Editable {
  const next: Editable = { ...current, flags: { ...current.flags }, staff_roles: [...current.staff_roles] };
  const c = changes;
  if (c.first_name !== undefined) next.first_name = c.first_name;
  if (c.last_name !== undefined) next.last_name = c.last_name;
  if (c.email !== undefined) next.email = c.email.toLowerCase();
  if (c.username !== undefined) next.username = c.username;
  if (c.phone !== undefined) next.phone = orNull(c.phone) ?? null;
  if (c.organization_id !== undefined) next.organization_id = c.organization_id;
  if (c.user_type !== undefined) next.user_type = c.user_type;
  if (c.user_category !== undefined) next.user_category = c.user_category;
  if (c.user_role !== undefined) next.user_role = orNull(c.user_role) ?? null;
  if (c.owner !== undefined) next.owner = c.owner;
  if (c.product_configuration !== undefined) next.product_configuration = c.product_configuration;
  if (c.data_plan !== undefined) next.data_plan = c.data_plan;
  if (c.expiry_dt !== undefined) {
    const date = c.expiry_dt === '' ? null : parseExpiry(c.expiry_dt);
    next.expiry_dt = date ? dateToTimestamp(date) : null;
  }
  if (c.active !== undefined) next.active = c.active;
  if (c.deleted !== undefined) next.deleted = c.deleted;
  if (c.is_account_admin !== undefined) next.is_account_admin = c.is_account_admin;
  if (c.startup_screen !== undefined) next.startup_screen = c.startup_screen;
  if (c.subscription_status !== undefined) next.subscription_status = c.subscription_status;
  if (c.sf_contact_id !== undefined) next.sf_contact_id = orNull(c.sf_contact_id) ?? null;
  if (c.flags !== undefined) Object.assign(next.flags, c.flags);
  if (c.staff_roles !== undefined) next.staff_roles = [...new Set(c.staff_roles)].sort((a, b) => a - b);
  // A category change re-checks the stored plan too; reconciling an unchanged plan is a no-op.
  if (c.data_plan !== undefined || c.user_category !== undefined) {
    next.data_plan = storedDataPlan(reconcileDataPlan(product, next.data_plan, next.user_category).plan);
  }
  // Only staff hold staff roles: a user who stops being staff loses them (roles named for a
  // user who is not staff are refused by ruleErrors instead).
  if (next.user_type !== STAFF_USER_TYPE && c.staff_roles === undefined) next.staff_roles = [];
  return next;
}

const sameSet = (a: readonly unknown[], b: readonly unknown[]) =>
  a.length === b.length && a.every((x) => b.includes(x)) && b.every((x) => a.includes(x));

/** Fields (and flags) whose value differs, in a stable order. */
export function changedKeys(before: Editable, after: Editable): ChangeKey[] {
  const keys: ChangeKey[] = [];
  for (const field of Object.keys(after) as EditableField[]) {
    if (field === 'flags') continue;
    const a = before[field];
    const b = after[field];
    const differs = Array.isArray(a) && Array.isArray(b) ? !sameSet(a, b) : a !== b;
    if (differs) keys.push(field);
  }
  const flagNames = new Set([...Object.keys(before.flags), ...Object.keys(after.flags)]);
  for (const key of [...flagNames].sort()) {
    if (before.flags[key] !== after.flags[key] && key in after.flags) keys.push(`flags.${key}`);
  }
  return keys;
}

/** Readable names for messages. */
const LABELS: Partial<Record<string, string>> = {
  user_type: 'the user type',
  expiry_dt: 'the expiry date',
  active: 'whether the user is active',
  deleted: 'whether the user is deleted',
  staff_roles: 'staff roles',
  tr_src: 'the transcript source',
  rr_pro: 'the research provider',
  email: 'the email',
  ...Object.fromEntries(PRODUCT_BETA_FLAGS.map((flag) => [flag, 'product beta settings'])),
};

export interface MissingPermission {
  feature: string;
  /** What the change was, for the message. */
  what: string;
}

const isCustomerType = (t: string) => (CUSTOMER_USER_TYPES as readonly string[]).includes(t);

/** Features the session lacks for these changes (spec §6), each named once. */
export function missingPermissions(
  features: readonly string[],
  before: Editable,
  keys: readonly ChangeKey[],
  after: Editable,
): MissingPermission[] {
  const needed: MissingPermission[] = [];
  const need = (feature: string, what: string) => {
    if (!features.includes(feature) && !needed.some((n) => n.feature === feature)) needed.push({ feature, what });
  };
  for (const key of keys) {
    const field = key.startsWith('flags.') ? key.slice('flags.'.length) : key;
    const feature = EDIT_FIELD_FEATURES[field];
    if (feature) need(feature, `change ${LABELS[field] ?? field}`);
  }
  if (keys.includes('user_type')) {
    if (isCustomerType(before.user_type) || isCustomerType(after.user_type))
      need('allow_customer_type', 'change a user to or from a customer type');
    if (before.user_type === STAFF_USER_TYPE || after.user_type === STAFF_USER_TYPE)
      need('staff_role_change', 'make a user staff or stop them being staff');
  }
  if (keys.includes('email') && before.flags['researchreports'] === true) {
    need('br_user_email_change', 'change the email of a user with broker research enabled');
  }
  return needed;
}

export function permissionMessage(missing: readonly MissingPermission[]): string {
  const parts = missing.map((m) => `${m.what} (needs the ${permissionName(m.feature)} permission)`);
  return `You may not ${parts.join('; ')}. Nothing was saved.`;
}

export type FieldErrors = Record<string, string>;

/** Spec §5 and the product's option lists, on the user as the save would leave it. */
export function ruleErrors(product: string, changes: UserChanges, after: Editable): FieldErrors {
  const p = productNames(product);
  const errors: FieldErrors = {};
  if (changes.data_plan !== undefined || changes.user_category !== undefined) {
    const unknown = (changes.data_plan ?? []).filter(
      (item) => item !== NO_DATA_PLAN && !p.dataPlanItems.includes(item),
    );
    if (unknown.length) errors['data_plan'] = `Unknown data plan item: ${unknown.join(', ')}.`;
    else {
      const plan = reconcileDataPlan(product, after.data_plan, after.user_category);
      if (plan.error) errors['data_plan'] = plan.error;
    }
  }
  if (changes.product_configuration !== undefined && !p.configurations.includes(changes.product_configuration)) {
    errors['product_configuration'] = `Choose one of ${p.configurations.join(', ')}.`;
  }
  if (changes.startup_screen !== undefined && !p.startupScreens.includes(changes.startup_screen)) {
    errors['startup_screen'] = `Choose one of ${p.startupScreens.join(', ')}.`;
  }
  if (changes.flags) {
    const known = flagKeys(product);
    const choices = new Map(
      bulkEditFields(product).flatMap((f) => (f.type.kind === 'choice' ? [[f.key, f.type.options] as const] : [])),
    );
    for (const [key, value] of Object.entries(changes.flags)) {
      const options = choices.get(key);
      if (!known.includes(key)) errors[`flags.${key}`] = `There is no flag named ${key}.`;
      else if (options ? typeof value !== 'string' || !options.includes(value) : typeof value !== 'boolean') {
        errors[`flags.${key}`] = options ? `Choose one of ${options.join(', ')}.` : 'Expected on or off.';
      }
    }
  }
  if (changes.staff_roles !== undefined && changes.staff_roles.length > 0 && after.user_type !== STAFF_USER_TYPE) {
    errors['staff_roles'] = 'Only staff users hold staff roles.';
  }
  return errors;
}

/**
 * Changes that would lock the person out of the panel they are using: their own account must stay
 * active, undeleted, unexpired staff holding a role with admin_panel_access.
 */
export function selfLockout(after: Editable, now: number, keepsPanelAccess: boolean): string | null {
  if (!after.active) return 'You cannot deactivate your own account.';
  if (after.deleted) return 'You cannot delete your own account.';
  if (after.user_type !== STAFF_USER_TYPE) return 'You cannot stop being staff yourself.';
  if (after.expiry_dt !== null && after.expiry_dt <= now)
    return 'You cannot set your own account to expire in the past.';
  if (!keepsPanelAccess) return 'You cannot remove the last role that gives you admin panel access.';
  return null;
}

/** Flags a user loses with their broker research access (spec §5). */
export const BROKER_RESEARCH_FLAGS = ['researchreports', 'br_manager'] as const;

/** Broker research access ends on a move to a different organisation or an email of a different person. */
export function applyEffects(after: Editable, effects: { org: ChangeKind | null; email: ChangeKind | null }): Editable {
  if (effects.org !== 'different' && effects.email !== 'different') return after;
  const flags = { ...after.flags };
  for (const key of BROKER_RESEARCH_FLAGS) flags[key] = false;
  return { ...after, flags };
}

/** What the audit row shows for a field: dates as the person reads them, flags nested. */
export function auditValues(keys: readonly ChangeKey[], from: Editable): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of keys) {
    if (key.startsWith('flags.')) {
      const flag = key.slice('flags.'.length);
      const flags = (out['flags'] ??= {}) as Record<string, unknown>;
      flags[flag] = from.flags[flag] ?? null;
    } else if (key === 'expiry_dt') {
      out[key] = expiryText(from.expiry_dt);
    } else {
      out[key] = from[key as EditableField];
    }
  }
  return out;
}
