// The create screen against the real server: through the router for who sees what (spec §6) and a
// whole creation, and on the view itself for every data plan rule and message of §5, the expiry
// defaults of §4, and row errors in bulk.
import { Theme } from '@radix-ui/themes';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { ConsoleApp } from '../../src/app';
import { dataPlanMessages, FIELD_MESSAGES } from '../../src/domain/user-rules';
import { loginAccount, verifyOtp } from '../../src/services/auth.service';
import { userCreateMachine } from '../../src/sections/user-create/user-create.machine';
import { selectRowsOver } from '../../src/sections/user-create/user-create.selectors';
import { liveUserCreateMachine } from '../../src/sections/user-create/user-create.live';
import { UserCreateCtx } from '../../src/sections/user-create/user-create-context';
import { UserCreateView } from '../../src/sections/user-create/user-create-view';
import { closePanel, openPanelAs } from '../support/panel';
import { createTestServer, type TestServer } from '../support/server';
import { connectToServer, type ServerBridge } from '../support/server-bridge';

const P = 'product';
const MSG = dataPlanMessages(P);
let server: TestServer;
let bridge: ServerBridge;
let user: UserEvent;

beforeEach(async () => {
  server = await createTestServer();
  bridge = connectToServer(server);
  await server.db
    .insertInto('organizations')
    .values({ name: 'Northwind Capital', salesforce_id: null, sf_acc_id: null, created_at: Date.now() })
    .execute();
  await server.createStaff({ username: 'olive.owner', features: ['admin_panel_access'], activated: true });
  user = userEvent.setup();
});
afterEach(() => closePanel(bridge, server));

const combo = (name: string) => screen.getByRole('combobox', { name });
async function choose(trigger: string, option: string): Promise<void> {
  await user.click(combo(trigger));
  await user.click(await screen.findByRole('option', { name: option }));
}
async function pickOrganization(): Promise<void> {
  await user.type(combo('Organization'), 'north');
  await user.click(await screen.findByRole('option', { name: /Northwind Capital/ }));
}
const checkbox = (name: string) => screen.getByRole('checkbox', { name });

async function openAs(features: string[]): Promise<ConsoleApp> {
  const app = await openPanelAs(server, {
    username: `creator${features.length}`,
    features,
    path: '/create_user',
    user,
  });
  await screen.findByRole('heading', { name: 'Step 1 of 2 · Account settings' });
  return app;
}

/** The view alone, for a signed-in staff member with every create feature. */
async function mountView(features = ['create_user_tab', 'bulk_user_creation', 'allow_customer_type']): Promise<void> {
  const staff = await server.createStaff({
    username: 'viewer',
    features: ['admin_panel_access', 'user_mgmt', ...features],
    activated: true,
  });
  await loginAccount({ username: staff.username, password: staff.password });
  await verifyOtp({ username: staff.username, otp: server.totp(staff.totpSecret!) });
  render(
    <Theme>
      <UserCreateCtx.Provider
        logic={liveUserCreateMachine}
        options={{ input: { product: P, features, today: { year: 2026, month: 11, day: 21 } } }}
      >
        <UserCreateView />
      </UserCreateCtx.Provider>
    </Theme>,
  );
  await screen.findByRole('heading', { name: 'Step 1 of 2 · Account settings' });
}

async function toStepTwo(): Promise<void> {
  await pickOrganization();
  await choose('User type', 'Trial');
  await choose(`Product owner`, 'olive.owner Staff (olive.owner)');
  await user.click(screen.getByRole('button', { name: 'Next' }));
  await screen.findByRole('heading', { name: 'Step 2 of 2 · Users' });
}

describe('through the router', () => {
  it('offers a support account neither customer types nor several users at once, and creates one user', async () => {
    const app = await openAs(['admin_panel_access', 'user_mgmt', 'create_user_tab']);
    await user.click(combo('User type'));
    const types = (await screen.findAllByRole('option')).map((o) => o.textContent);
    expect(types).toEqual(['Trial', 'Test user', 'Journalist']);
    await user.keyboard('{Escape}');
    await toStepTwo();
    expect(screen.queryByRole('radio', { name: 'Several users' })).toBeNull();
    await user.type(screen.getByRole('textbox', { name: 'First name' }), 'Ada');
    await user.type(screen.getByRole('textbox', { name: 'Last name' }), 'Lovelace');
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Create user' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Created 1 user.');
    const link = within(screen.getByRole('table', { name: 'Created users' })).getByRole('link', {
      name: 'ada.lovelace',
    });
    const stored = await server.db
      .selectFrom('users')
      .select(['id', 'user_type', 'organization_id'])
      .where('email', '=', 'ada@example.com')
      .executeTakeFirstOrThrow();
    expect(stored.user_type).toBe('trial');
    await user.click(link);
    await waitFor(() => expect(app.router.state.location.pathname).toBe(`/user_list/${stored.id}`));
  });

  it('offers every type and several users to an account holding the features', async () => {
    await openAs([
      'admin_panel_access',
      'user_mgmt',
      'create_user_tab',
      'bulk_user_creation',
      'allow_customer_type',
      'staff_role_change',
    ]);
    await user.click(combo('User type'));
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual([
      'Trial',
      'Staff',
      'Test user',
      'Journalist',
      'Customer',
      'Grace customer',
      'Churn customer',
    ]);
    await user.keyboard('{Escape}');
    await toStepTwo();
    expect(screen.getByRole('radio', { name: 'Several users' })).toBeVisible();
  });
});

