import { createActorContext } from '@xstate/react';
import { userEditMachine } from '../../machines/user-edit/user-edit.machine';

export const UserEditCtx = createActorContext(userEditMachine);
