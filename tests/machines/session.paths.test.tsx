// Generated paths of the session machine, replayed on the real header, login form, banner and
// expiry dialog against the real server; hours and idle minutes pass on the fake clock. On
// /redirect the real redirect page runs beside it, its linked sign-in kept under way until the
// path lets it end, with a second server type issuing the link.
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '../../src/domain/auth';
import { SESSION_COOKIE } from '../../src/domain/constants';
import { SESSION_STORAGE_KEY } from '../../src/domain/session';
import type { ConsoleActors } from '../../src/machines/live';
import { PUBLIC_PATHS, REDIRECT_PATH, sessionMachine } from '../../src/machines/session/session.machine';
import { stateKey } from '../../src/workflows/paths';
import type { SessionInput } from '../../src/machines/session/session.types';
import { checkSession, loginAccount, verifyOtp } from '../../src/services/auth.service';
import { http, toFormData } from '../../src/services/http';
import { readStoredSession, writeStoredSession } from '../../src/services/session-store';
import { apiClient } from '../support/api-client';
import { planPaths, type MachinePlan, type PlannedPath } from '../../src/workflows/paths';
import { mountConsole, type HarnessRecord } from '../support/console-harness';
import { createTestServer } from '../support/server';
import { connectToServer, type ServerBridge } from '../support/server-bridge';
import { SUPPORT_FEATURES, type Staff } from '../support/login-world';
import type { TestServer } from '../support/server';
import { sleepReal } from '../support/real-timers';
import { flush, replayPath, type Driver } from '../support/replay';
import {
  SESSION_PATHS_IDLE_MS,
  sessionOnRedirectPlan,
  sessionOnRedirectStoredPlan,
  sessionPlan,
} from '../../src/machines/session/session.plan';

interface World {
  /** The page the walk is on: /login, or /redirect with a linked sign-in. */
  page: string;
  /** The server of this page. */
  server: TestServer;
  /** On /redirect: the other server type, where the person signed in and took the link. */
  otherServer?: TestServer;
  /** The same person's account there. */
  otherStaff?: Staff;
  bridge: ServerBridge;
  staff: Staff;
  user: UserEvent;
  actors?: ConsoleActors;
  record?: HarnessRecord;
  /** On /redirect: lets the linked sign-in's answer arrive. */
  endLink?: () => void;
  /** When (on the fake clock) the session machine last entered `active`. */
  activeSince?: number;
}

let world: World;

/** The page's settings: the walk's idle timeout (see the plan). */
const CONFIG = { idle_timeout_ms: SESSION_PATHS_IDLE_MS };

async function setUp(page: string) {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
  // The server's idle limit is the page's: the idle looks find what the timeline says (more left
  // early, the warning due on time, nothing at the end); "no session" is also arranged explicitly.
  const sessionIdleSeconds = SESSION_PATHS_IDLE_MS / 1000;
  const onRedirect = page === REDIRECT_PATH;
  const server = await createTestServer({
    config: { sessionIdleSeconds, ...(onRedirect ? { serverType: 'testing' } : {}) },
  });
  const otherServer = onRedirect ? await createTestServer({ config: { sessionIdleSeconds } }) : undefined;
  const bridge = connectToServer(server);
  // Allowed on a second server type, so the header also carries 'Redirect to'.
  const account = { username: 'enrolled', features: SUPPORT_FEATURES, allowedSt: ['app', 'testing'], activated: true };
  const staff = await server.createStaff(account);
  const otherStaff = await otherServer?.createStaff(account);
  world = {
    page,
    server,
    otherServer,
    otherStaff,
    bridge,
    staff,
    user: userEvent.setup({ advanceTimers: vi.advanceTimersByTime }),
  };
}

