// Session lifecycle (spec §4, §9): check on start, every hour, after 15 idle minutes and on any
// HTTP 403; while the person is active, a heartbeat check keeps the server's session alive. A
// failed check of a signed-in person shows the expiry dialog over the shell as it was; when the
// person acknowledges it local storage is cleared and the page reloads. On /login and
// /redirect a good check opens the root instead. /redirect belongs to the redirect flow: until it
// reports how its linked sign-in ended the session machine neither leaves the page nor shows the
// expiry dialog there; after a linked sign-in the session is checked again and the root opens.
import { assign, fromCallback, fromPromise, setup } from 'xstate';
import { failureMessage } from '../shared/failure';
import type { CheckOutcome, LogoutOutcome, SessionContext, SessionEvent, SessionInput } from './session.types';

export const LOGIN_PATH = '/login';
/** The linked sign-in page (spec §2); the redirect machine runs it. */
export const REDIRECT_PATH = '/redirect';
/** Routes where a person is not signed in yet (spec §4). */
export const PUBLIC_PATHS = [LOGIN_PATH, REDIRECT_PATH];
/**
 * The server hears from an active person this many times per idle timeout at least (decision
 * 011): its session then never runs out under someone who is reading without making calls.
 */
export const HEARTBEATS_PER_IDLE_TIMEOUT = 3;

/**
 * A check that found no session: a signed-in person sees the expiry dialog, anyone else is simply
 * not signed in. The same for the page's checks and for heartbeats.
 */
const noSession = [
  { guard: 'hadSession', target: '#session.expired', actions: 'markSignedOut' },
  { target: '#session.anonymous', actions: 'clearStorage' },
] as const;

