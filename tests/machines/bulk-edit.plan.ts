// The bulk edit dialog's plan lives beside its machine (src/machines/bulk-edit/bulk-edit.plan.ts); the viewer walks it too.
export { BULK_PLAN_FIELD, bulkEditPlan } from '../../src/machines/bulk-edit/bulk-edit.plan';
