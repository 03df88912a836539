// The user list machine's plan lives beside it (src/machines/user-list/user-list.plan.ts); the viewer walks it too.
export { userListPlan } from '../../src/machines/user-list/user-list.plan';
