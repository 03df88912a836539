// The login machine's plan lives beside it (src/machines/login/login.plan.ts); the viewer walks it too.
export { loginPlan } from '../../src/machines/login/login.plan';
