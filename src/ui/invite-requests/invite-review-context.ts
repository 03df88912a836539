import { createActorContext } from '@xstate/react';
import { inviteReviewMachine } from '../../machines/invite-review/invite-review.machine';

export const InviteReviewCtx = createActorContext(inviteReviewMachine);
