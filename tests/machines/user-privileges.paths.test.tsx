// Generated paths of the Administrator privileges tab's machine, replayed on the edit page against
// the real server, as a super admin: the privileges read, one switch saved at once, a read refused
// because the user was purged meanwhile, and calls that do not reach the server.
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { userPrivilegesMachine } from '../../src/sections/user-edit/user-privileges.machine';
import { userPrivilegesPlan } from '../../src/sections/user-edit/user-privileges.plan';
import { planPaths } from '../../src/workflows/paths';
import { replayPath } from '../support/replay';
import { tabName } from '../support/tabs';
import {
  button,
  CALLS,
  closeEditWorld,
  createEditWorld,
  editTabDriver,
  NO_ANSWER,
  tab,
  until,
  type EditWorld,
} from './user-edit.world';

let world: EditWorld;
beforeEach(async () => {
  world = await createEditWorld();
});
afterEach(async () => {
  await closeEditWorld(world);
});

const stored = () =>
  world.server.db
    .selectFrom('users')
    .select('admin_privileges')
    .where('id', '=', world.adaId)
    .executeTakeFirstOrThrow();

const LABELS = { is_admin_wm: 'Watchlist manager admin', is_super_admin_user: 'Super admin' } as const;
/** The switch last flipped on the path. */
let flipped: keyof typeof LABELS = 'is_admin_wm';
const question = () => screen.getByRole('alertdialog');

describe('userPrivileges machine paths (edit page, Administrator privileges tab, real server)', () => {
  it.each(planPaths(userPrivilegesPlan).map((p) => [p.name, p] as const))('%s', async (_name, path) => {
    await replayPath(path, {
      ...editTabDriver(world, userPrivilegesMachine, 'Administrator privileges'),
      perform: {
        'privileges.toggle': async ({ step }) => {
          flipped = step.event['key'] as keyof typeof LABELS;
          await world.user.click(screen.getByRole('switch', { name: LABELS[flipped] }));
        },
        'grant.confirm': async () => world.user.click(within(question()).getByRole('button', { name: 'Grant' })),
        'grant.cancel': async () => world.user.click(within(question()).getByRole('button', { name: 'Cancel' })),
        'privileges.retry': async () => world.user.click(button('Retry')),
      },
      arrange: {
        // An operator purges Ada's account once the page has her.
        privilegesNoUser: async () =>
          void (world.beforeTab = async () =>
            void (await world.server.db.deleteFrom('users').where('id', '=', world.adaId).execute())),
        privilegesLoadFailed: async () => world.bridge.setOffline(true, [CALLS.loadPrivileges]),
        privilegesSaveFailed: async () => world.bridge.setOffline(true, [CALLS.savePrivileges]),
      },
      afterOutcome: Object.fromEntries(
        ['privilegesLoadFailed', 'privilegesSaveFailed'].map((name) => [
          name,
          async () => world.bridge.setOffline(false),
        ]),
      ),
      expectations: {
        loading: (s) => {
          expect(tab('Administrator privileges')).toHaveAttribute('aria-selected', 'true');
          expect(s.getByText('Loading privileges…')).toBeVisible();
          // The other tabs wait while this one waits on the server.
          expect(tab('Profile')).toBeDisabled();
        },
        ready: async (s, { step }) => {
          const flippedSwitch = s.getByRole('switch', { name: LABELS[flipped] });
          expect(s.getByRole('switch', { name: 'Super admin' })).toBeEnabled();
          expect(s.getByRole('switch', { name: 'Saved search admin' })).not.toBeChecked();
          expect(tab('Profile')).toBeEnabled();
          expect(s.queryByRole('alertdialog')).toBeNull();
          if (step?.outcome === 'privilegesSaved') {
            expect(s.getByRole('status')).toHaveTextContent('Administrator privileges updated.');
            expect(flippedSwitch).toBeChecked();
            expect(JSON.parse((await stored()).admin_privileges)).toMatchObject({ [flipped]: true });
          } else {
            expect(flippedSwitch).not.toBeChecked();
          }
          // Asked, then cancelled: Super admin is not granted.
          if (step?.event.type === 'grant.cancel')
            expect(JSON.parse((await stored()).admin_privileges)).not.toMatchObject({ is_super_admin_user: true });
          if (step?.outcome === 'privilegesSaveFailed')
            expect(s.getByRole('alert')).toHaveTextContent(`Nothing was changed. ${NO_ANSWER}`);
        },
        confirmingGrant: async (s) => {
          expect(
            within(question()).getByRole('heading', { name: 'Grant Super admin to ada@northwind.example?' }),
          ).toBeVisible();
          expect(question()).toHaveTextContent(
            'They will be able to set the administrator privileges of any user, Super admin included, and to take them away.',
          );
          expect(within(question()).getByRole('button', { name: 'Grant' })).toBeEnabled();
          // Nothing is granted while it asks; the other tabs wait for the answer.
          expect(s.getByRole('switch', { name: 'Super admin', hidden: true })).not.toBeChecked();
          expect(s.getByRole('tab', { name: tabName('Sessions'), hidden: true })).toBeDisabled();
          expect(JSON.parse((await stored()).admin_privileges)).not.toMatchObject({ is_super_admin_user: true });
        },
        saving: (s) => {
          expect(s.getByText('Saving…')).toBeVisible();
          expect(s.getByRole('switch', { name: 'Watchlist manager admin' })).toBeDisabled();
          expect(tab('Sessions')).toBeDisabled();
        },
        failed: (s, { step }) => {
          expect(s.getByRole('alert')).toHaveTextContent(
            step?.outcome === 'privilegesNoUser' ? 'There is no such user.' : NO_ANSWER,
          );
          expect(button('Retry')).toBeEnabled();
        },
      },
    });
  });

  it('turning Super admin on asks before anything is stored; Cancel stores nothing', async () => {
    await editTabDriver(world, userPrivilegesMachine, 'Administrator privileges').mount!();
    await until(() => !!screen.queryByRole('switch', { name: 'Super admin' }));
    await world.user.click(screen.getByRole('switch', { name: 'Super admin' }));
    expect(
      within(question()).getByRole('heading', { name: 'Grant Super admin to ada@northwind.example?' }),
    ).toBeVisible();
    await world.user.click(within(question()).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(screen.getByRole('switch', { name: 'Super admin' })).not.toBeChecked();
    expect(JSON.parse((await stored()).admin_privileges)).not.toMatchObject({ is_super_admin_user: true });
  });
});
