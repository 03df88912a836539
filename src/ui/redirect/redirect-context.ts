import { createActorContext } from '@xstate/react';
import { redirectMachine } from '../../machines/redirect/redirect.machine';

export const RedirectCtx = createActorContext(redirectMachine);
