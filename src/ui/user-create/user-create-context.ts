// The create screen's actor context.
import { createActorContext } from '@xstate/react';
import { userCreateMachine } from '../../machines/user-create/user-create.machine';

export const UserCreateCtx = createActorContext(userCreateMachine);