describe('data plan rules (spec §5), exactly as written', () => {
  beforeEach(() => mountView());

  it('drops the data plan when the alternative plan joins it', async () => {
    await user.click(checkbox(`Product Data`));
    await user.click(checkbox(`Product Alternative data`));
    expect(screen.getByRole('status')).toHaveTextContent(MSG.altReplacesData);
    expect(checkbox(`Product Data`)).not.toBeChecked();
    expect(checkbox(`Product Alternative data`)).toBeChecked();
  });

  it('says the two cannot go together when the data plan is added to the alternative one', async () => {
    await user.click(checkbox(`Product Alternative data`));
    await user.click(checkbox(`Product Data`));
    expect(screen.getByRole('status')).toHaveTextContent(MSG.notBoth);
    expect(checkbox(`Product Data`)).not.toBeChecked();
  });

  it('adds the data plan to shareholder data', async () => {
    await user.click(checkbox('Shareholder data'));
    expect(screen.getByRole('status')).toHaveTextContent(MSG.shareholderNeedsData);
    expect(checkbox(`Product Data`)).toBeChecked();
    expect(checkbox('Shareholder data')).toBeChecked();
  });

  it("drops 'null' when other items are chosen", async () => {
    await user.click(checkbox('RNS'));
    await user.click(checkbox('None'));
    expect(checkbox('None')).not.toBeChecked();
    expect(checkbox('RNS')).toBeChecked();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('refuses IR and Workiva users a data plan, in red, and keeps Next on step one until it is fixed', async () => {
    await pickOrganization();
    await choose('User type', 'Trial');
    await choose(`Product owner`, 'olive.owner Staff (olive.owner)');
    await user.click(checkbox(`Product Data`));
    await choose('User category', 'IR');
    expect(screen.getByRole('alert')).toHaveTextContent(MSG.categoryForbidsData);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByRole('heading', { name: 'Step 1 of 2 · Account settings' })).toBeVisible();
    await choose('User category', 'Workiva');
    expect(screen.getByRole('alert')).toHaveTextContent(MSG.categoryForbidsData);
    await user.click(checkbox(`Product Data`));
    expect(screen.queryByRole('alert')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('heading', { name: 'Step 2 of 2 · Users' })).toBeVisible();
  });
});

describe('expiry (spec §4)', () => {
  beforeEach(() => mountView());
  const expiry = () => screen.getByRole('textbox', { name: 'Expiry date' });

  it('follows the user type until the person picks a date, then keeps theirs', async () => {
    expect(expiry()).toHaveValue('11-22-2026');
    await choose('User type', 'Trial');
    expect(expiry()).toHaveValue('12-06-2026');
    await choose('User type', 'Grace customer');
    expect(expiry()).toHaveValue('12-21-2026');
    await user.clear(expiry());
    await user.type(expiry(), '01-15-2027');
    await choose('User type', 'Customer');
    expect(expiry()).toHaveValue('01-15-2027');
  });

  it('says what is wrong with a date that is not one, or is after 3000', async () => {
    for (const text of ['02-30-2027', '01-01-3001']) {
      await user.clear(expiry());
      await user.type(expiry(), text);
      expect(screen.getByText(FIELD_MESSAGES.expiry)).toBeVisible();
    }
  });
});

describe('several users', () => {
  beforeEach(async () => {
    // The view's day is fixed, so its default expiry is not the server's: the key lets it stand.
    await mountView(['create_user_tab', 'bulk_user_creation', 'allow_customer_type', 'expiry_update']);
    await toStepTwo();
    await user.click(screen.getByRole('radio', { name: 'Several users' }));
  });

  it('shows each row its own errors, and sends nothing until they are fixed', async () => {
    await user.type(
      screen.getByRole('textbox', { name: 'Paste CSV' }),
      'email,first_name,last_name{Enter}a@example.com,Ann,Lee{Enter}A@example.com,Bo,Ray{Enter}not-an-email,Cy,Fox',
    );
    await user.click(screen.getByRole('button', { name: 'Read pasted rows' }));
    expect(screen.getByRole('status')).toHaveTextContent(
      'Read 3 rows from the pasted text. Columns recognised: first_name, last_name, email.',
    );
    expect(screen.getByRole('textbox', { name: 'Row 2 email' })).toHaveAccessibleDescription(
      'The same email as row 1.',
    );
    expect(screen.getByRole('textbox', { name: 'Row 3 email' })).toHaveAccessibleDescription(FIELD_MESSAGES.email);
    expect(screen.getByRole('textbox', { name: 'Row 1 email' })).not.toHaveAccessibleDescription();
    await user.click(screen.getByRole('button', { name: 'Create 3 users' }));
    expect(screen.getByRole('heading', { name: 'Step 2 of 2 · Users' })).toBeVisible();
    expect(await server.db.selectFrom('users').select('id').where('email', 'like', '%@example.com').execute()).toEqual(
      [],
    );

    await user.clear(screen.getByRole('textbox', { name: 'Row 2 email' }));
    await user.type(screen.getByRole('textbox', { name: 'Row 2 email' }), 'bo@example.com');
    await user.click(screen.getByRole('button', { name: 'Remove row 3' }));
    await user.click(screen.getByRole('button', { name: 'Create 2 users' }));
    // The status already on screen holds the pasted rows' summary until the reply arrives.
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Created 2 users.'));
    expect(
      (
        await server.db
          .selectFrom('users')
          .select('email')
          .where('email', 'like', '%@example.com')
          .orderBy('email')
          .execute()
      ).map((u) => u.email),
    ).toEqual(['a@example.com', 'bo@example.com']);
  });

  it("answers a CSV row past the server's limit at that row's field, in the server's words", async () => {
    const long = 'L'.repeat(314);
    await user.click(screen.getByRole('textbox', { name: 'Paste CSV' }));
    await user.paste(`first_name,last_name,email\nAnn,Lee,ann@example.com\nBo,${long},bo@example.com`);
    await user.click(screen.getByRole('button', { name: 'Read pasted rows' }));
    // Read from a file, the value is not typed: the input's maxLength does not cut it.
    expect(screen.getByRole('textbox', { name: 'Row 2 last name' })).toHaveValue(long);
    await user.click(screen.getByRole('button', { name: 'Create 2 users' }));
    const lastName = screen.getByRole('textbox', { name: 'Row 2 last name' });
    await waitFor(() => expect(lastName).toHaveAccessibleDescription('At most 150 characters.'));
    expect(lastName).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('alert')).toHaveTextContent('At most 150 characters.');
    expect(screen.getByRole('alert')).not.toHaveTextContent('Error: 400');
    expect(screen.getByRole('textbox', { name: 'Row 1 last name' })).toHaveValue('Lee');
    expect(await server.db.selectFrom('users').select('id').where('email', 'like', '%@example.com').execute()).toEqual(
      [],
    );
  });

  it('keeps the rows typed so far when going back to step one and forward again', async () => {
    await user.type(screen.getByRole('textbox', { name: 'Row 1 first name' }), 'Kept');
    await user.click(screen.getByRole('button', { name: 'Back' }));
    await user.click(await screen.findByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('textbox', { name: 'Row 1 first name' })).toHaveValue('Kept');
  });
});

