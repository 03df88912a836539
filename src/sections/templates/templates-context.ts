import { createActorContext } from '@xstate/react';
import { templateEditorMachine } from './templates.machine';

export const TemplatesCtx = createActorContext(templateEditorMachine);
