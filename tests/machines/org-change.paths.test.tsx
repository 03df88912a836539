// Generated paths of the 'Account Update' dialog (spec §2, §4, §5), replayed on the edit page
// against the real server: a new organisation chosen in the picker, then 'Cancel (Same Org)',
// 'Different Org', and the second warning's Cancel and Confirm. Any cancel keeps the earlier
// organisation; Confirm moves it into the form, and nothing is saved until Save.
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AnyActorRef } from 'xstate';
import { orgChangeMachine } from '../../src/sections/user-edit/org-change.machine';
import { planPaths } from '../../src/workflows/paths';
import { replayPath } from '../support/replay';
import { orgChangePlan } from '../../src/sections/user-edit/org-change.plan';
import {
  clickInDialog,
  closeEditWorld,
  createEditWorld,
  dialog,
  editPageDriver,
  expectNoDialog,
  pickOrganization,
  type EditWorld,
} from './user-edit.world';

let world: EditWorld;
beforeEach(async () => {
  world = await createEditWorld();
});
afterEach(async () => {
  await closeEditWorld(world);
});

const org = () => screen.getByRole('combobox', { name: 'Organization', hidden: true });
const child = () => world.edit!.getSnapshot().children.orgChange as AnyActorRef;
const storedOrg = async () =>
  (
    await world.server.db
      .selectFrom('users')
      .select('organization_id')
      .where('id', '=', world.adaId)
      .executeTakeFirstOrThrow()
  ).organization_id;

describe('orgChange machine paths (edit page, real server)', () => {
  it.each(planPaths(orgChangePlan).map((p) => [p.name, p] as const))('%s', async (_name, path) => {
    await replayPath(path, {
      ...editPageDriver(world, orgChangeMachine, child, { loaded: true }),
      perform: {
        'org.choose': async () => pickOrganization(world, 'Gran', 'Granite Peak Partners'),
        'org.sameOrg': async () => clickInDialog(world, 'Cancel (Same Org)'),
        'org.differentOrg': async () => clickInDialog(world, 'Different Org'),
        'org.cancel': async () => clickInDialog(world, 'Cancel'),
        'org.confirm': async () => clickInDialog(world, 'Confirm'),
      },
      expectations: {
        idle: async (s, { step }) => {
          expectNoDialog();
          const moved = step?.event.type === 'org.confirm';
          expect(org()).toHaveValue(moved ? 'Granite Peak Partners' : 'Northwind Capital');
          expect(s.getByRole('status', { name: 'Unsaved changes' })).toHaveTextContent(
            moved ? 'Unsaved changes: Organization.' : 'No unsaved changes.',
          );
          if (moved)
            expect(
              s.getByText(
                /Moving to a different organization: broker research access is cancelled and the user leaves all groups when you save/,
              ),
            ).toBeVisible();
          // The dialog only decides; the save is the person's next step.
          expect(await storedOrg()).toBe(world.orgs.northwind);
        },
        warning: () => {
          expect(within(dialog()).getByRole('heading', { name: 'Account Update' })).toBeVisible();
          expect(dialog()).toHaveTextContent(
            'You are moving Ada Lovelace from Northwind Capital to Granite Peak Partners.',
          );
          expect(dialog()).toHaveTextContent(
            'Their broker research access will be cancelled and they will be removed from all groups.',
          );
          expect(dialog()).toHaveTextContent('rename the organization in the CRM instead');
          expect(
            within(dialog())
              .getAllByRole('button')
              .map((b) => b.textContent),
          ).toEqual(['Cancel (Same Org)', 'Different Org']);
          expect(org()).toHaveValue('Northwind Capital');
        },
        confirming: () => {
          expect(within(dialog()).getByRole('heading', { name: 'Account Update' })).toBeVisible();
          expect(dialog()).toHaveTextContent(
            'Granite Peak Partners is a different organization. When you save, Ada Lovelace loses broker research access and leaves every group. Confirm the move?',
          );
          expect(
            within(dialog())
              .getAllByRole('button')
              .map((b) => b.textContent),
          ).toEqual(['Cancel', 'Confirm']);
          expect(org()).toHaveValue('Northwind Capital');
        },
      },
    });
  });
});
