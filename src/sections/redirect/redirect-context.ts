import { createActorContext } from '@xstate/react';
import { redirectMachine } from './redirect.machine';

export const RedirectCtx = createActorContext(redirectMachine);
