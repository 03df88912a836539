// Generated paths of the session machine, replayed on the real header, login form, banner and
// expiry dialog against the real server; hours and idle minutes pass on the fake clock.
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '../../src/domain/auth';
import { SESSION_COOKIE } from '../../src/domain/constants';
import { SESSION_STORAGE_KEY } from '../../src/domain/session';
import type { ConsoleActors } from '../../src/machines/live';
import { PUBLIC_PATHS, sessionMachine } from '../../src/machines/session/session.machine';
import { checkSession, loginAccount, verifyOtp } from '../../src/services/auth.service';
import { http, toFormData } from '../../src/services/http';
import { readStoredSession } from '../../src/services/session-store';
import { planPaths } from '../support/graph-paths';
import { mountConsole, type HarnessRecord } from '../support/console-harness';
import { createTestServer } from '../support/server';
import { connectToServer, type ServerBridge } from '../support/server-bridge';
import { SUPPORT_FEATURES, type Staff } from '../support/login-world';
import type { TestServer } from '../support/server';
import { replayPath, type Driver } from '../support/replay';
import { sessionPlan } from './session.plan';

interface World {
  server: TestServer;
  bridge: ServerBridge;
  staff: Staff;
  user: UserEvent;
  actors?: ConsoleActors;
  record?: HarnessRecord;
}

const paths = planPaths(sessionPlan);
let world: World;

beforeEach(async () => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
  // The server's own idle limit is set beyond the walk's hours: here the client's checks are
  // under test, and "no session" is arranged explicitly.
  const server = await createTestServer({ config: { sessionIdleSeconds: 6 * 3600 } });
  const bridge = connectToServer(server);
  // Allowed on a second server type, so the header also carries 'Redirect to'.
  const staff = await server.createStaff({ username: 'enrolled', features: SUPPORT_FEATURES, allowedSt: ['app', 'testing'], activated: true });
  world = { server, bridge, staff, user: userEvent.setup({ advanceTimers: vi.advanceTimersByTime }) };
});

afterEach(async () => {
  world.actors?.session.stop();
  world.actors?.banner.stop();
  world.actors?.linkout.stop();
  world.bridge.disconnect();
  await world.server.close();
});

const input = (name: string) => document.querySelector<HTMLInputElement>(`input[name="${name}"]`)!;

/** The header's email line with its visually hidden label, as a screen reader reads it. */
const signedInAs = (header: HTMLElement) => within(header).getByText('Signed in as').parentElement!.textContent;

/** The raw localStorage entry, whatever its flag says. */
const storedEntry = (): unknown => JSON.parse(localStorage.getItem(SESSION_STORAGE_KEY) ?? 'null');

/** The header as it was when signed in: email, Redirect to, Logout (the dialog hides it from the accessibility tree). */
function expectShellBehindDialog(s: typeof screen) {
  const header = s.getByRole('banner', { hidden: true });
  expect(signedInAs(header)).toBe(`Signed in as ${world.staff.email}`);
  expect(within(header).getByRole('button', { name: /redirect to/i, hidden: true })).toBeInTheDocument();
  expect(within(header).getByRole('button', { name: 'Logout', hidden: true })).toBeInTheDocument();
  expect(world.actors!.session.getSnapshot().context.info?.features).toEqual(expect.arrayContaining(['user_mgmt', 'create_user_tab']));
}

/** Signs in through the API, as a person who signed in earlier in another tab. */
async function signInElsewhere() {
  await nextTotpStep();
  await loginAccount({ username: world.staff.username, password: world.staff.password });
  await verifyOtp({ username: world.staff.username, otp: world.server.totp(world.staff.totpSecret!) });
}

/** A code is accepted once: a second sign-in waits for the next 30-second step. */
async function nextTotpStep() {
  await vi.advanceTimersByTimeAsync(30_000);
}

/** Moves the clock on in slices, with a pointer move in each, so only the recheck timer fires. */
async function stayActiveFor(ms: number) {
  const slice = 10 * 60_000;
  for (let left = ms; left > 0; left -= slice) {
    fireEvent.pointerMove(document.body);
    await vi.advanceTimersByTimeAsync(Math.min(slice, left));
  }
}

