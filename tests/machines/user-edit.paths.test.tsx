// Generated paths of the edit machine, replayed on the real page against the real server: edits
// and their rules, the organisation and email dialogs, every answer a save can get (a race lost
// to a colleague arranged by saving the user in the database first), the welcome email, and the
// way between the tabs. What each of the other tabs does is its own machine's path test
// (user-sessions, user-privileges, user-emails).
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { dataPlanMessages, FIELD_MESSAGES, USER_FIELD_LIMITS } from '../../src/domain/user-rules';
import { userEditMachine } from '../../src/sections/user-edit/user-edit.machine';
import { EMAIL_CHANGE_TEXT } from '../../src/sections/user-edit/email-change.types';
import { timeText } from '../../src/domain/format';
import { planPaths } from '../../src/workflows/paths';
import { replayPath } from '../support/replay';
import { LONG_LAST_NAME, userEditPlan } from '../../src/sections/user-edit/user-edit.plan';
import {
  button,
  CALLS,
  clickInDialog,
  closeEditWorld,
  createEditWorld,
  dialog,
  editPageDriver,
  expectNoDialog,
  NO_ANSWER,
  openTab,
  pickOrganization,
  retype,
  tab,
  textbox,
  until,
  type EditWorld,
} from './user-edit.world';
import { userRow } from '../support/factories';

const NEW_EMAIL = 'ada.lovelace@granite.example';
const plan = dataPlanMessages('product');

let world: EditWorld;
beforeEach(async () => {
  world = await createEditWorld();
});
afterEach(async () => {
  await closeEditWorld(world);
});

const summary = () => screen.getByRole('status', { name: 'Unsaved changes' });
// Found behind an open dialog too (a modal dialog hides the page from the accessibility tree).
const org = () => screen.getByRole('combobox', { name: 'Organization', hidden: true });
const outcome = () => screen.getByRole('status', { name: 'Outcome' });
const stored = () =>
  world.server.db.selectFrom('users').selectAll().where('id', '=', world.adaId).executeTakeFirstOrThrow();

function expectClean() {
  expect(summary()).toHaveTextContent('No unsaved changes.');
  expect(button('Save')).toBeDisabled();
  expect(button('Discard changes')).toBeDisabled();
}

/** Another tab open: its card in place of the form (once its machine has read its list), the draft kept aside. */
async function expectTab(name: string, card: string, settled: () => boolean) {
  expect(tab(name)).toHaveAttribute('aria-selected', 'true');
  expect(screen.getByRole('heading', { name: card, level: 3 })).toBeVisible();
  expect(screen.queryByRole('textbox', { name: 'First name' })).toBeNull();
  expectNoDialog();
  await until(settled);
  expect(settled()).toBe(true);
}

