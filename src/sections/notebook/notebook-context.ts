// The Notebook tab's actor, shared by its sections.
import { createActorContext } from '@xstate/react';
import { notebookSettingsMachine } from './notebook.machine';

export const NotebookCtx = createActorContext(notebookSettingsMachine);
