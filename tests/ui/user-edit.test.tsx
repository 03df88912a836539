// The edit page through the router, against the real server: who may open it, and what each
// account's features let it change (spec §6: user_mgmt to see a user, edit_user to change them,
// and a feature per field on top).
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ConsoleApp } from '../../src/app';
import { featureLabel } from '../../src/domain/feature-labels';
import { dataPlanMessages } from '../../src/domain/user-rules';
import { READ_ONLY_REASON } from '../../src/sections/user-edit/user-edit.form';
import { timeText } from '../../src/domain/format';
import { closePanel, openPanelAs } from '../support/panel';
import { createTestServer, type TestServer } from '../support/server';
import { connectToServer, type ServerBridge } from '../support/server-bridge';
import { userRow } from '../support/factories';
import { tab } from '../support/tabs';

let server: TestServer;
let bridge: ServerBridge;
let app: ConsoleApp | undefined;
let userId: number;
const plan = dataPlanMessages('product');

beforeEach(async () => {
  server = await createTestServer();
  bridge = connectToServer(server);
  const now = Date.now();
  const org = await server.db
    .insertInto('organizations')
    .values({ name: 'Northwind Capital', salesforce_id: null, sf_acc_id: null, created_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  userId = (
    await server.db
      .insertInto('users')
      .values(
        userRow({
          username: 'grace',
          email: 'grace@northwind.example',
          first_name: 'Grace',
          last_name: 'Hopper',
          organization_id: org.id,
          user_type: 'customer',
          user_role: 'Analyst',
          owner: 'admin',
          created_at: now,
        }),
      )
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
});
afterEach(() => closePanel(bridge, server));

async function openAs(features: string[], path: string): Promise<void> {
  app = await openPanelAs(server, { username: `viewer${features.length}`, features, path });
}

describe('the user edit page', () => {
  it("shows the user's groups, read only (decision 048)", async () => {
    const org = (
      await server.db.selectFrom('users').select('organization_id').where('id', '=', userId).executeTakeFirstOrThrow()
    ).organization_id;
    const group = await server.db
      .insertInto('user_groups')
      .values({ name: 'Analysts', kind: 'thesis', organization_id: org, created_at: Date.now() })
      .returning('id')
      .executeTakeFirstOrThrow();
    await server.db.insertInto('group_members').values({ group_id: group.id, user_id: userId }).execute();
    await openAs(['admin_panel_access', 'user_mgmt', 'create_user_tab'], `/user_list/${userId}`);
    const card = await screen.findByLabelText('Groups');
    expect(await within(card).findByText('Analysts · Thesis')).toBeVisible();
    expect(within(card).queryByRole('button')).toBeNull();
  });

  it('shows a support account the user read-only: no Save, only the tabs that read, every field disabled', async () => {
    await openAs(['admin_panel_access', 'user_mgmt', 'create_user_tab'], `/user_list/${userId}`);
    expect(await screen.findByRole('heading', { name: 'Grace Hopper' })).toBeVisible();
    expect(screen.getByRole('note')).toHaveTextContent(READ_ONLY_REASON);
    expect(screen.getByRole('textbox', { name: 'First name' })).toBeDisabled();
    expect(screen.getByRole('textbox', { name: 'Email' })).toBeDisabled();
    expect(screen.getByRole('combobox', { name: 'Organization' })).toBeDisabled();
    expect(screen.getByRole('switch', { name: 'Active' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Send welcome email' })).toBeNull();
    // The edit's own tabs (sessions, privileges, emails) need edit_user; what only reads is there.
    expect(screen.getAllByRole('tab')).toHaveLength(4);
    for (const name of ['Profile', 'Content', 'Notebook', 'History']) expect(tab(name)).toBeEnabled();
    expect(screen.getByRole('link', { name: '← All Users' })).toHaveAttribute('href', '/user_list');
  });

  it('"← All Users" returns to the search the user was opened from', async () => {
    const list = encodeURIComponent(JSON.stringify({ q: 'grace', page: 2 }));
    await openAs(['admin_panel_access', 'user_mgmt', 'create_user_tab'], `/user_list/${userId}?list=${list}`);
    expect(await screen.findByRole('heading', { name: 'Grace Hopper' })).toBeVisible();
    expect(screen.getByRole('link', { name: '← All Users' })).toHaveAttribute('href', '/user_list?q=grace&page=2');
  });

  it('keeps the open tab in the address, so Reload and a link return to it', async () => {
    await openAs(['admin_panel_access', 'user_mgmt', 'edit_user'], `/user_list/${userId}?tab=history`);
    expect(await screen.findByRole('heading', { name: 'Grace Hopper' })).toBeVisible();
    await act(async () => {});
    expect(tab('History')).toHaveAttribute('aria-selected', 'true');
    await userEvent.setup().click(tab('Sessions'));
    expect(tab('Sessions')).toHaveAttribute('aria-selected', 'true');
    // The router writes the address as its navigation settles: after the click, not within it.
    await waitFor(() => expect(app!.router.state.location.search).toMatchObject({ tab: 'sessions' }));
    await userEvent.setup().click(tab('Profile'));
    await waitFor(() => expect(app!.router.state.location.search).not.toHaveProperty('tab'));
  });

  it('lets an editor change only what their features allow, saying why the rest is locked', async () => {
    await openAs(['admin_panel_access', 'user_mgmt', 'edit_user'], `/user_list/${userId}`);
    expect(await screen.findByRole('heading', { name: 'Grace Hopper' })).toBeVisible();
    expect(screen.getByRole('textbox', { name: 'First name' })).toBeEnabled();
    expect(screen.getByRole('combobox', { name: 'User type' })).toBeDisabled();
    const locked = (feature: string) =>
      screen.getByText(`Changing this needs the ‘${featureLabel(feature)}’ permission.`);
    expect(locked('user_type_update')).toBeVisible();
    expect(screen.getByRole('switch', { name: 'Active' })).toBeDisabled();
    expect(locked('active_update')).toBeVisible();
    expect(locked('expiry_update')).toBeVisible();
    // The transcript source and the research provider beside it both need it.
    const transcript = screen.getAllByText(`Changing this needs the ‘${featureLabel('tr_src_toggle')}’ permission.`);
    expect(transcript).toHaveLength(2);
    for (const hint of transcript) expect(hint).toBeVisible();
    expect(screen.getByRole('combobox', { name: 'Transcript source' })).toBeDisabled();
    expect(screen.getByRole('combobox', { name: 'Research provider' })).toBeDisabled();
    // Read as the stored owner; a viewer may not change it.
    expect(screen.getByRole('combobox', { name: 'Product owner' })).toHaveTextContent('admin');
    // Deleted users are the deleted_user feature's business: the switch is not there at all.
    expect(screen.queryByRole('switch', { name: 'Deleted' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    expect(tab('Sessions')).toBeVisible();
  });

  it('applies the §5 data plan rules as the person edits, and offers Save only for a valid change', async () => {
    await openAs(['admin_panel_access', 'user_mgmt', 'edit_user'], `/user_list/${userId}`);
    const user = userEvent.setup();
    const save = await screen.findByRole('button', { name: 'Save' });
    await user.click(screen.getByRole('checkbox', { name: 'Shareholder data' }));
    expect(screen.getByText(plan.shareholderNeedsData)).toBeVisible();
    expect(screen.getByRole('checkbox', { name: 'Product Data' })).toBeChecked();
    expect(save).toBeEnabled();
    await user.click(screen.getByRole('combobox', { name: 'User category' }));
    await user.click(await screen.findByRole('option', { name: 'IR' }));
    expect(screen.getByRole('alert')).toHaveTextContent(plan.categoryForbidsData);
    expect(save).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: 'None' }));
    expect(screen.queryByText(plan.categoryForbidsData)).toBeNull();
    expect(screen.getByRole('status', { name: 'Unsaved changes' })).toHaveTextContent(
      'Unsaved changes: User category.',
    );
    expect(save).toBeEnabled();
  });

  it('names values as the create screen does, and offers the owner group as owners, keeping an unknown stored owner', async () => {
    await openAs(['admin_panel_access', 'user_mgmt', 'edit_user', 'create_user_tab'], `/user_list/${userId}`);
    const user = userEvent.setup();
    const owner = await screen.findByRole('combobox', { name: 'Product owner' });
    expect(screen.getByRole('combobox', { name: 'User category' })).toHaveTextContent('General');
    expect(screen.getByRole('combobox', { name: 'Product configuration' })).toHaveTextContent('Product Basic');
    expect(screen.getByRole('switch', { name: 'Social search' })).toBeVisible();
    // 'admin' is not among the active staff: it stays shown as stored, first among the choices.
    expect(owner).toHaveTextContent('admin');
    await user.click(owner);
    const options = (await screen.findAllByRole('option')).map((o) => o.textContent);
    expect(options).toEqual(['admin', 'viewer4 Staff (viewer4)']);
    await user.click(screen.getByRole('option', { name: 'viewer4 Staff (viewer4)' }));
    expect(owner).toHaveTextContent('viewer4 Staff (viewer4)');
    expect(screen.getByRole('status', { name: 'Unsaved changes' })).toHaveTextContent(
      'Unsaved changes: Product owner.',
    );
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('User updated.');
    const stored = await server.db
      .selectFrom('users')
      .select('owner')
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();
    expect(stored.owner).toBe('viewer4');
  });

  it('lists the emails written to the user, and shows the welcome email just sent when the tab opens again', async () => {
    await openAs(['admin_panel_access', 'user_mgmt', 'edit_user'], `/user_list/${userId}`);
    const user = userEvent.setup();
    await screen.findByRole('button', { name: 'Send welcome email' });
    await user.click(tab('Emails'));
    expect(await screen.findByText('No emails have been written to Grace Hopper.')).toBeVisible();
    await user.click(tab('Profile'));
    await user.click(screen.getByRole('button', { name: 'Send welcome email' }));
    expect(await screen.findByRole('status', { name: 'Outcome' })).toHaveTextContent(
      'Welcome email to grace@northwind.example',
    );
    await user.click(tab('Emails'));
    const table = await screen.findByRole('table', { name: 'Emails' });
    const [row] = within(table).getAllByRole('row').slice(1);
    const stored = await server.db
      .selectFrom('mail_outbox')
      .selectAll()
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    expect(row).toHaveTextContent(`${timeText(stored.created_at)}Welcome${stored.subject}`);
    // The test server has no mail server: the message is kept in the outbox.
    expect(row).toHaveTextContent('StoredNo mail server is configured; kept in the outbox.');
  });

  it("keeps a customer's type for sessions without allow_customer_type", async () => {
    await openAs(['admin_panel_access', 'user_mgmt', 'edit_user', 'user_type_update'], `/user_list/${userId}`);
    expect(await screen.findByRole('combobox', { name: 'User type' })).toBeDisabled();
    expect(screen.getByText("Changing a customer's type needs the ‘Customer user types’ permission.")).toBeVisible();
  });

  it('says so for an address that is not a user id, and for a user that does not exist', async () => {
    await openAs(['admin_panel_access', 'user_mgmt'], '/user_list/abc');
    expect(await screen.findByText('“abc” is not a user id.')).toBeVisible();
    await act(
      async () => void (await app!.router.navigate({ to: '/user_list/$userId', params: { userId: '987654' } })),
    );
    expect(await screen.findByText('There is no such user, or you may not see them.')).toBeVisible();
  });

  it('shows a session without user_mgmt which permission the page needs, and no record (decision 050)', async () => {
    await openAs(['admin_panel_access', 'role_mgmt'], `/user_list/${userId}`);
    expect(await screen.findByRole('alert', { name: 'No permission' })).toHaveTextContent(
      'it needs the ‘User management’ permission',
    );
    expect(app!.router.state.location.pathname).toBe(`/user_list/${userId}`);
    expect(screen.queryByRole('heading', { name: 'Grace Hopper' })).toBeNull();
  });
});
