// The create form's own arithmetic, shared by the machine and its selectors: empty values, the
// step-one record the rules of src/domain check, which people step two holds, and their errors.
import { productNames } from '../../domain/product';
import { BETA_FLAGS, DEFAULT_STARTUP_SCREEN } from '../../domain/user-fields';
import {
  expiryDefault,
  formatExpiry,
  MAX_USERS_PER_CREATE,
  stepOneErrors,
  USERNAME_PATTERN,
  usersErrors,
  type CalendarDate,
  type CreateStepOne,
  type FieldErrors,
} from '../../domain/user-rules';
import type { FieldRefusal } from '../../domain/field-errors';
import type { AccountForm, Person, UserCreateContext } from './user-create.types';

export const emptyPerson = (): Person => ({
  first_name: '',
  last_name: '',
  email: '',
  username: '',
  password: '',
  phone: '',
});

export const isBlank = (p: Person) => Object.values(p).every((v) => v.trim() === '');

/** Spec §4: the user type's expiry from today; no type yet counts as unassigned. */
export const defaultExpiryOf = (userType: string, today: CalendarDate) =>
  formatExpiry(expiryDefault(userType || null, today));

/** A fresh step one: the product's default configuration and screen, general users, no flags on. */
export function initialAccount(product: string, today: CalendarDate): AccountForm {
  return {
    org: null,
    user_type: '',
    user_category: 'general',
    owner: '',
    product_configuration: productNames(product).defaultConfiguration,
    data_plan: [],
    expiry_dt: defaultExpiryOf('', today),
    startup_screen: DEFAULT_STARTUP_SCREEN,
    flags: Object.fromEntries(BETA_FLAGS.map((f) => [f, false])),
  };
}

export function stepOneOf(account: AccountForm): CreateStepOne {
  return {
    organization_id: account.org?.org_id ?? null,
    user_type: account.user_type,
    user_category: account.user_category,
    owner: account.owner,
    product_configuration: account.product_configuration,
    data_plan: account.data_plan,
    expiry_dt: account.expiry_dt,
  };
}

export const accountErrors = (c: Pick<UserCreateContext, 'product' | 'account'>): FieldErrors => {
  const errors = stepOneErrors(c.product, stepOneOf(c.account));
  // An empty expiry would silently take the type's default; the form always names one.
  if (!c.account.expiry_dt.trim()) errors['expiry_dt'] = 'Choose an expiry date.';
  return errors;
};

/** Key of serverErrors that holds step one's fields (the rows are keyed by their table index). */
export const STEP_ONE_KEY = 'step_one';

/** The request fields of register/ that step one shows (RegisterForm); a refusal of one goes back there. */
const STEP_ONE_FIELDS: readonly string[] = [
  'organization_id',
  'user_type',
  'user_category',
  'owner',
  'product_configuration',
  'data_plan',
  'expiry_dt',
  'startup_screen',
  'flags',
];
const ROW_FIELD = /^users\.(\d+)\.(\w+)$/;

/**
 * Where each of the server's messages shows (decision 042): step one's fields under STEP_ONE_KEY,
 * `users.<n>.<field>` on the table row of the n-th person sent (`sent` maps one to the other), and
 * what no visible field holds in the summary.
 */
export function placeRefusal(
  refusal: FieldRefusal,
  sent: readonly number[],
): { serverErrors: Record<string, FieldErrors>; unplaced: string[] } {
  const serverErrors: Record<string, FieldErrors> = {};
  const unplaced: string[] = [];
  for (const [key, message] of Object.entries(refusal.fields)) {
    const row = ROW_FIELD.exec(key);
    const at = row ? sent[Number(row[1])] : undefined;
    if (row && at !== undefined) (serverErrors[String(at)] ??= {})[row[2]!] = message;
    else if (STEP_ONE_FIELDS.includes(key)) (serverErrors[STEP_ONE_KEY] ??= {})[key] = message;
    else if (!refusal.msg.includes(message)) unplaced.push(message);
  }
  return { serverErrors, unplaced };
}

/** Valid by the rules, and nothing the server refused in it is left unchanged. */
export const accountValid = (c: Pick<UserCreateContext, 'product' | 'account' | 'serverErrors'>) =>
  Object.keys(accountErrors(c)).length === 0 && Object.keys(c.serverErrors[STEP_ONE_KEY] ?? {}).length === 0;

/** The people step two would create: the single form, or the non-blank rows of the table. */
export function peopleOf(c: Pick<UserCreateContext, 'mode' | 'single' | 'rows'>): Person[] {
  return c.mode === 'single' ? [c.single] : c.rows.filter((r) => !isBlank(r));
}

export const peopleErrors = (c: Pick<UserCreateContext, 'mode' | 'single' | 'rows'>) => usersErrors(peopleOf(c));

/** A username worth asking the server about: typed, and of the right shape. */
export const usernameCheckable = (username: string) => USERNAME_PATTERN.test(username.trim());

/** The single user's username is known to be taken. */
export const usernameTaken = (c: Pick<UserCreateContext, 'mode' | 'single' | 'usernameCheck'>) =>
  c.mode === 'single' &&
  c.usernameCheck !== null &&
  !c.usernameCheck.available &&
  c.usernameCheck.username === c.single.username.trim();

export function peopleValid(c: Pick<UserCreateContext, 'mode' | 'single' | 'rows' | 'usernameCheck'>): boolean {
  const people = peopleOf(c);
  return (
    people.length > 0 &&
    people.length <= MAX_USERS_PER_CREATE &&
    Object.keys(usersErrors(people)).length === 0 &&
    !usernameTaken(c)
  );
}

/** One call creates at most MAX_USERS_PER_CREATE people: how many rows are over. */
export const rowsOver = (c: Pick<UserCreateContext, 'mode' | 'single' | 'rows'>) =>
  Math.max(0, peopleOf(c).length - MAX_USERS_PER_CREATE);

/** Drops the server's message for a field the person has just changed. */
export function withoutServerError(
  errors: Record<string, FieldErrors>,
  key: string,
  field: string,
): Record<string, FieldErrors> {
  const row = errors[key];
  if (!row || !(field in row)) return errors;
  const { [field]: _dropped, ...rest } = row;
  return { ...errors, [key]: rest };
}

/** Row keys of the server's errors follow the people sent: in the table, blank rows are skipped. */
export function rowKeyOf(c: Pick<UserCreateContext, 'mode' | 'rows'>, index: number): string {
  if (c.mode === 'single') return '0';
  let sent = -1;
  for (let i = 0; i <= index && i < c.rows.length; i++) if (!isBlank(c.rows[i]!)) sent++;
  return String(sent);
}
