import { createActorContext } from '@xstate/react';
import { loginMachine } from './login.machine';

export const LoginCtx = createActorContext(loginMachine);
