// Creating users in two steps (spec §2 create steps 1 and 2, §4, §5). Step one holds the account
// settings every new user gets; the data plan rules run on every change and the expiry follows the
// user type until the person picks one. Next only when step one is valid. Step two is one person,
// or (with bulk_user_creation) rows typed, pasted or uploaded as CSV, each with its own errors;
// a typed username is checked with the server as the person types. Create sends everything at
// once: created (who, with links), refused (the server's reasons on their rows, nothing lost) or
// failed (no answer; Retry keeps the form). Back from step two keeps what was typed.
import { assign, fromPromise, setup } from 'xstate';
import { fieldRefusalOf, type FieldRefusal } from '../../domain/field-errors';
import { reconcileDataPlan } from '../../domain/user-rules';
import type { OutboxMessage, RegisterReply, RegisterRequest, UsernameCheckReply } from '../../domain/users';
import { callStates } from '../../machines/shared/call-state';
import { failureMessage, errorOf } from '../../machines/shared/failure';
import { readUsersCsv } from './user-create.csv';
import {
  accountValid,
  defaultExpiryOf,
  emptyPerson,
  initialAccount,
  isBlank,
  peopleOf,
  peopleValid,
  STEP_ONE_KEY,
  usernameCheckable,
  placeRefusal,
  withoutServerError,
} from './user-create.form';
import type { CreateSetup, Person, UserCreateContext, UserCreateEvent, UserCreateInput } from './user-create.types';
import { refusedFields } from '../../machines/shared/save-outcome';

/** The username check waits this long after the last keystroke. */
export const USERNAME_CHECK_DEBOUNCE_MS = 300;

type Ctx = UserCreateContext;
type Ev<T extends UserCreateEvent['type']> = Extract<UserCreateEvent, { type: T }>;

/** What register/ is sent: the account settings, and the people of step two. */
export function registerRequestOf(c: Ctx): RegisterRequest {
  const a = c.account;
  return {
    organization_id: a.org?.org_id ?? 0,
    user_type: a.user_type,
    user_category: a.user_category,
    owner: a.owner,
    product_configuration: a.product_configuration,
    data_plan: a.data_plan,
    expiry_dt: a.expiry_dt,
    startup_screen: a.startup_screen,
    flags: a.flags,
    send_email: c.sendEmail,
    users: peopleOf(c).map((p) => ({
      ...p,
      first_name: p.first_name.trim(),
      last_name: p.last_name.trim(),
      email: p.email.trim(),
      username: p.username.trim(),
      phone: p.phone.trim(),
    })),
  };
}

/** Table index of each person sent (blank rows are not sent). */
function sentRows(c: Ctx): number[] {
  return c.mode === 'single' ? [0] : c.rows.flatMap((r, i) => (isBlank(r) ? [] : [i]));
}

/** Moves row-keyed errors along with their rows; `map` gives each old index its new one, or null. */
function remapRows(errors: Ctx['serverErrors'], map: (index: number) => number | null): Ctx['serverErrors'] {
  const out: Ctx['serverErrors'] = {};
  for (const [key, value] of Object.entries(errors)) {
    if (!/^\d+$/.test(key)) out[key] = value;
    else {
      const to = map(Number(key));
      if (to !== null) out[String(to)] = value;
    }
  }
  return out;
}

const refusalOf = ({ event }: { event: { error: unknown } }): FieldRefusal =>
  fieldRefusalOf(event.error) ?? { msg: '', fields: {} };

const freshStepTwo = () => ({
  mode: 'single' as const,
  single: emptyPerson(),
  rows: [emptyPerson()],
  csv: null,
  usernameCheck: null,
  stepTwoTried: false,
  serverErrors: {},
  refusal: null,
  created: [],
  createdMsg: '',
  mail: [],
  error: null,
});

