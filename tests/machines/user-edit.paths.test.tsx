// Generated paths of the edit machine, replayed on the real page against the real server: edits
// and their rules, the organisation and email dialogs, every answer a save can get (a race lost
// to a colleague arranged by saving the user in the database first), the welcome email, and the
// sessions, privileges and emails tabs.
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { dataPlanMessages, FIELD_MESSAGES } from '../../src/domain/user-rules';
import { userEditMachine } from '../../src/machines/user-edit/user-edit.machine';
import { EMAIL_CHANGE_TEXT } from '../../src/machines/email-change/email-change.types';
import { formatWhen } from '../../src/ui/user-edit/format';
import { planPaths } from '../../src/workflows/paths';
import { replayPath } from '../support/replay';
import { userEditPlan } from '../../src/machines/user-edit/user-edit.plan';
import {
  button, CALLS, clickInDialog, closeEditWorld, createEditWorld, dialog, editPageDriver, expectNoDialog, NO_ANSWER, pickOrganization,
  retype, textbox, type EditWorld,
} from './user-edit.world';

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
const stored = () => world.server.db.selectFrom('users').selectAll().where('id', '=', world.adaId).executeTakeFirstOrThrow();
const adaSessions = async () => (await world.server.db.selectFrom('sessions').select('id_hash').where('user_id', '=', world.adaId).execute()).length;
// Radix draws each tab's label twice (one copy keeps the width when bold); jsdom reads both.
const adaMail = () => world.server.db.selectFrom('mail_outbox').selectAll().where('user_id', '=', world.adaId).orderBy('id', 'desc').execute();
const tab = (name: string) => screen.getByRole('tab', { name: new RegExp(`^(${name})+$`) });

function expectClean() {
  expect(summary()).toHaveTextContent('No unsaved changes.');
  expect(button('Save')).toBeDisabled();
  expect(button('Discard changes')).toBeDisabled();
}

