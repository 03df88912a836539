// Generated paths of Group Management, replayed on the real view against the real server
// in-process: Northwind Capital's group Analysts (Olivia a member, Oscar in no group) read or not
// read; a group created or renamed (saved, refused at its name, changed by someone else first,
// not sent), deleted (or changed first, or not sent); a member added (saved, changed first, not
// sent, or refused because Oscar was deleted meanwhile) or removed; a switch saved; the members
// filtered; a form kept across a reload opening again; and an address naming the organization.
import { Theme } from '@radix-ui/themes';
import { act, cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AnyActorRef } from 'xstate';
import { DEFAULT_APP_CONFIG } from '../../src/domain/app-config';
import { FEATURE_KEYS } from '../../src/domain/features';
import { groupEditorMachine } from '../../src/sections/groups/groups.machine';
import {
  groupEditorAddressPlan,
  groupEditorDraftPlan,
  groupEditorPagesPlan,
  groupEditorPlan,
} from '../../src/sections/groups/groups.plan';
import { writeDraft } from '../../src/services/drafts';
import { ConsoleContext } from '../../src/ui/console-context';
import { GroupsCtx } from '../../src/sections/groups/groups-context';
import { groupDraftAddress, GroupsScreen } from '../../src/sections/groups/groups-screen';
import type { GroupsAddress } from '../../src/sections/groups/groups.types';
import { planPaths } from '../../src/workflows/paths';
import {
  ActorProbe,
  closeSignedInWorld,
  describePaths,
  openServerWithStaff,
  renderInConsole,
  type SignedInWorld,
} from '../support/path-world';
import { flush, replayPath, type Driver } from '../support/replay';
import { userRow } from '../support/factories';

const CALLS = {
  findOrg: '/user/get_user_organization/',
  loadGroups: '/user/fetch_group/',
  loadMembers: '/user/fetch_group_members/',
  saveGroup: '/user/',
  removeGroup: '/user/delete_group/',
  changeGroup: '/user/',
};
const NO_ANSWER = 'Error: no response from the server';
const STALE = "Someone else changed the group 'Analysts' since you opened it; this is how it is now.";

interface World extends SignedInWorld {
  staffId: number;
  orgId: number;
  groupId: number;
  oscarId: number;
  actor: AnyActorRef | null;
  /** Analysts holds 55 more people than Olivia (a group larger than a page). */
  large: boolean;
}
let world: World;