const userCreateSetup = setup({
  types: { context: {} as Ctx, events: {} as UserCreateEvent, input: {} as UserCreateInput },
  actors: {
    loadSetup: fromPromise<CreateSetup, { product: string }>(() => Promise.reject(new Error('provide loadSetup'))),
    checkUsername: fromPromise<UsernameCheckReply, { username: string }>(() =>
      Promise.reject(new Error('provide checkUsername')),
    ),
    register: fromPromise<RegisterReply, { product: string; request: RegisterRequest }>(() =>
      Promise.reject(new Error('provide register')),
    ),
    /** The newest outbox messages (fetch_outbox/). */
    loadOutbox: fromPromise<OutboxMessage[]>(() => Promise.reject(new Error('provide loadOutbox'))),
  },
  delays: { usernameCheckDebounce: USERNAME_CHECK_DEBOUNCE_MS },
  guards: {
    accountValid: ({ context }) => accountValid(context),
    peopleValid: ({ context }) => peopleValid(context),
    mayUseMode: ({ context, event }) =>
      (event as Ev<'mode.change'>).mode === 'single' || context.features.includes('bulk_user_creation'),
    checkableUsername: ({ context, event }) => {
      const e = event as Ev<'user.change'>;
      return context.mode === 'single' && e.field === 'username' && usernameCheckable(e.value);
    },
    isUsername: ({ event }) => (event as Ev<'user.change'>).field === 'username',
    // Reading the outbox needs user_mgmt (fetch_outbox/); without it the page says what register/ said.
    showsMail: ({ context }) => context.sendEmail && context.features.includes('user_mgmt'),
    /** The server named fields (HTTP 400, decision 042). */
    refusedFields,
    /** … all of them step one's: the person goes back there to fix them. */
    refusedStepOneOnly: ({ context }, error: unknown) => {
      const refusal = fieldRefusalOf(error);
      if (!refusal) return false;
      const placed = placeRefusal(refusal, sentRows(context));
      return (
        STEP_ONE_KEY in placed.serverErrors &&
        Object.keys(placed.serverErrors).every((k) => k === STEP_ONE_KEY) &&
        placed.unplaced.length === 0
      );
    },
  },
  actions: {
    pickOrg: assign(({ context, event }) => ({
      account: { ...context.account, org: (event as Ev<'org.pick'>).org },
      serverErrors: withoutServerError(context.serverErrors, STEP_ONE_KEY, 'organization_id'),
    })),
    changeField: assign(({ context, event }) => {
      const { field, value } = event as Ev<'field.change'>;
      const account = { ...context.account, [field]: value };
      // §4: the expiry follows the user type until the person picks one.
      if (field === 'user_type' && !context.expiryChosen) account.expiry_dt = defaultExpiryOf(value, context.today);
      return { account, serverErrors: withoutServerError(context.serverErrors, STEP_ONE_KEY, field) };
    }),
    changePlan: assign(({ context, event }) => {
      const result = reconcileDataPlan(
        context.product,
        (event as Ev<'plan.change'>).plan,
        context.account.user_category,
      );
      return {
        account: { ...context.account, data_plan: result.plan },
        planNotices: result.notices,
        serverErrors: withoutServerError(context.serverErrors, STEP_ONE_KEY, 'data_plan'),
      };
    }),
    changeExpiry: assign(({ context, event }) => ({
      account: { ...context.account, expiry_dt: (event as Ev<'expiry.change'>).value },
      expiryChosen: true,
      serverErrors: withoutServerError(context.serverErrors, STEP_ONE_KEY, 'expiry_dt'),
    })),
    toggleFlag: assign(({ context, event }) => {
      const { flag, on } = event as Ev<'flag.toggle'>;
      return { account: { ...context.account, flags: { ...context.account.flags, [flag]: on } } };
    }),
    tryStepOne: assign({ stepOneTried: true }),
    changeMode: assign(({ context, event }) => {
      const mode = (event as Ev<'mode.change'>).mode;
      // The person typed in the single form, then chose bulk: they become the table's first row.
      const rows =
        mode === 'bulk' && !isBlank(context.single) && context.rows.every(isBlank)
          ? [{ ...context.single }]
          : context.rows;
      const stepOne = context.serverErrors[STEP_ONE_KEY];
      const serverErrors: Ctx['serverErrors'] = stepOne ? { [STEP_ONE_KEY]: stepOne } : {};
      return { mode, rows, serverErrors, refusal: null };
    }),
    changeSingle: assign(({ context, event }) => {
      const { field, value } = event as Ev<'user.change'>;
      return {
        single: { ...context.single, [field]: value },
        serverErrors: withoutServerError(context.serverErrors, '0', field),
        refusal: null,
      };
    }),
    addRow: assign(({ context }) => ({ rows: [...context.rows, emptyPerson()] })),
    removeRow: assign(({ context, event }) => {
      const { index } = event as Ev<'row.remove'>;
      const rows = context.rows.filter((_, i) => i !== index);
      return {
        rows: rows.length ? rows : [emptyPerson()],
        serverErrors: remapRows(context.serverErrors, (i) => (i === index ? null : i > index ? i - 1 : i)),
        refusal: null,
      };
    }),
    changeRow: assign(({ context, event }) => {
      const { index, field, value } = event as Ev<'row.change'>;
      return {
        rows: context.rows.map((r, i): Person => (i === index ? { ...r, [field]: value } : r)),
        serverErrors: withoutServerError(context.serverErrors, String(index), field),
        refusal: null,
      };
    }),
    loadCsv: assign(({ context, event }): Partial<Ctx> => {
      const { text, source } = event as Ev<'csv.load'>;
      const { people, summary } = readUsersCsv(text, source);
      if (!people.length || summary.error) return { csv: summary };
      // Blank rows make way for the file's; rows with something typed stay, with their errors.
      const kept = context.rows.flatMap((r, i) => (isBlank(r) ? [] : [i]));
      return {
        rows: [...kept.map((i) => context.rows[i]!), ...people],
        csv: summary,
        serverErrors: remapRows(context.serverErrors, (i) => (kept.includes(i) ? kept.indexOf(i) : null)),
        refusal: null,
      };
    }),
    toggleEmail: assign({ sendEmail: ({ event }) => (event as Ev<'email.toggle'>).on }),
    tryStepTwo: assign({ stepTwoTried: true }),
    storeUsernameCheck: assign({
      usernameCheck: ({ context }, reply: UsernameCheckReply) => ({
        username: context.single.username.trim(),
        available: reply.available,
        msg: reply.msg,
      }),
    }),
    forgetUsernameCheck: assign({ usernameCheck: null }),
    storeCreated: assign((_, reply: RegisterReply) => ({ created: reply.data, createdMsg: reply.msg, error: null })),
    /** A refusal's messages at their fields, until those fields change; the rest in the summary. */
    storeRefusal: assign(({ context }, refusal: FieldRefusal) => {
      const { serverErrors, unplaced } = placeRefusal(refusal, sentRows(context));
      return { serverErrors, refusal: [refusal.msg, ...unplaced].join(' '), stepOneTried: true, stepTwoTried: true };
    }),
    clearOutcome: assign({ error: null, refusal: null }),
    startAnother: assign(() => ({ ...freshStepTwo(), planNotices: [], stepOneTried: false })),
  },
});

