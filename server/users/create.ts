// Creating users (spec §2 create steps, §4, §5): register/ checks the account settings of step one
// and every row of step two with the shared rules, then creates all users in one transaction with
// an audit row each and, when asked, their welcome emails in the outbox; or creates none and says
// per row and field what is wrong. Decision 022 covers the mail.
import { sql, type Kysely, type Transaction } from 'kysely';
import { productNames } from '../../src/domain/product';
import {
  bulkEditFields,
  DEFAULT_STARTUP_SCREEN,
  defaultFlags,
  EDIT_FIELD_FEATURES,
  flagKeys,
  userTypesFor,
} from '../../src/domain/user-fields';
import { userFieldLabel } from '../../src/domain/user-labels';
import { CUSTOMER_USER_TYPES, STAFF_USER_TYPE, type UserType } from '../../src/domain/user-kinds';
import {
  dateToTimestamp,
  expiryDefault,
  formatExpiry,
  NO_DATA_PLAN,
  parseExpiry,
  reconcileDataPlan,
  stepOneErrors,
  storedDataPlan,
  timestampToDate,
  todayOf,
  usersErrors,
  type CreateStepOne,
  type FieldErrors,
} from '../../src/domain/user-rules';
import { fieldsWithin, WHOLE_REQUEST, type FieldMessages } from '../../src/domain/field-errors';
import type { RegisterForm, RegisterReply } from '../../src/domain/users';
import { writeAuditMany, type AuditEntry } from '../audit';
import { hashPassword } from '../auth/passwords';
import type { AppDeps, CurrentSession } from '../context';
import type { Database, NewUser } from '../db/schema';
import { welcomeMail } from '../mail/messages';
import { enqueueMail, mailOutcome } from '../mail/outbox';
import { ownerGroup } from '../owners/owner-group';
import { loadUserRecords } from './records';
import { freeUsernames, takenUsernames, usernameBase } from './usernames';
import { permissionName } from '../../src/domain/feature-labels';
import { isUniqueViolation } from '../db/unique-violation';
import { chunks } from '../db/value-lists';

type Db = Kysely<Database> | Transaction<Database>;

const LOOKUP_CHUNK = 500;
const INSERT_CHUNK = 200;
/** Password hashes computed at once for one request: half the instance's hashing slots. */
const HASHING_WORKERS = 2;

export const CREATE_TEXT = {
  customerTypes: `Customer user types need the ${permissionName('allow_customer_type')} permission.`,
  staffType: `Creating staff users needs the ${permissionName('staff_role_change')} permission.`,
  noOrganization: 'This organization does not exist.',
  owner: 'Choose an owner from the list of staff.',
  configuration: 'Choose one of the product configurations.',
  startupScreen: 'Choose one of the startup screens.',
  emailTaken: 'A user with this email already exists.',
  usernameTaken: 'This username is taken.',
  raced: 'Another request created a user with the same email or username meanwhile; nothing was created.',
} as const;

/** The user types this session may give a new user: customer types and staff need their permission. */
export function creatableUserTypes(features: readonly string[]): readonly UserType[] {
  return userTypesFor(features).filter((t) => t !== STAFF_USER_TYPE || features.includes('staff_role_change'));
}

/** The default expiry of a user type from the server's today (UTC), as MM-dd-yyyy. */
export function defaultExpiry(userType: string, now: number): string {
  return formatExpiry(expiryDefault(userType || null, todayOf(new Date(now), 'utc')));
}

// ── step one ──────────────────────────────────────────────────────────────
/** What every user of one create (or one invitation approval) is given. */
export interface NewUserSettings {
  organizationId: number;
  userType: string;
  category: string;
  owner: string;
  configuration: string;
  plan: string[];
  expiry: number;
  startupScreen: string;
  flags: Record<string, boolean | string>;
}

/** A new user's row from step one's settings: what a create and an invite's approval both write. */
/**
 * Inserts new users' rows a chunk at a time; the id of each by its (unique) username, since rows
 * come back in no promised order.
 */
export async function insertUsers(
  trx: Transaction<Database>,
  values: readonly NewUser[],
): Promise<Map<string, number>> {
  const byName = new Map<string, number>();
  for (const batch of chunks(values, INSERT_CHUNK)) {
    const inserted = await trx.insertInto('users').values(batch).returning(['id', 'username']).execute();
    for (const r of inserted) byName.set(r.username, Number(r.id));
  }
  return byName;
}