beforeEach(async () => {
  const { server, bridge, signIn } = await openServerWithStaff({
    username: 'group-desk',
    features: FEATURE_KEYS,
    fakeTimers: true,
  });
  const now = Date.now();
  const org = (
    await server.db
      .insertInto('organizations')
      .values({ name: 'Northwind Capital', salesforce_id: 'SF-NW', sf_acc_id: null, created_at: now })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  const person = async (first: string, last: string) =>
    (
      await server.db
        .insertInto('users')
        .values(
          userRow({
            username: `${first}.${last}`.toLowerCase(),
            email: `${first.toLowerCase()}@northwind.example`,
            first_name: first,
            last_name: last,
            organization_id: org,
            user_type: 'customer',
            created_at: now,
          }),
        )
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  const olivia = await person('Olivia', 'Smith');
  const oscar = await person('Oscar', 'Lee');
  const group = (
    await server.db
      .insertInto('user_groups')
      .values({ name: 'Analysts', kind: 'general', organization_id: org, created_at: now })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  await server.db.insertInto('group_members').values({ group_id: group, user_id: olivia }).execute();
  const { actors, user } = await signIn('/modify_groups');
  const staffRow = await server.db
    .selectFrom('users')
    .select('id')
    .where('username', '=', 'group-desk')
    .executeTakeFirstOrThrow();
  sessionStorage.clear();
  world = {
    server,
    bridge,
    user,
    actors,
    staffId: staffRow.id,
    orgId: org,
    groupId: group,
    oscarId: oscar,
    actor: null,
    large: false,
  };
});

afterEach(async () => {
  await closeSignedInWorld(world);
  sessionStorage.clear();
  vi.useRealTimers();
});

/** What the screen last reported it shows, for its address. */
let reported: GroupsAddress | null = null;

function mount(address?: GroupsAddress): Promise<void> {
  renderInConsole(
    world.actors,
    <GroupsScreen
      readOnly={false}
      address={address}
      onAddress={(a) => (reported = a)}
      probe={<ActorProbe hook={GroupsCtx.useActorRef} keep={(ref) => (world.actor = ref)} />}
    />,
  );
  return Promise.resolve();
}

const button = (name: string | RegExp) => screen.getByRole('button', { name });
const notice = () => screen.getByLabelText('Groups notice');
/** The notice stands by the group it concerns. */
const noticeByAnalysts = () =>
  within(screen.getByRole('region', { name: 'Group Analysts' })).getByLabelText('Groups notice');
const toggle = (name: string) => screen.getByRole('button', { name });
const items = (list: string) => within(screen.getByRole('list', { name: list })).getAllByRole('listitem');
const memberNames = (group: string) =>
  within(screen.getByRole('list', { name: `Members of ${group}` }))
    .getAllByRole('listitem')
    .map((li) => li.textContent);
/** Someone else's change of Analysts, saved while this screen still shows the version before. */
const changedElsewhere = async (patch: { name?: string; withOscar?: boolean } = {}) => {
  const row = await world.server.db
    .selectFrom('user_groups')
    .select('version')
    .where('id', '=', world.groupId)
    .executeTakeFirstOrThrow();
  await world.server.db
    .updateTable('user_groups')
    .set({ version: row.version + 1, ...(patch.name ? { name: patch.name } : {}) })
    .where('id', '=', world.groupId)
    .execute();
  if (patch.withOscar)
    await world.server.db
      .insertInto('group_members')
      .values({ group_id: world.groupId, user_id: world.oscarId })
      .execute();
};

async function typeName(value: string): Promise<void> {
  const field = screen.getByLabelText('Group name');
  await world.user.clear(field);
  if (value) await world.user.type(field, value);
}

async function pickOrganization(): Promise<void> {
  const field = screen.getByRole('combobox', { name: 'Organization' });
  await world.user.clear(field);
  await world.user.type(field, 'North');
  await act(async () => void (await vi.advanceTimersByTimeAsync(200)));
  for (let i = 0; i < 200 && !screen.queryByRole('option', { name: /Northwind Capital/ }); i++) await flush();
  await world.user.click(screen.getByRole('option', { name: /Northwind Capital/ }));
}

function driver(): Driver<World> {
  return {
    machine: groupEditorMachine,
    bridge: world.bridge,
    world,
    mount,
    actor: () => world.actor!,
    calls: CALLS,
    perform: {
      'org.pick': pickOrganization,
      'org.clear': async () => world.user.click(button('Clear organization')),
      'list.retry': async () => world.user.click(button('Retry')),
      'group.create': async () => world.user.click(button('Create Group')),
      'group.rename': async () => world.user.click(button('Rename Analysts')),
      'form.name': async () => typeName('Research'),
      'form.kind': async () => {
        await world.user.click(screen.getByRole('combobox', { name: 'Kind' }));
        await world.user.click(await screen.findByRole('option', { name: 'Thesis' }));
      },
      'form.submit': async () =>
        world.user.click(within(screen.getByRole('dialog')).getByRole('button', { name: /^(Create|Save)$/ })),
      'form.cancel': async () =>
        world.user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel' })),
      'group.delete': async () => world.user.click(button('Delete Analysts')),
      'delete.confirm': async () =>
        world.user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' })),
      'delete.cancel': async () =>
        world.user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Cancel' })),
      'member.add': async () => {
        await world.user.type(screen.getByRole('combobox', { name: 'Member to add to Analysts' }), 'oscar.lee');
        await world.user.click(button('Add member'));
      },
      'member.remove': async () => world.user.click(button('Remove olivia.smith from Analysts')),
      'remove.confirm': async () =>
        world.user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Remove' })),
      'remove.cancel': async () =>
        world.user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Cancel' })),
      'switch.toggle': async () => world.user.click(screen.getAllByRole('switch')[0]!),
      'members.filter': async ({ step }) => {
        const box = screen.getByRole('searchbox', { name: 'Filter members' });
        const text = (step.event as unknown as { text: string }).text;
        await world.user.clear(box);
        if (text) await world.user.type(box, text);
      },
      'members.more': async () => {
        // A large organization's groups stand closed: Analysts is opened first.
        if (toggle('Analysts').getAttribute('aria-expanded') === 'false') await world.user.click(toggle('Analysts'));
        await world.user.click(button('Load more'));
      },
    },
    arrange: {
      loadFailed: async () => world.bridge.setOffline(true, [CALLS.loadGroups]),
      moreFailed: async () => world.bridge.setOffline(true, [CALLS.loadMembers]),
      saved: async () => {
        // A new group needs a name: the walk may submit before typing one.
        const field = screen.getByLabelText('Group name') as HTMLInputElement;
        if (field.value === '') await typeName('Research');
      },
      nameTaken: async () => {
        await world.server.db
          .insertInto('user_groups')
          .values({ name: 'Taken', kind: 'general', organization_id: world.orgId, created_at: Date.now() })
          .execute();
        await typeName('taken');
      },
      savedMeanwhile: async () => changedElsewhere({ name: 'Analysts (theirs)' }),
      saveFailed: async () => world.bridge.setOffline(true, ['/user/add_group_new/', '/user/rename_group/']),
      removedMeanwhile: async () => changedElsewhere(),
      removeFailed: async () => world.bridge.setOffline(true, [CALLS.removeGroup]),
      changedMeanwhile: async () => changedElsewhere({ withOscar: true }),
      changeFailed: async () => world.bridge.setOffline(true, ['/user/add_group_user/']),
      // Oscar was deleted after the screen read him.
      memberRefused: async () =>
        void (await world.server.db.updateTable('users').set({ deleted: 1 }).where('id', '=', world.oscarId).execute()),
    },
    afterOutcome: {
      ...Object.fromEntries(
        ['loadFailed', 'saveFailed', 'removeFailed', 'changeFailed', 'moreFailed'].map((n) => [
          n,
          async () => world.bridge.setOffline(false),
        ]),
      ),
      memberRefused: async () =>
        void (await world.server.db.updateTable('users').set({ deleted: 0 }).where('id', '=', world.oscarId).execute()),
    },
    expectations: {
      // Passed through at once: a kept form's organization loads, or no organization is shown.
      settling: () => undefined,
      noOrganization: (s) => {
        expect(s.getByText('Pick an organization to see its groups.')).toBeVisible();
        expect(s.getByRole('combobox', { name: 'Organization' })).toHaveValue('');
        expect(s.queryByRole('button', { name: 'Create Group' })).toBeNull();
        expect(s.queryByRole('region', { name: /^Group / })).toBeNull();
      },
      loading: (s) => {
        expect(s.getByText('Loading groups…')).toBeVisible();
        expect(s.getByRole('combobox', { name: 'Organization' })).toBeDisabled();
      },
      // The organization the address names, read by id.
      findingOrg: (s) => {
        expect(s.getByText('Loading groups…')).toBeVisible();
        expect(s.getByRole('combobox', { name: 'Organization' })).toBeDisabled();
      },
      orgFailed: (s) => {
        expect(s.getByRole('alert')).toHaveTextContent(`Could not load the groups. ${NO_ANSWER}`);
        expect(button('Retry')).toBeEnabled();
        expect(s.queryByRole('region', { name: /^Group / })).toBeNull();
      },
      failed: (s) => {
        expect(s.getByRole('alert')).toHaveTextContent(`Could not load the groups. ${NO_ANSWER}`);
        expect(button('Retry')).toBeEnabled();
        expect(s.queryByRole('region', { name: /^Group / })).toBeNull();
      },
      'loaded.idle': (s, { step }) => {
        expect(s.queryByRole('dialog')).toBeNull();
        expect(s.queryByRole('alertdialog')).toBeNull();
        expect(button('Create Group')).toBeEnabled();
        const read = world.actor!.getSnapshot().context as { q: string; filter: string };
        if (step?.outcome === 'loadFailed') {
          // The filter was not sent: the box returns to the lists on screen, the notice says why.
          expect(notice()).toHaveTextContent(`The members were not filtered. ${NO_ANSWER}`);
          expect(s.getByRole('searchbox', { name: 'Filter members' })).toHaveValue(read.q);
          return;
        }
        if (world.large && read.q === '') {
          expect(s.getByRole('region', { name: 'Group Analysts' })).toHaveTextContent('56 members');
          if (step?.outcome === 'loaded') {
            // A large organization: its groups closed, each counted.
            expect(toggle('Analysts')).toHaveAttribute('aria-expanded', 'false');
            return;
          }
          const shown = items('Members of Analysts').length;
          if (step?.outcome === 'moreFailed') {
            // Said at the group whose page was not read; what it shows stays.
            expect(within(s.getByRole('region', { name: 'Group Analysts' })).getByRole('alert')).toHaveTextContent(
              `The next people were not loaded. ${NO_ANSWER}`,
            );
            expect(shown).toBe(50);
          } else if (step?.outcome === 'moreLoaded') {
            expect(shown).toBe(56);
            expect(s.queryByRole('button', { name: 'Load more' })).toBeNull();
          }
          return;
        }
        if (read.q !== '') {
          // Only Oscar matches: Analysts shows only when he is its member, the users in no group only when he is one.
          const inAnalysts = (world.actor!.getSnapshot().context.groups as { members: { id: number }[] }[]).some((g) =>
            g.members.some((m) => m.id === world.oscarId),
          );
          expect(s.getByRole('searchbox', { name: 'Filter members' })).toHaveValue('oscar');
          expect(s.getByLabelText('Filter matches')).toHaveTextContent(
            inAnalysts ? '1 person matches “oscar”: in 1 group.' : '1 person matches “oscar”: 1 in no group.',
          );
          if (inAnalysts) {
            expect(memberNames('Analysts')).toEqual(['Oscar Lee · oscar.lee · oscar@northwind.exampleRemove']);
            const of = world.large ? 57 : 2;
            expect(s.getByRole('region', { name: 'Group Analysts' })).toHaveTextContent(`1 of ${of} members match`);
          } else {
            expect(s.queryByRole('region', { name: 'Group Analysts' })).toBeNull();
            expect(
              within(s.getByRole('list', { name: 'Users in no group' }))
                .getAllByRole('listitem')
                .map((li) => li.textContent),
            ).toEqual(['Oscar Lee · oscar.lee · oscar@northwind.example']);
          }
          return;
        }
        switch (step?.outcome) {
          case 'changed':
            expect(noticeByAnalysts()).toHaveTextContent('1 member added.');
            expect(memberNames('Analysts')).toEqual([
              'Olivia Smith · olivia.smith · olivia@northwind.exampleRemove',
              'Oscar Lee · oscar.lee · oscar@northwind.exampleRemove',
            ]);
            expect(s.getByLabelText('Group summary')).toHaveTextContent('1 group · 0 users in no group');
            break;
          case 'changedMeanwhile':
            expect(noticeByAnalysts()).toHaveTextContent(STALE);
            expect(memberNames('Analysts')).toHaveLength(2);
            break;
          case 'changeFailed':
            expect(noticeByAnalysts()).toHaveTextContent(`Nothing was changed. ${NO_ANSWER}`);
            expect(memberNames('Analysts')).toHaveLength(1);
            break;
          case 'memberRefused':
            // The cause, in the screen's words, by the group; nobody was added.
            expect(noticeByAnalysts()).toHaveTextContent('oscar.lee was not added: the user has been deleted.');
            expect(memberNames('Analysts')).toEqual(['Olivia Smith · olivia.smith · olivia@northwind.exampleRemove']);
            break;
          case 'saved': {
            const name = (world.actor!.getSnapshot().context.groups as { name: string }[]).map((g) => g.name);
            expect(notice()).toHaveTextContent(
              /^Group (renamed to 'Analysts'|'Research' created|'Kept group' created)\.$/,
            );
            for (const n of name) expect(s.getByRole('region', { name: `Group ${n}` })).toBeVisible();
            break;
          }
          case 'removed':
            // The group is gone: its notice stands above the groups.
            expect(notice()).toHaveTextContent("Group 'Analysts' deleted.");
            expect(
              within(s.getByRole('list', { name: 'Users in no group' }))
                .getAllByRole('listitem')
                .map((li) => li.textContent),
            ).toEqual([
              'Olivia Smith · olivia.smith · olivia@northwind.example',
              'Oscar Lee · oscar.lee · oscar@northwind.example',
            ]);
            expect(s.getByLabelText('Group summary')).toHaveTextContent(
              'Northwind Capital has no groups. · 2 users in no group',
            );
            expect(s.queryByRole('region', { name: 'Group Analysts' })).toBeNull();
            break;
          case 'removedMeanwhile':
            expect(noticeByAnalysts()).toHaveTextContent(`The group was not deleted. ${STALE}`);
            expect(s.getByRole('region', { name: 'Group Analysts' })).toBeVisible();
            break;
          default:
            // As read: Analysts with Olivia, Oscar in no group; every switch off.
            expect(s.getByLabelText('Group summary')).toHaveTextContent('1 group · 1 user in no group');
            expect(memberNames('Analysts')).toEqual(['Olivia Smith · olivia.smith · olivia@northwind.exampleRemove']);
            expect(s.getByRole('region', { name: 'Users in no group' })).toHaveTextContent('1 user');
            // A small organization shows its groups open.
            expect(toggle('Analysts')).toHaveAttribute('aria-expanded', 'true');
            expect(toggle('Users in no group')).toHaveAttribute('aria-expanded', 'true');
            for (const sw of within(s.getByRole('region', { name: 'Group Analysts' })).getAllByRole('switch'))
              expect(sw).not.toBeChecked();
        }
      },
      // The typing pauses before the filter is sent; the lists stay as they are meanwhile, and
      // the controls wait (a click would be lost), the box still taking the typing.
      'loaded.filtering': (s) => {
        const { filter } = world.actor!.getSnapshot().context as { filter: string };
        expect(s.getByRole('searchbox', { name: 'Filter members' })).toHaveValue(filter);
        expect(s.getByRole('searchbox', { name: 'Filter members' })).toBeEnabled();
        expect(button('Create Group')).toBeDisabled();
      },
      // The filter sent: the groups' first pages of what it holds are on their way.
      'loaded.refiltering': (s) => {
        expect(s.getByRole('searchbox', { name: 'Filter members' })).toHaveValue('oscar');
        expect(button('Create Group')).toBeDisabled();
      },
      // A group's next page on its way: its Load more says so.
      'loaded.loadingMore': (s) => {
        const group = within(s.getByRole('region', { name: 'Group Analysts' }));
        expect(group.getByRole('button', { name: 'Loading…' })).toBeDisabled();
        // The first page alone, and the rest counted.
        expect(items('Members of Analysts')).toHaveLength(50);
        expect(s.getByLabelText('Members of Analysts: shown')).toHaveTextContent('Showing 50 of 56');
      },
      'loaded.confirmingRemove': (s) => {
        const dialog = within(s.getByRole('alertdialog'));
        expect(dialog.getByRole('heading', { name: 'Remove olivia.smith from Analysts?' })).toBeVisible();
        expect(
          dialog.getByText(
            "Olivia Smith (olivia@northwind.example) leaves 'Analysts'. They stay a user of the organization.",
          ),
        ).toBeVisible();
        // Nothing is taken out while asking (the list is behind the question, hidden from it).
        const list = s.getByRole('list', { name: 'Members of Analysts', hidden: true });
        expect(
          within(list)
            .getAllByRole('listitem', { hidden: true })
            .map((li) => li.textContent),
        ).toContain('Olivia Smith · olivia.smith · olivia@northwind.exampleRemove');
      },
      'loaded.working': (s) => {
        expect(button('Create Group')).toBeDisabled();
        for (const sw of s.getAllByRole('switch')) expect(sw).toBeDisabled();
        expect(button('Add member')).toBeDisabled();
      },
      'loaded.form.editing': (s, { step }) => {
        const dialog = within(s.getByRole('dialog'));
        const field = dialog.getByLabelText('Group name');
        expect(field).toBeEnabled();
        switch (step?.outcome ?? step?.event.type) {
          case 'nameTaken':
            expect(
              dialog.getByText("This organization has a group named 'taken' (names are the same whatever their case)."),
            ).toBeVisible();
            expect(field).toHaveAttribute('aria-invalid', 'true');
            break;
          case 'savedMeanwhile':
            expect(dialog.getByRole('alert')).toHaveTextContent(
              "Someone else changed the group 'Analysts (theirs)' since you opened it; this is how it is now. Save again to replace its name with yours, or Cancel to keep theirs.",
            );
            break;
          case 'saveFailed':
            expect(dialog.getByRole('alert')).toHaveTextContent(`The group was not saved. ${NO_ANSWER}`);
            break;
          case 'form.name':
            expect(field).toHaveValue('Research');
            break;
          case 'form.kind':
            expect(dialog.getByRole('combobox', { name: 'Kind' })).toHaveTextContent('Thesis');
            break;
          case 'xstate.done.actor.loadGroups':
            // The kept form, open again over its organization's groups.
            expect(field).toHaveValue('Kept group');
            expect(dialog.getByRole('combobox', { name: 'Kind' })).toHaveTextContent('Collab');
            break;
          default:
            expect(s.getByRole('heading', { name: /^(Create Group|Rename group)$/ })).toBeVisible();
        }
      },
      'loaded.form.saving': (s) => {
        expect(within(s.getByRole('dialog')).getByLabelText('Group name')).toBeDisabled();
      },
      'loaded.deleting.confirm': (s, { step }) => {
        const dialog = within(s.getByRole('alertdialog'));
        expect(
          dialog.getByText("'Analysts' will be deleted, and its 1 member leaves it. The users stay as they are."),
        ).toBeVisible();
        if (step?.outcome === 'removeFailed')
          expect(dialog.getByRole('alert')).toHaveTextContent(`The group was not deleted. ${NO_ANSWER}`);
      },
      'loaded.deleting.removing': (s) => {
        expect(within(s.getByRole('alertdialog')).getByRole('button', { name: 'Cancel' })).toBeDisabled();
      },
    },
  };
}

describePaths('groupEditor machine paths (Group Management, real server)', groupEditorPlan, { driver });

describe('groupEditor machine paths of a group larger than a page (decision 104)', () => {
  it.each(planPaths(groupEditorPagesPlan).map((p) => [p.name, p] as const))('%s', async (_name, path) => {
    const now = Date.now();
    const rows = Array.from({ length: 55 }, (_, i) =>
      userRow({
        first_name: 'Pat',
        last_name: `Member${String(i + 1).padStart(2, '0')}`,
        organization_id: world.orgId,
        user_type: 'customer',
        created_at: now,
      }),
    );
    const ids = await world.server.db.insertInto('users').values(rows).returning('id').execute();
    await world.server.db
      .insertInto('group_members')
      .values(ids.map((r) => ({ group_id: world.groupId, user_id: Number(r.id) })))
      .execute();
    world.large = true;
    const d = driver();
    await replayPath(path, { ...d, mount: () => mount({ org: world.orgId }) });
  });
});

describe('groupEditor machine paths from a kept form (decision 042)', () => {
  it.each(planPaths(groupEditorDraftPlan).map((p) => [p.name, p] as const))('%s', async (_name, path) => {
    writeDraft(groupDraftAddress(world.staffId)!, {
      org: { title: 'Northwind Capital', org_id: world.orgId, salesforceId: 'SF-NW' },
      form: { id: null, version: 0, name: 'Kept group', kind: 'collab', base: { name: '', kind: 'general' } },
    });
    await replayPath(path, driver());
    if (path.steps.at(-1)?.outcome === 'saved') {
      expect(screen.getByRole('region', { name: 'Group Kept group' })).toHaveTextContent('Collab');
      expect(sessionStorage.length).toBe(0);
    }
  });
});

describe('groupEditor machine paths from an address naming the organization (decision 097)', () => {
  it.each(planPaths(groupEditorAddressPlan).map((p) => [p.name, p] as const))('%s', async (_name, path) => {
    reported = null;
    let named = world.orgId;
    const d = driver();
    await replayPath(path, {
      ...d,
      mount: () => mount({ org: named }),
      arrange: {
        ...d.arrange,
        // An id no organization has.
        orgGone: async () => void (named = 999_999),
        orgFailed: async () => world.bridge.setOffline(true, [CALLS.findOrg]),
      },
      afterOutcome: { ...d.afterOutcome, orgFailed: async () => world.bridge.setOffline(false) },
    });
    // The screen reports what it shows (or opens): the organization's id, or none.
    const snapshot = world.actor!.getSnapshot();
    const shown = (snapshot.context.org as { org_id: number } | null)?.org_id ?? snapshot.context.opening ?? undefined;
    expect(reported).toEqual({ org: shown });
    if (snapshot.matches('loaded'))
      expect(screen.getByRole('combobox', { name: 'Organization' })).toHaveValue('Northwind Capital');
  });
});

/** Waits for what a query finds (fake timers hold findBy's polling back; the server answers in real time). */
async function until<T>(probe: () => T | null): Promise<T> {
  for (const started = performance.now(); performance.now() - started < 10_000;) {
    const found = probe();
    if (found) return found;
    await flush();
  }
  throw new Error('not shown');
}

describe('/view_groups and the kept form', () => {
  it('read only: the groups, members and switches that are on, and no control that changes them', async () => {
    await world.server.db.updateTable('user_groups').set({ autoshare: 1 }).where('id', '=', world.groupId).execute();
    render(
      <Theme>
        <ConsoleContext.Provider value={{ ...world.actors, config: DEFAULT_APP_CONFIG }}>
          <GroupsScreen readOnly />
        </ConsoleContext.Provider>
      </Theme>,
    );
    await pickOrganization();
    const group = await until(() => screen.queryByRole('region', { name: 'Group Analysts' }));
    expect(screen.getByLabelText('Group summary')).toHaveTextContent('1 group · 1 user in no group · read only');
    expect(within(group).getByLabelText('Switches of Analysts')).toHaveTextContent('AutoShare: on');
    expect(memberNames('Analysts')).toEqual(['Olivia Smith · olivia.smith · olivia@northwind.example']);
    // Its one button opens and closes it.
    expect(within(group).getAllByRole('button')).toEqual([
      within(group).getByRole('button', { name: 'Analysts', expanded: true }),
    ]);
    expect(within(group).queryAllByRole('switch')).toEqual([]);
    expect(screen.queryByRole('button', { name: 'Create Group' })).toBeNull();
  });

  it('keeps a new group typed into across a reload, and forgets it once saved', async () => {
    await mount();
    await pickOrganization();
    await world.user.click(await until(() => screen.queryByRole('button', { name: 'Create Group' })));
    await typeName('Typed before reload');
    await until(() => sessionStorage.length === 1 || null);
    cleanup();
    await mount();
    expect(await until(() => screen.queryByLabelText('Group name'))).toHaveValue('Typed before reload');
    await world.user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Create' }));
    expect(await until(() => screen.queryByRole('region', { name: 'Group Typed before reload' }))).toBeVisible();
    await until(() => sessionStorage.length === 0 || null);
  });
});
