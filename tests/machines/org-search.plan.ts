// The organisation search's plan lives beside it (src/machines/org-search/org-search.plan.ts).
export { orgSearchPlan } from '../../src/machines/org-search/org-search.plan';
