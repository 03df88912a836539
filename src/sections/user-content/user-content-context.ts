// The Content tab's actor context, shared by the tab and its sections.
import { createActorContext } from '@xstate/react';
import { userContentMachine } from './user-content.machine';

export const UserContentCtx = createActorContext(userContentMachine);