export function newUserRow(
  settings: NewUserSettings,
  person: Pick<NewUser, 'username' | 'email' | 'first_name' | 'last_name' | 'phone' | 'password_hash'>,
  author: string,
  now: number,
): NewUser {
  return {
    username: person.username,
    email: person.email,
    first_name: person.first_name,
    last_name: person.last_name,
    phone: person.phone,
    organization_id: settings.organizationId,
    user_type: settings.userType,
    user_category: settings.category,
    user_role: null,
    owner: settings.owner,
    product_configuration: settings.configuration,
    data_plan: JSON.stringify(settings.plan),
    expiry_dt: settings.expiry,
    active: 1,
    deleted: 0,
    is_account_admin: 0,
    allowed_st: '[]',
    flags: JSON.stringify(settings.flags),
    password_hash: person.password_hash,
    created_at: now,
    updated_at: now,
    startup_screen: settings.startupScreen,
    subscription_status: null,
    sf_contact_id: null,
    updated_by: author,
  };
}

/**
 * The key a field needs when a create sets it away from its default: the very key an edit of it
 * needs (EDIT_FIELD_FEATURES), so nobody creates what they could not then edit into being. The
 * user type has no default to keep (the form requires one); its keys are checked on their own.
 */
const createGuard = (field: string): string | undefined =>
  field === 'user_type' ? undefined : EDIT_FIELD_FEATURES[field];

