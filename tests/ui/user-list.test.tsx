// The user list through the router, against the real server: what each set of features shows,
// the URL as the list's state (filters navigate, defaults stay out of the URL, a broken URL
// falls back, back and forward reload), and a row opening the user's page.
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { seedBenchUsers } from '../../bench/user-data';
import type { ConsoleApp } from '../../src/app';
import { closePanel, openPanelAs } from '../support/panel';
import { createTestServer, type TestServer } from '../support/server';
import { connectToServer, type ServerBridge } from '../support/server-bridge';

let server: TestServer;
let bridge: ServerBridge;
let app: ConsoleApp | undefined;
let user: UserEvent;

beforeEach(async () => {
  server = await createTestServer();
  bridge = connectToServer(server);
  await seedBenchUsers(server.db, { users: 25, orgs: 2 });
  // Known users to look for: one journalist, and one deleted.
  await server.db
    .updateTable('users')
    .set({ user_type: 'trial', deleted: 0 })
    .where('username', 'like', 'b.%')
    .execute();
  const [first, second] = await server.db
    .selectFrom('users')
    .select('id')
    .where('username', 'like', 'b.%')
    .orderBy('id')
    .limit(2)
    .execute();
  await server.db
    .updateTable('users')
    .set({ user_type: 'journalist', first_name: 'Cora', last_name: 'Customer' })
    .where('id', '=', first!.id)
    .execute();
  await server.db
    .updateTable('users')
    .set({ deleted: 1, first_name: 'Dora', last_name: 'Deleted' })
    .where('id', '=', second!.id)
    .execute();
  user = userEvent.setup();
});
afterEach(() => closePanel(bridge, server));

async function openAs(features: string[], path = '/user_list'): Promise<void> {
  app = await openPanelAs(server, {
    username: `lister${features.length}`,
    features: ['admin_panel_access', 'user_mgmt', ...features],
    path,
    user,
  });
  await screen.findByRole('heading', { name: 'All Users' });
  await listSettled();
}

const rowsShown = () => screen.getByRole('status', { name: 'Rows shown' });
const region = () => screen.getByRole('region', { name: 'Users' });
async function listSettled(): Promise<void> {
  await waitFor(() => expect(region()).toHaveAttribute('aria-busy', 'false'), { timeout: 5000 });
}
const names = () =>
  within(region())
    .queryAllByRole('link')
    .map((a) => a.textContent);
const locationHref = () => app!.router.state.location.href;

