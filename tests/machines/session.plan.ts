// The session machine's walk. Route changes are the router's doing, so only those a person can
// cause are offered: arriving at a section once signed in, and at /login once signed out.
import type { AnyMachineSnapshot } from 'xstate';
import { PUBLIC_PATHS, REDIRECT_PATH, sessionMachine } from '../../src/machines/session/session.machine';
import { isDelayEvent, type MachinePlan } from '../support/graph-paths';

export const SESSION_EMAIL = 'enrolled@staff-console.test';

const info = {
  status: true, email: SESSION_EMAIL, features: ['admin_panel_access', 'user_mgmt', 'create_user_tab'], other_features: [],
  user_id: 1, jwt_token: 'jwt', allowed_st: ['app'], server_urls: { app: 'http://localhost:8080' },
};
const HOUR = 3_600_000;
const IDLE = 900_000;
const onPublic = (s: AnyMachineSnapshot) => PUBLIC_PATHS.includes(s.context.path);

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
  ],
  outcomes: [
    { name: 'valid', event: { type: 'xstate.done.actor.checkSession', output: info } },
    { name: 'noSession', event: { type: 'xstate.done.actor.checkSession', output: { status: false } } },
    { name: 'checkFailed', event: { type: 'xstate.error.actor.checkSession', error: { status: 0 } } },
    { name: 'loggedOut', event: { type: 'xstate.done.actor.logout', output: { msg: 'You have been logged out.' } } },
    { name: 'logoutFailed', event: { type: 'xstate.error.actor.logout', error: { status: 0 } } },
  ],
  serializeState: (s) => JSON.stringify([s.value, s.context.info !== null, onPublic(s)]),
  filterEvents: (s, e) => {
    if (e.type === 'route.change') {
      const to = (e as unknown as { path: string }).path;
      if (s.hasTag('authenticated')) return to === '/user_list' && onPublic(s);
      return s.hasTag('anonymous') && to === '/login' && !onPublic(s);
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
  ],
  outcomes: sessionPlan.outcomes.filter((o) => o.event.type.endsWith('.checkSession')),
  serializeState: (s) => JSON.stringify([s.value, s.context.info !== null, s.context.awaitingLink, s.context.linkedEmail !== null]),
  filterEvents: (s, e) => {
    if (isDelayEvent(e)) return false;
    if (e.type === 'session.signedIn' || e.type === 'session.linkFailed') return s.context.awaitingLink;
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
