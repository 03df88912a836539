// The edit machine's walk: a load that finds the user, finds nobody or fails; each kind of edit
// once from a clean form (a valid change, an invalid email, a new email, the data plan, a new
// organisation); every answer a save can get (saved, someone else saved first, refused, no
// answer); the welcome email; and the way to and between the other tabs, whose own walks are the
// tab machines' plans (userSessions, userPrivileges, userEmails). Giving a staff role has a walk of
// its own, from a staff member (userEditRolesPlan).
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import { FEATURE_KEYS } from '../../domain/features';
import { defaultFlags } from '../../domain/user-fields';
import { USER_FIELD_LIMITS } from '../../domain/user-rules';
import type { UserRecord } from '../../domain/users';
import { doneEvent, failedEvent, refusedEvent, type MachinePlan } from '../../workflows/plan';
import { changedKeys, formErrors } from './user-edit.form';
import { userEditMachine } from './user-edit.machine';
import type { UserEditContext } from './user-edit.types';

const P = 'product';

export const PLAN_RECORD: UserRecord = {
  id: 1,
  username: 'ada',
  email: 'ada@northwind.example',
  first_name: 'Ada',
  last_name: 'Lovelace',
  phone: null,
  organization: 'Northwind Capital',
  organization_id: 1,
  user_type: 'trial',
  user_category: 'general',
  active: true,
  deleted: false,
  expiry_dt: '01-31-2027',
  created_at: 0,
  user_role: 'Analyst',
  owner: 'admin',
  product_configuration: `${P}_basic`,
  data_plan: [`${P}_data`],
  expiry_dt_timestamp: Date.UTC(2027, 0, 31),
  is_account_admin: false,
  startup_screen: 'docsearch',
  subscription_status: 'TRIAL',
  sf_contact_id: null,
  sf_acc_id: null,
  flags: { ...defaultFlags(P), researchreports: true },
  staff_roles: [],
  version: 1,
  updated_at: 0,
  updated_by: null,
};
const SAVED: UserRecord = { ...PLAN_RECORD, first_name: 'Grace', version: 2, updated_by: 'editor' };
const THEIRS: UserRecord = { ...PLAN_RECORD, last_name: 'Byron', version: 2, updated_by: 'colleague' };
export const OTHER_ORG = { title: 'Granite Peak Partners', org_id: 2, salesforceId: null };
export const OPENED_ORG = { title: 'Northwind Capital', org_id: 1, salesforceId: null };
/** A last name past the limit the server checks (the input's maxLength stops typing; autofill or a script does not). */
export const LONG_LAST_NAME = 'L'.repeat(USER_FIELD_LIMITS.last_name + 1);
/** A refused save: the 400 naming fields (decision 042), as the HTTP client throws it. */
const refusedSave = (fields: Record<string, string>) => refusedEvent('saveUser', fields);

/** Events a person sends only on a clean form: one kind of edit at a time. */
const FIRST_EDITS = new Set([
  'field.change',
  'dataPlan.change',
  'org.pick',
  'welcome.send',
  'tab.sessions',
  'tab.privileges',
  'tab.emails',
]);

/** What steers the guards: whether the form changed, and whether email or organisation did; whether the rules pass. */
function facts(s: AnyMachineSnapshot) {
  const c = s.context as UserEditContext;
  const keys = c.base && c.draft ? changedKeys(c.product, c.base, c.draft) : [];
  return {
    changed: keys.length > 0,
    email: keys.includes('email'),
    org: keys.includes('organization'),
    valid: c.base && c.draft ? Object.keys(formErrors(c.product, c.base, c.draft)).length === 0 : false,
    long: (c.draft?.last_name.length ?? 0) > USER_FIELD_LIMITS.last_name,
    message: c.error !== null || c.notice !== null,
  };
}

/**
 * Outcomes of a save walked for one kind of change: a race and a lost answer on a plain change, a
 * refusal on a taken email, and on a last name over the limit the server's refusal alone.
 */
const SAVE_OUTCOMES_FOR: Record<string, (f: ReturnType<typeof facts>) => boolean> = {
  saved: (f) => !f.long,
  savedFirstBySomeoneElse: (f) => !f.email && !f.org && !f.long,
  saveFailed: (f) => !f.email && !f.org && !f.long,
  emailTaken: (f) => f.email,
  lastNameTooLong: (f) => f.long,
};

