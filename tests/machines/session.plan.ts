// The session machine's plans live beside it (src/machines/session/session.plan.ts); the viewer walks them too.
export { SESSION_EMAIL, SESSION_PATHS_IDLE_MS, sessionPlan, sessionOnRedirectPlan, sessionOnRedirectStoredPlan } from '../../src/machines/session/session.plan';