describe('userEdit machine paths (real page, real server)', () => {
  it.each(planPaths(userEditPlan).map((p) => [p.name, p] as const))('%s', async (_name, path) => {
    await replayPath(path, {
      ...editPageDriver(world, userEditMachine, () => world.edit!),
      perform: {
        'field.change': async ({ step }) => {
          const value = step.event['value'] as string;
          if (step.event['key'] !== 'last_name')
            return retype(world, step.event['key'] === 'first_name' ? 'First name' : 'Email', value);
          // The input's maxLength stops typing past the limit; autofill or a script sets the value regardless.
          expect(textbox('Last name')).toHaveAttribute('maxlength', String(USER_FIELD_LIMITS.last_name));
          fireEvent.change(textbox('Last name'), { target: { value } });
        },
        // Choosing alternative data while product data is chosen (§5: the alternative wins).
        'dataPlan.change': async () =>
          world.user.click(screen.getByRole('checkbox', { name: 'Product Alternative data' })),
        'org.pick': async ({ step }) => {
          const back = (step.event['pick'] as { org_id: number }).org_id === 1;
          await pickOrganization(world, back ? 'North' : 'Gran', back ? 'Northwind Capital' : 'Granite Peak Partners');
        },
        'org.confirmed': async () => {
          await clickInDialog(world, 'Different Org');
          await clickInDialog(world, 'Confirm');
        },
        'org.cancelled': async () => clickInDialog(world, 'Cancel (Same Org)'),
        'email.decided': async () => {
          await clickInDialog(world, 'Different person');
          await clickInDialog(world, 'Confirm and save');
        },
        'email.cancelled': async () => clickInDialog(world, 'Cancel'),
        'edit.save': async () => world.user.click(button('Save')),
        'edit.reset': async () => world.user.click(button('Discard changes')),
        'edit.retry': async () => world.user.click(button('Retry')),
        'conflict.review': async () => world.user.click(button('Review their version')),
        'conflict.cancel': async () =>
          world.user.click(
            within(screen.getByRole('alert', { name: 'Saved by someone else' })).getByRole('button', {
              name: 'Cancel',
            }),
          ),
        'welcome.send': async () => world.user.click(button('Send welcome email')),
        'tab.profile': async () => openTab(world, 'Profile'),
        'tab.sessions': async () => openTab(world, 'Sessions'),
        'tab.privileges': async () => openTab(world, 'Administrator privileges'),
        'tab.emails': async () => openTab(world, 'Emails'),
      },
      arrange: {
        noSuchUser: async () => void (world.openId = 987_654),
        loadFailed: async () => world.bridge.setOffline(true, [CALLS.loadUser]),
        // A colleague saves Ada first: her last name changes and the version moves on.
        savedFirstBySomeoneElse: async () =>
          void (await world.server.db
            .updateTable('users')
            .set((eb) => ({
              last_name: 'Byron',
              version: eb('version', '+', 1),
              updated_by: 'colleague',
              updated_at: Date.now(),
            }))
            .where('id', '=', world.adaId)
            .execute()),
        // Another user already has the address typed.
        emailTaken: async () => {
          const now = Date.now();
          await world.server.db
            .insertInto('users')
            .values(
              userRow({
                username: 'someone',
                email: NEW_EMAIL,
                first_name: 'Some',
                last_name: 'One',
                organization_id: world.orgs.granite,
                created_at: now,
              }),
            )
            .execute();
        },
        saveFailed: async () => world.bridge.setOffline(true, [CALLS.saveUser]),
        welcomeFailed: async () => world.bridge.setOffline(true, [CALLS.sendWelcome]),
      },
      afterOutcome: Object.fromEntries(
        ['loadFailed', 'saveFailed', 'welcomeFailed'].map((name) => [name, async () => world.bridge.setOffline(false)]),
      ),
      expectations: {
        loading: (s) => {
          expect(s.getByRole('status')).toHaveTextContent('Loading the user…');
        },
        loadFailed: (s) => {
          expect(s.getByRole('alert')).toHaveTextContent(`The user could not be loaded: ${NO_ANSWER}`);
          expect(button('Retry')).toBeEnabled();
        },
        missing: (s) => {
          expect(s.getByRole('alert')).toHaveTextContent('There is no such user, or you may not see them.');
          expect(s.queryByRole('textbox', { name: 'First name' })).toBeNull();
        },
        'form.editing': async (s, { step }) => {
          const event = step?.event;
          // The heading names the user as stored in the version the form is based on.
          expect(
            s.getByRole('heading', { name: event?.type === 'conflict.review' ? 'Ada Byron' : 'Ada Lovelace' }),
          ).toBeVisible();
          expect(tab('Profile')).toHaveAttribute('aria-selected', 'true');
          expectNoDialog();
          const done = step?.outcome;
          if (
            done === 'loaded' ||
            event?.type === 'edit.reset' ||
            event?.type === 'tab.profile' ||
            event?.type === 'org.cancelled' ||
            event?.type === 'org.pick'
          ) {
            expectClean();
            expect(textbox('First name')).toHaveValue('Ada');
            expect(textbox('Email')).toHaveValue('ada@northwind.example');
            expect(org()).toHaveValue('Northwind Capital');
            // The owner select names the stored owner as the owner group does.
            expect(s.getByRole('combobox', { name: 'Product owner' })).toHaveTextContent('editor Staff (editor)');
          }
          if (event?.type === 'field.change' && event['key'] === 'first_name') {
            expect(textbox('First name')).toHaveValue('Grace');
            expect(summary()).toHaveTextContent('Unsaved changes: First name.');
            expect(button('Save')).toBeEnabled();
          }
          if (event?.type === 'field.change' && event['value'] === 'not-an-email') {
            expect(s.getByText(FIELD_MESSAGES.email)).toBeVisible();
            expect(summary()).toHaveTextContent('Unsaved changes: Email. Fix the fields marked in red to save.');
            expect(button('Save')).toBeDisabled();
          }
          if ((event?.type === 'field.change' && event['value'] === NEW_EMAIL) || event?.type === 'email.cancelled') {
            expect(textbox('Email')).toHaveValue(NEW_EMAIL);
            expect(button('Save')).toBeEnabled();
          }
          if (event?.type === 'dataPlan.change') {
            expect(s.getByText(plan.altReplacesData)).toBeVisible();
            expect(s.getByRole('checkbox', { name: 'Product Data' })).not.toBeChecked();
            expect(s.getByRole('checkbox', { name: 'Product Alternative data' })).toBeChecked();
            expect(summary()).toHaveTextContent('Unsaved changes: Data plan.');
            expect(button('Save')).toBeEnabled();
          }
          if (event?.type === 'org.confirmed') {
            expect(org()).toHaveValue('Granite Peak Partners');
            expect(
              s.getByText(/Moving to a different organization: broker research access is cancelled/),
            ).toBeVisible();
            expect(summary()).toHaveTextContent('Unsaved changes: Organization.');
          }
          if (done === 'emailTaken') {
            expect(s.getByRole('alert')).toHaveTextContent('That email is already used by another user.');
            expect(textbox('Email')).toHaveAccessibleDescription('That email is already used by another user.');
            expect((await stored()).email).toBe('ada@northwind.example');
          }
          if (event?.type === 'field.change' && event['key'] === 'last_name') {
            expect(summary()).toHaveTextContent('Unsaved changes: Last name.');
            expect(button('Save')).toBeEnabled();
          }
          if (done === 'lastNameTooLong') {
            // The server's words at the field, with its limit; nothing saved, what was typed kept.
            expect(s.getByRole('alert')).toHaveTextContent('At most 150 characters.');
            expect(textbox('Last name')).toHaveAccessibleDescription('At most 150 characters.');
            expect(textbox('Last name')).toHaveAttribute('aria-invalid', 'true');
            expect(textbox('Last name')).toHaveValue(LONG_LAST_NAME);
            expect((await stored()).last_name).toBe('Lovelace');
          }
          if (event?.type === 'conflict.review') {
            // Their last name, with the person's own first name re-applied on top.
            expect(textbox('Last name')).toHaveValue('Byron');
            expect(textbox('First name')).toHaveValue('Grace');
            expect(summary()).toHaveTextContent('Unsaved changes: First name.');
            expect(button('Save')).toBeEnabled();
          }
          if (event?.type === 'conflict.cancel') {
            expect(s.queryByRole('alert', { name: 'Saved by someone else' })).toBeNull();
            expect(textbox('First name')).toHaveValue('Grace');
            expect(textbox('Last name')).toHaveValue('Lovelace');
          }
          if (done === 'welcomeSent') {
            expect(outcome()).toHaveTextContent('Welcome email to ada@northwind.example');
            const mail = await world.server.db
              .selectFrom('mail_outbox')
              .selectAll()
              .where('user_id', '=', world.adaId)
              .execute();
            expect(mail.map((m) => m.kind)).toEqual(['welcome']);
          }
          if (done === 'welcomeFailed')
            expect(s.getByRole('alert', { name: 'Outcome' })).toHaveTextContent(
              `The welcome email was not sent. ${NO_ANSWER}`,
            );
        },
        'form.saved': async (s, { step }) => {
          expectClean();
          const row = await stored();
          expect(row.version).toBe(2);
          expect(row.updated_by).toBe(world.editorName);
          expect(
            s.getByText(`User #${world.adaId} · ada · version 2 · last saved by ${world.editorName}`),
          ).toBeVisible();
          const flags = JSON.parse(row.flags) as Record<string, unknown>;
          const previous = step && path.steps[path.steps.indexOf(step) - 2]?.event;
          if (previous?.type === 'org.confirmed') {
            expect(outcome()).toHaveTextContent(
              'User updated. Moved to Granite Peak Partners: broker research access cancelled.',
            );
            expect(row.organization_id).toBe(world.orgs.granite);
            expect(flags).toMatchObject({ researchreports: false, br_manager: false });
          } else if (path.steps.some((x) => x.event.type === 'email.decided')) {
            expect(outcome()).toHaveTextContent(
              'User updated. Broker research entitlements were removed with the old email. Make the same change on the CRM contact.',
            );
            expect(row.email).toBe(NEW_EMAIL);
            expect(flags).toMatchObject({ researchreports: false, br_manager: false });
          } else {
            expect(outcome()).toHaveTextContent('User updated.');
            expect(textbox('First name')).toHaveValue(row.first_name);
            expect(row.first_name === 'Grace' || JSON.parse(row.data_plan)[0] === 'product_alt_data').toBe(true);
          }
        },
        'form.failed': (s) => {
          expect(s.getByRole('alert')).toHaveTextContent(
            `The save did not reach the server: ${NO_ANSWER}. Your changes are kept.`,
          );
          expect(button('Retry')).toBeEnabled();
          expect(summary()).not.toHaveTextContent('No unsaved changes.');
        },
        confirmingOrg: () => {
          expect(within(dialog()).getByRole('heading', { name: 'Account Update' })).toBeVisible();
          expect(dialog()).toHaveTextContent('from Northwind Capital to Granite Peak Partners');
          expect(within(dialog()).getByRole('button', { name: 'Cancel (Same Org)' })).toBeEnabled();
          expect(within(dialog()).getByRole('button', { name: 'Different Org' })).toBeEnabled();
          // The form keeps the earlier organisation until the move is confirmed.
          expect(org()).toHaveValue('Northwind Capital');
        },
        confirmingEmail: () => {
          expect(within(dialog()).getByRole('heading', { name: 'Email change' })).toBeVisible();
          expect(dialog()).toHaveTextContent(
            `The email changes from ada@northwind.example to ${NEW_EMAIL}. ${EMAIL_CHANGE_TEXT.question}`,
          );
        },
        // Giving a staff role is walked from a staff member (user-edit-roles.paths).
        confirmingRoles: () => expect.fail('a role is given on its own walk'),
        saving: () => {
          expect(button('Save')).toBeDisabled();
          expect(textbox('First name')).toBeDisabled();
        },
        conflict: async (s) => {
          const panel = s.getByRole('alert', { name: 'Saved by someone else' });
          const row = await stored();
          expect(panel).toHaveTextContent(
            `colleague saved this user at ${timeText(Number(row.updated_at))}, after you opened it. Nothing of yours was saved.`,
          );
          const table = within(panel).getByRole('table', { name: 'What changed' });
          const cells = within(table)
            .getAllByRole('row')
            .slice(1)
            .map((r) => [...r.querySelectorAll('th, td')].map((c) => c.textContent));
          const yourLast = 'Lovelace';
          expect(cells).toEqual([['Last name', 'Lovelace', 'Byron', yourLast]]);
          expect(row.first_name).toBe('Ada');
          expect(button('Save')).toBeDisabled();
        },
        sendingWelcome: () => {
          expect(button('Send welcome email')).toBeDisabled();
        },
        // The other tabs: what happens in each is its own machine's path test.
        sessions: () =>
          expectTab('Sessions', 'Active sessions', () => !!screen.queryByRole('table', { name: 'Active sessions' })),
        privileges: () =>
          expectTab(
            'Administrator privileges',
            'Administrator privileges',
            () => !!screen.queryByRole('switch', { name: 'Super admin' }),
          ),
        emails: () =>
          expectTab(
            'Emails',
            'Emails',
            () =>
              !!screen.queryByRole('table', { name: 'Emails' }) ||
              !!screen.queryByText(/^No emails have been written to /),
          ),
      },
    });
  });
});
