import { createActorContext } from '@xstate/react';
import { skuEditorMachine } from '../../machines/sku-editor/sku-editor.machine';

export const SkusCtx = createActorContext(skuEditorMachine);
