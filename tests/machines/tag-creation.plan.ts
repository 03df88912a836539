// The Create Tag dialog's plan lives beside its machine (src/machines/tag-creation/tag-creation.plan.ts); the viewer walks it too.
export { TAG_CREATION_NAME, tagCreationPlan } from '../../src/machines/tag-creation/tag-creation.plan';