export const sessionMachine = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
    input: {} as SessionInput,
  },
  actors: {
    checkSession: fromPromise<CheckOutcome>(() => Promise.reject(new Error('provide checkSession'))),
    logout: fromPromise<LogoutOutcome>(() => Promise.reject(new Error('provide logout'))),
    /** Sends user.activity on pointer, key and scroll (throttled). */
    watchActivity: fromCallback<SessionEvent>(() => () => {}),
    /** Sends session.recheck whenever a call answers HTTP 403. */
    watchForbidden: fromCallback<SessionEvent>(() => () => {}),
  },
  actions: {
    persistSession: () => {},
    /**
     * Lowers the stored isAuthenticated flag and keeps the rest: the shell behind the expiry
     * dialog stays as it was, while a page load from here on reads "no session" and waits for
     * its own check.
     */
    markSignedOut: () => {},
    clearStorage: () => {},
    goToRoot: () => {},
    goToLogin: () => {},
    reload: () => {},
    /** A finished sign-in: a linked one brings the linked account's email; /redirect is done. */
    takeSignIn: assign(({ event }) => ({
      linkedEmail: event.type === 'session.signedIn' ? (event.linkedEmail ?? null) : null,
      awaitingLink: false,
    })),
    /** Shows the logout message (live: the banner). */
    announce: (_, _params: { tone: 'info' | 'error'; text: string }) => {},
  },
  guards: {
    isValid: (_, reply: CheckOutcome) => reply.status,
    isValidOnPublicRoute: ({ context }, reply: CheckOutcome) =>
      reply.status && PUBLIC_PATHS.includes(context.path) && !context.awaitingLink,
    isOnPublicRoute: ({ context }) => PUBLIC_PATHS.includes(context.path),
    /** A signed-in person whose session failed; on /redirect the linked sign-in decides instead (spec §4). */
    hadSession: ({ context }) => context.info !== null && context.path !== REDIRECT_PATH,
    heartbeatDue: ({ context }) => context.heartbeatDue,
  },
  delays: {
    recheck: ({ context }) => context.recheckMs,
    idle: ({ context }) => context.idleMs,
    heartbeat: ({ context }) => context.idleMs / HEARTBEATS_PER_IDLE_TIMEOUT,
  },
}).createMachine({
  id: 'session',
  context: ({ input }) => ({
    ...input,
    message: null,
    awaitingLink: input.path === REDIRECT_PATH,
    heartbeatDue: false,
  }),
  invoke: { id: 'watchForbidden', src: 'watchForbidden' },
  on: {
    'route.change': { actions: assign({ path: ({ event }) => event.path }) },
    // While a check is out, or with no session, the check's own answer decides what follows.
    'session.linkFailed': { actions: assign({ awaitingLink: false }) },
  },
  initial: 'checking',
  states: {
    checking: {
      tags: ['checking'],
      invoke: {
        id: 'checkSession',
        src: 'checkSession',
        onDone: [
          // On /login or /redirect a good check opens the root; elsewhere it refreshes the data (spec §4).
          {
            guard: { type: 'isValidOnPublicRoute', params: ({ event }) => event.output },
            target: 'active',
            actions: [
              assign({ info: ({ event }) => (event.output.status ? event.output : null) }),
              'persistSession',
              'goToRoot',
            ],
          },
          {
            guard: { type: 'isValid', params: ({ event }) => event.output },
            target: 'active',
            actions: [assign({ info: ({ event }) => (event.output.status ? event.output : null) }), 'persistSession'],
          },
          ...noSession,
        ],
        onError: [...noSession],
      },
      on: {
        'session.signedIn': { target: 'checking', reenter: true, actions: 'takeSignIn' },
      },
    },
    active: {
      tags: ['authenticated'],
      invoke: { id: 'watchActivity', src: 'watchActivity' },
      after: { recheck: 'checking' },
      on: {
        'session.recheck': 'checking',
        'session.signedIn': { target: 'checking', actions: 'takeSignIn' },
        'logout.request': 'loggingOut',
        // Signed in already and the link did not sign in: a good session on /redirect opens the root (spec §4).
        'session.linkFailed': { guard: 'isOnPublicRoute', actions: [assign({ awaitingLink: false }), 'goToRoot'] },
      },
      initial: 'betweenBeats',
      states: {
        // The server heard from the panel at the last check or heartbeat; the next heartbeat falls
        // due after `heartbeat` and goes out with the person's next activity. An idle person sends
        // none: the idle timer runs from the last activity or answer, as the server's does.
        betweenBeats: {
          entry: assign({ heartbeatDue: false }),
          after: { heartbeat: { actions: assign({ heartbeatDue: true }) } },
          initial: 'watching',
          states: {
            watching: {
              after: { idle: '#session.checking' },
              on: {
                'user.activity': [
                  { guard: 'heartbeatDue', target: '#session.active.beating' },
                  { target: 'watching', reenter: true },
                ],
              },
            },
          },
        },
        // A heartbeat: a session check while the person works on; the hourly re-check keeps its time.
        beating: {
          invoke: {
            id: 'heartbeat',
            src: 'checkSession',
            onDone: [
              {
                guard: { type: 'isValid', params: ({ event }) => event.output },
                target: 'betweenBeats',
                actions: [
                  assign({ info: ({ event }) => (event.output.status ? event.output : null) }),
                  'persistSession',
                ],
              },
              ...noSession,
            ],
            onError: [...noSession],
          },
        },
      },
    },
    anonymous: {
      tags: ['anonymous'],
      on: {
        'session.signedIn': { target: 'checking', actions: 'takeSignIn' },
        'session.recheck': 'checking',
      },
    },
    // Spec §4 order: the message is shown, then local storage is cleared, then the page reloads.
    expired: {
      tags: ['expired'],
      on: { 'expiry.acknowledge': 'reloading' },
    },
    reloading: { tags: ['expired'], entry: ['clearStorage', 'reload'] },
    loggingOut: {
      tags: ['busy'],
      entry: ['clearStorage', assign({ info: null, linkedEmail: null })],
      invoke: {
        id: 'logout',
        src: 'logout',
        onDone: {
          target: 'anonymous',
          actions: [
            assign({ message: ({ event }) => event.output.msg }),
            'goToLogin',
            { type: 'announce', params: ({ event }) => ({ tone: 'info' as const, text: event.output.msg }) },
          ],
        },
        onError: {
          target: 'anonymous',
          actions: [
            assign({ message: ({ event }) => failureMessage(event.error) }),
            'goToLogin',
            {
              type: 'announce',
              params: ({ event }) => ({ tone: 'error' as const, text: failureMessage(event.error) }),
            },
          ],
        },
      },
    },
  },
});
