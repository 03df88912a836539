// The session machine's walk. Route changes are the router's doing, so only those a person can
// cause are offered: arriving at a section once signed in, and at /login once signed out.
import type { AnyMachineSnapshot } from 'xstate';
import { isDelayEvent } from '../../workflows/paths';
import type { MachinePlan } from '../../workflows/plan';
import { PUBLIC_PATHS, REDIRECT_PATH, sessionMachine } from './session.machine';

export const SESSION_EMAIL = 'enrolled@staff-console.test';

const info = {
  status: true,
  email: SESSION_EMAIL,
  features: ['admin_panel_access', 'user_mgmt', 'create_user_tab'],
  other_features: [],
  user_id: 1,
  jwt_token: 'jwt',
  allowed_st: ['app'],
  server_urls: { app: 'http://localhost:8080' },
};
const HOUR = 3_600_000;
/**
 * Near the hour (SESSION_IDLE_SECONDS allows up to 3599 s), so that the hourly re-check can come
 * before the idle look: someone who stops just before a heartbeat falls due stays idle past the
 * hour. With 15 minutes the idle look always comes first (tests/ui/session-heartbeat.test.tsx).
 */
export const SESSION_PATHS_IDLE_MS = 50 * 60_000;
const IDLE = SESSION_PATHS_IDLE_MS;
const onPublic = (s: AnyMachineSnapshot) => PUBLIC_PATHS.includes(s.context.path);
const delayName = (e: { type: string }) => e.type.split('.')[2];

export const sessionPlan: MachinePlan<typeof sessionMachine> = {
  machine: sessionMachine,
  input: { info: null, linkedEmail: null, path: '/login', recheckMs: HOUR, idleMs: IDLE },
  events: [
    { type: 'user.activity' },
    { type: 'session.recheck' },
    { type: 'session.signedIn' },
    { type: 'route.change', path: '/user_list' },
    { type: 'route.change', path: '/login' },
    { type: 'logout.request' },
    { type: 'expiry.acknowledge' },
    { type: 'idle.stay' },
  ],
  outcomes: [
    { name: 'valid', event: { type: 'xstate.done.actor.checkSession', output: info } },
    { name: 'noSession', event: { type: 'xstate.done.actor.checkSession', output: { status: false } } },
    { name: 'checkFailed', event: { type: 'xstate.error.actor.checkSession', error: { status: 0 } } },
    // A heartbeat is the same call, so the same answers.
    { name: 'valid', event: { type: 'xstate.done.actor.heartbeat', output: info } },
    { name: 'noSession', event: { type: 'xstate.done.actor.heartbeat', output: { status: false } } },
    { name: 'checkFailed', event: { type: 'xstate.error.actor.heartbeat', error: { status: 0 } } },
    // A look near the idle end: more left than the warning (used since), or the warning is due.
    {
      name: 'moreLeft',
      event: { type: 'xstate.done.actor.idleCheck', output: { ...info, idle_left_ms: 10 * 60_000 } },
    },
    { name: 'nearEnd', event: { type: 'xstate.done.actor.idleCheck', output: { ...info, idle_left_ms: 60_000 } } },
    { name: 'noSession', event: { type: 'xstate.done.actor.idleCheck', output: { status: false } } },
    { name: 'checkFailed', event: { type: 'xstate.error.actor.idleCheck', error: { status: 0 } } },
    { name: 'loggedOut', event: { type: 'xstate.done.actor.logout', output: { msg: 'You have been logged out.' } } },
    { name: 'logoutFailed', event: { type: 'xstate.error.actor.logout', error: { status: 0 } } },
  ],
  serializeState: (s) =>
    JSON.stringify([s.value, s.context.info !== null, onPublic(s), s.context.heartbeatDue, s.context.idleLook]),
  filterEvents: (s, e) => {
    if (isDelayEvent(e)) {
      const due = s.context.heartbeatDue;
      // The heartbeat timer fires once between beats, half the warning after the last answer:
      // always before the idle look (two heartbeats at least). The hour is walked from the start of an active spell,
      // with heartbeats going out and answered meanwhile (one is never out for an hour).
      if (delayName(e) === 'heartbeat') return !due;
      if (delayName(e) === 'idleLook') return due;
      if (delayName(e) === 'recheck') return !due && s.matches({ active: 'betweenBeats' });
    }
    if (e.type === 'route.change') {
      const to = (e as unknown as { path: string }).path;
      if (s.hasTag('authenticated')) return to === '/user_list' && onPublic(s);
      return s.hasTag('anonymous') && to === '/login' && !onPublic(s);
    }
    // The early look finds more than the warning left (it comes before the warning can be due);
    // the one on time finds the warning due; the one at the end finds the session gone. Any of
    // them finds more left when the session was used meanwhile (another tab).
    if (e.type === 'xstate.done.actor.idleCheck') {
      const reply = (e as unknown as { output: { status: boolean; idle_left_ms?: number } }).output;
      const look = s.context.idleLook;
      if (!reply.status) return look !== 'early';
      return reply.idle_left_ms === 60_000 ? look === 'onTime' : true;
    }
    // Signing in happens on /login; a linked sign-in may arrive while signed in.
    if (e.type === 'session.signedIn' && s.hasTag('anonymous')) return onPublic(s);
    return true;
  },
};