afterEach(async () => {
  cleanup(); // the redirect page's flow stops before its server goes
  world.actors?.session.stop();
  world.actors?.banner.stop();
  world.actors?.linkout.stop();
  world.bridge.disconnect();
  await world.server.close();
  await world.otherServer?.close();
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
  expect(world.actors!.session.getSnapshot().context.info?.features).toEqual(
    expect.arrayContaining(['user_mgmt', 'create_user_tab']),
  );
}

const onRedirect = () => world.page === REDIRECT_PATH;

/**
 * The warning or the expiry dialog, loaded when first due. React reveals it after the import and its
 * own 300 ms throttle, both in real time (React took the real setTimeout before the clock was faked),
 * while findBy* would wait on the fake clock: so it is awaited in real time.
 */
async function dueDialog(s: typeof screen, options?: { name: string }): Promise<HTMLElement> {
  const started = performance.now();
  for (;;) {
    await flush();
    const dialog = s.queryByRole('alertdialog', options);
    if (dialog) return dialog;
    if (performance.now() - started > 10_000) return s.getByRole('alertdialog', options); // throws, showing the page
    await sleepReal(10);
  }
}

/** What the redirect page says, by how far the redirect flow has got. */
function expectLinkProgress(
  s: typeof screen,
  { awaitingLink, linkedEmail }: { awaitingLink: boolean; linkedEmail: string | null },
) {
  if (awaitingLink) expect(s.getByRole('status')).toHaveTextContent('Signing you in through your linked account');
  else if (linkedEmail) expect(s.getByRole('status')).toHaveTextContent('Signed in. Opening Staff Console');
  else {
    expect(s.getByRole('alert')).toHaveTextContent('This sign-in link is not valid.'); // the server's message
    expect(s.getByRole('link', { name: /sign in with your username/i })).toHaveAttribute('href', '/login');
  }
  // /redirect never draws the shell or the sign-in form.
  expect(s.queryByRole('button', { name: 'Logout' })).toBeNull();
  expect(s.queryByRole('textbox', { name: 'Username' })).toBeNull();
  expect(s.queryByRole('alertdialog')).toBeNull();
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

/** Waits (in real time) until a heartbeat on its way has been answered. */
async function heartbeatAnswered() {
  const session = world.actors!.session;
  for (let waited = 0; session.getSnapshot().matches({ active: 'beating' }); waited += 5) {
    if (waited > 5_000) throw new Error('a heartbeat was not answered');
    await sleepReal(5);
  }
}

/**
 * The person reads for the rest of the hour, moving the pointer every minute: heartbeats go out and
 * are answered, the idle timer never fires, and the hourly re-check comes on time. Its answer is
 * held from the last minute on, so the check can be looked at.
 */
async function readUntilTheHour() {
  const { session } = world.actors!;
  const recheckAt = world.activeSince! + session.getSnapshot().context.recheckMs;
  world.bridge.release();
  let beats = 0;
  while (Date.now() < recheckAt - 60_000) {
    fireEvent.pointerMove(document.body);
    if (session.getSnapshot().matches({ active: 'beating' })) beats += 1;
    await heartbeatAnswered();
    await vi.advanceTimersByTimeAsync(Math.min(60_000, recheckAt - 60_000 - Date.now()));
    expect(stateKey(session.getSnapshot().value)).toMatch(/^active\./);
  }
  expect(beats).toBeGreaterThan(0);
  world.bridge.hold(['/session_check/']);
  await vi.advanceTimersByTimeAsync(recheckAt - Date.now());
}

/**
 * /redirect's page load: the session check and the linked sign-in start together. The check's
 * first answer is arranged when only a failed link comes before it (that leaves the check out);
 * the link carries a good token when the path signs in through it.
 */
async function openRedirect(path: PlannedPath, plan: MachinePlan, arrange: NonNullable<Driver<World>['arrange']>) {
  const stored = (plan.input as SessionInput).info;
  if (stored) writeStoredSession({ isAuthenticated: true, info: stored, linkedEmail: null });
  await fetch(REDIRECT_PATH); // index.html, which hands the browser its CSRF cookie
  const first = path.steps.findIndex((step) => step.outcome);
  const before = path.steps.slice(0, Math.max(first, 0));
  if (first > 0 && before.every((step) => step.event.type === 'session.linkFailed')) {
    const step = path.steps[first]!;
    await arrange[step.outcome!]!({ step, next: step, world, actor: undefined as never });
  }
  let token = 'not-a-token';
  if (path.steps.some((step) => step.event.type === 'session.signedIn')) {
    const other = apiClient(world.otherServer!);
    await other.signIn(world.otherStaff!);
    token = await other.linkToken();
  }
  world.endLink = world.bridge.park('/login_with_mt_account/');
  return mountConsole(REDIRECT_PATH, { ...CONFIG, server_type: 'testing' }, { token });
}

function driver(path: PlannedPath, plan: MachinePlan): Driver<World> {
  const arrange: NonNullable<Driver<World>['arrange']> = {
    valid: async ({ step, actor }) => {
      // On /redirect a linked sign-in starts the session itself.
      if (onRedirect() && step.event.type === 'session.signedIn') return;
      const cookie = world.bridge.cookies.has(SESSION_COOKIE);
      if (cookie && actor) return;
      const signedIn =
        cookie &&
        (await checkSession().then(
          (r) => r.status,
          () => false,
        ));
      if (!signedIn) await signInElsewhere();
    },
    // Someone used the session in another tab just now: the look finds more than the warning left.
    moreLeft: async () => {
      world.bridge.release();
      expect(await checkSession()).toMatchObject({ status: true });
    },
    // The look on time finds the warning due by the server's own clock: nothing to arrange.
    nearEnd: async () => {},
    // The browser no longer holds the session (expired or signed out elsewhere).
    noSession: async () => {
      world.bridge.cookies.delete(SESSION_COOKIE);
    },
    // The server cannot be reached.
    checkFailed: async () => world.bridge.setOffline(true, ['/session_check/']),
    logoutFailed: async () => world.bridge.setOffline(true, ['/logout_account/']),
  };
  return {
    machine: sessionMachine,
    bridge: world.bridge,
    world,
    calls: {
      checkSession: '/session_check/',
      heartbeat: '/session_check/',
      idleCheck: '/session_check/',
      logout: '/logout_account/',
    },
    actor: () => world.actors!.session,
    mount: async () => {
      const { actors, record } = onRedirect()
        ? await openRedirect(path, plan, arrange)
        : mountConsole('/login', CONFIG);
      world.actors = actors;
      world.record = record;
      let wasActive = false;
      actors.session.subscribe((snapshot) => {
        const active = snapshot.matches('active');
        if (active && !wasActive) world.activeSince = Date.now();
        wasActive = active;
      });
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
        // The link's sign-in answers: the redirect flow hands the linked email over.
        if (onRedirect()) return world.endLink!();
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
        // Over the idle warning, its own Sign out; the header's Logout is behind it.
        const warning = screen.queryByRole('alertdialog', { name: 'Still there?' });
        if (warning) return world.user.click(within(warning).getByRole('button', { name: 'Sign out' }));
        await world.user.click(screen.getByRole('button', { name: 'Logout' }));
      },
      // The link's sign-in is refused (its token is not one).
      'session.linkFailed': async () => world.endLink!(),
      'idle.stay': async () => {
        await world.user.click(screen.getByRole('button', { name: 'Stay signed in' }));
      },
      'expiry.acknowledge': async () => {
        await world.user.click(screen.getByRole('button', { name: 'OK' }));
      },
      'xstate.after.recheck.session.active': async () => readUntilTheHour(),
    },
    arrange,
    afterOutcome: {
      checkFailed: async () => world.bridge.setOffline(false),
      logoutFailed: async () => world.bridge.setOffline(false),
    },
    expectations: {
      checking: (s, { actor }) => {
        if (onRedirect()) {
          // Nothing leaves /redirect while its check is out.
          expectLinkProgress(s, actor.getSnapshot().context);
          expect(world.record!.navigations).toEqual([]);
          return;
        }
        expect(s.queryByRole('alertdialog')).toBeNull();
        const hadSession = actor.getSnapshot().context.info !== null;
        if (hadSession) expect(s.getByRole('button', { name: 'Logout' })).toBeVisible();
        else expect(s.queryByRole('button', { name: 'Logout' })).toBeNull();
      },
      'active.betweenBeats.watching': (s, { step, actor }) => {
        if (onRedirect()) {
          const { awaitingLink, linkedEmail } = actor.getSnapshot().context;
          expectLinkProgress(s, { awaitingLink, linkedEmail });
          // Signed in already: the session is refreshed, but /redirect is the linked sign-in's
          // until it reports; then the root opens, with a linked email stored when it signed in.
          expect(world.record!.navigations).toEqual(awaitingLink ? [] : ['/']);
          expect(readStoredSession()).toMatchObject({
            isAuthenticated: true,
            info: { email: world.staff.email },
            linkedEmail,
          });
          if (linkedEmail) expect(linkedEmail).toBe(world.staff.email); // the linked account's, from the token
          return;
        }
        expect(signedInAs(s.getByRole('banner'))).toBe(`Signed in as ${world.staff.email}`);
        expect(s.getByRole('button', { name: 'Logout' })).toBeEnabled();
        expect(s.queryByRole('alertdialog')).toBeNull();
        expect(readStoredSession()).toMatchObject({ isAuthenticated: true, info: { email: world.staff.email } });
        // Signed in on /login: the root opens.
        const onPublicPage = PUBLIC_PATHS.includes(actor.getSnapshot().context.path);
        if (step?.outcome === 'valid' && onPublicPage) expect(world.record!.navigations.at(-1)).toBe('/');
      },
      // A look at the time left: nothing shows yet, the session stays stored.
      'active.lookingIdle': (s) => {
        expect(world.bridge.pending()).toBeGreaterThan(0); // the look, held
        expect(signedInAs(s.getByRole('banner'))).toBe(`Signed in as ${world.staff.email}`);
        expect(s.queryByRole('alertdialog')).toBeNull();
        expect(readStoredSession()).toMatchObject({ isAuthenticated: true, info: { email: world.staff.email } });
      },
      // A minute before the end: the warning, 'Stay signed in' focused; the shell stays behind it.
      'active.warning': async (s) => {
        const dialog = await dueDialog(s, { name: 'Still there?' });
        // The seconds the server had left when it answered (the walk holds the look a while).
        expect(dialog).toHaveTextContent(/signed out in \d+ seconds?\. What you have typed is kept\./);
        expect(within(dialog).getByRole('button', { name: 'Stay signed in' })).toHaveFocus();
        expect(within(dialog).getByRole('button', { name: 'Sign out' })).toBeEnabled();
        expect(readStoredSession()).toMatchObject({ isAuthenticated: true, info: { email: world.staff.email } });
      },
      // A heartbeat on its way (or 'Stay signed in'): nothing changes for the person, the session stays stored.
      'active.beating': (s, { actor, step }) => {
        if (step?.event.type !== 'idle.stay') expect(actor.getSnapshot().context.heartbeatDue).toBe(true);
        expect(world.bridge.pending()).toBeGreaterThan(0); // the check, held
        if (onRedirect()) {
          const { awaitingLink } = actor.getSnapshot().context;
          expectLinkProgress(s, actor.getSnapshot().context);
          expect(world.record!.navigations).toEqual(awaitingLink ? [] : ['/']);
          return;
        }
        expect(signedInAs(s.getByRole('banner'))).toBe(`Signed in as ${world.staff.email}`);
        expect(s.getByRole('button', { name: 'Logout' })).toBeEnabled();
        expect(s.queryByRole('alertdialog')).toBeNull();
        expect(readStoredSession()).toMatchObject({ isAuthenticated: true, info: { email: world.staff.email } });
      },
      anonymous: (s, { step, actor }) => {
        if (onRedirect()) {
          // No session: the redirect page stays, with no expiry message even when one was stored.
          expectLinkProgress(s, actor.getSnapshot().context);
          expect(world.record!.navigations).toEqual([]);
          expect(world.record!.loads).toEqual([]);
          expect(localStorage.length).toBe(0);
          return;
        }
        expect(s.getByRole('textbox', { name: 'Username' })).toBeVisible();
        expect(s.queryByRole('button', { name: 'Logout' })).toBeNull();
        expect(s.queryByRole('alertdialog')).toBeNull();
        expect(readStoredSession()).toBeNull();
        if (step?.outcome === 'loggedOut') {
          expect(s.getByRole('status')).toHaveTextContent(/logged out/i); // the server's message
          expect(world.record!.navigations.at(-1)).toBe('/login');
        }
        if (step?.outcome === 'logoutFailed')
          expect(s.getByRole('alert')).toHaveTextContent('Error: no response from the server');
      },
      // Behind the message the shell stays as it was; storage is kept until the person says OK,
      // with its flag lowered so that a page load meanwhile reads no session.
      expired: async (s) => {
        expect(await dueDialog(s)).toHaveTextContent(MESSAGES.sessionExpired);
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
  beforeEach(() => setUp('/login'));
  it.each(planPaths(sessionPlan).map((p) => [p.name, p] as const))('%s', async (_name, path) => {
    await replayPath(path, driver(path, sessionPlan));
  });
});

describe('session machine paths on /redirect, the linked sign-in under way (two server types)', () => {
  beforeEach(() => setUp(REDIRECT_PATH));
  const walks = [
    ...planPaths(sessionOnRedirectPlan).map((p) => [`nothing stored: ${p.name}`, p, sessionOnRedirectPlan] as const),
    ...planPaths(sessionOnRedirectStoredPlan).map(
      (p) => [`session stored: ${p.name}`, p, sessionOnRedirectStoredPlan] as const,
    ),
  ];
  it.each(walks)('%s', async (_name, path, plan) => {
    await replayPath(path, driver(path, plan));
  });
});