function flagProblems(product: string, features: readonly string[], given: Record<string, boolean | string>): string[] {
  const known = new Set(flagKeys(product));
  const fields = new Map(bulkEditFields(product).map((f) => [f.key, f]));
  const defaults = defaultFlags(product);
  const problems: string[] = [];
  for (const [key, value] of Object.entries(given)) {
    const field = fields.get(key);
    const guard = createGuard(key);
    if (!known.has(key)) problems.push(`Unknown flag ${key}.`);
    else if (field?.type.kind === 'choice' && (typeof value !== 'string' || !field.type.options.includes(value))) {
      problems.push(`${field.label} must be one of ${field.type.options.join(', ')}.`);
    } else if (field?.type.kind !== 'choice' && typeof value !== 'boolean')
      problems.push(`Flag ${key} must be true or false.`);
    else if (guard && value !== defaults[key] && !features.includes(guard)) {
      problems.push(`${userFieldLabel(product, key)} needs the ${permissionName(guard)} permission.`);
    }
  }
  return problems;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Without the key that guards the expiry on edit, a create keeps the user type's default (spec §4).
 * The panel counts that default from the person's own today, which is the server's UTC day or one
 * either side of it, so each of those three defaults is accepted; any other date is refused.
 */
function expiryProblem(features: readonly string[], form: StepOneForm, now: number): string | null {
  const guard = createGuard('expiry_dt');
  const given = form.expiry_dt ? parseExpiry(form.expiry_dt) : null;
  if (!guard || features.includes(guard) || !given) return null;
  const defaults = [-1, 0, 1].map((days) => defaultExpiry(form.user_type, now + days * DAY_MS));
  if (defaults.includes(formatExpiry(given))) return null;
  return `An expiry other than the user type’s default (${defaults[1]}) needs the ${permissionName(guard)} permission.`;
}

/** The step one fields of the create form; an approved invitation is checked with the same rules. */
export type StepOneForm = Omit<RegisterForm, 'users' | 'send_email'>;

/** The choices of step one that the shared rules check: who the users belong to and what they get. */
export const stepOneChoices = <F extends CreateStepOne>(form: F): Pick<F, keyof CreateStepOne> => ({
  organization_id: form.organization_id,
  user_type: form.user_type,
  user_category: form.user_category,
  owner: form.owner,
  product_configuration: form.product_configuration,
  data_plan: form.data_plan,
  expiry_dt: form.expiry_dt,
});

/** The audit entry of a user just created, with the record as created. */
export const userCreatedEntry = (author: string, now: number, id: number, record: unknown): AuditEntry => ({
  category: 'user',
  author,
  action: 'user created',
  at: now,
  current: record,
  success: true,
  record: { kind: 'user', id },
});

export async function checkStepOne(
  db: Db,
  session: CurrentSession,
  product: string,
  form: StepOneForm,
  now: number,
): Promise<{ errors: FieldErrors; settings: NewUserSettings }> {
  const names = productNames(product);
  const features = session.grants.features;
  const errors: FieldErrors = stepOneErrors(product, stepOneChoices(form));
  if ((CUSTOMER_USER_TYPES as readonly string[]).includes(form.user_type) && !features.includes('allow_customer_type'))
    errors['user_type'] = CREATE_TEXT.customerTypes;
  if (form.user_type === STAFF_USER_TYPE && !features.includes('staff_role_change'))
    errors['user_type'] = CREATE_TEXT.staffType;
  if (!names.configurations.includes(form.product_configuration))
    errors['product_configuration'] = CREATE_TEXT.configuration;
  const unknownItems = form.data_plan.filter((i) => i !== NO_DATA_PLAN && !names.dataPlanItems.includes(i));
  if (unknownItems.length)
    errors['data_plan'] = `Unknown data plan item${unknownItems.length > 1 ? 's' : ''}: ${unknownItems.join(', ')}.`;
  const startupScreen = form.startup_screen || DEFAULT_STARTUP_SCREEN;
  if (!names.startupScreens.includes(startupScreen)) errors['startup_screen'] = CREATE_TEXT.startupScreen;
  const expiryIssue = errors['expiry_dt'] ? null : expiryProblem(features, form, now);
  if (expiryIssue) errors['expiry_dt'] = expiryIssue;
  const flagIssues = flagProblems(product, features, form.flags);
  if (flagIssues.length) errors['flags'] = flagIssues.join(' ');
  if (
    !errors['organization_id'] &&
    !(await db.selectFrom('organizations').select('id').where('id', '=', form.organization_id).executeTakeFirst())
  ) {
    errors['organization_id'] = CREATE_TEXT.noOrganization;
  }
  if (!errors['owner'] && !(await ownerGroup(db, now)).some((o) => o.key === form.owner))
    errors['owner'] = CREATE_TEXT.owner;

  const expiry = parseExpiry(form.expiry_dt || defaultExpiry(form.user_type, now));
  return {
    errors,
    settings: {
      organizationId: form.organization_id,
      userType: form.user_type,
      category: form.user_category,
      owner: form.owner,
      configuration: form.product_configuration,
      plan: storedDataPlan(reconcileDataPlan(product, form.data_plan, form.user_category).plan),
      expiry: expiry ? dateToTimestamp(expiry) : 0,
      startupScreen,
      flags: { ...defaultFlags(product), ...form.flags },
    },
  };
}

// ── step two: the rows ────────────────────────────────────────────────────
type Row = RegisterForm['users'][number];

/** Which of `emails` users have already, compared without case; answers lower-cased emails. */
export async function takenEmails(db: Db, emails: readonly string[]): Promise<Set<string>> {
  const wanted = [...new Set(emails.map((e) => e.toLowerCase()))];
  const taken = new Set<string>();
  for (let i = 0; i < wanted.length; i += LOOKUP_CHUNK) {
    const rows = await db
      .selectFrom('users')
      .select(sql<string>`lower(email)`.as('email'))
      .where(sql<string>`lower(email)`, 'in', wanted.slice(i, i + LOOKUP_CHUNK))
      .execute();
    for (const r of rows) taken.add(r.email);
  }
  return taken;
}

/** Row index → field → message: the shared rules, repeats inside the batch, and what the database holds. */
async function rowErrors(db: Db, rows: readonly Row[]): Promise<Record<number, FieldErrors>> {
  const errors: Record<number, FieldErrors> = usersErrors(rows);
  const add = (i: number, field: string, msg: string) => {
    errors[i] ??= {};
    errors[i][field] ??= msg;
  };
  const seen = new Map<string, number>();
  rows.forEach((row, i) => {
    const name = row.username?.toLowerCase();
    if (!name) return;
    const first = seen.get(name);
    if (first !== undefined) add(i, 'username', `The same username as row ${first + 1}.`);
    else seen.set(name, i);
  });
  const emails = await takenEmails(
    db,
    rows.map((r) => r.email),
  );
  const usernames = await takenUsernames(
    db,
    rows.flatMap((r) => (r.username ? [r.username] : [])),
  );
  rows.forEach((row, i) => {
    if (emails.has(row.email.toLowerCase())) add(i, 'email', CREATE_TEXT.emailTaken);
    if (row.username && usernames.has(row.username.toLowerCase())) add(i, 'username', CREATE_TEXT.usernameTaken);
  });
  return errors;
}

/** Hashes the passwords given, a few at a time through the instance's hashing limiter. */
async function passwordHashes(deps: AppDeps, rows: readonly Row[]): Promise<(string | null)[]> {
  const out: (string | null)[] = rows.map(() => null);
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < rows.length; i = next++) {
      const password = rows[i]!.password;
      if (password) out[i] = await deps.hashing.run(() => hashPassword(password, deps.config.scrypt));
    }
  };
  await Promise.all(Array.from({ length: HASHING_WORKERS }, worker));
  return out;
}

