// Generated paths of the create machine, replayed on the real create screen against the real
// server: step one (organisation picker, selects, data plan, expiry, flags), step two (one person
// with the username check, or rows from CSV), and every answer register/ gives.
import { Theme } from '@radix-ui/themes';
import { render, screen, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AnyActorRef } from 'xstate';
import { dataPlanMessages } from '../../src/domain/user-rules';
import { userCreateMachine } from '../../src/sections/user-create/user-create.machine';
import { loginAccount, verifyOtp } from '../../src/services/auth.service';
import { liveUserCreateMachine } from '../../src/sections/user-create/user-create.live';
import { UserCreateCtx } from '../../src/sections/user-create/user-create-context';
import { UserCreateView } from '../../src/sections/user-create/user-create-view';
import { planPaths, type PlannedStep } from '../../src/workflows/paths';
import { flush, replayPath } from '../support/replay';
import { createTestServer, type TestServer } from '../support/server';
import { connectToServer, type ServerBridge } from '../support/server-bridge';
import { userCreatePlan } from '../../src/sections/user-create/user-create.plan';
import { userRow } from '../support/factories';

const P = 'product';
const NO_ANSWER = 'Error: no response from the server';
const SETUP_CALLS = [`/user/get_${P}_owner_group/`, '/user/get_product_settings/'];
const FIELD_LABELS: Record<string, string> = {
  first_name: 'First name',
  last_name: 'Last name',
  email: 'Email',
  username: 'Username (optional)',
};

interface World {
  server: TestServer;
  bridge: ServerBridge;
  user: UserEvent;
  opened: number[];
}
let world: World;
let actor: AnyActorRef | undefined;

function Probe() {
  actor = UserCreateCtx.useActorRef();
  return null;
}

beforeEach(async () => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
  vi.setSystemTime(new Date('2026-11-21T09:00:00Z'));
  const server = await createTestServer();
  const bridge = connectToServer(server);
  await server.db
    .insertInto('organizations')
    .values({ name: 'Northwind Capital', salesforce_id: 'SF-1', sf_acc_id: null, created_at: Date.now() })
    .execute();
  await server.createStaff({ username: 'olive.owner', features: ['admin_panel_access'], activated: true });
  const staff = await server.createStaff({
    username: 'creator',
    features: [
      'admin_panel_access',
      'user_mgmt',
      'create_user_tab',
      'bulk_user_creation',
      'allow_customer_type',
      'expiry_update',
      'prod_beta_subtab',
    ],
    activated: true,
  });
  await loginAccount({ username: staff.username, password: staff.password });
  await verifyOtp({ username: staff.username, otp: server.totp(staff.totpSecret!) });
  world = { server, bridge, user: userEvent.setup({ advanceTimers: vi.advanceTimersByTime }), opened: [] };
});
afterEach(async () => {
  world.bridge.disconnect();
  await world.server.close();
  actor = undefined;
});

const s = () => screen;
const byLabel = (label: string) => screen.getByLabelText(label, { selector: 'input' }) as HTMLInputElement;
const button = (name: string | RegExp) => screen.getByRole('button', { name });
const ctx = () =>
  actor!.getSnapshot().context as import('../../src/sections/user-create/user-create.types').UserCreateContext;

async function until(found: () => unknown, what: string): Promise<void> {
  for (let i = 0; i < 200; i++) {
    if (found()) return;
    await flush();
  }
  throw new Error(`never appeared: ${what}`);
}

async function choose(trigger: string, option: string | RegExp): Promise<void> {
  await world.user.click(screen.getByRole('combobox', { name: trigger }));
  await world.user.click(await screen.findByRole('option', { name: option }));
}

async function retype(input: HTMLElement, value: string): Promise<void> {
  await world.user.clear(input);
  if (value) await world.user.type(input, value);
}

/** A managed user put straight into the database (the world changing behind the person's back). */
async function existingUser(fields: { email: string; username: string }): Promise<void> {
  const now = Date.now();
  await world.server.db
    .insertInto('users')
    .values(
      userRow({
        ...fields,
        first_name: 'Someone',
        last_name: 'Else',
        product_configuration: `${P}_basic`,
        created_at: now,
        phone: null,
        subscription_status: null,
        sf_contact_id: null,
        updated_by: null,
      }),
    )
    .execute();
}

