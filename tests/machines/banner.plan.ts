// The banner machine's plan lives beside it (src/machines/banner/banner.plan.ts); the viewer walks it too.
export { bannerPlan } from '../../src/machines/banner/banner.plan';