/**
 * Nothing was created: each problem under the request field it is about (decision 042), step
 * one's settings by their own names, a row's fields as `users.<row>.<field>`.
 */
/** Nothing created: the route answers it as a 400 (decision 042). */
export interface RegisterRefusal {
  status: false;
  msg: string;
  fields: FieldMessages;
}

function refused(rowErrs: Record<number, FieldErrors>, stepErrs: FieldErrors): RegisterRefusal {
  const fields: Record<string, string> = { ...stepErrs };
  for (const [i, e] of Object.entries(rowErrs)) Object.assign(fields, fieldsWithin(`users.${i}`, e));
  const rows = Object.keys(rowErrs).length;
  const parts = [
    ...(Object.keys(stepErrs).length ? ['the account settings need changes'] : []),
    ...(rows ? [`${rows} ${rows === 1 ? 'row needs' : 'rows need'} changes`] : []),
  ];
  return { status: false, msg: `Nothing was created: ${parts.join(' and ')}.`, fields };
}

// ── register ──────────────────────────────────────────────────────────────
export async function registerUsers(
  deps: AppDeps,
  session: CurrentSession,
  form: RegisterForm,
  now: number,
  retried = false,
): Promise<RegisterReply | RegisterRefusal> {
  const { db, config } = deps;
  const product = config.productKey;
  const author = session.user.username;
  const { errors: stepErrs, settings } = await checkStepOne(db, session, product, form, now);
  const rowErrs = await rowErrors(db, form.users);
  if (Object.keys(stepErrs).length || Object.keys(rowErrs).length) return refused(rowErrs, stepErrs);

  const reserved = new Set(form.users.flatMap((r) => (r.username ? [r.username.toLowerCase()] : [])));
  const missing = form.users.map((r, i) => [r, i] as const).filter(([r]) => !r.username);
  const generated = await freeUsernames(
    db,
    missing.map(([r]) => usernameBase(r)),
    reserved,
  );
  const usernames = form.users.map((r) => r.username);
  missing.forEach(([, i], k) => (usernames[i] = generated[k]!));
  const hashes = await passwordHashes(deps, form.users);

  const values = form.users.map((r, i) =>
    newUserRow(
      settings,
      { ...r, username: usernames[i]!, phone: r.phone || null, password_hash: hashes[i]! },
      author,
      now,
    ),
  );

  try {
    const ids = await db.transaction().execute(async (trx) => {
      const byName = await insertUsers(trx, values);
      const ids = usernames.map((u) => byName.get(u)!);
      const records = await loadUserRecords(trx, ids);
      await writeAuditMany(
        trx,
        records.map((record) => userCreatedEntry(author, now, record.id, record)),
      );
      if (form.send_email) {
        await enqueueMail(
          trx,
          config,
          author,
          now,
          records.map((u) =>
            welcomeMail(product, {
              id: u.id,
              first_name: u.first_name,
              username: u.username,
              email: u.email,
              expiry: u.expiry_dt_timestamp === null ? null : formatExpiry(timestampToDate(u.expiry_dt_timestamp)),
            }),
          ),
        );
      }
      return ids;
    });
    const count = ids.length;
    const mail = form.send_email ? ` ${mailOutcome(config, count)}` : '';
    return {
      status: true,
      msg: `Created ${count} ${count === 1 ? 'user' : 'users'}.${mail}`,
      data: form.users.map((r, i) => ({ row: i, user_id: ids[i]!, username: usernames[i]!, email: r.email })),
    };
  } catch (err) {
    // Another request took an email or username between the checks and the insert: say which,
    // or when only a generated username collided, generate again once.
    if (!isUniqueViolation(err)) throw err;
    const again = await rowErrors(db, form.users);
    if (Object.keys(again).length) return refused(again, {});
    return retried
      ? { status: false, msg: CREATE_TEXT.raced, fields: { [WHOLE_REQUEST]: CREATE_TEXT.raced } }
      : registerUsers(deps, session, form, now, true);
  }
}