const after = (step: PlannedStep | undefined, type: string, match: Record<string, unknown> = {}) =>
  step?.event.type === type && Object.entries(match).every(([k, v]) => step.event[k] === v);

function expectStepTwo(): void {
  expect(screen.getByRole('heading', { name: 'Step 2 of 2 · Users' })).toBeVisible();
}

/** Who was created, each a link to their page, stored as step one said. */
async function expectCreated(): Promise<void> {
  const c = ctx();
  const count = c.created.length;
  const mail = c.sendEmail
    ? count === 1
      ? ' The email was written to the outbox (no mail server is configured).'
      : ` ${count} emails were written to the outbox (no mail server is configured).`
    : '';
  expect(screen.getAllByRole('status')[0]).toHaveTextContent(
    `Created ${count} ${count === 1 ? 'user' : 'users'}.${mail}`,
  );
  const links = within(screen.getByRole('table', { name: 'Created users' })).getAllByRole('link');
  expect(links).toHaveLength(count);
  const stored = await world.server.db
    .selectFrom('users')
    .selectAll()
    .where('id', '=', c.created[0]!.user_id)
    .executeTakeFirstOrThrow();
  expect(links[0]).toHaveTextContent(stored.username);
  expect(links[0]).toHaveAttribute('href', `/user_list/${stored.id}`);
  expect(stored).toMatchObject({
    user_type: 'customer',
    owner: 'olive.owner',
    user_category: 'general',
    expiry_dt: Date.UTC(2027, 10, 21),
  });
  world.opened = [];
  await world.user.click(links[0]!);
  expect(world.opened).toEqual([stored.id]);
}

