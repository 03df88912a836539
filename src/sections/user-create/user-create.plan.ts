// The create machine's walk. The person fills step one in one order (organisation, type, owner),
// step two likewise (first name, last name, email), so the walk knows how far each step is; the
// other edits are taken once each. Every answer the server can give to each call is an outcome:
// settings loaded or not, a username free, taken or unchecked, and register/ creating, refusing a
// row, refusing step one (the owner left meanwhile), or not answering.
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import { refusedEvent, type MachinePlan } from '../../workflows/plan';
import { peopleValid } from './user-create.form';
import { userCreateMachine } from './user-create.machine';
import type { UserCreateContext } from './user-create.types';

const P = 'product';
export const PLAN_TODAY = { year: 2026, month: 11, day: 21 };
export const VALID_CSV =
  'First Name,Last Name,Email,Notes\nGrace,Hopper,grace@example.com,first\nAlan,Turing,alan@example.com,second\n';
export const HEADLESS_CSV = 'name,mail\nGrace Hopper,grace@example.com\n';

const failed = (id: string) => ({ type: `xstate.error.actor.${id}`, error: { status: 0 } });
const registered = (status: boolean, extra: Record<string, unknown>) => ({
  type: 'xstate.done.actor.register',
  output: { status, msg: 'm', ...extra },
});
/** Nothing created: the 400 naming fields (decision 042), as the HTTP client throws it. */
const refused = (fields: Record<string, string>) => refusedEvent('register', fields, 'm');
const refusalOf = (e: AnyEventObject) =>
  (e['error'] as { refusal?: { fields: Record<string, string> } } | undefined)?.refusal;

export const userCreatePlan: MachinePlan<typeof userCreateMachine> = {
  machine: userCreateMachine,
  input: {
    product: P,
    features: ['user_mgmt', 'create_user_tab', 'bulk_user_creation', 'allow_customer_type'],
    today: PLAN_TODAY,
  },
  events: [
    { type: 'setup.retry' },
    { type: 'org.pick', org: { title: 'Northwind Capital', org_id: 1, salesforceId: null } },
    { type: 'field.change', field: 'user_type', value: 'customer' },
    { type: 'field.change', field: 'owner', value: 'olive.owner' },
    { type: 'plan.change', plan: [`${P}_data`, `${P}_alt_data`] },
    { type: 'expiry.change', value: '12-31-2030' },
    { type: 'flag.toggle', flag: 'crypto', on: true },
    { type: 'step.next' },
    { type: 'step.back' },
    { type: 'user.change', field: 'first_name', value: 'Ada' },
    { type: 'user.change', field: 'last_name', value: 'Lovelace' },
    { type: 'user.change', field: 'email', value: 'ada@example.com' },
    { type: 'user.change', field: 'username', value: 'ada.l' },
    { type: 'user.change', field: 'username', value: 'a' },
    { type: 'mode.change', mode: 'bulk' },
    { type: 'mode.change', mode: 'single' },
    { type: 'csv.load', text: VALID_CSV, source: 'people.csv' },
    { type: 'csv.load', text: HEADLESS_CSV, source: 'names.csv' },
    { type: 'row.add' },
    { type: 'row.change', index: 0, field: 'first_name', value: 'Ada' },
    { type: 'row.remove', index: 1 },
    { type: 'email.toggle', on: false },
    { type: 'create.submit' },
    { type: 'create.retry' },
    { type: 'create.edit' },
    { type: 'create.another' },
  ],
  outcomes: [
    {
      name: 'loaded',
      event: {
        type: 'xstate.done.actor.loadSetup',
        output: {
          owners: [{ key: 'olive.owner', text: 'Olive Owner' }],
          userTypes: ['trial', 'test_user', 'journalist', 'customer', 'grace_customer', 'churn_customer'],
          categories: ['general', 'ir', 'workiva'],
          configurations: [`${P}_basic`, `${P}_res`, `${P}_res_prof`],
          dataPlanItems: [`${P}_data`, 'shareholder_data', `${P}_alt_data`, 'lexis_nexis', 'rns'],
          startupScreens: ['stream', 'docsearch'],
        },
      },
    },
    { name: 'loadFailed', event: failed('loadSetup') },
    {
      name: 'usernameFree',
      event: {
        type: 'xstate.done.actor.checkUsername',
        output: { status: true, available: true, msg: 'ada.l is available.' },
      },
    },
    {
      name: 'usernameTaken',
      event: {
        type: 'xstate.done.actor.checkUsername',
        output: { status: true, available: false, msg: 'ada.l is taken.' },
      },
    },
    { name: 'usernameUnchecked', event: failed('checkUsername') },
    {
      name: 'created',
      event: registered(true, { data: [{ row: 0, user_id: 9, username: 'ada.lovelace', email: 'ada@example.com' }] }),
    },
    { name: 'refusedRow', event: refused({ 'users.0.email': 'A user with this email already exists.' }) },
    { name: 'refusedStepOne', event: refused({ owner: 'Choose an owner from the list of staff.' }) },
    { name: 'registerFailed', event: failed('register') },
    {
      name: 'outboxRead',
      event: {
        type: 'xstate.done.actor.loadOutbox',
        output: [
          {
            id: 1,
            kind: 'welcome',
            to_email: 'ada@example.com',
            subject: 's',
            body_text: 't',
            status: 'stored',
            created_at: 0,
            sent_at: null,
            last_error: null,
            author: 'creator',
          },
        ],
      },
    },
    { name: 'outboxUnread', event: failed('loadOutbox') },
  ],
  serializeState: (s) => JSON.stringify([s.value, ...progress(s.context as UserCreateContext)]),
  filterEvents: (s, e) => offered(s, e),
};

