import { createActorContext } from '@xstate/react';
import { skuEditorMachine } from './skus.machine';

export const SkusCtx = createActorContext(skuEditorMachine);
