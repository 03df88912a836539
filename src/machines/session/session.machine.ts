// Session lifecycle (spec §4, §9): check on start, every hour, after 15 idle minutes and on any
// HTTP 403; while the person is active, a heartbeat check keeps the server's session alive. A
// minute before the idle end a warning offers 'Stay signed in'; the idle and hourly checks ask
// without counting as activity, so the session ends at the idle timeout, not later. A
// failed check of a signed-in person shows the expiry dialog over the shell as it was; when the
// person acknowledges it local storage is cleared and the page reloads. On /login and
// /redirect a good check opens the root instead. /redirect belongs to the redirect flow: until it
// reports how its linked sign-in ended the session machine neither leaves the page nor shows the
// expiry dialog there; after a linked sign-in the session is checked again and the root opens.
import { assign, fromCallback, fromPromise, setup } from 'xstate';
import { failureMessage } from '../shared/failure';
import type {
  CheckInput,
  CheckOutcome,
  LogoutOutcome,
  SessionContext,
  SessionEvent,
  SessionInput,
} from './session.types';

export const LOGIN_PATH = '/login';
/** The linked sign-in page (spec §2); the redirect machine runs it. */
export const REDIRECT_PATH = '/redirect';
/** Routes where a person is not signed in yet (spec §4). */
export const PUBLIC_PATHS = [LOGIN_PATH, REDIRECT_PATH];
/** The idle warning comes this long before the session's idle end (a quarter of a shorter timeout). */
export const IDLE_WARNING_MS = 60_000;
export const idleWarningMs = (idleMs: number) => Math.min(IDLE_WARNING_MS, Math.floor(idleMs / 4));
/**
 * While the person is active the server hears from the panel at least this often (decisions 011,
 * 096): its session never runs out under someone reading without calls, and the server's idle
 * clock trails the person's by less than half the warning, so the warning always comes in time.
 */
export const heartbeatMs = (idleMs: number) => Math.min(Math.floor(idleMs / 3), Math.floor(idleWarningMs(idleMs) / 2));
/**
 * From the last input to the first idle look: early enough that the warning cannot be due yet on
 * the server (which may trail the person by a heartbeat), so the look finds the time left; the
 * look on time then comes two heartbeats later, never together with a heartbeat.
 */
export const firstIdleLookMs = (idleMs: number) => idleMs - idleWarningMs(idleMs) - 2 * heartbeatMs(idleMs);

/**
 * A check that found no session: a signed-in person sees the expiry dialog, anyone else is simply
 * not signed in. The same for the page's checks and for heartbeats.
 */
const noSession = [
  { guard: 'hadSession', target: '#session.expired', actions: 'markSignedOut' },
  { target: '#session.anonymous', actions: 'clearStorage' },
] as const;

/** An idle look found no session: only a signed-in person looks, so the expiry dialog follows. */
const idleEnded = { target: '#session.expired', actions: 'markSignedOut' } as const;

