import type { MachinePlan } from '../../workflows/plan';
import { redirectMachine } from './redirect.machine';

/** Two walks: a link with a token, and one without. */
export const redirectPlan: MachinePlan<typeof redirectMachine> = {
  machine: redirectMachine,
  input: { token: 'token-from-the-other-server' },
  events: [],
  outcomes: [
    {
      name: 'linked',
      event: {
        type: 'xstate.done.actor.linkedLogin',
        output: { status: true, mt_user_email: 'person@staff-console.test' },
      },
    },
    {
      name: 'refused',
      event: {
        type: 'xstate.done.actor.linkedLogin',
        output: { status: false, msg: 'This sign-in link has already been used.' },
      },
    },
    { name: 'callFailed', event: { type: 'xstate.error.actor.linkedLogin', error: { status: 0 } } },
  ],
};
export const redirectWithoutTokenPlan: MachinePlan<typeof redirectMachine> = {
  ...redirectPlan,
  input: { token: null },
};
