// Generated paths of Group ManagementV2's browser, replayed on the real screen against the real
// server in-process: 55 groups of Alpha Research and two of Beta Partners, so the whole list has a
// second page; a search by name, by organization (the real picker), More groups; Desk 00 opened
// with its three members, filtered, reloaded; user1's removal cancelled or confirmed, answered
// (removed; gone already; no answer). Unreachable calls are the bridge taken offline.
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, expect } from 'vitest';
import type { AnyActorRef } from 'xstate';
import { FEATURE_KEYS } from '../../src/domain/features';
import { groupBrowserMachine } from '../../src/sections/groups-v2/groups-v2.machine';
import { groupBrowserFromAddressPlan, groupBrowserPlan } from '../../src/sections/groups-v2/groups-v2.plan';
import { SEARCH_LABEL } from '../../src/sections/groups-v2/group-list';
import { GroupBrowserCtx } from '../../src/sections/groups-v2/groups-v2-context';
import { GroupsV2Screen, type GroupsV2Address } from '../../src/sections/groups-v2/groups-v2-screen';
import {
  ActorProbe,
  describePaths,
  closeSignedInWorld,
  openServerWithStaff,
  renderInConsole,
  type SignedInWorld,
} from '../support/path-world';
import { userRow } from '../support/factories';
import type { Driver } from '../support/replay';

const SEARCH = '/user/groups_v2/search/';
const MEMBERS = '/user/groups_v2/members/';
const REMOVE = '/user/groups_v2/remove_member/';
const CALLS = { searchGroups: SEARCH, searchMore: SEARCH, loadMembers: MEMBERS, removeMember: REMOVE };
const NO_ANSWER = 'Error: no response from the server';

interface World extends SignedInWorld {
  deskId: number;
  users: { id: number; username: string }[];
  actor: AnyActorRef | null;
}
let world: World;

