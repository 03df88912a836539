import { createActorContext } from '@xstate/react';
import { liveUserListMachine } from './user-list.live';

/** The list screen's actor; the screen provides it with the URL's side (navigate). */
export const UserListCtx = createActorContext(liveUserListMachine);
