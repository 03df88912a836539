// Generated paths of the Brokers tab, replayed on the real view against the real server: 55 brokers
// read a page at a time (Next, Previous) or not, searched by name; Apex Securities chosen, its user
// groups read (or not): Equity desk with two readers. A group created or renamed (saved; the name
// taken at the broker in another case, refused at Name; changed first by a colleague: said, saving
// again applies it; not sent) or closed; Equity desk deleted after the question naming its two
// members (deleted; changed first; not sent) or kept; its members read (or not), a reader added by
// email (added; no longer a live user: refused at the field; not sent), one removed (removed; not
// sent). The second walk opens on a new group's form kept across a reload.
import { screen, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AnyActorRef } from 'xstate';
import { brokerUserGroupsMachine, formReady } from '../../src/sections/broker-research/brokers/brokers.machine';
import {
  brokerUserGroupsDraftPlan,
  brokerUserGroupsPlan,
  PLAN_DRAFT,
  PLAN_NAME,
  PLAN_SEARCH,
  PLAN_USER,
} from '../../src/sections/broker-research/brokers/brokers.plan';
import { checkGroupDraft } from '../../src/sections/broker-research/brokers/brokers.draft';
import type { BrokerUserGroupsContext, GroupDraft } from '../../src/sections/broker-research/brokers/brokers.types';
import { readDraft, writeDraft } from '../../src/services/drafts';
import { BrokersCtx } from '../../src/sections/broker-research/brokers/brokers-context';
import {
  BrokersDraftKeeper,
  BrokersScope,
  BrokersUrl,
  groupDraftAddress,
} from '../../src/sections/broker-research/brokers/brokers-scope';
import { BrokersView } from '../../src/sections/broker-research/brokers/brokers-view';
import { TabSearchContext, type TabParams } from '../../src/sections/broker-research/tab-search';
import {
  ActorProbe,
  closeSignedInWorld,
  describePaths,
  openServerWithStaff,
  renderInConsole,
  type SignedInWorld,
} from '../support/path-world';
import type { Driver } from '../support/replay';
import { userRow } from '../support/factories';

const NO_ANSWER = 'Error: no response from the server';
const GROUPS = '/api/broker/user_group/';

interface World extends SignedInWorld {
  staffId: number;
  params: TabParams;
  opened: { tab: string; params?: TabParams }[];
  brokers: AnyActorRef | null;
}
let world: World;