describe('the most users one call creates', () => {
  it('holds Create back while more than 1,000 people are in the table, saying how many to remove', async () => {
    // Services that never answer (nothing is sent here), and the choices of step one.
    const never = fromPromise(() => new Promise<never>(() => {})) as never;
    const setup = fromPromise(async () => ({
      owners: [{ key: 'o', text: 'O' }],
      userTypes: ['trial'],
      categories: ['general'],
      configurations: [`${P}_basic`],
      dataPlanItems: [],
      startupScreens: ['docsearch'],
    })) as never;
    const actor = createActor(
      userCreateMachine.provide({
        actors: { loadSetup: setup, checkUsername: never, register: never, loadOutbox: never },
      }),
      {
        input: {
          product: P,
          features: ['create_user_tab', 'bulk_user_creation'],
          today: { year: 2026, month: 11, day: 21 },
        },
      },
    ).start();
    await waitFor(() => expect(actor.getSnapshot().hasTag('stepOne')).toBe(true));
    actor.send({ type: 'org.pick', org: { title: 'Northwind Capital', org_id: 1, salesforceId: null } });
    actor.send({ type: 'field.change', field: 'user_type', value: 'trial' });
    actor.send({ type: 'field.change', field: 'owner', value: 'o' });
    actor.send({ type: 'step.next' });
    actor.send({ type: 'mode.change', mode: 'bulk' });
    const csv = [
      'first_name,last_name,email',
      ...Array.from({ length: 1000 }, (_, i) => `P${i},Q,p${i}@example.com`),
    ].join('\n');
    actor.send({ type: 'csv.load', text: csv, source: 'many.csv' });
    actor.send({ type: 'row.add' });
    actor.send({ type: 'row.change', index: 1000, field: 'first_name', value: 'One' });
    actor.send({ type: 'row.change', index: 1000, field: 'last_name', value: 'Too' });
    actor.send({ type: 'row.change', index: 1000, field: 'email', value: 'many@example.com' });
    expect(selectRowsOver(actor.getSnapshot())).toBe(1);
    actor.send({ type: 'create.submit' });
    expect(actor.getSnapshot().hasTag('submitting')).toBe(false);
    actor.send({ type: 'row.remove', index: 0 });
    actor.send({ type: 'create.submit' });
    expect(actor.getSnapshot().hasTag('submitting')).toBe(true);
    actor.stop();
  });
});
