import { createActorContext } from '@xstate/react';
import { roleEditorMachine } from './roles.machine';

export const RolesCtx = createActorContext(roleEditorMachine);
