// The edit machine's plan lives beside it (src/machines/user-edit/user-edit.plan.ts).
export { userEditPlan } from '../../src/machines/user-edit/user-edit.plan';
