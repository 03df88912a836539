import { createActorContext } from '@xstate/react';
import { groupEditorMachine } from './groups.machine';

export const GroupsCtx = createActorContext(groupEditorMachine);