export const sessionMachine = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
    input: {} as SessionInput,
  },
  actors: {
    /** session_check/; `renew: false` asks without counting as activity (the idle and hourly checks). */
    checkSession: fromPromise<CheckOutcome, CheckInput>(() => Promise.reject(new Error('provide checkSession'))),
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
    /** The idle time runs again from now: the person did something, or a heartbeat was answered. */
    restartIdleClock: assign({
      untilIdleLookMs: ({ context }) => firstIdleLookMs(context.idleMs),
      idleLook: 'early' as const,
    }),
    /**
     * A check answered: the idle time runs from what the server says is left (all of it after a
     * check that counted; less after the panel's own looks, which do not count).
     */
    idleClockFromReply: assign({
      untilIdleLookMs: ({ context }, reply: CheckOutcome) =>
        Math.max(
          0,
          (reply.status ? (reply.idle_left_ms ?? context.idleMs) : context.idleMs) -
            idleWarningMs(context.idleMs) -
            2 * heartbeatMs(context.idleMs),
        ),
      idleLook: 'early' as const,
    }),
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
    /** The session has more left than the warning: someone used it since (another tab, a call). */
    usedSince: ({ context }, reply: CheckOutcome) =>
      reply.status && (reply.idle_left_ms ?? context.idleMs) > idleWarningMs(context.idleMs),
  },
  delays: {
    recheck: ({ context }) => context.recheckMs,
    idleLook: ({ context }) => context.untilIdleLookMs,
    idleEnd: ({ context }) => context.idleLeftMs,
    heartbeat: ({ context }) => heartbeatMs(context.idleMs),
  },
}).createMachine({
  id: 'session',
  context: ({ input }) => ({
    ...input,
    message: null,
    awaitingLink: input.path === REDIRECT_PATH,
    heartbeatDue: false,
    renewCheck: true,
    untilIdleLookMs: firstIdleLookMs(input.idleMs),
    idleLook: 'early',
    idleLeftMs: input.idleMs,
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
        input: ({ context }) => ({ renew: context.renewCheck }),
        onDone: [
          // On /login or /redirect a good check opens the root; elsewhere it refreshes the data (spec §4).
          {
            guard: { type: 'isValidOnPublicRoute', params: ({ event }) => event.output },
            target: 'active',
            actions: [
              assign({ info: ({ event }) => (event.output.status ? event.output : null) }),
              'persistSession',
              { type: 'idleClockFromReply', params: ({ event }) => event.output },
              'goToRoot',
            ],
          },
          {
            guard: { type: 'isValid', params: ({ event }) => event.output },
            target: 'active',
            actions: [
              assign({ info: ({ event }) => (event.output.status ? event.output : null) }),
              'persistSession',
              { type: 'idleClockFromReply', params: ({ event }) => event.output },
            ],
          },
          ...noSession,
        ],
        onError: [...noSession],
      },
      on: {
        'session.signedIn': {
          target: 'checking',
          reenter: true,
          actions: ['takeSignIn', assign({ renewCheck: true })],
        },
      },
    },
    active: {
      tags: ['authenticated'],
      invoke: { id: 'watchActivity', src: 'watchActivity' },
      // The hourly and the 403 checks only look: they are the panel's doing, not the person's.
      after: { recheck: { target: 'checking', actions: assign({ renewCheck: false }) } },
      on: {
        'session.recheck': { target: 'checking', actions: assign({ renewCheck: false }) },
        'session.signedIn': { target: 'checking', actions: ['takeSignIn', assign({ renewCheck: true })] },
        'logout.request': 'loggingOut',
        // Signed in already and the link did not sign in: a good session on /redirect opens the root (spec §4).
        'session.linkFailed': { guard: 'isOnPublicRoute', actions: [assign({ awaitingLink: false }), 'goToRoot'] },
      },
      initial: 'betweenBeats',
      states: {
        // The server heard from the panel at the last check or heartbeat; the next heartbeat falls
        // due after `heartbeat` and goes out with the person's next activity. An idle person sends
        // none: the idle time runs from the last activity or answer, and near its end the panel
        // looks how much the server's session has left.
        betweenBeats: {
          entry: assign({ heartbeatDue: false }),
          after: { heartbeat: { actions: assign({ heartbeatDue: true }) } },
          initial: 'watching',
          states: {
            watching: {
              after: { idleLook: '#session.active.lookingIdle' },
              on: {
                'user.activity': [
                  { guard: 'heartbeatDue', target: '#session.active.beating' },
                  { target: 'watching', reenter: true, actions: 'restartIdleClock' },
                ],
              },
            },
          },
        },
        // How long has the session left? A look that does not count as activity.
        lookingIdle: {
          invoke: {
            id: 'idleCheck',
            src: 'checkSession',
            input: { renew: false },
            onDone: [
              {
                guard: { type: 'usedSince', params: ({ event }) => event.output },
                target: 'betweenBeats',
                actions: [
                  // The next look comes when the warning is due by the server's clock.
                  assign({
                    info: ({ event }) => (event.output.status ? event.output : null),
                    untilIdleLookMs: ({ context, event }) =>
                      (event.output.status ? (event.output.idle_left_ms ?? 0) : 0) - idleWarningMs(context.idleMs),
                    idleLook: 'onTime',
                  }),
                  'persistSession',
                ],
              },
              {
                guard: { type: 'isValid', params: ({ event }) => event.output },
                target: 'warning',
                actions: assign({
                  idleLeftMs: ({ context, event }) =>
                    event.output.status ? (event.output.idle_left_ms ?? 0) : context.idleLeftMs,
                  idleLook: 'atEnd',
                }),
              },
              idleEnded,
            ],
            onError: idleEnded,
          },
        },
        // 'Stay signed in' or the session ends: the person's pointer alone does not say they are there.
        warning: {
          tags: ['idleWarning'],
          after: { idleEnd: 'lookingIdle' },
          on: { 'idle.stay': 'beating' },
        },
        // A heartbeat: a session check while the person works on; the hourly re-check keeps its time.
        beating: {
          invoke: {
            id: 'heartbeat',
            src: 'checkSession',
            input: { renew: true },
            onDone: [
              {
                guard: { type: 'isValid', params: ({ event }) => event.output },
                target: 'betweenBeats',
                actions: [
                  assign({ info: ({ event }) => (event.output.status ? event.output : null) }),
                  'persistSession',
                  { type: 'idleClockFromReply', params: ({ event }) => event.output },
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
        'session.signedIn': { target: 'checking', actions: ['takeSignIn', assign({ renewCheck: true })] },
        'session.recheck': { target: 'checking', actions: assign({ renewCheck: false }) },
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