describe('userCreate machine paths (real view, real server)', () => {
  it.each(planPaths(userCreatePlan).map((p) => [p.name, p] as const))('%s', async (_name, path) => {
    await replayPath(path, {
      machine: userCreateMachine,
      bridge: world.bridge,
      world,
      calls: {
        loadSetup: '/user/get_',
        checkUsername: '/user/get_valid_username/',
        register: '/user/register/',
        loadOutbox: '/user/fetch_outbox/',
      },
      actor: () => actor!,
      mount: async () => {
        render(
          <Theme>
            <UserCreateCtx.Provider logic={liveUserCreateMachine} options={{ input: userCreatePlan.input as never }}>
              <Probe />
              <UserCreateView openUser={(id) => world.opened.push(id)} />
            </UserCreateCtx.Provider>
          </Theme>,
        );
      },
      perform: {
        'setup.retry': async () => world.user.click(button('Retry')),
        'org.pick': async () => {
          await world.user.type(screen.getByRole('combobox', { name: 'Organization' }), 'North');
          await vi.advanceTimersByTimeAsync(200);
          await until(
            () => screen.queryByRole('option', { name: /Northwind Capital/ }),
            'the organisation in the picker',
          );
          await world.user.click(screen.getByRole('option', { name: /Northwind Capital/ }));
        },
        'field.change': async ({ step }) => {
          if (step.event['field'] === 'user_type') await choose('User type', 'Customer');
          else await choose(`Product owner`, 'olive.owner Staff (olive.owner)');
        },
        'plan.change': async () => {
          await world.user.click(screen.getByRole('checkbox', { name: `Product Data` }));
          await world.user.click(screen.getByRole('checkbox', { name: `Product Alternative data` }));
        },
        'expiry.change': async ({ step }) => retype(byLabel('Expiry date'), step.event['value'] as string),
        'flag.toggle': async () => world.user.click(screen.getByRole('checkbox', { name: 'Crypto' })),
        'step.next': async () => world.user.click(button('Next')),
        'step.back': async () => world.user.click(button('Back')),
        'user.change': async ({ step }) =>
          retype(byLabel(FIELD_LABELS[step.event['field'] as string]!), step.event['value'] as string),
        'mode.change': async ({ step }) =>
          world.user.click(
            screen.getByRole('radio', { name: step.event['mode'] === 'bulk' ? 'Several users' : 'One user' }),
          ),
        'csv.load': async ({ step }) => {
          const file = new File([step.event['text'] as string], step.event['source'] as string, { type: 'text/csv' });
          await world.user.upload(screen.getByLabelText('Upload CSV'), file);
          await until(() => ctx().csv?.source === step.event['source'], 'the CSV read');
        },
        'row.add': async () => world.user.click(button('Add row')),
        'row.change': async ({ step }) =>
          retype(screen.getByRole('textbox', { name: 'Row 1 first name' }), step.event['value'] as string),
        'row.remove': async () => world.user.click(button('Remove row 2')),
        'email.toggle': async () => world.user.click(screen.getByRole('checkbox', { name: 'Send welcome email' })),
        'create.submit': async () => world.user.click(button(/^Create (user|\d+ users?)$/)),
        'create.retry': async () => world.user.click(button('Retry')),
        'create.edit': async () => world.user.click(button('Back to the form')),
        'create.another': async () => world.user.click(button('Create another')),
      },
      arrange: {
        loadFailed: async () => world.bridge.setOffline(true, SETUP_CALLS),
        usernameTaken: async () => existingUser({ email: 'ada.l@elsewhere.example', username: 'Ada.L' }),
        usernameUnchecked: async () => world.bridge.setOffline(true, ['/user/get_valid_username/']),
        // Someone else registered the first person's email meanwhile.
        refusedRow: async () => {
          const c = ctx();
          const first = c.mode === 'single' ? c.single : c.rows[0]!;
          await existingUser({ email: first.email, username: `other.${Date.now()}` });
        },
        // The owner left (deactivated) between step one and Create.
        refusedStepOne: async () =>
          void (await world.server.db
            .updateTable('users')
            .set({ active: 0 })
            .where('username', '=', 'olive.owner')
            .execute()),
        registerFailed: async () => world.bridge.setOffline(true, ['/user/register/']),
        outboxUnread: async () => world.bridge.setOffline(true, ['/user/fetch_outbox/']),
      },
      afterOutcome: {
        loadFailed: async () => world.bridge.setOffline(false),
        usernameUnchecked: async () => world.bridge.setOffline(false),
        registerFailed: async () => world.bridge.setOffline(false),
        outboxUnread: async () => world.bridge.setOffline(false),
      },
      expectations: {
        loading: () => {
          expect(s().getByRole('status')).toHaveTextContent('Loading owners and settings…');
          expect(s().queryByRole('form')).toBeNull();
        },
        loadFailed: () => {
          expect(s().getByRole('alert')).toHaveTextContent(`Could not load the owners and settings: ${NO_ANSWER}`);
          expect(button('Retry')).toBeEnabled();
        },
        stepOne: (_s, { step }) => {
          expect(s().getByRole('heading', { name: 'Step 1 of 2 · Account settings' })).toBeVisible();
          const form = s().getByRole('form', { name: 'Account settings' });
          if (!step || step.outcome === 'loaded') {
            expect(byLabel('Expiry date')).toHaveValue('11-22-2026'); // no type yet: spec §4's unassigned, one day
            expect(within(form).getByRole('combobox', { name: 'User type' })).toHaveTextContent('Choose a user type');
            expect(within(form).getByRole('combobox', { name: 'User category' })).toHaveTextContent('General');
            expect(within(form).getByRole('combobox', { name: 'Product configuration' })).toHaveTextContent(
              `Product Basic`,
            );
            expect(within(form).getByRole('combobox', { name: 'Startup screen' })).toHaveTextContent('Document search');
            expect(s().queryByRole('alert')).toBeNull();
          }
          if (after(step, 'plan.change')) {
            expect(s().getByRole('status')).toHaveTextContent(dataPlanMessages(P).altReplacesData);
            expect(s().getByRole('checkbox', { name: `Product Alternative data` })).toBeChecked();
            expect(s().getByRole('checkbox', { name: `Product Data` })).not.toBeChecked();
          }
          if (after(step, 'expiry.change')) expect(byLabel('Expiry date')).toHaveValue('12-31-2030');
          if (after(step, 'flag.toggle')) expect(s().getByRole('checkbox', { name: 'Crypto' })).toBeChecked();
          if (after(step, 'org.pick'))
            expect(s().getByRole('combobox', { name: 'Organization' })).toHaveValue('Northwind Capital');
          // §4: the customer's year, counted from the 21st of November 2026.
          if (after(step, 'field.change', { field: 'user_type' }))
            expect(byLabel('Expiry date')).toHaveValue('11-21-2027');
          if (after(step, 'field.change', { field: 'owner' }))
            expect(s().getByRole('combobox', { name: `Product owner` })).toHaveTextContent('olive.owner');
          if (after(step, 'step.next') && ctx().account.org === null) {
            expect(form).toHaveTextContent('Organization is required.');
            expect(within(form).getByRole('combobox', { name: 'User type' })).toHaveAccessibleDescription(
              'User type is required.',
            );
            expect(within(form).getByRole('combobox', { name: `Product owner` })).toHaveAccessibleDescription(
              `Product owner is required.`,
            );
          }
          if (after(step, 'step.back') || after(step, 'create.another')) {
            // What step one held is still there.
            expect(s().getByRole('combobox', { name: 'Organization' })).toHaveValue('Northwind Capital');
            expect(within(form).getByRole('combobox', { name: 'User type' })).toHaveTextContent('Customer');
            expect(byLabel('Expiry date')).toHaveValue('11-21-2027');
          }
          if (step?.outcome === 'refusedStepOne' || (after(step, 'step.next') && ctx().refusal)) {
            expect(s().getByRole('alert')).toHaveTextContent('Nothing was created: the account settings need changes.');
            expect(within(form).getByRole('combobox', { name: `Product owner` })).toHaveAccessibleDescription(
              'Choose an owner from the list of staff.',
            );
          }
        },
        'stepTwo.editing.usernameIdle': (_s, { step }) => {
          expectStepTwo();
          const c = ctx();
          if (after(step, 'step.next')) {
            for (const label of Object.values(FIELD_LABELS)) expect(byLabel(label)).toHaveValue('');
            expect(s().getByRole('checkbox', { name: 'Send welcome email' })).toBeChecked();
            expect(button('Create user')).toBeEnabled();
          }
          if (after(step, 'email.toggle'))
            expect(s().getByRole('checkbox', { name: 'Send welcome email' })).not.toBeChecked();
          if (after(step, 'create.submit')) {
            expect(byLabel('First name')).toHaveAccessibleDescription('First name is required.');
            expect(byLabel('Last name')).toHaveAccessibleDescription('Last name is required.');
            expect(byLabel('Email')).toHaveAccessibleDescription('Email is required.');
          }
          if (after(step, 'mode.change', { mode: 'bulk' })) {
            expect(within(s().getByRole('table', { name: 'Users to create' })).getAllByRole('row')).toHaveLength(2); // header and one empty row
            expect(button('Create 0 users')).toBeVisible();
          }
          if (after(step, 'mode.change', { mode: 'single' })) expect(byLabel('First name')).toHaveValue('');
          if (after(step, 'csv.load', { source: 'names.csv' })) {
            expect(s().getByRole('alert')).toHaveTextContent(
              'names.csv: The first row must name the columns first_name, last_name and email (username, password and phone are optional); missing: first_name, last_name, email.',
            );
          }
          if (after(step, 'csv.load', { source: 'people.csv' })) {
            expect(s().getByRole('status')).toHaveTextContent(
              'Read 2 rows from people.csv. Columns recognised: first_name, last_name, email. Ignored: Notes.',
            );
            expect(s().getByRole('textbox', { name: 'Row 1 email' })).toHaveValue('grace@example.com');
            expect(s().getByRole('textbox', { name: 'Row 2 first name' })).toHaveValue('Alan');
            expect(button('Create 2 users')).toBeVisible();
          }
          if (after(step, 'row.add')) {
            expect(s().getByRole('textbox', { name: 'Row 3 first name' })).toHaveValue('');
            expect(button('Create 2 users')).toBeVisible(); // a blank row is not a user
          }
          if (after(step, 'row.change'))
            expect(s().getByRole('textbox', { name: 'Row 1 first name' })).toHaveValue('Ada');
          if (after(step, 'row.remove')) {
            expect(s().queryByRole('textbox', { name: 'Row 2 first name' })).toBeNull();
            expect(button('Create 1 user')).toBeVisible();
          }
          if (after(step, 'user.change') && step!.event['field'] !== 'username') {
            expect(byLabel(FIELD_LABELS[step!.event['field'] as string]!)).toHaveValue(step!.event['value'] as string);
          }
          if (after(step, 'user.change', { field: 'username', value: 'a' }))
            expect(s().queryByRole('status')).toBeNull();
          // After a refusal, changing one field keeps the other fields' reasons (nothing lost).
          const refusedBefore =
            step &&
            ['row.change', 'row.remove', 'row.add', 'user.change'].includes(step.event.type) &&
            c.serverErrors['0'];
          if (refusedBefore && c.mode === 'single')
            expect(byLabel('Email')).toHaveAccessibleDescription('A user with this email already exists.');
          if (refusedBefore && c.mode === 'bulk')
            expect(s().getByRole('textbox', { name: 'Row 1 email' })).toHaveAccessibleDescription(
              'A user with this email already exists.',
            );
          if (after(step, 'create.edit')) {
            expect(byLabel('Email')).toHaveValue('ada@example.com');
            expect(button('Create user')).toBeEnabled();
          }
          if (!after(step, 'csv.load', { source: 'names.csv' })) expect(s().queryByRole('alert')).toBeNull();
        },
        'stepTwo.editing.usernameWaiting': () => {
          expectStepTwo();
          expect(s().getByRole('status')).toHaveTextContent('Checking whether the username is free…');
        },
        'stepTwo.editing.usernameChecking': () => {
          expect(s().getByRole('status')).toHaveTextContent('Checking whether the username is free…');
          expect(world.bridge.pending()).toBe(1);
        },
        'stepTwo.editing.usernameChecked': (_s, { step }) => {
          expectStepTwo();
          if (step?.outcome === 'usernameFree')
            expect(s().getByRole('status')).toHaveTextContent('ada.l is available.');
          if (step?.outcome === 'usernameTaken')
            expect(byLabel('Username (optional)')).toHaveAccessibleDescription('ada.l is taken.');
        },
        'stepTwo.editing.usernameCheckFailed': () => {
          expect(s().getByRole('status')).toHaveTextContent(
            'Could not check the username; the server checks it again on Create.',
          );
        },
        'stepTwo.refused': () => {
          expectStepTwo();
          expect(s().getByRole('alert')).toHaveTextContent('Nothing was created: 1 row needs changes.');
          const email = ctx().mode === 'single' ? byLabel('Email') : s().getByRole('textbox', { name: 'Row 1 email' });
          expect(email).toHaveAccessibleDescription('A user with this email already exists.');
          expect(email).toHaveAttribute('aria-invalid', 'true');
        },
        submitting: () => {
          expectStepTwo();
          expect(button(/^Create (user|\d+ users?)$/)).toBeDisabled();
          expect(button('Back')).toBeDisabled();
        },
        'created.mailLoading': async () => {
          await expectCreated();
          expect(
            s()
              .getAllByRole('status')
              .map((e) => e.textContent),
          ).toContain('Checking the welcome emails…');
        },
        'created.mailShown': async () => {
          await expectCreated();
          const rows = within(s().getByRole('table', { name: 'Welcome emails' }))
            .getAllByRole('row')
            .slice(1);
          expect(rows.map((r) => r.textContent)).toEqual(
            ctx().created.map((u) => `${u.email}Kept in the outbox (no mail server is configured)`),
          );
        },
        'created.mailUnknown': async () => {
          await expectCreated();
          expect(s().getByText('Could not read the outbox; the welcome emails are there all the same.')).toBeVisible();
        },
        'created.noMail': async () => {
          await expectCreated();
          expect(s().queryByRole('table', { name: 'Welcome emails' })).toBeNull();
          expect(await world.server.db.selectFrom('mail_outbox').select('id').execute()).toEqual([]);
        },
        failed: () => {
          expect(s().getByRole('alert')).toHaveTextContent(
            `Nothing was created: the request failed (${NO_ANSWER}). What you typed is kept.`,
          );
          expect(byLabel('Email')).toHaveValue('ada@example.com');
          expect(button('Retry')).toBeEnabled();
        },
      },
    });
  });
});
