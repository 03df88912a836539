// Group Management of a large organization, through the router against the real server (decisions
// 097 and 099): the organization the address names loads at once and the address follows a new
// one; its groups stand closed, an open one shows 50 people and Load more the next; one filter
// narrows every group and the users in no group; an add the server refuses says why.
import { act, screen, waitFor, within } from '@testing-library/react';
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

// With All Users too, the panel opens there first: the address is followed into a fresh screen.
const FEATURES = ['admin_panel_access', 'user_mgmt', 'group_mgmt'];
const ORG = 'Globex Research';

interface Large {
  org: number;
  other: number;
  /** A user in no group. */
  loner: { id: number; username: string };
}

/**
 * Globex Research: Everyone (120 members), Desk 1 to Desk 7 (3 each; Zora Quinn in Desk 3 and in
 * Everyone) and 40 users in no group (Zora Lind one of them); and a second organization.
 */
async function largeOrganization(): Promise<Large> {
  const org = await insertOrganization(server.db, { name: ORG });
  const other = await insertOrganization(server.db, { name: 'Initech Partners' });
  const rows = Array.from({ length: 180 }, (_, i) =>
    userRow({ organization_id: org, user_type: 'customer', first_name: 'Una', last_name: `Member${i + 1}` }),
  );
  rows[0] = { ...rows[0]!, first_name: 'Zora', last_name: 'Quinn', username: 'zora.quinn', email: 'zq@globex.test' };
  rows[179] = { ...rows[179]!, first_name: 'Zora', last_name: 'Lind', username: 'zora.lind', email: 'zl@globex.test' };
  const ids = (await server.db.insertInto('users').values(rows).returning('id').execute()).map((r) => Number(r.id));
  const group = async (name: string, members: number[]) => {
    const { id } = await server.db
      .insertInto('user_groups')
      .values({ name, kind: 'general', organization_id: org, created_at: Date.now() })
      .returning('id')
      .executeTakeFirstOrThrow();
    await server.db
      .insertInto('group_members')
      .values(members.map((user_id) => ({ group_id: id, user_id })))
      .execute();
  };
  await group('Everyone', ids.slice(0, 120));
  for (let d = 1; d <= 7; d++) {
    const desk = ids.slice(120 + (d - 1) * 3, 120 + d * 3);
    await group(`Desk ${d}`, d === 3 ? [ids[0]!, ...desk.slice(1)] : desk);
  }
  return { org, other, loner: { id: ids[150]!, username: rows[150]!.username! } };
}

beforeEach(async () => {
  server = await createTestServer();
  bridge = connectToServer(server);
});
afterEach(() => closePanel(bridge, server));

const toggle = (name: string) => screen.getByRole('button', { name });
const items = (list: string) => within(screen.getByRole('list', { name: list })).getAllByRole('listitem');