beforeEach(async () => {
  const { server, bridge, signIn } = await openServerWithStaff({ username: 'group-desk', features: FEATURE_KEYS });
  const now = Date.now();
  const org = async (name: string) =>
    (
      await server.db
        .insertInto('organizations')
        .values({ name, salesforce_id: null, sf_acc_id: null, created_at: now })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  const alpha = await org('Alpha Research');
  const beta = await org('Beta Partners');
  const groups = await server.db
    .insertInto('user_groups')
    .values([
      ...Array.from({ length: 55 }, (_, i) => ({
        name: `Desk ${String(i).padStart(2, '0')}`,
        kind: 'collab',
        organization_id: alpha,
        created_at: now,
      })),
      { name: 'Beta desk 1', kind: 'thesis', organization_id: beta, created_at: now },
      { name: 'Beta desk 2', kind: 'sec_master', organization_id: beta, created_at: now },
    ])
    .returning('id')
    .execute();
  const users: World['users'] = [];
  for (const n of [1, 2, 3]) {
    const row = await server.db
      .insertInto('users')
      .values(
        userRow({
          username: `user${n}`,
          email: `user${n}@example.com`,
          first_name: 'Una',
          last_name: `User${n}`,
          organization_id: alpha,
          created_at: now,
        }),
      )
      .returning('id')
      .executeTakeFirstOrThrow();
    users.push({ id: row.id, username: `user${n}` });
  }
  const deskId = groups[0]!.id;
  await server.db
    .insertInto('group_members')
    .values(users.map((u) => ({ group_id: deskId, user_id: u.id })))
    .execute();
  const { actors, user } = await signIn('/modify_groups_v2');
  world = { server, bridge, user, actors, deskId, users, actor: null };
});

afterEach(() => closeSignedInWorld(world));

function mount(address?: GroupsV2Address): Promise<void> {
  renderInConsole(
    world.actors,
    <GroupsV2Screen
      address={address}
      probe={<ActorProbe hook={GroupBrowserCtx.useActorRef} keep={(ref) => (world.actor = ref)} />}
    />,
  );
  return Promise.resolve();
}

const button = (name: string) => screen.getByRole('button', { name });
const spins = (el: HTMLElement) => el.querySelector('.rt-Spinner') !== null;
const ctx = () =>
  world.actor!.getSnapshot().context as {
    searched: { query: string; organization: unknown };
    groups: unknown[];
    filter: string;
  };
const memberIds = async () =>
  (
    await world.server.db
      .selectFrom('group_members')
      .select('user_id')
      .where('group_id', '=', world.deskId)
      .orderBy('user_id')
      .execute()
  ).map((r) => Number(r.user_id));

async function pickOrganization(): Promise<void> {
  const field = screen.getByRole('combobox', { name: 'Organization' });
  await world.user.clear(field);
  await world.user.type(field, 'Beta');
  await world.user.click(await screen.findByRole('option', { name: /Beta Partners/ }, { timeout: 3_000 }));
}

/** What the list says of itself, from what was searched (the world above). */
function expectedListed(): { text: string; rows: number } {
  const { searched, groups } = ctx();
  if (searched.organization) return { text: '2 groups of Beta Partners.', rows: 2 };
  if (searched.query) return { text: '10 groups named like “desk 0”.', rows: 10 };
  return groups.length > 50 ? { text: '57 groups.', rows: 57 } : { text: '50 groups, more after them.', rows: 50 };
}

async function expectMembers(): Promise<void> {
  expect(screen.getByRole('heading', { name: 'Desk 00' })).toBeInTheDocument();
  const held = await memberIds();
  const names = world.users.filter((u) => held.includes(u.id)).map((u) => u.username);
  const shown = ctx().filter ? names.filter((n) => n.includes(ctx().filter)) : names;
  const items = within(screen.getByRole('list', { name: 'Members' })).queryAllByRole('listitem');
  expect(items.map((li) => li.textContent?.match(/^user\d/)?.[0])).toEqual(shown);
}

/** The walk's driver; `address`: what the page's address names when the screen opens. */
const driverFor = (address?: () => GroupsV2Address): Driver<World> => ({
  machine: groupBrowserMachine,
  bridge: world.bridge,
  world,
  mount: () => mount(address?.()),
  actor: () => world.actor!,
  calls: CALLS,
  perform: {
    'query.change': async () => world.user.type(screen.getByRole('textbox', { name: SEARCH_LABEL }), 'desk 0'),
    'search.submit': async () => world.user.click(button('Search')),
    'list.retry': async () => world.user.click(button('Try again')),
    'org.pick': async () => pickOrganization(),
    'org.clear': async () => world.user.click(button('Clear organization')),
    'page.more': async () => world.user.click(button('Load more')),
    'group.open': async () => world.user.click(button('Open Desk 00')),
    'group.close': async () => world.user.click(button('Back to groups')),
    'group.retry': async () => world.user.click(button('Try again')),
    'members.filter': async () => world.user.type(screen.getByRole('textbox', { name: 'Filter members' }), 'user2'),
    'members.reload': async () => world.user.click(button('Reload')),
    'member.remove': async () => world.user.click(button('Remove user1')),
    'remove.confirm': async () =>
      world.user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Remove' })),
    'remove.cancel': async () =>
      world.user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Cancel' })),
  },
  arrange: {
    searchFailed: async () => world.bridge.setOffline(true, [SEARCH]),
    moreFailed: async () => world.bridge.setOffline(true, [SEARCH]),
    loadFailed: async () => world.bridge.setOffline(true, [MEMBERS]),
    removeFailed: async () => world.bridge.setOffline(true, [REMOVE]),
    // Someone else took user1 out first.
    notMember: async () =>
      void (await world.server.db
        .deleteFrom('group_members')
        .where('group_id', '=', world.deskId)
        .where('user_id', '=', world.users[0]!.id)
        .execute()),
  },
  afterOutcome: {
    searchFailed: async () => world.bridge.setOffline(false),
    moreFailed: async () => world.bridge.setOffline(false),
    loadFailed: async () => world.bridge.setOffline(false),
    removeFailed: async () => world.bridge.setOffline(false),
  },
  expectations: {
    searching: () => {
      expect(screen.getByText(/Searching the groups…/)).toBeInTheDocument();
      expect(button('Search')).toBeDisabled();
    },
    searchFailed: () => {
      expect(screen.getByRole('alert')).toHaveTextContent(`The groups could not be listed: ${NO_ANSWER}`);
      expect(button('Try again')).toBeEnabled();
    },
    listed: () => {
      const { text, rows } = expectedListed();
      expect(screen.getByRole('status', { name: 'Groups shown' })).toHaveTextContent(text);
      expect(within(screen.getByRole('table', { name: 'Groups' })).getAllByRole('row')).toHaveLength(rows + 1);
      if (rows === 2)
        expect(screen.getByRole('row', { name: /Beta desk 1/ })).toHaveTextContent(
          'Beta desk 1thesisBeta Partners0 members',
        );
      if (rows === 50)
        expect(screen.getByRole('row', { name: /Desk 00/ })).toHaveTextContent('Desk 00collabAlpha Research3 members');
      expect(screen.queryByRole('button', { name: 'Load more' }) !== null).toBe(rows === 50);
    },
    loadingMore: () => {
      expect(spins(button('Loading…'))).toBe(true);
      expect(within(screen.getByRole('table', { name: 'Groups' })).getAllByRole('row')).toHaveLength(51);
    },
    'group.loading': () => {
      expect(screen.getByText(/Loading the members…/)).toBeInTheDocument();
      expect(button('Back to groups')).toBeEnabled();
    },
    'group.loadFailed': () => {
      expect(screen.getByRole('alert')).toHaveTextContent(`The members could not be loaded: ${NO_ANSWER}`);
      expect(button('Try again')).toBeEnabled();
    },
    'group.shown': async (_s, { step }) => {
      await expectMembers();
      const removed = world.users[0]!;
      if (step?.outcome === 'removed') {
        expect(screen.getByText(`User #${removed.id} removed; the group has 2 members.`)).toBeInTheDocument();
      }
      if (step?.outcome === 'notMember')
        expect(screen.getByRole('alert')).toHaveTextContent(
          `The member was not removed: User #${removed.id} is not a member of the group.`,
        );
      if (step?.outcome === 'removeFailed')
        expect(screen.getByRole('alert')).toHaveTextContent(`The member was not removed: ${NO_ANSWER}`);
    },
    'group.confirming': () => {
      const dialog = screen.getByRole('alertdialog');
      expect(within(dialog).getByRole('heading')).toHaveTextContent('Remove user1?');
      expect(dialog).toHaveTextContent('user1 (user1@example.com) leaves Desk 00.');
    },
    'group.removing': () => {
      expect(button('Remove user2')).toBeDisabled();
    },
  },
});

describePaths('groupBrowser machine paths (Group ManagementV2, real server)', groupBrowserPlan, {
  driver: () => driverFor(),
});

// Reload or a shared link with ?group=: the group opens at once, and Back to groups lists them all.
describePaths('groupBrowser machine paths from an address naming a group', groupBrowserFromAddressPlan, {
  driver: () => driverFor(() => ({ group: world.deskId })),
});
