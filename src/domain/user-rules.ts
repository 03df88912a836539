// Rules of the user area (spec §4, §5): expiry defaults, the expiry date format, the data-plan
// reconciliation and its messages, field patterns, and create-form validity. Pure functions:
// the panel runs them as a person types, the server runs them again on what arrives.
import { productNames } from './product';

// ── expiry ────────────────────────────────────────────────────────────────
/** A calendar date, without a time of day or zone. */
export interface CalendarDate {
  year: number;
  month: number;
  day: number;
}

/** Spec §4: the default expiry per user type, counted from today. */
const EXPIRY_DEFAULTS: Record<string, { days?: number; months?: number }> = {
  trial: { days: 15 },
  test_user: { days: 15 },
  customer: { days: 365 },
  is_staff: { days: 365 },
  journalist: { days: 365 },
  student: { months: 3 },
  partner: { days: 365 },
  grace_customer: { months: 1 },
  churn_customer: { days: 1 },
  unassigned: { days: 1 },
};
const OTHERS_DEFAULT = { days: 365 };

/** The latest expiry a person may pick (spec §2). */
export const MAX_EXPIRY: CalendarDate = { year: 3000, month: 12, day: 31 };

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** Adds days or calendar months; a month step from the 31st lands on the month's last day. */
export function addToDate(date: CalendarDate, step: { days?: number; months?: number }): CalendarDate {
  let { year, month, day } = date;
  if (step.months) {
    const index = year * 12 + (month - 1) + step.months;
    year = Math.floor(index / 12);
    month = (index % 12) + 1;
    day = Math.min(day, daysInMonth(year, month));
  }
  if (step.days) {
    const d = new Date(Date.UTC(year, month - 1, day + step.days));
    return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
  }
  return { year, month, day };
}

