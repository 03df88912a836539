// Generated paths of the Sessions tab's machine, replayed on the edit page against the real
// server: Ada's sessions listed (she is signed in on two devices), one or all of them ended after
// a confirmation or the confirmation cancelled, an end or a read that does not reach the server;
// with no session (she signed out everywhere) nothing to end is offered.
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { userSessionsMachine } from '../../src/sections/user-edit/user-sessions.machine';
import { userSessionsPlan } from '../../src/sections/user-edit/user-sessions.plan';
import { planPaths } from '../../src/workflows/paths';
import { replayPath } from '../support/replay';
import {
  button,
  CALLS,
  clickInDialog,
  closeEditWorld,
  createEditWorld,
  dialog,
  editTabDriver,
  expectNoDialog,
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

const adaSessions = async () =>
  (await world.server.db.selectFrom('sessions').select('id_hash').where('user_id', '=', world.adaId).execute()).length;

describe('userSessions machine paths (edit page, Sessions tab, real server)', () => {
  it.each(planPaths(userSessionsPlan).map((p) => [p.name, p] as const))('%s', async (_name, path) => {
    await replayPath(path, {
      ...editTabDriver(world, userSessionsMachine, 'Sessions'),
      perform: {
        'sessions.end': async () =>
          world.user.click(screen.getAllByRole('button', { name: /^End session [0-9a-f]{16}$/ })[0]!),
        'sessions.endAll': async () => world.user.click(button('End all sessions')),
        'sessions.confirm': async () =>
          world.user.click(within(dialog()).getByRole('button', { name: /^End (session|all sessions)$/ })),
        'sessions.cancel': async () => clickInDialog(world, 'Cancel'),
        'sessions.retry': async () => world.user.click(button('Retry')),
      },
      arrange: {
        // Ada signed out everywhere before the tab was opened.
        noSessions: async () =>
          void (await world.server.db.deleteFrom('sessions').where('user_id', '=', world.adaId).execute()),
        sessionsLoadFailed: async () => world.bridge.setOffline(true, [CALLS.loadSessions]),
        endFailed: async () => world.bridge.setOffline(true, [CALLS.endSessions]),
      },
      afterOutcome: Object.fromEntries(
        ['sessionsLoadFailed', 'endFailed'].map((name) => [name, async () => world.bridge.setOffline(false)]),
      ),
      expectations: {
        loading: async (s, { step }) => {
          expect(tab('Sessions')).toHaveAttribute('aria-selected', 'true');
          expect(s.getByText('Loading sessions…')).toBeVisible();
          // The other tabs wait while this one waits on the server.
          expect(tab('Profile')).toBeDisabled();
          if (step?.outcome === 'sessionsEnded') {
            expect(s.getByText('1 session ended.')).toBeVisible();
            expect(await adaSessions()).toBe(1);
          }
        },
        'ready.none': (s) => {
          expect(s.getByText(/has no active sessions\.$/)).toBeVisible();
          expect(s.queryByRole('table', { name: 'Active sessions' })).toBeNull();
          expect(s.queryByRole('button', { name: 'End all sessions' })).toBeNull();
          expect(tab('Profile')).toBeEnabled();
          expectNoDialog();
        },
        'ready.some': async (s, { step }) => {
          const rows = within(s.getByRole('table', { name: 'Active sessions' }))
            .getAllByRole('row')
            .slice(1);
          expect(rows).toHaveLength(2);
          expect(
            rows
              .map((r) => within(r).getByRole('button', { name: /^End session / }))
              .every((b) => !b.hasAttribute('disabled')),
          ).toBe(true);
          expect(button('End all sessions')).toBeEnabled();
          expect(tab('Profile')).toBeEnabled();
          expectNoDialog();
          if (step?.outcome === 'endFailed') {
            expect(s.getByRole('alert')).toHaveTextContent(`No session was ended. ${NO_ANSWER}`);
            expect(await adaSessions()).toBe(2);
          }
        },
        confirming: (_s, { step }) => {
          const one = step?.event.type === 'sessions.end';
          expect(
            within(dialog()).getByRole('heading', { name: one ? 'End this session?' : 'End all sessions?' }),
          ).toBeVisible();
          expect(
            within(dialog()).getByRole('button', { name: one ? 'End session' : 'End all sessions' }),
          ).toBeEnabled();
        },
        ending: () => {
          expect(within(dialog()).getByRole('button', { name: 'Cancel' })).toBeDisabled();
        },
        failed: (s) => {
          expect(s.getByText('The sessions could not be loaded.')).toBeVisible();
          expect(s.getByRole('alert')).toHaveTextContent(NO_ANSWER);
          expect(button('Retry')).toBeEnabled();
        },
      },
    });
  });
});
