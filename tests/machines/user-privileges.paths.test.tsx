// Generated paths of the Administrator privileges tab's machine, replayed on the edit page against
// the real server, as a super admin: the privileges read, one switch saved at once, a read refused
// because the user was purged meanwhile, and calls that do not reach the server.
import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { userPrivilegesMachine } from '../../src/sections/user-edit/user-privileges.machine';
import { userPrivilegesPlan } from '../../src/sections/user-edit/user-privileges.plan';
import { planPaths } from '../../src/workflows/paths';
import { replayPath } from '../support/replay';
import {
  button,
  CALLS,
  closeEditWorld,
  createEditWorld,
  editTabDriver,
  NO_ANSWER,
  tab,
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

describe('userPrivileges machine paths (edit page, Administrator privileges tab, real server)', () => {
  it.each(planPaths(userPrivilegesPlan).map((p) => [p.name, p] as const))('%s', async (_name, path) => {
    await replayPath(path, {
      ...editTabDriver(world, userPrivilegesMachine, 'Administrator privileges'),
      perform: {
        'privileges.toggle': async () =>
          world.user.click(screen.getByRole('switch', { name: 'Watchlist manager admin' })),
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
          const watchlist = s.getByRole('switch', { name: 'Watchlist manager admin' });
          expect(s.getByRole('switch', { name: 'Super admin' })).toBeEnabled();
          expect(s.getByRole('switch', { name: 'Saved search admin' })).not.toBeChecked();
          expect(tab('Profile')).toBeEnabled();
          if (step?.outcome === 'privilegesSaved') {
            expect(s.getByRole('status')).toHaveTextContent('Administrator privileges updated.');
            expect(watchlist).toBeChecked();
            expect(JSON.parse((await stored()).admin_privileges)).toMatchObject({ is_admin_wm: true });
          } else {
            expect(watchlist).not.toBeChecked();
          }
          if (step?.outcome === 'privilegesSaveFailed')
            expect(s.getByRole('alert')).toHaveTextContent(`Nothing was changed. ${NO_ANSWER}`);
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
});
