// The tag selector's plan lives beside its machine (src/machines/tag-selector/tag-selector.plan.ts); the viewer walks it too.
export { TAG_SELECTOR_NEW, TAG_SELECTOR_TAGS, tagSelectorPlan } from '../../src/machines/tag-selector/tag-selector.plan';
