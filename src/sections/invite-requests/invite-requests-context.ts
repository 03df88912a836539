import { createActorContext } from '@xstate/react';
import { inviteReviewMachine } from './invite-requests.machine';

export const InviteReviewCtx = createActorContext(inviteReviewMachine);
