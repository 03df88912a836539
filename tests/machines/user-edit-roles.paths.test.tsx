// Generated paths of giving a staff role on the edit page, replayed on the real page against the
// real server: Ada, a staff member holding her own role, is given Desk; Save asks first, naming the
// role and her; Cancel keeps the form unsaved and her roles as they were; Give role saves (after the
// email's question too when her email changed).
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { userEditMachine } from '../../src/sections/user-edit/user-edit.machine';
import { GIVEN_ROLE, ROLE_EMAIL, userEditRolesPlan } from '../../src/sections/user-edit/user-edit.plan';
import { planPaths } from '../../src/workflows/paths';
import { replayPath } from '../support/replay';
import {
  button,
  clickInDialog,
  closeEditWorld,
  createEditWorld,
  dialog,
  editPageDriver,
  expectNoDialog,
  mountLoadedEditPage,
  retype,
  type EditWorld,
} from './user-edit.world';

let world: EditWorld;
beforeEach(async () => {
  world = await createEditWorld();
  const now = Date.now();
  await world.server.db
    .insertInto('roles')
    .values({
      name: GIVEN_ROLE.name,
      features: JSON.stringify(['admin_panel_access', 'tags']),
      created_at: now,
      updated_at: now,
    })
    .execute();
});
afterEach(async () => {
  await closeEditWorld(world);
});

const rolesHeld = async () =>
  (
    await world.server.db
      .selectFrom('user_roles')
      .innerJoin('roles', 'roles.id', 'user_roles.role_id')
      .select('roles.name')
      .where('user_roles.user_id', '=', world.adaId)
      .orderBy('roles.name')
      .execute()
  ).map((r) => r.name);
const desk = () =>
  within(screen.getByRole('group', { name: 'Staff roles', hidden: true })).getByRole('checkbox', {
    name: GIVEN_ROLE.name,
    hidden: true,
  });
const summary = () => screen.getByRole('status', { name: 'Unsaved changes' });

describe('userEdit machine paths: giving a staff role asks first (real page, real server)', () => {
  it.each(planPaths(userEditRolesPlan).map((p) => [p.name, p] as const))('%s', async (_name, path) => {
    await replayPath(path, {
      ...editPageDriver(world, userEditMachine, () => world.edit!),
      perform: {
        'field.change': async ({ step }) =>
          step.event['key'] === 'staff_roles' ? world.user.click(desk()) : retype(world, 'Email', ROLE_EMAIL),
        'edit.save': async () => world.user.click(button('Save')),
        'roles.confirm': async () => clickInDialog(world, 'Give role'),
        'roles.cancel': async () => clickInDialog(world, 'Cancel'),
        'email.decided': async () => {
          await clickInDialog(world, 'Different person');
          await clickInDialog(world, 'Confirm and save');
        },
      },
      expectations: {
        // States the main walk (user-edit.paths) looks at; this walk does not pass them.
        ...Object.fromEntries(
          [
            'loadFailed',
            'missing',
            'form.failed',
            'confirmingOrg',
            'conflict',
            'sendingWelcome',
            'sessions',
            'privileges',
            'emails',
          ].map((k) => [k, () => expect.fail(`${k} is not on the walk of a role given`)]),
        ),
        loading: () => undefined,
        'form.editing': async (_s, { step }) => {
          expectNoDialog();
          // Opened: Ada holds her own role only; then Desk is ticked.
          if (step?.outcome === 'loaded') {
            expect(desk()).not.toBeChecked();
            return;
          }
          expect(desk()).toBeChecked();
          expect(button('Save')).toBeEnabled();
          // Asked, then cancelled: nothing saved, the change still on the form.
          if (step?.event.type === 'roles.cancel') {
            expect(summary()).toHaveTextContent('Unsaved changes: Email, Staff roles.');
            expect(await rolesHeld()).toEqual(['role for ada']);
          }
        },
        confirmingRoles: async () => {
          expect(
            within(dialog()).getByRole('heading', {
              name: `Give the role ${GIVEN_ROLE.name} to ada@northwind.example?`,
            }),
          ).toBeVisible();
          expect(dialog()).toHaveTextContent(
            'They will be able to open every section and do everything this role allows. The other changes are saved with it.',
          );
          expect(within(dialog()).getByRole('button', { name: 'Give role' })).toBeEnabled();
          expect(await rolesHeld()).toEqual(['role for ada']);
        },
        confirmingEmail: () => {
          expect(within(dialog()).getByRole('button', { name: 'Different person' })).toBeInTheDocument();
        },
        saving: () => {
          expect(button('Save')).toBeDisabled();
          expectNoDialog();
        },
        'form.saved': async () => {
          expectNoDialog();
          expect(await rolesHeld()).toEqual([GIVEN_ROLE.name, 'role for ada']);
          expect(desk()).toBeChecked();
        },
      },
    });
  });

  it('Save with a role ticked asks before anything is stored; Cancel stores nothing', async () => {
    await mountLoadedEditPage(world);
    await world.user.click(desk());
    await world.user.click(button('Save'));
    expect(
      within(dialog()).getByRole('heading', { name: /^Give the role Desk to ada@northwind\.example\?$/ }),
    ).toBeVisible();
    await clickInDialog(world, 'Cancel');
    expectNoDialog();
    expect(await rolesHeld()).toEqual(['role for ada']);
  });
});
