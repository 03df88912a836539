// The redirect machine's plan lives beside it (src/machines/redirect/redirect.plan.ts); the viewer walks it too.
export { redirectPlan, redirectWithoutTokenPlan } from '../../src/machines/redirect/redirect.plan';