const plan: MachinePlan<typeof userEditMachine> = {
  machine: userEditMachine,
  input: { userId: 1, product: P, features: [...FEATURE_KEYS] },
  events: [
    { type: 'field.change', key: 'first_name', value: 'Grace' },
    { type: 'field.change', key: 'last_name', value: LONG_LAST_NAME },
    { type: 'field.change', key: 'email', value: 'not-an-email' },
    { type: 'field.change', key: 'email', value: 'ada.lovelace@granite.example' },
    { type: 'dataPlan.change', selection: [`${P}_data`, `${P}_alt_data`] },
    { type: 'org.pick', pick: OTHER_ORG },
    { type: 'org.pick', pick: OPENED_ORG },
    { type: 'org.confirmed', pick: OTHER_ORG },
    { type: 'org.cancelled' },
    { type: 'email.decided', kind: 'different' },
    { type: 'email.cancelled' },
    { type: 'edit.save' },
    { type: 'edit.reset' },
    { type: 'edit.retry' },
    { type: 'conflict.review' },
    { type: 'conflict.cancel' },
    { type: 'welcome.send' },
    { type: 'tab.profile' },
    { type: 'tab.sessions' },
    { type: 'tab.privileges' },
    { type: 'tab.emails' },
  ],
  outcomes: [
    {
      name: 'loaded',
      event: doneEvent('loadUser', {
        user: PLAN_RECORD,
        roleChoices: [],
        owners: [{ key: 'admin', text: 'Ada Admin' }],
      }),
    },
    { name: 'noSuchUser', event: doneEvent('loadUser', { user: null, roleChoices: null, owners: [] }) },
    { name: 'loadFailed', event: failedEvent('loadUser') },
    {
      name: 'saved',
      event: doneEvent('saveUser', {
        status: true,
        isPositive: true,
        isUpdated: true,
        message: 'User updated.',
        user: SAVED,
      }),
    },
    {
      name: 'savedFirstBySomeoneElse',
      event: doneEvent('saveUser', {
        status: false,
        isPositive: false,
        isUpdated: false,
        message: 'conflict',
        conflict: true,
        user: THEIRS,
      }),
    },
    { name: 'emailTaken', event: refusedSave({ 'changes.email': 'taken' }) },
    { name: 'lastNameTooLong', event: refusedSave({ 'changes.last_name': 'At most 150 characters.' }) },
    { name: 'saveFailed', event: failedEvent('saveUser') },
    { name: 'welcomeSent', event: doneEvent('sendWelcome', { status: true, msg: 'sent' }) },
    { name: 'welcomeFailed', event: failedEvent('sendWelcome') },
  ],
  // The walk tells forms apart by what steers the guards: which fields changed, whether the rules
  // pass, and whether a message or a stored version is there.
  serializeState: (s) => JSON.stringify([s.value, facts(s)]),
  filterEvents: (s, e: AnyEventObject) => {
    const f = facts(s);
    const outcome = plan.outcomes.find((o) => o.event === e)?.name;
    if (s.matches('form')) {
      // The opened organisation again, after another was confirmed: the move is undone, no dialog.
      if (e.type === 'org.pick')
        return (e as unknown as { pick: { org_id: number } }).pick.org_id === OPENED_ORG.org_id
          ? f.org && !f.email
          : !f.changed && !f.message;
      // Each kind of edit starts from a clean form showing no message; a changed form is saved or discarded.
      if (FIRST_EDITS.has(e.type)) return !f.changed && !f.message;
      // After a refusal the person fixes the form (discarding here) before saving again.
      if (e.type === 'edit.save') return !f.message;
    }
    if (s.matches('saving') && outcome && SAVE_OUTCOMES_FOR[outcome]) return SAVE_OUTCOMES_FOR[outcome](f);
    return true;
  },
};
export const userEditPlan = plan;

/** A staff member as opened, holding one role; the roles a save may give. */
export const STAFF_RECORD: UserRecord = {
  ...PLAN_RECORD,
  user_type: 'is_staff',
  staff_roles: [{ id: 1, name: 'role for ada' }],
};
export const GIVEN_ROLE = { id: 2, name: 'Desk' };
export const ROLE_EMAIL = 'ada.lovelace@granite.example';

/**
 * Giving a staff role: the save asks first, naming the role and the user; cancelled, given, or given
 * with a new email (the role's question, then the email's).
 */
export const userEditRolesPlan: MachinePlan<typeof userEditMachine> = {
  machine: userEditMachine,
  input: { userId: 1, product: P, features: [...FEATURE_KEYS] },
  events: [
    { type: 'field.change', key: 'staff_roles', value: [1, GIVEN_ROLE.id] },
    { type: 'field.change', key: 'email', value: ROLE_EMAIL },
    { type: 'edit.save' },
    { type: 'roles.confirm' },
    { type: 'roles.cancel' },
    { type: 'email.decided', kind: 'different' },
  ],
  outcomes: [
    {
      name: 'loaded',
      event: doneEvent('loadUser', {
        user: STAFF_RECORD,
        roleChoices: [...STAFF_RECORD.staff_roles, GIVEN_ROLE],
        owners: [{ key: 'admin', text: 'Ada Admin' }],
      }),
    },
    {
      name: 'saved',
      event: doneEvent('saveUser', {
        status: true,
        isPositive: true,
        isUpdated: true,
        message: 'User updated.',
        user: { ...STAFF_RECORD, staff_roles: [...STAFF_RECORD.staff_roles, GIVEN_ROLE], version: 2 },
      }),
    },
  ],
  serializeState: (s) => JSON.stringify([s.value, facts(s)]),
  filterEvents: (s, e: AnyEventObject) => {
    const f = facts(s);
    const c = s.context as UserEditContext;
    const roles = (c.draft?.staff_roles.length ?? 0) > (c.base?.staff_roles.length ?? 0);
    if (s.matches({ form: 'editing' })) {
      // The role first; then saved, or the email changed too and then saved.
      if (e.type === 'field.change')
        return (e as unknown as { key: string }).key === 'staff_roles' ? !f.changed : roles && !f.email && !f.message;
      return e.type === 'edit.save' && roles && !f.message;
    }
    return !s.matches('form');
  },
};