describe('Group Management of a large organization', () => {
  it('opens the organization the address names with every group closed, 50 members at a time', async () => {
    const { org } = await largeOrganization();
    app = await openPanelAs(server, {
      username: 'grouper',
      features: FEATURES,
      path: `/modify_groups?org=${org}`,
    });
    expect(await screen.findByRole('region', { name: 'Group Everyone' })).toBeVisible();
    expect(screen.getByRole('combobox', { name: 'Organization' })).toHaveValue(ORG);
    expect(screen.getByLabelText('Group summary')).toHaveTextContent('8 groups · 40 users in no group');
    expect(app.router.state.location.search).toEqual({ org });
    // Closed: each header says its kind and count, no member is drawn.
    for (const name of ['Everyone', 'Desk 1', 'Desk 7', 'Users in no group'])
      expect(toggle(name)).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByRole('region', { name: 'Group Everyone' })).toHaveTextContent('General120 members');
    expect(screen.getByRole('region', { name: 'Users in no group' })).toHaveTextContent('40 users');
    expect(screen.queryAllByRole('list', { name: /^(Members of .*|Users in no group)$/ })).toEqual([]);

    const user = userEvent.setup();
    await user.click(toggle('Everyone'));
    expect(toggle('Everyone')).toHaveAttribute('aria-expanded', 'true');
    expect(items('Members of Everyone')).toHaveLength(50);
    expect(screen.getByLabelText('Members of Everyone: shown')).toHaveTextContent('Showing 50 of 120');
    // Zora Quinn comes last by name: not read until the last page is.
    expect(items('Members of Everyone').some((li) => li.textContent?.includes('Zora Quinn'))).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(items('Members of Everyone')).toHaveLength(100));
    expect(screen.getByLabelText('Members of Everyone: shown')).toHaveTextContent('Showing 100 of 120');
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(items('Members of Everyone')).toHaveLength(120));
    expect(items('Members of Everyone').at(-1)).toHaveTextContent('Zora Quinn');
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    await user.click(toggle('Everyone'));
    expect(screen.queryByRole('list', { name: 'Members of Everyone' })).toBeNull();
  });

  it('filters the members of every group and the users in no group, opening where they match', async () => {
    const { org } = await largeOrganization();
    app = await openPanelAs(server, { username: 'grouper', features: FEATURES, path: `/modify_groups?org=${org}` });
    await screen.findByRole('region', { name: 'Group Everyone' });
    const user = userEvent.setup();
    const box = screen.getByRole('searchbox', { name: 'Filter members' });
    // Zora Quinn is not on Everyone's first page: the server's filter finds her.
    await user.type(box, 'ZORA');
    expect(await screen.findByLabelText('Filter matches')).toHaveTextContent(
      '2 people match “ZORA”: in 2 groups and 1 in no group.',
    );
    // Only the groups holding a match stand, open, with the matches alone.
    expect(screen.getAllByRole('region').map((r) => r.getAttribute('aria-label'))).toEqual([
      'Group Desk 3',
      'Group Everyone',
      'Users in no group',
    ]);
    expect(items('Members of Desk 3').map((li) => li.textContent)).toEqual([
      'Zora Quinn · zora.quinn · zq@globex.testRemove',
    ]);
    expect(screen.getByRole('region', { name: 'Group Everyone' })).toHaveTextContent('1 of 120 members match');
    expect(items('Users in no group').map((li) => li.textContent)).toEqual(['Zora Lind · zora.lind · zl@globex.test']);
    await user.type(box, 'x');
    await waitFor(() => expect(screen.getByLabelText('Filter matches')).toHaveTextContent('Nobody matches “ZORAx”.'));
    expect(screen.queryAllByRole('region')).toEqual([]);
    await user.clear(box);
    await waitFor(() => expect(screen.queryByLabelText('Filter matches')).toBeNull());
    expect(screen.getAllByRole('region')).toHaveLength(9);
    expect(toggle('Desk 3')).toHaveAttribute('aria-expanded', 'false');
  });

  it('says why an add was refused (the user moved to another organization meanwhile), by the group', async () => {
    const { org, other, loner } = await largeOrganization();
    app = await openPanelAs(server, { username: 'grouper', features: FEATURES, path: `/modify_groups?org=${org}` });
    await screen.findByRole('region', { name: 'Group Desk 1' });
    const user = userEvent.setup();
    await user.click(toggle('Desk 1'));
    await server.db.updateTable('users').set({ organization_id: other }).where('id', '=', loner.id).execute();
    await user.type(screen.getByRole('combobox', { name: 'Member to add to Desk 1' }), loner.username);
    await user.click(screen.getByRole('button', { name: 'Add member' }));
    const desk = screen.getByRole('region', { name: 'Group Desk 1' });
    expect(await within(desk).findByLabelText('Groups notice')).toHaveTextContent(
      `${loner.username} was not added: the user belongs to another organization than the group’s.`,
    );
    expect(items('Members of Desk 1')).toHaveLength(3);
  });

  it('opens a group just created where it stands, its notice by it; /view_groups keeps the organization too', async () => {
    const { org } = await largeOrganization();
    app = await openPanelAs(server, { username: 'grouper', features: FEATURES, path: `/modify_groups?org=${org}` });
    await screen.findByRole('region', { name: 'Group Everyone' });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Create Group' }));
    await user.type(screen.getByLabelText('Group name'), 'Desk 8');
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Create' }));
    const desk = await screen.findByRole('region', { name: 'Group Desk 8' });
    expect(within(desk).getByLabelText('Groups notice')).toHaveTextContent("Group 'Desk 8' created.");
    expect(toggle('Desk 8')).toHaveAttribute('aria-expanded', 'true');
    expect(within(desk).getByText('No members yet.')).toBeVisible();
    expect(toggle('Desk 7')).toHaveAttribute('aria-expanded', 'false');

    await act(async () => void (await app.router.navigate({ href: `/view_groups?org=${org}` })));
    expect(await screen.findByRole('heading', { name: 'Groups' })).toBeVisible();
    expect(await screen.findByRole('region', { name: 'Group Desk 8' })).toBeVisible();
    expect(screen.getByLabelText('Group summary')).toHaveTextContent('9 groups · 40 users in no group · read only');
    expect(app.router.state.location.search).toEqual({ org });
  });

  it('replaces the address when another organization is picked, and drops it when cleared', async () => {
    const { org } = await largeOrganization();
    const small = await insertOrganization(server.db, { name: 'Globex Labs' });
    app = await openPanelAs(server, { username: 'grouper', features: FEATURES, path: `/modify_groups?org=${org}` });
    await screen.findByRole('region', { name: 'Group Everyone' });
    expect(screen.getByRole('combobox', { name: 'Organization' })).toHaveValue(ORG);
    expect(app.router.state.location.search).toEqual({ org });
    const user = userEvent.setup();
    const field = screen.getByRole('combobox', { name: 'Organization' });
    await user.clear(field);
    await user.type(field, 'Globex L');
    await user.click(await screen.findByRole('option', { name: /Globex Labs/ }));
    expect(await screen.findByText('Globex Labs has no groups.', { exact: false })).toBeVisible();
    await waitFor(() => expect(app.router.state.location.search).toEqual({ org: small }));
    await user.click(screen.getByRole('button', { name: 'Clear organization' }));
    await waitFor(() => expect(app.router.state.location.search.org).toBeUndefined());
  });
});
