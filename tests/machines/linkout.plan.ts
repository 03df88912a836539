// The linkout machine's plan lives beside it (src/machines/linkout/linkout.plan.ts); the viewer walks it too.
export { linkoutPlan } from '../../src/machines/linkout/linkout.plan';
