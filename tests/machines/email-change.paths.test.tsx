// Generated paths of the email question (spec §5), replayed on the edit page against the real
// server: a new email saved, then same or different person, back, cancel or confirm. Confirm
// saves with the answer: a different person loses the broker research entitlements.
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AnyActorRef } from 'xstate';
import { emailChangeMachine } from '../../src/sections/user-edit/email-change.machine';
import { EMAIL_CHANGE_TEXT } from '../../src/sections/user-edit/email-change.types';
import { flush, replayPath } from '../support/replay';
import { planPaths } from '../../src/workflows/paths';
import { UPDATE_MESSAGES } from '../../server/users/update';
import { emailChangePlan } from '../../src/sections/user-edit/email-change.plan';
import {
  button,
  clickInDialog,
  closeEditWorld,
  createEditWorld,
  dialog,
  editPageDriver,
  expectNoDialog,
  retype,
  type EditWorld,
} from './user-edit.world';

const NEW_EMAIL = 'ada.lovelace@granite.example';

let world: EditWorld;
beforeEach(async () => {
  world = await createEditWorld();
});
afterEach(async () => {
  await closeEditWorld(world);
});

const child = () => world.edit!.getSnapshot().children.emailChange as AnyActorRef;
const stored = () =>
  world.server.db
    .selectFrom('users')
    .select(['email', 'flags'])
    .where('id', '=', world.adaId)
    .executeTakeFirstOrThrow();
const buttons = () =>
  within(dialog())
    .getAllByRole('button')
    .map((b) => b.textContent);

describe('emailChange machine paths (edit page, real server)', () => {
  it.each(planPaths(emailChangePlan).map((p) => [p.name, p] as const))('%s', async (_name, path) => {
    await replayPath(path, {
      ...editPageDriver(world, emailChangeMachine, child, { loaded: true }),
      perform: {
        'email.ask': async () => {
          await retype(world, 'Email', NEW_EMAIL);
          await world.user.click(button('Save'));
        },
        'email.samePerson': async () => clickInDialog(world, 'Same person'),
        'email.differentPerson': async () => clickInDialog(world, 'Different person'),
        'email.back': async () => clickInDialog(world, 'Back'),
        'email.cancel': async () => clickInDialog(world, 'Cancel'),
        'email.confirm': async () => clickInDialog(world, 'Confirm and save'),
      },
      expectations: {
        idle: async (s, { step }) => {
          expectNoDialog();
          if (!step) {
            expect(screen.getByRole('textbox', { name: 'Email' })).toHaveValue('ada@northwind.example');
            return;
          }
          if (step.event.type === 'email.cancel') {
            // Nothing saved; the new address waits in the form.
            expect(screen.getByRole('textbox', { name: 'Email' })).toHaveValue(NEW_EMAIL);
            expect((await stored()).email).toBe('ada@northwind.example');
            return;
          }
          // Confirmed: the save goes out with the answer.
          for (let i = 0; i < 400 && !world.edit!.getSnapshot().matches({ form: 'saved' }); i++) await flush();
          const answer = path.steps
            .map((x) => x.event.type)
            .filter((t) => t === 'email.samePerson' || t === 'email.differentPerson')
            .at(-1);
          const different = answer === 'email.differentPerson';
          const row = await stored();
          expect(row.email).toBe(NEW_EMAIL);
          expect(JSON.parse(row.flags)).toMatchObject(
            different ? { researchreports: false, br_manager: false } : { researchreports: true, br_manager: true },
          );
          expect(s.getByRole('status', { name: 'Outcome' })).toHaveTextContent(UPDATE_MESSAGES.crmEmail);
        },
        asking: () => {
          expect(within(dialog()).getByRole('heading', { name: 'Email change' })).toBeVisible();
          expect(dialog()).toHaveTextContent(
            `The email changes from ada@northwind.example to ${NEW_EMAIL}. ${EMAIL_CHANGE_TEXT.question}`,
          );
          expect(buttons()).toEqual(['Cancel', 'Same person', 'Different person']);
        },
        confirmingSame: () => {
          expect(dialog()).toHaveTextContent('The same person');
          expect(dialog()).toHaveTextContent(EMAIL_CHANGE_TEXT.crm);
          expect(dialog()).not.toHaveTextContent(EMAIL_CHANGE_TEXT.entitlementsLost);
          expect(buttons()).toEqual(['Cancel', 'Back', 'Confirm and save']);
        },
        confirmingDifferent: () => {
          expect(dialog()).toHaveTextContent('A different person');
          expect(within(dialog()).getByRole('alert')).toHaveTextContent(EMAIL_CHANGE_TEXT.entitlementsLost);
          expect(dialog()).toHaveTextContent(EMAIL_CHANGE_TEXT.crm);
          expect(buttons()).toEqual(['Cancel', 'Back', 'Confirm and save']);
        },
      },
    });
  });
});
