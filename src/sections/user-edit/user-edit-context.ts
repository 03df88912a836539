import { createActorContext } from '@xstate/react';
import { userEditMachine } from './user-edit.machine';

export const UserEditCtx = createActorContext(userEditMachine);
