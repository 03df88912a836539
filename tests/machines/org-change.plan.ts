// The 'Account Update' dialog's plan lives beside it (src/machines/org-change/org-change.plan.ts).
export { orgChangePlan } from '../../src/machines/org-change/org-change.plan';