describe('what each set of features shows', () => {
  it('shows only the list to user_mgmt alone: no create, export, bulk edit or deleted users', async () => {
    await openAs([]);
    expect(rowsShown()).toHaveTextContent('1–20 of 25');
    for (const name of ['Create user', 'Export CSV', 'Export XLSX', /^Bulk edit/])
      expect(screen.queryByRole('button', { name })).toBeNull();
    expect(screen.queryByRole('checkbox', { name: 'Show deleted' })).toBeNull();
    expect(screen.getByRole('searchbox', { name: 'Search users' })).toHaveAttribute(
      'placeholder',
      'Search by name, email, phone, username or id',
    );
  });

  it('offers each action with its feature, and deleted users with deleted_user', async () => {
    await openAs(['create_user_tab', 'export_csv_access', 'bulk_edit_user', 'deleted_user']);
    for (const name of ['Create user', 'Export CSV', 'Export XLSX'])
      expect(screen.getByRole('button', { name })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Bulk edit' })).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: 'Show deleted' }));
    await waitFor(() => expect(locationHref()).toBe('/user_list?deleted=include'));
    await listSettled();
    expect(rowsShown()).toHaveTextContent('of 26');
    await user.type(screen.getByRole('searchbox', { name: 'Search users' }), 'dora');
    await waitFor(() => expect(names()).toEqual(['Dora Deleted']), { timeout: 5000 });
    expect(within(region()).getByText('Deleted')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Create user' }));
    await waitFor(() => expect(app!.router.state.location.pathname).toBe('/create_user'));
  });
});

describe('the URL holds the list', () => {
  it('navigates on a filter, keeps defaults out of the URL, and reloads on back and forward', async () => {
    await openAs([]);
    expect(locationHref()).toBe('/user_list');
    await user.click(screen.getByRole('combobox', { name: 'User type' }));
    await user.click(await screen.findByRole('option', { name: 'Journalist' }));
    await waitFor(() => expect(locationHref()).toBe('/user_list?user_type=journalist'));
    await listSettled();
    expect(names()).toEqual(['Cora Customer']);
    expect(rowsShown()).toHaveTextContent('1–1 of 1');
    await act(async () => app!.router.history.back());
    await waitFor(() => expect(rowsShown()).toHaveTextContent('1–20 of 25'));
    expect(screen.getByRole('combobox', { name: 'User type' })).toHaveTextContent('All types');
    await act(async () => app!.router.history.forward());
    await waitFor(() => expect(names()).toEqual(['Cora Customer']));
  });

  it('opens on the list a URL names, and falls back to the defaults for values it does not know', async () => {
    await openAs([], '/user_list?q=cora&page_size=50&sort=nonsense&user_type=wizard');
    expect(names()).toEqual(['Cora Customer']);
    expect(screen.getByRole('searchbox', { name: 'Search users' })).toHaveValue('cora');
    expect(screen.getByRole('combobox', { name: 'Rows per page' })).toHaveTextContent('50');
    expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveTextContent('ID');
    expect(screen.getByRole('combobox', { name: 'User type' })).toHaveTextContent('All types');
  });

  it('writes the search text to the URL after the pause in typing, and a row opens its user', async () => {
    await openAs([]);
    await user.type(screen.getByRole('searchbox', { name: 'Search users' }), 'Cora Cus');
    await waitFor(() => expect(locationHref()).toBe('/user_list?q=Cora+Cus'), { timeout: 5000 });
    await listSettled();
    const link = within(region()).getByRole('link', { name: 'Cora Customer' });
    const id = link.getAttribute('href')!.split('/').at(-1);
    await user.click(link);
    await waitFor(() => expect(app!.router.state.location.pathname).toBe(`/user_list/${id}`));
  });

  it('filters by an organization picked by name, shown as a chip that clears it', async () => {
    await openAs([]);
    const org = await server.db
      .selectFrom('organizations')
      .select(['id', 'name'])
      .where('name', '=', 'Bench Org 1')
      .executeTakeFirstOrThrow();
    const members = Number(
      (
        await server.db
          .selectFrom('users')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('organization_id', '=', org.id)
          .where('deleted', '=', 0)
          .executeTakeFirstOrThrow()
      ).n,
    );
    await user.type(screen.getByRole('combobox', { name: 'Organization' }), 'Bench Org 1');
    await user.click(await screen.findByRole('option', { name: /Bench Org 1/ }, { timeout: 5000 }));
    await waitFor(() => expect(locationHref()).toBe(`/user_list?organization_id=${org.id}&org_name=Bench+Org+1`));
    await listSettled();
    expect(rowsShown()).toHaveTextContent(`of ${members}`);
    expect(screen.getByLabelText('Organization filter: Bench Org 1')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Remove organization filter' }));
    await waitFor(() => expect(locationHref()).toBe('/user_list'));
    await waitFor(() => expect(rowsShown()).toHaveTextContent('1–20 of 25'));
  });
});

describe('the table', () => {
  it('marks a user whose expiry day has passed as Expired, and no one whose day is still to come', async () => {
    const day = 86_400_000;
    const today = Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate());
    await server.db
      .updateTable('users')
      .set({ expiry_dt: today - 400 * day, active: 1 })
      .where('first_name', '=', 'Cora')
      .execute();
    await server.db.updateTable('users').set({ expiry_dt: today }).where('first_name', '!=', 'Cora').execute();
    await openAs([], '/user_list?q=cora');
    const row = within(region()).getByRole('row', { name: /Cora Customer/ });
    expect(within(row).getByText('Expired')).toBeInTheDocument();
    expect(within(row).getByText('Yes')).toBeInTheDocument();
    // Everyone else runs out today: not yet passed.
    await act(async () => app!.router.navigate({ href: '/user_list?sort=expiry&dir=asc' }));
    await listSettled();
    expect(within(region()).getAllByText('Expired')).toHaveLength(1);
  });

  it('sorts by a header where the list has that order, and says the order on the header', async () => {
    await openAs([]);
    const header = (name: string) => within(region()).getByRole('columnheader', { name: new RegExp(`^${name}`) });
    expect(header('Name')).toHaveAttribute('aria-sort', 'none');
    expect(header('Organization')).not.toHaveAttribute('aria-sort');
    expect(within(header('Organization')).queryByRole('button')).toBeNull();
    await user.click(within(header('Name')).getByRole('button', { name: /Name/ }));
    await waitFor(() => expect(locationHref()).toBe('/user_list?sort=name&dir=asc'));
    await listSettled();
    expect(header('Name')).toHaveAttribute('aria-sort', 'ascending');
    const ascending = names();
    await user.click(within(header('Name')).getByRole('button', { name: /Name/ }));
    await waitFor(() => expect(locationHref()).toBe('/user_list?sort=name'));
    await listSettled();
    expect(header('Name')).toHaveAttribute('aria-sort', 'descending');
    expect(names()).not.toEqual(ascending);
  });

  it("keeps the columns a staff member chose off for that staff member's next visit, past a sign-out", async () => {
    await openAs([]);
    await user.click(screen.getByRole('button', { name: 'Columns' }));
    await user.click(await screen.findByRole('menuitemcheckbox', { name: 'Category' }));
    await user.keyboard('{Escape}');
    localStorage.clear(); // as a sign-out does (spec §4)
    const kept = document.cookie.split('; ').filter((c) => c.startsWith('columns_'));
    expect(kept).toHaveLength(1);
    expect(JSON.parse(decodeURIComponent(kept[0]!.split('=')[1]!))).toEqual(['Category']);
    const hiding = [...document.head.querySelectorAll('style')].map((s) => s.textContent).join('\n');
    expect(hiding).toMatch(/:nth-child\(\d+\) \{ display: none; \}/);
  });
});
