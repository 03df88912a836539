// Generated paths of the Emails tab's machine, replayed on the edit page against the real server:
// Ada's outbox messages newest first (one sent, one the mail server refused, each text on demand),
// and a read that does not reach the server, then Retry.
import { within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { userEmailsMachine } from '../../src/sections/user-edit/user-emails.machine';
import { userEmailsPlan } from '../../src/sections/user-edit/user-emails.plan';
import { timeText } from '../../src/domain/format';
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

const adaMail = () =>
  world.server.db
    .selectFrom('mail_outbox')
    .selectAll()
    .where('user_id', '=', world.adaId)
    .orderBy('id', 'desc')
    .execute();

describe('userEmails machine paths (edit page, Emails tab, real server)', () => {
  it.each(planPaths(userEmailsPlan).map((p) => [p.name, p] as const))('%s', async (_name, path) => {
    await replayPath(path, {
      ...editTabDriver(world, userEmailsMachine, 'Emails'),
      perform: {
        'list.retry': async () => world.user.click(button('Retry')),
      },
      arrange: {
        // Ada's outbox holds a welcome email that went out and, later, one the mail server refused.
        emailsLoaded: async () => {
          if ((await adaMail()).length > 0) return;
          const mail = (status: 'sent' | 'failed', at: number) => ({
            kind: 'welcome',
            to_email: 'ada@northwind.example',
            subject: 'Welcome to Product',
            body_text: `Hello Ada,\nsent ${status}.`,
            user_id: world.adaId,
            author: world.editorName,
            status,
            last_error: status === 'failed' ? '550 mailbox unavailable' : null,
            created_at: at,
            sent_at: status === 'sent' ? at + 1_000 : null,
          });
          await world.server.db
            .insertInto('mail_outbox')
            .values([mail('sent', Date.now() - 86_400_000), mail('failed', Date.now() - 60_000)])
            .execute();
        },
        emailsLoadFailed: async () => world.bridge.setOffline(true, [CALLS.loadOutbox]),
      },
      afterOutcome: { emailsLoadFailed: async () => world.bridge.setOffline(false) },
      expectations: {
        loading: (s) => {
          expect(tab('Emails')).toHaveAttribute('aria-selected', 'true');
          expect(s.getByText('Loading emails…')).toBeVisible();
          // The other tabs wait while this one waits on the server.
          expect(tab('Profile')).toBeDisabled();
        },
        // Newest first, as the outbox holds them: the refused one says why; each text opens on demand.
        ready: async (s) => {
          const stored = await adaMail();
          const rows = within(s.getByRole('table', { name: 'Emails' }))
            .getAllByRole('row')
            .slice(1);
          expect(rows.map((r) => [...r.querySelectorAll('th, td')].slice(0, 2).map((c) => c.textContent))).toEqual(
            stored.map((m) => [timeText(m.created_at), 'Welcome']),
          );
          expect(stored.map((m) => m.status)).toEqual(['failed', 'sent']);
          const [refused, sent] = rows as [HTMLElement, HTMLElement];
          expect(refused).toHaveTextContent('Failed550 mailbox unavailable');
          expect(sent).toHaveTextContent(`Sent${timeText(stored[1]!.sent_at!)}`);
          const body = within(refused).getByText(/sent failed\./);
          expect(body).not.toBeVisible();
          await world.user.click(within(refused).getByText('Welcome to Product'));
          expect(body).toBeVisible();
          expect(refused).toHaveTextContent(`To ada@northwind.example, written by ${world.editorName}`);
        },
        failed: (s) => {
          expect(s.getByRole('alert')).toHaveTextContent(`The emails could not be loaded: ${NO_ANSWER}`);
          expect(button('Retry')).toBeEnabled();
          expect(tab('Profile')).toBeEnabled();
        },
      },
    });
  });
});
