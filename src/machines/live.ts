// The one place where machines get their real services, timers' listeners and navigation.
import { createActor, fromCallback, fromPromise, type ActorRefFrom } from 'xstate';
import type { AppConfig } from '../domain/app-config';
import {
  activateTfa,
  checkSession,
  loginAccount,
  loginWithLinkedAccount,
  logout,
  verifyOtp,
} from '../services/auth.service';
import { onForbidden } from '../services/http';
import { openLinkedServer } from '../services/linked-server.service';
import { clearStoredSession, readStoredSession, writeStoredSession } from '../services/session-store';
import { liveBannerMachine } from './banner/banner.live';
import type { BannerEvent } from './banner/banner.types';
import { createInspectionBus } from './inspection';
import { linkoutMachine } from './linkout/linkout.machine';
import { loginMachine } from '../sections/login/login.machine';
import { redirectMachine } from '../sections/redirect/redirect.machine';
import { sessionMachine } from './session/session.machine';
import type { SessionEvent } from './session/session.types';

/** Activity closer together than this counts once: pointer moves fire hundreds of times a second. */
export const ACTIVITY_THROTTLE_MS = 1_000;
const ACTIVITY_EVENTS = ['pointerdown', 'pointermove', 'keydown', 'scroll', 'wheel', 'touchstart'] as const;

export interface Navigation {
  /** Client-side navigation inside the panel. */
  navigate(to: string): void;
  /** A full page load (spec §4: reload after expiry and after activation). */
  load(to?: string): void;
}

const watchActivity = fromCallback<SessionEvent>(({ sendBack }) => {
  let last = -Infinity;
  const onActivity = () => {
    const now = Date.now();
    if (now - last < ACTIVITY_THROTTLE_MS) return;
    last = now;
    sendBack({ type: 'user.activity' });
  };
  for (const type of ACTIVITY_EVENTS) window.addEventListener(type, onActivity, { capture: true, passive: true });
  return () => {
    for (const type of ACTIVITY_EVENTS) window.removeEventListener(type, onActivity, { capture: true });
  };
});

const watchForbidden = fromCallback<SessionEvent>(({ sendBack }) =>
  onForbidden(() => sendBack({ type: 'session.recheck' })),
);

export function liveSessionMachine(nav: Navigation, banner: () => { send(event: BannerEvent): void }) {
  return sessionMachine.provide({
    actors: {
      checkSession: fromPromise(({ input }) => checkSession(input.renew)),
      logout: fromPromise(() => logout()),
      watchActivity,
      watchForbidden,
    },
    actions: {
      persistSession: ({ context }) => {
        if (context.info)
          writeStoredSession({ isAuthenticated: true, info: context.info, linkedEmail: context.linkedEmail });
      },
      markSignedOut: ({ context }) => {
        if (context.info)
          writeStoredSession({ isAuthenticated: false, info: context.info, linkedEmail: context.linkedEmail });
      },
      clearStorage: () => clearStoredSession(),
      goToRoot: () => nav.navigate('/'),
      goToLogin: () => nav.navigate('/login'),
      reload: () => nav.load(),
      announce: (_, params) => banner().send({ type: 'banner.show', ...params }),
    },
  });
}

export type SessionActor = ActorRefFrom<ReturnType<typeof liveSessionMachine>>;
export type BannerActor = ActorRefFrom<typeof liveBannerMachine>;

export function liveLoginMachine(nav: Navigation, session: () => { send(event: SessionEvent): void }) {
  return loginMachine.provide({
    actors: {
      verifyPassword: fromPromise(({ input }) => loginAccount(input)),
      verifyOtp: fromPromise(({ input }) => verifyOtp(input)),
      activateTfa: fromPromise(({ input }) => activateTfa(input)),
    },
    actions: {
      announceSignIn: () => session().send({ type: 'session.signedIn' }),
      // The fresh page says that two-step sign-in is active (src/routes/login.tsx).
      reloadToLogin: () => nav.load('/login?activated'),
    },
  });
}

export function liveRedirectMachine(session: () => { send(event: SessionEvent): void }) {
  return redirectMachine.provide({
    actors: { linkedLogin: fromPromise(({ input }) => loginWithLinkedAccount(input)) },
    actions: {
      announceSignIn: (_, { linkedEmail }) => session().send({ type: 'session.signedIn', linkedEmail }),
      announceFailure: () => session().send({ type: 'session.linkFailed' }),
    },
  });
}

export function liveLinkoutMachine(banner: () => { send(event: BannerEvent): void }) {
  return linkoutMachine.provide({
    actors: { openLinkedServer: fromPromise(({ input }) => openLinkedServer(input.serverType)) },
    actions: { announceFailure: (_, { text }) => banner().send({ type: 'banner.show', tone: 'error', text }) },
  });
}

/** The long-lived actors of one page load; started by the caller, never at import time. */
export function createConsoleActors(config: AppConfig, nav: Navigation, path: string) {
  // Every actor reports to the tab's inspection bus, which the workflow viewer's Live mode reads.
  const inspection = createInspectionBus();
  const { inspect } = inspection;
  const banner = createActor(liveBannerMachine, { inspect });
  const stored = readStoredSession();
  const session = createActor(
    liveSessionMachine(nav, () => banner),
    {
      input: {
        info: stored?.info ?? null,
        linkedEmail: stored?.linkedEmail ?? null,
        path,
        recheckMs: config.recheck_ms,
        idleMs: config.idle_timeout_ms,
      },
      inspect,
    },
  );
  const linkout = createActor(
    liveLinkoutMachine(() => banner),
    { inspect },
  );
  return {
    inspection,
    banner,
    session,
    linkout,
    login: liveLoginMachine(nav, () => session),
    redirect: liveRedirectMachine(() => session),
  };
}
export type ConsoleActors = ReturnType<typeof createConsoleActors>;
