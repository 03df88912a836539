import { createActorContext } from '@xstate/react';
import { roleEditorMachine } from '../../machines/role-editor/role-editor.machine';

export const RolesCtx = createActorContext(roleEditorMachine);