const calling = callStates(userCreateSetup);

export const userCreateMachine = userCreateSetup.createMachine({
  id: 'userCreate',
  context: ({ input }) => ({
    product: input.product,
    features: input.features,
    today: input.today,
    setup: null,
    account: initialAccount(input.product, input.today),
    expiryChosen: false,
    planNotices: [],
    stepOneTried: false,
    sendEmail: true,
    ...freshStepTwo(),
    // A kept draft: the person's own values over the fresh form.
    ...(input.draft ?? {}),
  }),
  initial: 'loading',
  states: {
    loading: calling('loadSetup', {
      input: ({ context }) => ({ product: context.product }),
      onDone: { target: 'stepOne', actions: assign({ setup: ({ event }) => event.output, error: null }) },
      onError: { target: 'loadFailed', actions: assign({ error: ({ event }) => failureMessage(event.error) }) },
    }),
    loadFailed: {
      tags: ['failed'],
      on: { 'setup.retry': 'loading' },
    },
    stepOne: {
      tags: ['stepOne'],
      on: {
        'org.pick': { actions: 'pickOrg' },
        'field.change': { actions: 'changeField' },
        'plan.change': { actions: 'changePlan' },
        'expiry.change': { actions: 'changeExpiry' },
        'flag.toggle': { actions: 'toggleFlag' },
        'step.next': [{ guard: 'accountValid', target: 'stepTwo', actions: 'clearOutcome' }, { actions: 'tryStepOne' }],
      },
    },
    stepTwo: {
      tags: ['stepTwo'],
      initial: 'editing',
      on: {
        'step.back': 'stepOne',
        'mode.change': { guard: 'mayUseMode', actions: 'changeMode' },
        'user.change': { actions: 'changeSingle' },
        'row.add': { actions: 'addRow' },
        'row.remove': { actions: 'removeRow' },
        'row.change': { actions: 'changeRow' },
        'csv.load': { actions: 'loadCsv' },
        'email.toggle': { actions: 'toggleEmail' },
        'create.submit': [
          { guard: 'peopleValid', target: 'submitting', actions: 'clearOutcome' },
          { actions: 'tryStepTwo' },
        ],
      },
      states: {
        editing: {
          tags: ['editing'],
          initial: 'usernameIdle',
          on: {
            // Each keystroke in the username restarts the wait before the check.
            'user.change': [
              {
                guard: 'checkableUsername',
                target: '.usernameWaiting',
                reenter: true,
                actions: ['changeSingle', 'forgetUsernameCheck'],
              },
              { guard: 'isUsername', target: '.usernameIdle', actions: ['changeSingle', 'forgetUsernameCheck'] },
            ],
          },
          states: {
            usernameIdle: {},
            usernameWaiting: {
              tags: ['usernameChecking'],
              after: { usernameCheckDebounce: 'usernameChecking' },
            },
            usernameChecking: {
              tags: ['usernameChecking'],
              invoke: {
                id: 'checkUsername',
                src: 'checkUsername',
                input: ({ context }) => ({ username: context.single.username.trim() }),
                onDone: {
                  target: 'usernameChecked',
                  actions: { type: 'storeUsernameCheck', params: ({ event }) => event.output },
                },
                onError: 'usernameCheckFailed',
              },
            },
            usernameChecked: {},
            usernameCheckFailed: { tags: ['usernameCheckFailed'] },
          },
        },
        // The server refused: its reasons stay on their fields until those change.
        refused: {
          tags: ['refused'],
          on: {
            'user.change': [
              {
                guard: 'checkableUsername',
                target: 'editing.usernameWaiting',
                actions: ['changeSingle', 'forgetUsernameCheck'],
              },
              { target: 'editing', actions: 'changeSingle' },
            ],
            'row.change': { target: 'editing', actions: 'changeRow' },
            'row.remove': { target: 'editing', actions: 'removeRow' },
          },
        },
      },
    },
    submitting: calling(
      'register',
      {
        input: ({ context }) => ({ product: context.product, request: registerRequestOf(context) }),
        onDone: { target: 'created', actions: { type: 'storeCreated', params: ({ event }) => event.output } },
        // Nothing created is a 400 naming fields (decision 042): on their step, the form as it was.
        onError: [
          {
            guard: { type: 'refusedStepOneOnly', params: errorOf },
            target: 'stepOne',
            actions: { type: 'storeRefusal', params: refusalOf },
          },
          {
            guard: { type: 'refusedFields', params: errorOf },
            target: 'stepTwo.refused',
            actions: { type: 'storeRefusal', params: refusalOf },
          },
          { target: 'failed', actions: assign({ error: ({ event }) => failureMessage(event.error) }) },
        ],
      },
      ['busy', 'submitting'],
    ),
    created: {
      tags: ['created'],
      initial: 'deciding',
      on: { 'create.another': { target: 'stepOne', actions: 'startAnother' } },
      states: {
        // The welcome emails just written, as the outbox holds them (stored, queued, sent, failed).
        deciding: {
          always: [{ guard: 'showsMail', target: 'mailLoading' }, { target: 'noMail' }],
        },
        mailLoading: {
          tags: ['mailLoading'],
          invoke: {
            id: 'loadOutbox',
            src: 'loadOutbox',
            onDone: { target: 'mailShown', actions: assign({ mail: ({ event }) => event.output }) },
            onError: 'mailUnknown',
          },
        },
        mailShown: { tags: ['mailShown'] },
        mailUnknown: { tags: ['mailUnknown'] },
        noMail: {},
      },
    },
    failed: {
      tags: ['failed'],
      on: {
        'create.retry': { target: 'submitting', actions: 'clearOutcome' },
        'create.edit': { target: 'stepTwo', actions: 'clearOutcome' },
      },
    },
  },
});
