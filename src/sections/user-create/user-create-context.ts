// The create screen's actor context.
import { createActorContext } from '@xstate/react';
import { userCreateMachine } from './user-create.machine';

export const UserCreateCtx = createActorContext(userCreateMachine);
