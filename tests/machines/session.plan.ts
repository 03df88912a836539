// The session machine's walk. Route changes are the router's doing, so only those a person can
// cause are offered: arriving at a section once signed in, and at /login once signed out.
import type { AnyMachineSnapshot } from 'xstate';
import { PUBLIC_PATHS, sessionMachine } from '../../src/machines/session/session.machine';
import type { MachinePlan } from '../support/graph-paths';

export const SESSION_EMAIL = 'enrolled@staff-console.test';

const info = {
  status: true, email: SESSION_EMAIL, features: ['admin_panel_access', 'user_mgmt', 'create_user_tab'], other_features: [],
  user_id: 1, jwt_token: 'jwt', allowed_st: ['app'], server_urls: { app: 'http://localhost:8080' },
};
const onPublic = (s: AnyMachineSnapshot) => PUBLIC_PATHS.includes(s.context.path);

export const sessionPlan: MachinePlan<typeof sessionMachine> = {
  machine: sessionMachine,
  input: { info: null, linkedEmail: null, path: '/login', recheckMs: 3_600_000, idleMs: 900_000 },
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
