import { createActorContext } from '@xstate/react';
import { tagSelectorMachine } from '../../machines/tag-selector/tag-selector.machine';

export const TagSelectorCtx = createActorContext(tagSelectorMachine);