async function createWorld(draft: GroupDraft | null, params: TabParams = {}): Promise<void> {
  const { server, bridge, signIn } = await openServerWithStaff({
    username: 'grouper',
    features: ['admin_panel_access', 'br_research'],
  });
  const now = Date.now();
  const bank = (
    await server.db
      .insertInto('broker_groups')
      .values({ product_id: 7001, name: 'Global Banks', created_at: now })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  const names = [
    'Apex Securities',
    'Beacon Markets',
    ...Array.from({ length: 53 }, (_, i) => `Broker ${String(i + 1).padStart(3, '0')}`),
  ];
  await server.db
    .insertInto('brokers')
    .values(
      names.map((name, i) => ({
        name,
        legal_name: null,
        short_name: null,
        open_access: 0 as const,
        group_id: i < 2 ? bank : null,
        created_at: now,
        mifid_updated_at: null,
        mifid_updated_by: null,
      })),
    )
    .execute();
  const readers: number[] = [];
  for (const username of ['reader.one', 'reader.two', 'reader.three']) {
    readers.push(
      (
        await server.db
          .insertInto('users')
          .values(
            userRow({
              username,
              email: `${username}@client.test`,
              first_name: username.split('.')[1]!,
              last_name: 'Reader',
              user_type: 'client',
              created_at: now,
            }),
          )
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id,
    );
  }
  const group = (
    await server.db
      .insertInto('broker_user_groups')
      .values({
        broker_id: 1,
        name: 'Equity desk',
        description: 'Cash equities',
        created_by: 'admin',
        updated_by: 'admin',
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  await server.db
    .insertInto('broker_user_group_members')
    .values([
      { group_id: group, user_id: readers[0]! },
      { group_id: group, user_id: readers[1]! },
    ])
    .execute();
  const { actors, user } = await signIn('/broker_research');
  const id = (
    await server.db.selectFrom('users').select('id').where('username', '=', 'grouper').executeTakeFirstOrThrow()
  ).id;
  world = { server, bridge, user, actors, staffId: id, params, opened: [], brokers: null };
  sessionStorage.clear();
  if (draft) writeDraft(groupDraftAddress(world.staffId)!, draft);
}

afterEach(() => closeSignedInWorld(world));

function Tab() {
  const [params, setParams] = useState<TabParams>(world.params);
  return (
    <TabSearchContext.Provider
      value={{
        tab: 'brokers',
        params,
        setParams: (next) => setParams(next),
        openTab: (tab, p) => world.opened.push({ tab, params: p }),
      }}
    >
      <BrokersScope staff={world.staffId} params={params}>
        <ActorProbe hook={BrokersCtx.useActorRef} keep={(ref) => (world.brokers = ref)} />
        <BrokersUrl search={{ params, setParams: (next) => setParams(next) }} />
        <BrokersDraftKeeper staff={world.staffId} />
        <BrokersView />
      </BrokersScope>
    </TabSearchContext.Provider>
  );
}

function mount(): void {
  renderInConsole(world.actors, <Tab />);
}

const context = () => world.brokers!.getSnapshot().context as BrokerUserGroupsContext;
const groupForm = (s: typeof screen) => s.getByRole('form', { name: 'User group' });
const saveButton = (s: typeof screen) => within(groupForm(s)).getByRole('button', { name: /^(Create|Save|Saving…)$/ });
const notice = (s: typeof screen) => s.queryByRole('status', { name: 'Brokers notice' });
const groupsOf = () =>
  world.server.db
    .selectFrom('broker_user_groups as g')
    .select([
      'g.id',
      'g.name',
      'g.version',
      (e) =>
        e
          .selectFrom('broker_user_group_members as m')
          .whereRef('m.group_id', '=', 'g.id')
          .select((x) => x.fn.countAll<number>().as('n'))
          .as('n'),
    ])
    .where('g.broker_id', '=', 1)
    .orderBy('g.name')
    .execute();
const membersOf = (group: number) =>
  world.server.db
    .selectFrom('broker_user_group_members as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select('u.username')
    .where('m.group_id', '=', group)
    .orderBy('u.username')
    .execute();
const bumpGroup = async () => {
  await world.server.db
    .updateTable('broker_user_groups')
    .set((eb) => ({ version: eb('version', '+', 1), updated_by: 'colleague' }))
    .where('id', '=', 1)
    .execute();
};

/** The groups on screen are those stored, with their member counts. */
async function expectGroups(s: typeof screen): Promise<void> {
  const region = s.getByRole('region', { name: 'User groups' });
  expect(within(region).getByRole('heading', { level: 3 })).toHaveTextContent('User groups of Apex Securities');
  const stored = await groupsOf();
  if (stored.length === 0) expect(region).toHaveTextContent('This broker has no user group yet.');
  else {
    const rows = within(within(region).getAllByRole('table')[0]!).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getByRole('rowheader').firstChild?.textContent)).toEqual(
      stored.map((g) => g.name),
    );
    expect(rows.map((r) => within(r).getAllByRole('cell')[0]!.textContent)).toEqual(
      stored.map((g) => (Number(g.n) === 1 ? '1 member' : `${Number(g.n)} members`)),
    );
  }
}

const online = async () => world.bridge.setOffline(false);
const offline = (path: string) => async () => world.bridge.setOffline(true, [path]);

function driver(): Driver<World> {
  return {
    machine: brokerUserGroupsMachine,
    bridge: world.bridge,
    world,
    calls: {
      loadPage: '/api/broker',
      loadGroups: GROUPS,
      saveGroup: GROUPS,
      deleteGroup: GROUPS,
      loadMembers: GROUPS,
      addMembers: GROUPS,
      removeMember: GROUPS,
    },
    mount: async () => mount(),
    actor: () => world.brokers!,
    perform: {
      'query.set': async () => {
        await world.user.type(screen.getByLabelText('Broker name'), PLAN_SEARCH);
        await world.user.click(screen.getByRole('button', { name: 'Search' }));
      },
      'list.retry': async () => world.user.click(screen.getByRole('button', { name: 'Retry' })),
      'page.next': async () => world.user.click(screen.getByRole('button', { name: 'Next' })),
      'page.previous': async () => world.user.click(screen.getByRole('button', { name: 'Previous' })),
      'broker.choose': async () =>
        world.user.click(screen.getByRole('button', { name: 'User groups of Apex Securities' })),
      'groups.close': async () =>
        world.user.click(
          within(screen.getByRole('region', { name: 'User groups' })).getByRole('button', { name: 'Close' }),
        ),
      'group.create': async () => world.user.click(screen.getByRole('button', { name: 'New user group' })),
      'group.edit': async () => world.user.click(screen.getByRole('button', { name: 'Edit Equity desk' })),
      'form.field': async ({ step }) => {
        const input = within(groupForm(screen)).getByLabelText(step.event['field'] === 'name' ? 'Name' : 'Description');
        await world.user.clear(input);
        await world.user.type(input, String(step.event['value']));
      },
      'form.save': async () => world.user.click(saveButton(screen)),
      'form.cancel': async () => world.user.click(within(groupForm(screen)).getByRole('button', { name: 'Cancel' })),
      'group.delete': async () => world.user.click(screen.getByRole('button', { name: 'Delete Equity desk' })),
      'delete.confirm': async () =>
        world.user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' })),
      'delete.cancel': async () =>
        world.user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Cancel' })),
      'members.open': async () => world.user.click(screen.getByRole('button', { name: 'Members of Equity desk' })),
      'members.close': async () => world.user.click(screen.getByRole('button', { name: 'Close members' })),
      'members.text': async () => world.user.type(screen.getByLabelText('Emails or usernames'), PLAN_USER),
      'members.add': async () =>
        world.user.click(
          within(screen.getByRole('form', { name: 'Add members' })).getByRole('button', { name: 'Add' }),
        ),
      'member.remove': async () => world.user.click(screen.getByRole('button', { name: 'Remove reader.one' })),
      'remove.confirm': async () =>
        world.user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Remove' })),
      'remove.cancel': async () =>
        world.user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Cancel' })),
    },
    arrange: {
      loadFailed: offline('/api/broker'),
      groupsFailed: offline(GROUPS),
      saveFailed: offline(GROUPS),
      deleteFailed: offline(GROUPS),
      membersFailed: offline(GROUPS),
      addFailed: offline(GROUPS),
      removeFailed: offline(GROUPS),
      savedMeanwhile: bumpGroup,
      deletedMeanwhile: bumpGroup,
      // Another staff member names a group of Apex Securities the same, in another case.
      nameTaken: async () => {
        const now = Date.now();
        await world.server.db
          .insertInto('broker_user_groups')
          .values({
            broker_id: 1,
            name: PLAN_NAME.toUpperCase(),
            created_by: 'colleague',
            updated_by: 'colleague',
            created_at: now,
            updated_at: now,
          })
          .execute();
      },
      unknownUser: async () => {
        await world.server.db.updateTable('users').set({ deleted: 1 }).where('username', '=', 'reader.three').execute();
      },
    },
    afterOutcome: {
      loadFailed: online,
      groupsFailed: online,
      saveFailed: online,
      deleteFailed: online,
      membersFailed: online,
      addFailed: online,
      removeFailed: online,
    },
    expectations: {
      loading: (s) => {
        expect(s.getByRole('status', { name: 'Loading the brokers' })).toHaveTextContent('Loading the brokers…');
      },
      failed: (s) => {
        expect(s.getByRole('alert')).toHaveTextContent(`The brokers could not be loaded. ${NO_ANSWER}`);
      },
      browsing: (s, { step }) => {
        const c = context();
        const names = within(s.getByRole('region', { name: 'Brokers' }))
          .getAllByRole('rowheader')
          .map((r) => r.querySelector('a')?.textContent);
        if (c.query.q === PLAN_SEARCH) expect(names).toEqual(['Apex Securities']);
        else if (c.query.cursor)
          expect(names).toEqual(['Broker 049', 'Broker 050', 'Broker 051', 'Broker 052', 'Broker 053']);
        else expect(names.slice(0, 3)).toEqual(['Apex Securities', 'Beacon Markets', 'Broker 001']);
        expect(s.getByRole('button', { name: 'Next' })).toHaveProperty('disabled', c.next === null);
        expect(s.getByRole('button', { name: 'Previous' })).toHaveProperty('disabled', c.query.cursor === '');
        expect(s.queryByRole('region', { name: 'User groups' })).toBeNull();
        if (step?.outcome === 'groupsFailed')
          expect(notice(s)).toHaveTextContent(`The user groups could not be read. ${NO_ANSWER}`);
      },
      groupsLoading: (s) => {
        expect(s.getByRole('status', { name: 'Loading the user groups' })).toHaveTextContent(
          'Loading the user groups…',
        );
      },
      groups: async (s, { step }) => {
        await expectGroups(s);
        expect(s.queryByRole('form', { name: 'User group' })).toBeNull();
        const stored = await groupsOf();
        switch (step?.outcome) {
          case 'saved':
            expect(['User group created.', 'User group saved.']).toContain(notice(s)?.textContent);
            expect(stored.some((g) => g.name === PLAN_NAME || g.name === 'Equity desk')).toBe(true);
            expect(readDraft(groupDraftAddress(world.staffId)!, checkGroupDraft)).toBeNull();
            break;
          case 'deleted':
            expect(notice(s)).toHaveTextContent('User group deleted.');
            expect(stored.some((g) => g.id === 1)).toBe(false);
            expect(await membersOf(1)).toEqual([]);
            break;
          case 'deletedMeanwhile':
            expect(s.getByRole('alert', { name: 'Changed by someone else' })).toHaveTextContent(
              'colleague changed the user group Equity desk after you opened it; nothing of yours was saved.',
            );
            expect(stored.some((g) => g.id === 1)).toBe(true);
            break;
          case 'membersFailed':
            expect(notice(s)).toHaveTextContent(`The members could not be read. ${NO_ANSWER}`);
            break;
          default:
        }
      },
      groupForm: (s, { step }) => {
        const c = context();
        const form = groupForm(s);
        expect(within(form).getByLabelText('Name')).toHaveValue(c.form!.values.name);
        expect(within(form).getByLabelText('Description')).toHaveValue(c.form!.values.description);
        expect(saveButton(s)).toHaveProperty('disabled', !formReady(c.form));
        switch (step?.outcome) {
          case 'nameTaken':
            expect(within(form).getByLabelText('Name')).toHaveAccessibleDescription(
              'This broker has a user group with this name already.',
            );
            expect(notice(s)).toHaveTextContent(
              'Something went wrong. This broker has a user group with this name already.',
            );
            break;
          case 'savedMeanwhile':
            expect(s.getByRole('alert', { name: 'Changed by someone else' })).toHaveTextContent(
              'colleague changed the user group Equity desk after you opened it; nothing of yours was saved.',
            );
            expect(saveButton(s)).toBeEnabled();
            break;
          case 'saveFailed':
            expect(notice(s)).toHaveTextContent(`Something went wrong. ${NO_ANSWER}`);
            break;
          default:
        }
        const kept = readDraft(groupDraftAddress(world.staffId)!, checkGroupDraft);
        if (JSON.stringify(c.form!.values) !== JSON.stringify(c.form!.base))
          expect(kept?.values).toEqual(c.form!.values);
        else expect(kept).toBeNull();
      },
      groupSaving: (s) => {
        expect(saveButton(s)).toHaveTextContent('Saving…');
      },
      confirmingDelete: (s, { step }) => {
        const dialog = s.getByRole('alertdialog');
        expect(within(dialog).getByRole('heading', { name: 'Delete Equity desk?' })).toBeInTheDocument();
        expect(dialog).toHaveTextContent('Its 2 members will no longer be in it. This cannot be undone.');
        if (step?.outcome === 'deleteFailed')
          expect(within(dialog).getByRole('status')).toHaveTextContent(`Something went wrong. ${NO_ANSWER}`);
      },
      deletingGroup: (s) => {
        expect(within(s.getByRole('alertdialog')).getByRole('button', { name: 'Delete' })).toBeDisabled();
      },
      membersLoading: (s) => {
        expect(s.getByRole('status', { name: 'Loading the members' })).toHaveTextContent('Loading the members…');
      },
      members: async (s, { step }) => {
        const region = s.getByRole('region', { name: 'Members of Equity desk' });
        const stored = (await membersOf(1)).map((m) => m.username);
        expect(
          within(region)
            .getAllByRole('listitem')
            .map((li) => li.textContent?.match(/\(([^,]+),/)?.[1]),
        ).toEqual(stored);
        expect(within(region).getByLabelText('Emails or usernames')).toHaveValue(context().memberText);
        // The group's member count beside it is the same.
        await expectGroups(s);
        switch (step?.outcome) {
          case 'membersAdded':
            expect(notice(s)).toHaveTextContent('1 member added.');
            expect(stored).toContain('reader.three');
            break;
          case 'unknownUser':
            expect(within(region).getByLabelText('Emails or usernames')).toHaveAccessibleDescription(
              `No live user has the email or username ${PLAN_USER}.`,
            );
            expect(stored).not.toContain('reader.three');
            break;
          case 'memberRemoved':
            expect(notice(s)).toHaveTextContent('Member removed.');
            expect(stored).not.toContain('reader.one');
            break;
          case 'addFailed':
          case 'removeFailed':
            expect(notice(s)).toHaveTextContent(`Something went wrong. ${NO_ANSWER}`);
            break;
          default:
        }
      },
      membersAdding: (s) => {
        expect(s.getByRole('button', { name: 'Adding…' })).toBeDisabled();
      },
      confirmingRemove: async (s) => {
        const dialog = s.getByRole('alertdialog');
        expect(
          within(dialog).getByRole('heading', { name: 'Remove reader.one from Equity desk?' }),
        ).toBeInTheDocument();
        expect(dialog).toHaveTextContent(
          "(reader.one@client.test) will no longer read this broker's research through the group.",
        );
        // Nothing is removed while asking.
        expect((await membersOf(1)).map((m) => m.username)).toContain('reader.one');
      },
      memberRemoving: (s) => {
        expect(within(s.getByRole('alertdialog')).getByRole('button', { name: 'Remove' })).toBeDisabled();
        expect(within(s.getByRole('alertdialog')).getByRole('button', { name: 'Cancel' })).toBeDisabled();
      },
    },
  };
}

describePaths('brokerUserGroups machine paths (Brokers, real server)', brokerUserGroupsPlan, {
  before: () => createWorld(null),
  driver,
});

describePaths(
  'brokerUserGroups machine paths from a form kept across a reload (decision 042)',
  brokerUserGroupsDraftPlan,
  { before: () => createWorld(PLAN_DRAFT, { broker: '1' }), driver },
);

describe('each broker opens in Broker Details', () => {
  beforeEach(() => createWorld(null));
  it('opens Broker Details of the broker', async () => {
    mount();
    await world.user.click(await screen.findByRole('link', { name: 'Beacon Markets' }));
    expect(world.opened).toEqual([{ tab: 'broker_details', params: { broker: '2' } }]);
  });
});