export function expiryDefault(userType: string | null | undefined, today: CalendarDate): CalendarDate {
  return addToDate(
    today,
    (userType && EXPIRY_DEFAULTS[userType]) || (userType ? OTHERS_DEFAULT : EXPIRY_DEFAULTS['unassigned']!),
  );
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** The wire and display form of spec §2: month-day-year, 'MM-dd-yyyy'. */
export function formatExpiry(date: CalendarDate): string {
  return `${pad(date.month)}-${pad(date.day)}-${pad(date.year, 4)}`;
}

export const EXPIRY_PATTERN = /^(\d{2})-(\d{2})-(\d{4})$/;

/** A real calendar date in MM-dd-yyyy no later than 31 December 3000, or null. */
export function parseExpiry(text: string): CalendarDate | null {
  const m = EXPIRY_PATTERN.exec(text.trim());
  if (!m) return null;
  const date = { month: Number(m[1]), day: Number(m[2]), year: Number(m[3]) };
  if (
    date.year < 1900 ||
    date.month < 1 ||
    date.month > 12 ||
    date.day < 1 ||
    date.day > daysInMonth(date.year, date.month)
  )
    return null;
  return compareDates(date, MAX_EXPIRY) > 0 ? null : date;
}

export function compareDates(a: CalendarDate, b: CalendarDate): number {
  return a.year - b.year || a.month - b.month || a.day - b.day;
}

/** Stored as the UTC midnight that starts the date (users.expiry_dt). */
export function dateToTimestamp(date: CalendarDate): number {
  return Date.UTC(date.year, date.month - 1, date.day);
}

export function timestampToDate(ms: number): CalendarDate {
  const d = new Date(ms);
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
}

/** Today where the person is (the panel) or in UTC (the server). */
export function todayOf(now: Date, zone: 'local' | 'utc'): CalendarDate {
  return zone === 'local'
    ? { year: now.getFullYear(), month: now.getMonth() + 1, day: now.getDate() }
    : { year: now.getUTCFullYear(), month: now.getUTCMonth() + 1, day: now.getUTCDate() };
}

// ── data plan (spec §5) ───────────────────────────────────────────────────
/** The item that stands for "no data plan". */
export const NO_DATA_PLAN = 'null';

export function dataPlanMessages(key: string) {
  // Read by a person: the display name stands for {product}.
  const product = productNames(key).name;
  return {
    altReplacesData: `${product} Alternative data has all the features of ${product} Data. Therefore, ${product} data has been removed from selection.`,
    notBoth: `Data plan can't be ${product} data and ${product} alternative data together.`,
    shareholderNeedsData: `User must have ${product} Data to have shareholder data. ${product} data has been assigned as a result.`,
    categoryForbidsData: `IR and Workiva user category can't have ${product} data or ${product} alternative data.`,
  } as const;
}

export interface DataPlanResult {
  /** The plan after the rules, in the order chosen. */
  plan: string[];
  /** Notices for the person (blue); the plan was adjusted and stays valid. */
  notices: string[];
  /** Set when the plan cannot stand with the category (red); the form is invalid. */
  error: string | null;
}

/**
 * Applies the data-plan rules to a selection, in the order the items were chosen (the last item
 * is the newest choice). `{product}_alt_data` always wins over `{product}_data`; which message
 * shows depends on which came first.
 */
export function reconcileDataPlan(product: string, selection: readonly string[], category: string): DataPlanResult {
  const p = productNames(product);
  const messages = dataPlanMessages(product);
  let plan = [...new Set(selection)];
  const notices: string[] = [];
  if (plan.length > 1) plan = plan.filter((item) => item !== NO_DATA_PLAN);
  const dataAt = plan.indexOf(p.data);
  const altAt = plan.indexOf(p.altData);
  if (dataAt >= 0 && altAt >= 0) {
    notices.push(dataAt < altAt ? messages.altReplacesData : messages.notBoth);
    plan = plan.filter((item) => item !== p.data);
  }
  if (plan.includes('shareholder_data') && !plan.includes(p.data) && !plan.includes(p.altData)) {
    plan = [p.data, ...plan];
    notices.push(messages.shareholderNeedsData);
  }
  const restricted = category === 'ir' || category === 'workiva';
  const error = restricted && (plan.includes(p.data) || plan.includes(p.altData)) ? messages.categoryForbidsData : null;
  return { plan, notices, error };
}

/** The plan as stored: 'null' means no plan at all. */
export function storedDataPlan(plan: readonly string[]): string[] {
  return plan.filter((item) => item !== NO_DATA_PLAN);
}

// ── field patterns (spec §5) ──────────────────────────────────────────────
/** Local part, @, dotted domain. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;
/** At least 10 of letters, digits or . ! @ # $ % ^ & *, with at least one digit; empty allowed. */
export const PASSWORD_PATTERN = /^(?:|(?=[^\d]*\d)[A-Za-z\d.!@#$%^&*]{10,})$/;
/** 7 to 12 digits, spaces, hyphens or dots, then an optional extension; empty allowed. */
export const PHONE_PATTERN = /^(?:|(?=(?:[ .-]*\d){7})[\d .-]{7,12}(?:\s*(?:x|ext\.?)\s*\d{1,6})?)$/i;
/** Usernames a person can type and read back. */
export const USERNAME_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._@+-]{2,149}$/;

/**
 * The most characters each typed field of a user may hold: the schemas of users.ts check them and
 * the create and edit forms give their inputs the same maxLength (decision 042).
 */
export const USER_FIELD_LIMITS = {
  first_name: 150,
  last_name: 150,
  email: 254,
  username: 150,
  password: 256,
  phone: 40,
  user_role: 150,
  owner: 150,
  sf_contact_id: 64,
  /** MM-dd-yyyy. */
  expiry_dt: 10,
} as const;

export const FIELD_MESSAGES = {
  email: 'Enter an email address like name@example.com.',
  password: 'Passwords need at least 10 characters of letters, digits or . ! @ # $ % ^ & *, including a digit.',
  phone: 'Enter 7 to 12 digits (spaces, hyphens and dots allowed) and an optional extension.',
  username: 'Usernames are 3 to 150 letters, digits or . _ @ + -, starting with a letter or digit.',
  required: (label: string) => `${label} is required.`,
  expiry: 'Enter a date as MM-dd-yyyy, no later than 12-31-3000.',
} as const;

// ── create form validity (spec §5) ────────────────────────────────────────
/**
 * Step one of create (spec §2): the account settings every new user of one register/ call gets,
 * as the create form holds them and the panel sends them (RegisterForm checks what arrives).
 */
export interface CreateSettings {
  user_type: string;
  user_category: string;
  owner: string;
  product_configuration: string;
  /** In the order chosen (§5's messages depend on it). */
  data_plan: string[];
  /** MM-dd-yyyy. */
  expiry_dt: string;
  startup_screen: string;
  /** Beta and restriction flags (spec §3): on or off, or a choice flag's option. */
  flags: Record<string, boolean | string>;
}

/** What the step-one rules check: the settings they judge, with the organisation (none yet: null). */
export interface CreateStepOne extends Omit<CreateSettings, 'data_plan' | 'startup_screen' | 'flags'> {
  organization_id: number | null;
  data_plan: readonly string[];
}

export interface NewUserRow {
  first_name: string;
  last_name: string;
  email: string;
  username?: string;
  password?: string;
  phone?: string;
}

export type FieldErrors = Record<string, string>;

export function stepOneErrors(product: string, step: CreateStepOne): FieldErrors {
  const errors: FieldErrors = {};
  if (step.organization_id === null) errors['organization_id'] = FIELD_MESSAGES.required('Organization');
  if (!step.user_type) errors['user_type'] = FIELD_MESSAGES.required('User type');
  if (!step.user_category) errors['user_category'] = FIELD_MESSAGES.required('User category');
  if (!step.owner) errors['owner'] = FIELD_MESSAGES.required(`${productNames(product).name} owner`);
  if (!step.product_configuration) errors['product_configuration'] = FIELD_MESSAGES.required('Product configuration');
  const plan = reconcileDataPlan(product, step.data_plan, step.user_category);
  if (plan.error) errors['data_plan'] = plan.error;
  if (step.expiry_dt && !parseExpiry(step.expiry_dt)) errors['expiry_dt'] = FIELD_MESSAGES.expiry;
  return errors;
}

export function userRowErrors(row: NewUserRow): FieldErrors {
  const errors: FieldErrors = {};
  if (!row.first_name.trim()) errors['first_name'] = FIELD_MESSAGES.required('First name');
  if (!row.last_name.trim()) errors['last_name'] = FIELD_MESSAGES.required('Last name');
  if (!row.email.trim()) errors['email'] = FIELD_MESSAGES.required('Email');
  else if (!EMAIL_PATTERN.test(row.email.trim())) errors['email'] = FIELD_MESSAGES.email;
  if (row.username && !USERNAME_PATTERN.test(row.username)) errors['username'] = FIELD_MESSAGES.username;
  if (row.password && !PASSWORD_PATTERN.test(row.password)) errors['password'] = FIELD_MESSAGES.password;
  if (row.phone && !PHONE_PATTERN.test(row.phone.trim())) errors['phone'] = FIELD_MESSAGES.phone;
  return errors;
}

/** Errors per row index; rows that repeat an email of an earlier row are refused too. */
export function usersErrors(rows: readonly NewUserRow[]): Record<number, FieldErrors> {
  const result: Record<number, FieldErrors> = {};
  const seen = new Map<string, number>();
  rows.forEach((row, i) => {
    const errors = userRowErrors(row);
    const email = row.email.trim().toLowerCase();
    if (email && !errors['email']) {
      const first = seen.get(email);
      if (first !== undefined) errors['email'] = `The same email as row ${first + 1}.`;
      else seen.set(email, i);
    }
    if (Object.keys(errors).length) result[i] = errors;
  });
  return result;
}

export function isCreateValid(product: string, step: CreateStepOne, rows: readonly NewUserRow[]): boolean {
  return (
    Object.keys(stepOneErrors(product, step)).length === 0 &&
    rows.length > 0 &&
    Object.keys(usersErrors(rows)).length === 0
  );
}

/** Most users one create (bulk) call may carry. */
export const MAX_USERS_PER_CREATE = 1_000;
