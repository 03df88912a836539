// Restrict Broker keeps the organization and the user it shows in its address (decision 097),
// through the router against the real server: Reload or a shared link opens them again.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ConsoleApp } from '../../src/app';
import { insertOrganization, userRow } from '../support/factories';
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

const FEATURES = ['admin_panel_access', 'restrict_broker_access'];

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
      features: FEATURES,
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
      features: FEATURES,
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
      features: FEATURES,
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
