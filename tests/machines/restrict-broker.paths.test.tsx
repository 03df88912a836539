// Generated paths of the Restrict Broker screen, replayed on the real view against the real
// server in-process: an organization with users, one without, and a search that gets no answer;
// a user's brokers read (frozen or not) or not; rows searched and selected; an action done,
// refused because someone froze the user meanwhile, or not answered; a switch saved or not; the
// organization cleared. From an address naming Northwind and Olivia: both open at once; an
// organization id no longer there, or not answered (retried, or another picked); Olivia gone.
import { act, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import type { AnyActorRef } from 'xstate';
import { BROKER_MESSAGES } from '../../src/domain/brokers';
import { FEATURE_KEYS } from '../../src/domain/features';
import { brokerActionsMachine } from '../../src/sections/restrict-broker/restrict-broker.machine';
import {
  brokerActionsFromAddressPlan,
  brokerActionsPlan,
} from '../../src/sections/restrict-broker/restrict-broker.plan';
import { BrokerActionsCtx } from '../../src/sections/restrict-broker/restrict-broker-context';
import {
  RestrictBrokerScreen,
  type RestrictBrokerAddress,
} from '../../src/sections/restrict-broker/restrict-broker-screen';
import {
  ActorProbe,
  describePaths,
  closeSignedInWorld,
  openServerWithStaff,
  renderInConsole,
  type SignedInWorld,
} from '../support/path-world';
import { flush, type Driver } from '../support/replay';
import { userRow } from '../support/factories';

const CALLS = {
  findOrg: '/user/get_user_organization/',
  loadUsers: '/api/account/get_entity_list/',
  loadBrokers: '/api/mybroker/',
  runAction: '/api/mybroker/',
  saveFlags: '/api/mybroker/',
};
const NO_ANSWER = 'Error: no response from the server';
const ACTIONS = [
  'Remove Open Access Brokers',
  'Replace with Requested Brokers',
  'Add to My Brokers',
  'Delete from My Brokers',
];

interface World extends SignedInWorld {
  oliviaId: number;
  northwindId: number;
  /** What the page's address names as it opens. */
  address: RestrictBrokerAddress | undefined;
  actor: AnyActorRef | null;
  /** The action last clicked: what the server's answer did. */
  ran: string | null;
}
let world: World;

beforeEach(async () => {
  const { server, bridge, signIn } = await openServerWithStaff({
    username: 'broker-desk',
    features: FEATURE_KEYS,
    fakeTimers: true,
  });
  const now = Date.now();
  const org = (name: string, sf: string) =>
    server.db
      .insertInto('organizations')
      .values({ name, salesforce_id: sf, sf_acc_id: null, created_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
  const northwind = (await org('Northwind Capital', 'SF-NW')).id;
  await org('Granite Peak Partners', 'SF-GP');
  const olivia = await server.db
    .insertInto('users')
    .values(
      userRow({
        username: 'olivia.smith',
        email: 'olivia@northwind.example',
        first_name: 'Olivia',
        last_name: 'Smith',
        organization_id: northwind,
        user_type: 'customer',
        created_at: now,
      }),
    )
    .returning('id')
    .executeTakeFirstOrThrow();
  // A second user, for picking another user once one is chosen.
  await server.db
    .insertInto('users')
    .values(
      userRow({
        username: 'oscar.lee',
        email: 'oscar@northwind.example',
        first_name: 'Oscar',
        last_name: 'Lee',
        organization_id: northwind,
        created_at: now,
      }),
    )
    .execute();
  const broker = async (name: string, open: boolean) =>
    (
      await server.db
        .insertInto('brokers')
        .values({ name, open_access: open ? 1 : 0, group_id: null, created_at: now })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  const [a, b, c] = [
    await broker('Apex Securities', false),
    await broker('Beacon Research', true),
    await broker('Cedar Partners', false),
  ];
  await server.db
    .insertInto('user_brokers')
    .values([
      { user_id: olivia.id, list: 'my', broker_id: a },
      { user_id: olivia.id, list: 'my', broker_id: b },
      { user_id: olivia.id, list: 'requested', broker_id: c },
    ])
    .execute();
  const { actors, user } = await signIn('/restrict_broker');
  world = {
    server,
    bridge,
    user,
    actors,
    oliviaId: olivia.id,
    northwindId: northwind,
    address: undefined,
    actor: null,
    ran: null,
  };
});

afterEach(async () => {
  await closeSignedInWorld(world);
  vi.useRealTimers();
});

function mount(): Promise<void> {
  // The screen makes its own provider; the probe reads the actor through a second render inside it.
  renderInConsole(
    world.actors,
    <RestrictBrokerScreen
      address={world.address}
      probe={<ActorProbe hook={BrokerActionsCtx.useActorRef} keep={(ref) => (world.actor = ref)} />}
    />,
  );
  return Promise.resolve();
}

const setFrozen = (freeze: 0 | 1) =>
  world.server.db
    .insertInto('user_broker_state')
    .values({ user_id: world.oliviaId, auto_brm_update: 1, freeze, updated_at: Date.now(), updated_by: null })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ freeze }))
    .execute();
const button = (name: string) => screen.getByRole('button', { name });
const list = (title: string) => screen.getByRole('list', { name: title });
const rowNames = (title: string) =>
  within(list(title))
    .queryAllByRole('listitem')
    .map((li) => li.textContent);
const LABELS: Record<string, string> = {
  remove_oa: 'Remove Open Access Brokers',
  overwrite_req: 'Replace with Requested Brokers',
  add: 'Add to My Brokers',
  delete: 'Delete from My Brokers',
};
const question = () => screen.getByRole('alertdialog');
/** What each action asks first, about Olivia's two brokers (one open access) and one requested. */
const QUESTIONS: Record<string, { title: string; text: string; action: string }> = {
  remove_oa: {
    title: 'Remove 1 open-access broker from My Brokers?',
    text: 'Beacon Research leaves the My Brokers of olivia@northwind.example; 1 broker stays.',
    action: 'Remove',
  },
  overwrite_req: {
    title: 'Replace the 2 brokers in My Brokers with the 1 requested broker?',
    text: 'My Brokers of olivia@northwind.example then holds only the requested brokers: 2 brokers removed.',
    action: 'Replace',
  },
  delete: {
    title: 'Delete 2 brokers from My Brokers?',
    text: 'Apex Securities and Beacon Research leave the My Brokers of olivia@northwind.example; 0 brokers stay.',
    action: 'Delete',
  },
};
/** My Brokers after each action the server did. */
const MINE_AFTER: Record<string, string[]> = {
  remove_oa: ['Apex Securities'],
  overwrite_req: ['Cedar Partners'],
  delete: [],
  add: ['Apex Securities', 'Beacon ResearchOpen access', 'Cedar Partners'],
};
const RESULTS: Record<string, string> = {
  remove_oa: '1 broker with open access removed from My Brokers.',
  overwrite_req: 'My Brokers replaced with the requested brokers: 1 added, 2 removed.',
  delete: '2 brokers deleted from My Brokers.',
  add: '1 broker added to My Brokers.',
};
const aSwitch = (name: string) => screen.getByRole('switch', { name: new RegExp(`^${name}`) });

async function pickOrganization(query: string, name: string): Promise<void> {
  const field = screen.getByRole('combobox', { name: 'Organization' });
  await world.user.clear(field);
  await world.user.type(field, query);
  await act(async () => void (await vi.advanceTimersByTimeAsync(200)));
  for (let i = 0; i < 200 && !screen.queryByRole('option', { name: new RegExp(name) }); i++) await flush();
  await world.user.click(screen.getByRole('option', { name: new RegExp(name) }));
}

/** Olivia; once she is chosen, the other user (choosing the same one again changes nothing). */
async function pickUser(): Promise<void> {
  const field = screen.getByRole('combobox', { name: 'User' });
  const name = field.textContent?.includes('Olivia') ? /Oscar Lee/ : /Olivia Smith/;
  await world.user.click(field);
  await world.user.click(await screen.findByRole('option', { name }));
}

function expectActions(enabled: Record<string, boolean>): void {
  for (const name of ACTIONS) {
    if (enabled[name]) expect(button(name)).toBeEnabled();
    else expect(button(name)).toBeDisabled();
  }
}

const driverFor = (): Driver<World> => ({
  machine: brokerActionsMachine,
  bridge: world.bridge,
  world,
  mount,
  actor: () => world.actor!,
  calls: CALLS,
  perform: {
    'org.pick': async ({ next }) =>
      next?.outcome === 'noUsers'
        ? pickOrganization('Gran', 'Granite Peak Partners')
        : pickOrganization('North', 'Northwind Capital'),
    'org.clear': async () => world.user.click(button('Clear organization')),
    'org.retry': async () => world.user.click(button('Retry')),
    'users.retry': async () => world.user.click(button('Retry')),
    'user.pick': pickUser,
    'brokers.retry': async () => world.user.click(button('Retry')),
    'search.change': async () => world.user.type(screen.getByRole('textbox', { name: 'Search My Brokers' }), 'apex'),
    'select.toggle': async () =>
      world.user.click(within(list('Requested Brokers')).getByRole('checkbox', { name: 'Cedar Partners' })),
    'select.all': async () => world.user.click(screen.getByRole('checkbox', { name: 'Select All My Brokers' })),
    'action.run': async ({ step }) => {
      world.ran = step.event['action'] as string;
      await world.user.click(button(LABELS[world.ran]!));
    },
    'action.confirm': async () =>
      world.user.click(within(question()).getByRole('button', { name: QUESTIONS[world.ran!]!.action })),
    'action.cancel': async () => world.user.click(within(question()).getByRole('button', { name: 'Cancel' })),
    'flag.toggle': async ({ next, actor }) => {
      const frozen = actor.getSnapshot().matches({ loaded: 'frozen' });
      await world.user.click(
        aSwitch(next?.outcome === 'freezeSaved' || frozen ? 'Freeze My Brokers' : 'Auto BRM Update'),
      );
    },
  },
  arrange: {
    // The address names an organization that is not there (any more).
    orgUnknown: async () => void (world.address = { org: world.northwindId + 1000, user: world.oliviaId }),
    orgUnreachable: async () => world.bridge.setOffline(true, [CALLS.findOrg]),
    // Olivia left the organization's users since the link was made.
    userGone: async () =>
      void (await world.server.db.updateTable('users').set({ deleted: 1 }).where('id', '=', world.oliviaId).execute()),
    usersUnreachable: async () => world.bridge.setOffline(true, [CALLS.loadUsers]),
    brokersUnreachable: async () => world.bridge.setOffline(true, [CALLS.loadBrokers]),
    brokersLoadedFrozen: async () => void (await setFrozen(1)),
    // Someone froze Olivia while the page still shows her open.
    actionRefusedFrozen: async () => void (await setFrozen(1)),
    actionUnreachable: async () => world.bridge.setOffline(true, [CALLS.runAction]),
    flagsUnreachable: async () => world.bridge.setOffline(true, [CALLS.saveFlags]),
  },
  afterOutcome: Object.fromEntries(
    ['orgUnreachable', 'usersUnreachable', 'brokersUnreachable', 'actionUnreachable', 'flagsUnreachable'].map((n) => [
      n,
      async () => world.bridge.setOffline(false),
    ]),
  ),
  expectations: {
    findingOrg: (s) => {
      expect(s.getByText('Loading the organization…')).toBeVisible();
      expect(s.getByRole('combobox', { name: 'Organization' })).toBeDisabled();
      expect(s.getByRole('combobox', { name: 'User' })).toBeDisabled();
    },
    orgFailed: (s) => {
      expect(s.getByRole('alert')).toHaveTextContent(`Could not load the organization. ${NO_ANSWER}`);
      expect(button('Retry')).toBeEnabled();
      expect(s.getByRole('combobox', { name: 'Organization' })).toBeEnabled();
    },
    noOrganization: (s) => {
      expect(s.getByText('Pick an organization to see its users.')).toBeVisible();
      expect(s.getByRole('combobox', { name: 'Organization' })).toHaveValue('');
      expect(s.getByRole('combobox', { name: 'User' })).toBeDisabled();
      expect(s.queryByRole('list', { name: 'My Brokers' })).toBeNull();
    },
    loadingUsers: (s) => {
      expect(s.getByText('Loading users…')).toBeVisible();
      expect(s.getByRole('combobox', { name: 'Organization' })).toBeDisabled();
    },
    noUsers: (s) => {
      expect(s.getByRole('status')).toHaveTextContent('Granite Peak Partners has no users.');
      expect(s.getByRole('combobox', { name: 'User' })).toBeDisabled();
    },
    usersFailed: (s) => {
      expect(s.getByRole('alert')).toHaveTextContent(`Could not load the users. ${NO_ANSWER}`);
      expect(button('Retry')).toBeEnabled();
    },
    choosingUser: (s) => {
      expect(s.getByText('Choose a user to see their brokers.')).toBeVisible();
      expect(s.getByRole('combobox', { name: 'User' })).toBeEnabled();
      expect(s.getByRole('combobox', { name: 'Organization' })).toHaveValue('Northwind Capital');
    },
    loadingBrokers: (s) => {
      expect(s.getByText('Loading brokers…')).toBeVisible();
      expect(s.queryByRole('list', { name: 'My Brokers' })).toBeNull();
    },
    brokersFailed: (s) => {
      expect(s.getByRole('alert')).toHaveTextContent(`Could not load the brokers. ${NO_ANSWER}`);
      expect(button('Retry')).toBeEnabled();
    },
    'loaded.ready': async (s, { step }) => {
      expect(s.getByRole('combobox', { name: 'User' })).toHaveTextContent('Olivia Smith');
      expect(rowNames('Requested Brokers')).toEqual(['Cedar Partners']);
      expect(aSwitch('Freeze My Brokers')).not.toBeChecked();
      expect(s.queryByText(/Freeze My Brokers is on/)).toBeNull();
      const cedar = within(list('Requested Brokers')).getByRole('checkbox', { name: 'Cedar Partners' });
      switch (step?.outcome ?? step?.event.type) {
        case 'actionDone':
          expect(s.getByRole('status')).toHaveTextContent('Response: Success');
          expect(s.getByRole('status')).toHaveTextContent(RESULTS[world.ran!]!);
          expect(rowNames('My Brokers')).toEqual(MINE_AFTER[world.ran!]);
          break;
        case 'action.cancel':
          // Asked, then cancelled: nothing changed, on screen or stored.
          expect(s.queryByRole('alertdialog')).toBeNull();
          expect(rowNames('My Brokers')).toEqual(['Apex Securities', 'Beacon ResearchOpen access']);
          expect(
            await world.server.db
              .selectFrom('user_brokers')
              .select('broker_id')
              .where('user_id', '=', world.oliviaId)
              .where('list', '=', 'my')
              .execute(),
          ).toHaveLength(2);
          break;
        case 'actionUnreachable':
          expect(s.getByRole('alert')).toHaveTextContent(`Nothing was changed. ${NO_ANSWER}`);
          expect(rowNames('My Brokers')).toEqual(['Apex Securities', 'Beacon ResearchOpen access']);
          break;
        case 'flagsSaved':
          expect(s.getByRole('status')).toHaveTextContent('Response: 200 OK');
          expect(s.getByRole('status')).toHaveTextContent('Auto BRM Update off, Freeze My Brokers off.');
          expect(aSwitch('Auto BRM Update')).not.toBeChecked();
          break;
        case 'flagsUnreachable':
          expect(s.getByRole('alert')).toHaveTextContent(`Not saved. ${NO_ANSWER}`);
          expect(aSwitch('Auto BRM Update')).toBeChecked();
          break;
        case 'search.change':
          expect(rowNames('My Brokers')).toEqual(['Apex Securities']);
          expect(s.getByText('1 of 2 shown')).toBeVisible();
          break;
        case 'select.toggle':
          expect(cedar).toBeChecked();
          expectActions({
            'Remove Open Access Brokers': true,
            'Replace with Requested Brokers': true,
            'Add to My Brokers': true,
          });
          break;
        case 'select.all':
          for (const box of within(list('My Brokers')).getAllByRole('checkbox')) expect(box).toBeChecked();
          expect(s.getByText('2 brokers · 2 selected')).toBeVisible();
          expectActions({
            'Remove Open Access Brokers': true,
            'Replace with Requested Brokers': true,
            'Delete from My Brokers': true,
            // Cedar may be chosen in Requested Brokers before.
            'Add to My Brokers': cedar.getAttribute('data-state') === 'checked',
          });
          break;
        default:
          // Nothing selected: the two one-click actions only.
          expect(rowNames('My Brokers')).toEqual(['Apex Securities', 'Beacon ResearchOpen access']);
          expect(cedar).not.toBeChecked();
          expectActions({ 'Remove Open Access Brokers': true, 'Replace with Requested Brokers': true });
      }
    },
    'loaded.frozen': (s, { step }) => {
      expect(s.getByText(/Freeze My Brokers is on: this user’s My Brokers cannot be changed/)).toBeVisible();
      expectActions({});
      expect(aSwitch('Freeze My Brokers')).toBeChecked();
      expect(aSwitch('Freeze My Brokers')).toBeEnabled();
      for (const box of within(list('My Brokers')).getAllByRole('checkbox')) expect(box).toBeDisabled();
      if (step?.outcome === 'actionRefusedFrozen') {
        expect(s.getByRole('alert')).toHaveTextContent(BROKER_MESSAGES.frozen);
        expect(s.getByRole('alert')).toHaveTextContent(BROKER_MESSAGES.frozenResult);
      }
      if (step?.outcome === 'freezeSaved')
        expect(s.getByRole('status')).toHaveTextContent('Auto BRM Update on, Freeze My Brokers on.');
      if (step?.event.type === 'search.change') expect(rowNames('My Brokers')).toEqual(['Apex Securities']);
    },
    'loaded.confirming': () => {
      const asked = QUESTIONS[world.ran!]!;
      const dialog = within(question());
      expect(dialog.getByRole('heading', { name: asked.title })).toBeVisible();
      expect(question()).toHaveTextContent(asked.text);
      expect(dialog.getByRole('button', { name: asked.action })).toBeEnabled();
    },
    'loaded.acting': (s) => {
      expectActions({});
      expect(aSwitch('Auto BRM Update')).toBeDisabled();
      expect(s.getByRole('combobox', { name: 'Organization' })).toBeDisabled();
    },
    'loaded.savingFlags': (s) => {
      expect(s.getByRole('status')).toHaveTextContent('Saving…');
      expect(aSwitch('Freeze My Brokers')).toBeDisabled();
      expectActions({});
    },
  },
});

describePaths(
  'brokerActions machine paths (Restrict Broker, real server)',
  brokerActionsPlan,
  { driver: driverFor },
  () => {
    // The walk asks with one action per question state; the other wordings, each asked and answered.
    const myIds = async () =>
      (
        await world.server.db
          .selectFrom('user_brokers')
          .select('broker_id')
          .where('user_id', '=', world.oliviaId)
          .where('list', '=', 'my')
          .execute()
      ).length;
    /** Until the server has answered what was asked. */
    async function answered(): Promise<void> {
      for (let i = 0; i < 200 && world.actor?.getSnapshot().hasTag('busy'); i++) await flush();
    }
    async function openOlivia(): Promise<void> {
      await mount();
      await pickOrganization('North', 'Northwind Capital');
      await answered();
      await pickUser();
      await answered();
    }
    async function ask(action: string): Promise<void> {
      world.ran = action;
      await world.user.click(button(LABELS[action]!));
      const asked = QUESTIONS[action]!;
      expect(within(question()).getByRole('heading', { name: asked.title })).toBeVisible();
      expect(question()).toHaveTextContent(asked.text);
    }

    it('Delete from My Brokers names the brokers chosen; Cancel keeps them, Delete takes them out', async () => {
      await openOlivia();
      await world.user.click(screen.getByRole('checkbox', { name: 'Select All My Brokers' }));
      await ask('delete');
      await world.user.click(within(question()).getByRole('button', { name: 'Cancel' }));
      expect(screen.queryByRole('alertdialog')).toBeNull();
      expect(await myIds()).toBe(2);
      await ask('delete');
      await world.user.click(within(question()).getByRole('button', { name: 'Delete' }));
      await answered();
      expect(screen.getByRole('status')).toHaveTextContent(RESULTS['delete']!);
      expect(await myIds()).toBe(0);
    });

    it('Replace with Requested Brokers counts both lists; Cancel keeps My Brokers as they were', async () => {
      await openOlivia();
      await ask('overwrite_req');
      await world.user.click(within(question()).getByRole('button', { name: 'Cancel' }));
      expect(rowNames('My Brokers')).toEqual(['Apex Securities', 'Beacon ResearchOpen access']);
      expect(await myIds()).toBe(2);
    });
  },
);

// Reload or a shared link with ?org=&user=: Northwind and Olivia's brokers open at once.
describePaths(
  'brokerActions machine paths from an address naming an organization and a user',
  brokerActionsFromAddressPlan,
  {
    driver: () => {
      world.address = { org: world.northwindId, user: world.oliviaId };
      return driverFor();
    },
  },
);
