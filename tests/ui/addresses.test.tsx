// What a screen keeps in its address, through the router against the real server: Reload or a
// shared link opens it as it was.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ConsoleApp } from '../../src/app';
import { insertOrganization, organizationRow, userRow } from '../support/factories';
import { closePanel, openPanelAs } from '../support/panel';
import { createTestServer, type TestServer } from '../support/server';
import { connectToServer, type ServerBridge } from '../support/server-bridge';

let server: TestServer;
let bridge: ServerBridge;
let app: ConsoleApp;

beforeEach(async () => {
  server = await createTestServer();
  bridge = connectToServer(server);
});
afterEach(() => closePanel(bridge, server));

const TEMPLATES = ['admin_panel_access', 'template_settings_tab'];

describe('Template Settings', () => {
  it('opens with the search the address names, and the address follows a new search', async () => {
    app = await openPanelAs(server, {
      username: 'templater',
      features: TEMPLATES,
      path: '/template_settings?q=nordic',
    });
    const box = await screen.findByRole('textbox', { name: 'Search templates by name or description' });
    expect(box).toHaveValue('nordic');
    expect(await screen.findByText("No template matches 'nordic'.")).toBeVisible();
    const user = userEvent.setup();
    await user.clear(box);
    await user.type(box, 'alpine{Enter}');
    expect(await screen.findByText("No template matches 'alpine'.")).toBeVisible();
    await waitFor(() => expect(app.router.state.location.search).toEqual({ q: 'alpine' }));
  });
});

describe('Group ManagementV2', () => {
  const FEATURES = ['admin_panel_access', 'group_mgmt_v2'];

  async function aGroup(name: string): Promise<number> {
    const org = await server.db
      .insertInto('organizations')
      .values(organizationRow({ name: 'Northwind Capital' }))
      .returning('id')
      .executeTakeFirstOrThrow();
    const group = await server.db
      .insertInto('user_groups')
      .values({ name, kind: 'thesis', organization_id: org.id, created_at: Date.now() })
      .returning('id')
      .executeTakeFirstOrThrow();
    return group.id;
  }

  it('opens the group the address names, and Back to groups keeps the search in the address', async () => {
    const id = await aGroup('Energy desk');
    app = await openPanelAs(server, {
      username: 'grouper',
      features: FEATURES,
      path: `/modify_groups_v2?q=energy&group=${id}`,
    });
    expect(await screen.findByRole('heading', { name: 'Energy desk' })).toBeVisible();
    expect(app.router.state.location.search).toEqual({ q: 'energy', group: id });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Back to groups' }));
    expect(await screen.findByText('Energy desk')).toBeVisible();
    await waitFor(() => expect(app.router.state.location.search).toEqual({ q: 'energy' }));
  });

  it('drops a malformed group from the address and opens the list instead', async () => {
    await aGroup('Energy desk');
    app = await openPanelAs(server, { username: 'grouper', features: FEATURES, path: '/modify_groups_v2?group=abc' });
    expect(await screen.findByText('Energy desk')).toBeVisible();
    expect(screen.queryByRole('heading', { name: 'Energy desk' })).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(app.router.state.matches.at(-1)?.search).not.toHaveProperty('group', 'abc');
  });
});

// Restrict Broker: the organization and the user it shows.
const RESTRICT_BROKER = ['admin_panel_access', 'restrict_broker_access'];

/** Northwind with Olivia (Apex Securities in her My Brokers) and Oscar. */
async function northwind(): Promise<{ org: number; olivia: number; oscar: number }> {
  const org = await insertOrganization(server.db, { name: 'Northwind Capital', salesforce_id: 'SF-NW' });
  const person = async (first_name: string, last_name: string) =>
    (
      await server.db
        .insertInto('users')
        .values(
          userRow({
            first_name,
            last_name,
            email: `${first_name.toLowerCase()}@northwind.example`,
            organization_id: org,
          }),
        )
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  const olivia = await person('Olivia', 'Smith');
  const oscar = await person('Oscar', 'Lee');
  const apex = await server.db
    .insertInto('brokers')
    .values({ name: 'Apex Securities', open_access: 0, group_id: null, created_at: Date.now() })
    .returning('id')
    .executeTakeFirstOrThrow();
  await server.db.insertInto('user_brokers').values({ user_id: olivia, list: 'my', broker_id: apex.id }).execute();
  return { org, olivia, oscar };
}

const userField = () => screen.getByRole('combobox', { name: 'User' });
const orgField = () => screen.getByRole('combobox', { name: 'Organization' });

describe('Restrict Broker', () => {
  it('opens the organization and the user the address names; another user and a cleared organization follow', async () => {
    const { org, olivia, oscar } = await northwind();
    app = await openPanelAs(server, {
      username: 'broker-desk',
      features: RESTRICT_BROKER,
      path: `/restrict_broker?org=${org}&user=${olivia}`,
    });
    const mine = await screen.findByRole('list', { name: 'My Brokers' });
    expect(within(mine).getByText('Apex Securities')).toBeVisible();
    expect(userField()).toHaveTextContent('Olivia Smith');
    expect(orgField()).toHaveValue('Northwind Capital');
    expect(app.router.state.location.search).toEqual({ org, user: olivia });

    const user = userEvent.setup();
    await user.click(userField());
    await user.click(await screen.findByRole('option', { name: /Oscar Lee/ }));
    await waitFor(() => expect(app.router.state.location.search).toEqual({ org, user: oscar }));
    expect(userField()).toHaveTextContent('Oscar Lee');
    await waitFor(() => expect(screen.queryByText('Apex Securities')).toBeNull());

    await user.click(await screen.findByRole('button', { name: 'Clear organization' }));
    expect(await screen.findByText('Pick an organization to see its users.')).toBeVisible();
    await waitFor(() => expect(app.router.state.location.search).toEqual({}));
  });

  it('opens the organization alone, and a user then chosen goes into the address', async () => {
    const { org, olivia } = await northwind();
    app = await openPanelAs(server, {
      username: 'broker-desk',
      features: RESTRICT_BROKER,
      path: `/restrict_broker?org=${org}`,
    });
    expect(await screen.findByText('Choose a user to see their brokers.')).toBeVisible();
    expect(orgField()).toHaveValue('Northwind Capital');
    const user = userEvent.setup();
    await user.click(userField());
    await user.click(await screen.findByRole('option', { name: /Olivia Smith/ }));
    expect(await screen.findByText('Apex Securities')).toBeVisible();
    await waitFor(() => expect(app.router.state.location.search).toEqual({ org, user: olivia }));
  });

  it('drops what the address cannot name: a malformed organization (and its user), an organization not there', async () => {
    const { org, olivia } = await northwind();
    app = await openPanelAs(server, {
      username: 'broker-desk',
      features: RESTRICT_BROKER,
      path: `/restrict_broker?org=north&user=${olivia}`,
    });
    expect(await screen.findByText('Pick an organization to see its users.')).toBeVisible();
    await waitFor(() => expect(app.router.state.location.search).toEqual({}));

    await app.router.navigate({ to: '/user_list' });
    await app.router.navigate({ to: '/restrict_broker', search: { org: org + 1000, user: olivia } });
    expect(await screen.findByText('Pick an organization to see its users.')).toBeVisible();
    expect(orgField()).toHaveValue('');
    await waitFor(() => expect(app.router.state.location.search).toEqual({}));
  });
});