/** How far each step is: [step one 0–3, mode, step two 0–3 (single) or valid rows (bulk), username taken, welcome email]. */
function progress(c: UserCreateContext): [number, string, number | boolean, boolean, boolean] {
  const a = c.account;
  const one = a.org ? (a.user_type ? (a.owner ? 3 : 2) : 1) : 0;
  const s = c.single;
  const two = c.mode === 'single' ? (s.first_name ? (s.last_name ? (s.email ? 3 : 2) : 1) : 0) : peopleValid(c);
  const taken = c.usernameCheck !== null && !c.usernameCheck.available;
  return [one, c.mode, two, taken, c.sendEmail];
}

function offered(s: AnyMachineSnapshot, e: AnyEventObject): boolean {
  const c = s.context as UserCreateContext;
  const [one, mode, two, , mail] = progress(c);
  // Without the welcome email the walk only goes on to create one person.
  if (!mail && !['user.change', 'create.submit', 'xstate.done.actor.register'].includes(e.type)) return false;
  if (!mail && e.type === 'user.change' && e['field'] === 'username') return false;
  if (!mail && refusalOf(e)) return false;
  const at = (state: string) => s.matches(state);
  const field = e['field'] as string | undefined;
  switch (e.type) {
    case 'org.pick':
      return one === 0;
    case 'field.change':
      return (field === 'user_type' && one === 1) || (field === 'owner' && one === 2);
    case 'plan.change':
    case 'expiry.change':
    case 'flag.toggle':
      return one === 0;
    case 'step.next':
      return one === 0 || one === 3;
    case 'user.change': {
      if (mode !== 'single') return false;
      const idle = at('stepTwo.editing.usernameIdle');
      if (field === 'username') {
        if (e['value'] === 'a') return at('stepTwo.editing.usernameChecked');
        return (two === 0 && (idle || at('stepTwo.editing.usernameWaiting'))) || at('stepTwo.refused');
      }
      if (at('stepTwo.refused')) return field === 'first_name';
      return (
        idle &&
        ((field === 'first_name' && two === 0) ||
          (field === 'last_name' && two === 1) ||
          (field === 'email' && two === 2))
      );
    }
    case 'mode.change':
      return e['mode'] === 'bulk'
        ? mode === 'single' && two === 0 && at('stepTwo.editing.usernameIdle')
        : mode === 'bulk' && two === false;
    case 'csv.load':
      return mode === 'bulk' && two === false;
    case 'row.add':
    case 'row.change':
    case 'row.remove':
      return mode === 'bulk' && two === true;
    case 'email.toggle':
    case 'step.back':
      return mode === 'single' && two === 0 && at('stepTwo.editing.usernameIdle');
    case 'create.submit':
      return (
        (mode === 'single' &&
          (two === 0 || two === 3) &&
          (at('stepTwo.editing.usernameIdle') || at('stepTwo.refused'))) ||
        (mode === 'bulk' && two === true)
      );
    case 'xstate.done.actor.register':
    case 'xstate.error.actor.register':
      // Several people: created or one row refused; the other answers are the same for one or many.
      return (
        mode === 'single' ||
        e.type === 'xstate.done.actor.register' ||
        refusalOf(e)?.fields['users.0.email'] !== undefined
      );
    default:
      return true;
  }
}
