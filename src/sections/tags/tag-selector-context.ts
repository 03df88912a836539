import { createActorContext } from '@xstate/react';
import { tagSelectorMachine } from './tag-selector.machine';

export const TagSelectorCtx = createActorContext(tagSelectorMachine);
