import { createActorContext } from '@xstate/react';
import { groupEditorMachine } from '../../machines/group-editor/group-editor.machine';

export const GroupsCtx = createActorContext(groupEditorMachine);
