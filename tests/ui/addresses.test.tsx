// What a screen keeps in its address, through the router against the real server: Reload or a
// shared link opens it as it was.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ConsoleApp } from '../../src/app';
import { organizationRow } from '../support/factories';
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
