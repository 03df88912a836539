import { createActorContext } from '@xstate/react';
import { templateEditorMachine } from '../../machines/template-editor/template-editor.machine';

export const TemplatesCtx = createActorContext(templateEditorMachine);