function driver(): Driver<World> {
  return {
    machine: sessionMachine,
    bridge: world.bridge,
    world,
    calls: { checkSession: '/session_check/', logout: '/logout_account/' },
    actor: () => world.actors!.session,
    mount: async () => {
      const { actors, record } = mountConsole('/login');
      world.actors = actors;
      world.record = record;
    },
    perform: {
      'user.activity': async () => {
        await world.user.pointer({ target: document.body, coords: { x: 10, y: 10 } });
      },
      // Any HTTP 403 asks for a check: this staff member may not write client logs.
      'session.recheck': async () => {
        const body = toFormData({ data: JSON.stringify([{ category: 'user', action: 'viewed' }]) });
        await expect(http('/log_data_in_es/', { method: 'POST', body })).rejects.toMatchObject({ status: 403 });
      },
      'session.signedIn': async () => {
        if (!screen.queryByRole('textbox', { name: 'Username' })) {
          // Signed in already: a linked sign-in on /redirect hands over the same way.
          world.actors!.session.send({ type: 'session.signedIn' });
          return;
        }
        const { user } = world;
        await user.type(input('username'), world.staff.username);
        await user.type(input('password'), `${world.staff.password}{Enter}`);
        await vi.waitFor(() => expect(input('otp')).toHaveFocus(), { timeout: 5_000 });
        await nextTotpStep();
        await user.type(input('otp'), `${world.server.totp(world.staff.totpSecret!)}{Enter}`);
      },
      'route.change': async ({ step }) => {
        world.actors!.session.send(step.event as { type: 'route.change'; path: string });
      },
      'logout.request': async () => {
        await world.user.click(screen.getByRole('button', { name: 'Logout' }));
      },
      'expiry.acknowledge': async () => {
        await world.user.click(screen.getByRole('button', { name: 'OK' }));
      },
      'xstate.after.recheck.session.active': async () => stayActiveFor(3_600_000),
    },
    arrange: {
      valid: async ({ actor }) => {
        if (!actor || !world.bridge.cookies.has(SESSION_COOKIE)) {
          const signedIn = await checkSession().then((r) => r.status, () => false);
          if (!signedIn) await signInElsewhere();
        }
      },
      // The browser no longer holds the session (expired or signed out elsewhere).
      noSession: async () => {
        world.bridge.cookies.delete(SESSION_COOKIE);
      },
      // The server cannot be reached.
      checkFailed: async () => world.bridge.setOffline(true, ['/session_check/']),
      logoutFailed: async () => world.bridge.setOffline(true, ['/logout_account/']),
    },
    afterOutcome: {
      checkFailed: async () => world.bridge.setOffline(false),
      logoutFailed: async () => world.bridge.setOffline(false),
    },
    expectations: {
      checking: (s, { actor }) => {
        expect(s.queryByRole('alertdialog')).toBeNull();
        const hadSession = actor.getSnapshot().context.info !== null;
        if (hadSession) expect(s.getByRole('button', { name: 'Logout' })).toBeVisible();
        else expect(s.queryByRole('button', { name: 'Logout' })).toBeNull();
      },
      'active.watching': (s, { step, actor }) => {
        expect(signedInAs(s.getByRole('banner'))).toBe(`Signed in as ${world.staff.email}`);
        expect(s.getByRole('button', { name: 'Logout' })).toBeEnabled();
        expect(s.queryByRole('alertdialog')).toBeNull();
        expect(readStoredSession()).toMatchObject({ isAuthenticated: true, info: { email: world.staff.email } });
        // Signed in on /login: the root opens.
        const onPublicPage = PUBLIC_PATHS.includes(actor.getSnapshot().context.path);
        if (step?.outcome === 'valid' && onPublicPage) expect(world.record!.navigations.at(-1)).toBe('/');
      },
      anonymous: (s, { step }) => {
        expect(s.getByRole('textbox', { name: 'Username' })).toBeVisible();
        expect(s.queryByRole('button', { name: 'Logout' })).toBeNull();
        expect(s.queryByRole('alertdialog')).toBeNull();
        expect(readStoredSession()).toBeNull();
        if (step?.outcome === 'loggedOut') {
          expect(s.getByRole('status')).toHaveTextContent(/logged out/i); // the server's message
          expect(world.record!.navigations.at(-1)).toBe('/login');
        }
        if (step?.outcome === 'logoutFailed') expect(s.getByRole('alert')).toHaveTextContent('Error: no response from the server');
      },
      // Behind the message the shell stays as it was; storage is kept until the person says OK,
      // with its flag lowered so that a page load meanwhile reads no session.
      expired: (s) => {
        expect(s.getByRole('alertdialog')).toHaveTextContent(MESSAGES.sessionExpired);
        expectShellBehindDialog(s);
        expect(storedEntry()).toMatchObject({ isAuthenticated: false, info: { email: world.staff.email } });
        expect(readStoredSession()).toBeNull();
        expect(world.record!.loads).toEqual([]);
      },
      // OK: storage cleared, then the page reloads.
      reloading: (s) => {
        expect(localStorage.length).toBe(0);
        expect(world.record!.loads).toEqual([undefined]);
        expectShellBehindDialog(s);
      },
      loggingOut: (s) => {
        expect(s.getByRole('button', { name: 'Logout' })).toBeDisabled();
        expect(readStoredSession()).toBeNull();
      },
    },
  };
}

describe('session machine paths (real views, real server, fake clock)', () => {
  it.each(paths.map((p) => [p.name, p] as const))('%s', async (_name, path) => {
    await replayPath(path, driver());
  });
});