const VALID = JSON.stringify(sessionPlan.outcomes.find((o) => o.name === 'valid')!.event);

/**
 * /redirect while the link's own sign-in is under way: the page's check and the linked sign-in may
 * end in either order. The redirect flow reports once, a linked sign-in or a failure; the page's
 * other events (activity, hours passing) are the main walk's. Nothing is stored in this tab, as
 * when 'Redirect to' opens another server type.
 */
export const sessionOnRedirectPlan: MachinePlan<typeof sessionMachine> = {
  machine: sessionMachine,
  input: { info: null, linkedEmail: null, path: REDIRECT_PATH, recheckMs: HOUR, idleMs: IDLE },
  events: [
    { type: 'session.signedIn', linkedEmail: SESSION_EMAIL },
    { type: 'session.linkFailed' },
    { type: 'user.activity' },
  ],
  outcomes: sessionPlan.outcomes.filter((o) => !o.event.type.endsWith('.logout')),
  serializeState: (s) =>
    JSON.stringify([
      s.value,
      s.context.info !== null,
      s.context.awaitingLink,
      s.context.linkedEmail !== null,
      s.context.heartbeatDue,
    ]),
  filterEvents: (s, e) => {
    // A person signed in already who stays on the page while the link is under way: a heartbeat
    // falls due and goes out (on /redirect a failed one shows no expiry dialog either).
    const waitingSignedIn = s.matches('active') && s.context.awaitingLink;
    if (isDelayEvent(e)) return waitingSignedIn && delayName(e) === 'heartbeat' && !s.context.heartbeatDue;
    if (e.type === 'user.activity') return waitingSignedIn && s.context.heartbeatDue;
    // A link's token lasts five minutes: once a heartbeat has fallen due, the link can only fail.
    if (e.type === 'session.signedIn') return s.context.awaitingLink && !s.context.heartbeatDue;
    // A heartbeat is answered in moments: the link does not end meanwhile.
    if (e.type === 'session.linkFailed') return s.context.awaitingLink && !s.matches({ active: 'beating' });
    // The linked sign-in has just started a session: its check is a good one.
    if (s.context.linkedEmail !== null) return JSON.stringify(e) === VALID;
    return true;
  },
};

/** The same for a person who signed in on this server type earlier: the session is stored. */
export const sessionOnRedirectStoredPlan: MachinePlan<typeof sessionMachine> = {
  ...sessionOnRedirectPlan,
  input: { info, linkedEmail: null, path: REDIRECT_PATH, recheckMs: HOUR, idleMs: IDLE },
};
