// Forms never lose input (decision 042), through the assembled panel against the real server:
// Create User and the edit screen keep what was typed across a page load, a draft restored over a
// record saved meanwhile meets the stale-save check, the edit screen asks before an in-app way
// out, and signing out drops every draft.
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ConsoleApp } from '../../src/app';
import { closePanel, openPanel, openPanelAs } from '../support/panel';
import { createTestServer, type TestServer } from '../support/server';
import { connectToServer, type ServerBridge } from '../support/server-bridge';
import { userRow } from '../support/factories';

let server: TestServer;
let bridge: ServerBridge;
let app: ConsoleApp;
let userId: number;
const user = userEvent.setup();
const EDITOR = ['admin_panel_access', 'user_mgmt', 'edit_user', 'create_user_tab'];

beforeEach(async () => {
  server = await createTestServer();
  bridge = connectToServer(server);
  const now = Date.now();
  userId = (
    await server.db
      .insertInto('users')
      .values(
        userRow({
          username: 'grace',
          email: 'grace@northwind.example',
          first_name: 'Grace',
          last_name: 'Hopper',
          user_type: 'customer',
          created_at: now,
        }),
      )
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
});
afterEach(() => closePanel(bridge, server));

const drafts = () => Object.keys(sessionStorage).filter((k) => k.startsWith('staff-console.draft:'));
const pathname = () => app.router.state.location.pathname;
const firstName = () => screen.getByRole('textbox', { name: 'First name' });

/** A page load at the same address: the panel starts again, the tab's storage and cookies stay. */
async function reload(): Promise<void> {
  const at = app.router.state.location.href;
  app.stop();
  cleanup();
  app = openPanel(at);
}

async function editGrace(): Promise<void> {
  app = await openPanelAs(server, { username: 'editor', features: EDITOR, path: `/user_list/${userId}` });
  expect(await screen.findByRole('heading', { name: 'Grace Hopper' })).toBeVisible();
  await user.clear(firstName());
  await user.type(firstName(), 'Amazing');
  await waitFor(() => expect(drafts()).toHaveLength(1));
}

describe('the edit screen', () => {
  it('brings unsaved edits back after a reload, and forgets them once saved', async () => {
    await editGrace();
    await reload();
    await waitFor(() => expect(firstName()).toHaveValue('Amazing'));
    expect(screen.getByRole('status', { name: 'Unsaved changes' })).toHaveTextContent('Unsaved changes: First name.');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(screen.getByRole('status', { name: 'Unsaved changes' })).toHaveTextContent('No unsaved changes.'),
    );
    expect(
      (await server.db.selectFrom('users').select('first_name').where('id', '=', userId).executeTakeFirstOrThrow())
        .first_name,
    ).toBe('Amazing');
    await waitFor(() => expect(drafts()).toEqual([]));
  });

  it('keeps the draft while the user is still loading after a reload', async () => {
    await editGrace();
    bridge.hold(['/user/fetch_users_by_account_id/']);
    await reload();
    await waitFor(() => expect(bridge.pending()).toBe(1));
    expect(drafts()).toHaveLength(1);
    bridge.release();
    await waitFor(() => expect(firstName()).toHaveValue('Amazing'));
  });

  it('restored over a record saved meanwhile, the save is a conflict: nothing of the other save is undone', async () => {
    await editGrace();
    await server.db
      .updateTable('users')
      .set((eb) => ({ last_name: 'Byron', version: eb('version', '+', 1), updated_by: 'colleague' }))
      .where('id', '=', userId)
      .execute();
    await reload();
    await waitFor(() => expect(firstName()).toHaveValue('Amazing'));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert', { name: 'Saved by someone else' })).toBeVisible();
    const stored = await server.db
      .selectFrom('users')
      .select(['first_name', 'last_name'])
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ first_name: 'Grace', last_name: 'Byron' });
    await user.click(screen.getByRole('button', { name: 'Review their version' }));
    expect(screen.getByRole('textbox', { name: 'Last name' })).toHaveValue('Byron');
    expect(firstName()).toHaveValue('Amazing');
  });

  it('asks before an in-app way out: Stay keeps the edits, Discard leaves and drops the draft', async () => {
    await editGrace();
    await act(async () => void app.router.navigate({ to: '/user_list' }));
    const ask = await screen.findByRole('alertdialog', { name: 'Leave without saving?' });
    await user.click(within(ask).getByRole('button', { name: 'Stay on this page' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(pathname()).toBe(`/user_list/${userId}`);
    expect(firstName()).toHaveValue('Amazing');
    await act(async () => void app.router.navigate({ to: '/user_list' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Discard changes and leave' }),
    );
    await waitFor(() => expect(pathname()).toBe('/user_list'));
    expect(drafts()).toEqual([]);
  });

  it('lets a clean form go without asking', async () => {
    app = await openPanelAs(server, { username: 'editor', features: EDITOR, path: `/user_list/${userId}` });
    expect(await screen.findByRole('heading', { name: 'Grace Hopper' })).toBeVisible();
    await act(async () => void app.router.navigate({ to: '/user_list' }));
    await waitFor(() => expect(pathname()).toBe('/user_list'));
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('drops every draft on sign-out', async () => {
    await editGrace();
    await act(async () => void app.router.navigate({ to: '/user_list' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Stay on this page' }));
    await user.click(screen.getByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(drafts()).toEqual([]));
  });

  it('ignores a stored draft it cannot read', async () => {
    sessionStorage.setItem(`staff-console.draft:1:user-edit:${userId}`, '{"v":1,"value":{"base":"nonsense"');
    app = await openPanelAs(server, { username: 'editor', features: EDITOR, path: `/user_list/${userId}` });
    await waitFor(() => expect(firstName()).toHaveValue('Grace'));
  });
});

describe('Create User', () => {
  it('keeps step one across a reload and a way out and back, without asking', async () => {
    app = await openPanelAs(server, { username: 'creator', features: EDITOR, path: '/create_user' });
    await user.click(await screen.findByRole('combobox', { name: 'User type' }));
    await user.click(await screen.findByRole('option', { name: 'Trial' }));
    await waitFor(() => expect(drafts()).toHaveLength(1));
    await reload();
    expect(await screen.findByRole('combobox', { name: 'User type' })).toHaveTextContent('Trial');
    await act(async () => void app.router.navigate({ to: '/user_list' }));
    await waitFor(() => expect(pathname()).toBe('/user_list'));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    await act(async () => void app.router.history.back());
    expect(await screen.findByRole('combobox', { name: 'User type' })).toHaveTextContent('Trial');
  });
});
