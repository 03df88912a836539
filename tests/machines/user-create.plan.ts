// The create machine's plan lives beside it (src/machines/user-create/user-create.plan.ts).
export { userCreatePlan } from '../../src/machines/user-create/user-create.plan';