describe('userEdit machine paths (real page, real server)', () => {
  it.each(planPaths(userEditPlan).map((p) => [p.name, p] as const))('%s', async (_name, path) => {
    await replayPath(path, {
      ...editPageDriver(world, userEditMachine, () => world.edit!),
      perform: {
        'field.change': async ({ step }) => retype(world, step.event['key'] === 'first_name' ? 'First name' : 'Email', step.event['value'] as string),
        // Choosing alternative data while product data is chosen (§5: the alternative wins).
        'dataPlan.change': async () => world.user.click(screen.getByRole('checkbox', { name: 'product Alternative data' })),
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
        'conflict.cancel': async () => world.user.click(within(screen.getByRole('alert', { name: 'Saved by someone else' })).getByRole('button', { name: 'Cancel' })),
        'welcome.send': async () => world.user.click(button('Send welcome email')),
        'tab.profile': async () => world.user.click(tab('Profile')),
        'tab.sessions': async () => world.user.click(tab('Sessions')),
        'tab.privileges': async () => world.user.click(tab('Administrator privileges')),
        'sessions.end': async () => world.user.click(screen.getAllByRole('button', { name: /^End session [0-9a-f]{16}$/ })[0]!),
        'sessions.endAll': async () => world.user.click(button('End all sessions')),
        'sessions.confirm': async () => world.user.click(within(dialog()).getByRole('button', { name: /^End (session|all sessions)$/ })),
        'sessions.cancel': async () => clickInDialog(world, 'Cancel'),
        'sessions.retry': async () => world.user.click(button('Retry')),
        'privileges.toggle': async () => world.user.click(screen.getByRole('switch', { name: 'Watchlist manager admin' })),
        'privileges.retry': async () => world.user.click(button('Retry')),
        'tab.emails': async () => world.user.click(tab('Emails')),
        'emails.retry': async () => world.user.click(button('Retry')),
      },
      arrange: {
        noSuchUser: async () => void (world.openId = 987_654),
        loadFailed: async () => world.bridge.setOffline(true, [CALLS.loadUser]),
        // A colleague saves Ada first: her last name changes and the version moves on.
        savedFirstBySomeoneElse: async () => void (await world.server.db.updateTable('users')
          .set((eb) => ({ last_name: 'Byron', version: eb('version', '+', 1), updated_by: 'colleague', updated_at: Date.now() }))
          .where('id', '=', world.adaId).execute()),
        // Another user already has the address typed.
        emailTaken: async () => {
          const now = Date.now();
          await world.server.db.insertInto('users').values({
            username: 'someone', email: NEW_EMAIL, first_name: 'Some', last_name: 'One', organization_id: world.orgs.granite, user_type: 'trial',
            user_category: 'general', user_role: null, owner: null, product_configuration: 'product_basic', data_plan: '[]', expiry_dt: null,
            active: 1, deleted: 0, is_account_admin: 0, allowed_st: '[]', flags: '{}', password_hash: null, created_at: now, updated_at: now,
          }).execute();
        },
        saveFailed: async () => world.bridge.setOffline(true, [CALLS.saveUser]),
        welcomeFailed: async () => world.bridge.setOffline(true, [CALLS.sendWelcome]),
        sessionsLoadFailed: async () => world.bridge.setOffline(true, [CALLS.loadSessions]),
        endFailed: async () => world.bridge.setOffline(true, [CALLS.endSessions]),
        // An operator purged Ada's account meanwhile.
        privilegesNoUser: async () => void (await world.server.db.deleteFrom('users').where('id', '=', world.adaId).execute()),
        privilegesLoadFailed: async () => world.bridge.setOffline(true, [CALLS.loadPrivileges]),
        privilegesSaveFailed: async () => world.bridge.setOffline(true, [CALLS.savePrivileges]),
        // Ada's outbox holds a welcome email that went out and, later, one the mail server refused.
        emailsLoaded: async () => {
          if ((await adaMail()).length > 0) return;
          const mail = (status: 'sent' | 'failed', at: number) => ({
            kind: 'welcome', to_email: 'ada@northwind.example', subject: 'Welcome to product', body_text: `Hello Ada,\nsent ${status}.`, user_id: world.adaId,
            author: world.editorName, status, last_error: status === 'failed' ? '550 mailbox unavailable' : null, created_at: at,
            sent_at: status === 'sent' ? at + 1_000 : null,
          });
          await world.server.db.insertInto('mail_outbox').values([mail('sent', Date.now() - 86_400_000), mail('failed', Date.now() - 60_000)]).execute();
        },
        emailsLoadFailed: async () => world.bridge.setOffline(true, [CALLS.loadOutbox]),
      },
      afterOutcome: Object.fromEntries(
        ['loadFailed', 'saveFailed', 'welcomeFailed', 'sessionsLoadFailed', 'endFailed', 'privilegesLoadFailed', 'privilegesSaveFailed', 'emailsLoadFailed']
          .map((name) => [name, async () => world.bridge.setOffline(false)]),
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
          expect(s.getByRole('heading', { name: event?.type === 'conflict.review' ? 'Ada Byron' : 'Ada Lovelace' })).toBeVisible();
          expect(tab('Profile')).toHaveAttribute('aria-selected', 'true');
          expectNoDialog();
          const done = step?.outcome;
          if (done === 'loaded' || event?.type === 'edit.reset' || event?.type === 'tab.profile' || event?.type === 'org.cancelled'
            || (event?.type === 'org.pick')) {
            expectClean();
            expect(textbox('First name')).toHaveValue('Ada');
            expect(textbox('Email')).toHaveValue('ada@northwind.example');
            expect(org()).toHaveValue('Northwind Capital');
            // The owner select names the stored owner as the owner group does.
            expect(s.getByRole('combobox', { name: 'product owner' })).toHaveTextContent('editor Staff (editor)');
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
            expect(s.getByRole('checkbox', { name: 'product Data' })).not.toBeChecked();
            expect(s.getByRole('checkbox', { name: 'product Alternative data' })).toBeChecked();
            expect(summary()).toHaveTextContent('Unsaved changes: Data plan.');
            expect(button('Save')).toBeEnabled();
          }
          if (event?.type === 'org.confirmed') {
            expect(org()).toHaveValue('Granite Peak Partners');
            expect(s.getByText(/Moving to a different organisation: broker research access is cancelled/)).toBeVisible();
            expect(summary()).toHaveTextContent('Unsaved changes: Organization.');
          }
          if (done === 'emailTaken') {
            expect(s.getByRole('alert')).toHaveTextContent('That email is already used by another user.');
            expect((await stored()).email).toBe('ada@northwind.example');
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
            const mail = await world.server.db.selectFrom('mail_outbox').selectAll().where('user_id', '=', world.adaId).execute();
            expect(mail.map((m) => m.kind)).toEqual(['welcome']);
          }
          if (done === 'welcomeFailed') expect(s.getByRole('alert', { name: 'Outcome' })).toHaveTextContent(`The welcome email was not sent. ${NO_ANSWER}`);
        },
        'form.saved': async (s, { step }) => {
          expectClean();
          const row = await stored();
          expect(row.version).toBe(2);
          expect(row.updated_by).toBe(world.editorName);
          expect(s.getByText(`User #${world.adaId} · ada · version 2 · last saved by ${world.editorName}`)).toBeVisible();
          const flags = JSON.parse(row.flags) as Record<string, unknown>;
          const previous = step && path.steps[path.steps.indexOf(step) - 2]?.event;
          if (previous?.type === 'org.confirmed') {
            expect(outcome()).toHaveTextContent('User updated. Moved to Granite Peak Partners: broker research access cancelled.');
            expect(row.organization_id).toBe(world.orgs.granite);
            expect(flags).toMatchObject({ researchreports: false, br_manager: false });
          } else if (path.steps.some((x) => x.event.type === 'email.decided')) {
            expect(outcome()).toHaveTextContent('User updated. Broker research entitlements were removed with the old email. Make the same change on the CRM contact.');
            expect(row.email).toBe(NEW_EMAIL);
            expect(flags).toMatchObject({ researchreports: false, br_manager: false });
          } else {
            expect(outcome()).toHaveTextContent('User updated.');
            expect(textbox('First name')).toHaveValue(row.first_name);
            expect(row.first_name === 'Grace' || JSON.parse(row.data_plan)[0] === 'product_alt_data').toBe(true);
          }
        },
        'form.failed': (s) => {
          expect(s.getByRole('alert')).toHaveTextContent(`The save did not reach the server: ${NO_ANSWER}. Your changes are kept.`);
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
          expect(dialog()).toHaveTextContent(`The email changes from ada@northwind.example to ${NEW_EMAIL}. ${EMAIL_CHANGE_TEXT.question}`);
        },
        saving: () => {
          expect(button('Save')).toBeDisabled();
          expect(textbox('First name')).toBeDisabled();
        },
        conflict: async (s) => {
          const panel = s.getByRole('alert', { name: 'Saved by someone else' });
          const row = await stored();
          expect(panel).toHaveTextContent(`colleague saved this user at ${formatWhen(Number(row.updated_at))}, after you opened it. Nothing of yours was saved.`);
          const table = within(panel).getByRole('table', { name: 'What changed' });
          const cells = within(table).getAllByRole('row').slice(1).map((r) => [...r.querySelectorAll('th, td')].map((c) => c.textContent));
          const yourLast = 'Lovelace';
          expect(cells).toEqual([['Last name', 'Lovelace', 'Byron', yourLast]]);
          expect(row.first_name).toBe('Ada');
          expect(button('Save')).toBeDisabled();
        },
        sendingWelcome: () => {
          expect(button('Send welcome email')).toBeDisabled();
        },
        'sessions.loading': async (s, { step }) => {
          expect(tab('Sessions')).toHaveAttribute('aria-selected', 'true');
          expect(s.getByText('Loading sessions…')).toBeVisible();
          if (step?.outcome === 'sessionsEnded') {
            expect(s.getByText('1 session ended.')).toBeVisible();
            expect(await adaSessions()).toBe(1);
          }
        },
        'sessions.ready': async (s, { step }) => {
          const rows = within(s.getByRole('table', { name: 'Active sessions' })).getAllByRole('row').slice(1);
          expect(rows).toHaveLength(2);
          expect(rows.map((r) => within(r).getByRole('button', { name: /^End session / })).every((b) => !b.hasAttribute('disabled'))).toBe(true);
          expect(button('End all sessions')).toBeEnabled();
          expectNoDialog();
          if (step?.outcome === 'endFailed') {
            expect(s.getByRole('alert')).toHaveTextContent(`No session was ended. ${NO_ANSWER}`);
            expect(await adaSessions()).toBe(2);
          }
        },
        'sessions.confirming': (_s, { step }) => {
          const one = step?.event.type === 'sessions.end';
          expect(within(dialog()).getByRole('heading', { name: one ? 'End this session?' : 'End all sessions?' })).toBeVisible();
          expect(within(dialog()).getByRole('button', { name: one ? 'End session' : 'End all sessions' })).toBeEnabled();
        },
        'sessions.ending': () => {
          expect(within(dialog()).getByRole('button', { name: 'Cancel' })).toBeDisabled();
        },
        'sessions.failed': (s) => {
          expect(s.getByText('The sessions could not be loaded.')).toBeVisible();
          expect(s.getByRole('alert')).toHaveTextContent(NO_ANSWER);
          expect(button('Retry')).toBeEnabled();
        },
        'privileges.loading': (s) => {
          expect(tab('Administrator privileges')).toHaveAttribute('aria-selected', 'true');
          expect(s.getByText('Loading privileges…')).toBeVisible();
        },
        'privileges.ready': async (s, { step }) => {
          const watchlist = s.getByRole('switch', { name: 'Watchlist manager admin' });
          expect(s.getByRole('switch', { name: 'Super admin' })).toBeEnabled();
          expect(s.getByRole('switch', { name: 'Saved search admin' })).not.toBeChecked();
          if (step?.outcome === 'privilegesSaved') {
            expect(s.getByRole('status')).toHaveTextContent('Administrator privileges updated.');
            expect(watchlist).toBeChecked();
            expect(JSON.parse((await stored()).admin_privileges)).toMatchObject({ is_admin_wm: true });
          } else {
            expect(watchlist).not.toBeChecked();
          }
          if (step?.outcome === 'privilegesSaveFailed') expect(s.getByRole('alert')).toHaveTextContent(`Nothing was changed. ${NO_ANSWER}`);
        },
        'privileges.saving': (s) => {
          expect(s.getByText('Saving…')).toBeVisible();
          expect(s.getByRole('switch', { name: 'Watchlist manager admin' })).toBeDisabled();
        },
        'privileges.failed': (s, { step }) => {
          expect(s.getByRole('alert')).toHaveTextContent(step?.outcome === 'privilegesNoUser' ? 'There is no such user.' : NO_ANSWER);
          expect(button('Retry')).toBeEnabled();
        },
        'emails.loading': (s) => {
          expect(tab('Emails')).toHaveAttribute('aria-selected', 'true');
          expect(s.getByText('Loading emails…')).toBeVisible();
        },
        // Newest first, as the outbox holds them: the refused one says why; each text opens on demand.
        'emails.ready': async (s) => {
          const stored = await adaMail();
          const rows = within(s.getByRole('table', { name: 'Emails' })).getAllByRole('row').slice(1);
          expect(rows.map((r) => [...r.querySelectorAll('th, td')].slice(0, 2).map((c) => c.textContent))).toEqual(
            stored.map((m) => [formatWhen(m.created_at), 'Welcome']),
          );
          expect(stored.map((m) => m.status)).toEqual(['failed', 'sent']);
          const [refused, sent] = rows as [HTMLElement, HTMLElement];
          expect(refused).toHaveTextContent('Failed550 mailbox unavailable');
          expect(sent).toHaveTextContent(`Sent${formatWhen(stored[1]!.sent_at!)}`);
          const body = within(refused).getByText(/sent failed\./);
          expect(body).not.toBeVisible();
          await world.user.click(within(refused).getByText('Welcome to product'));
          expect(body).toBeVisible();
          expect(refused).toHaveTextContent(`To ada@northwind.example, written by ${world.editorName}`);
        },
        'emails.failed': (s) => {
          expect(s.getByRole('alert')).toHaveTextContent(`The emails could not be loaded: ${NO_ANSWER}`);
          expect(button('Retry')).toBeEnabled();
        },
      },
    });
  });
});
