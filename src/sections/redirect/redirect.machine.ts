// /redirect (spec §2): signs in through a linked account with the token another server type
// issued, then hands over to the session machine with the linked account's email. The session
// machine leaves /redirect only once this flow has reported its end, either way.
import { assign, fromPromise, setup } from 'xstate';
import type { LinkedLoginForm } from '../../domain/auth';
import { callStates } from '../../machines/shared/call-state';
import { failureMessage } from '../../machines/shared/failure';
import type { LinkedOutcome, RedirectContext, RedirectInput } from './redirect.types';

export const REDIRECT_MESSAGES = {
  missingToken: 'This sign-in link carries no token.',
  refused: 'This sign-in link is invalid or has expired.',
} as const;

const redirectSetup = setup({
  types: {
    context: {} as RedirectContext,
    input: {} as RedirectInput,
  },
  actors: {
    linkedLogin: fromPromise<LinkedOutcome, LinkedLoginForm>(() => Promise.reject(new Error('provide linkedLogin'))),
  },
  actions: {
    announceSignIn: (_, _params: { linkedEmail: string | undefined }) => {},
    /** Tells the session machine that no linked sign-in happened, so the page is its to leave. */
    announceFailure: () => {},
  },
  guards: {
    hasToken: ({ context }) => !!context.token,
    isAccepted: (_, reply: LinkedOutcome) => reply.status,
  },
});

const calling = callStates(redirectSetup);

export const redirectMachine = redirectSetup.createMachine({
  id: 'redirect',
  context: ({ input }) => ({ token: input.token, error: null }),
  initial: 'starting',
  states: {
    starting: {
      always: [
        { guard: 'hasToken', target: 'signingIn' },
        { target: 'failed', actions: assign({ error: REDIRECT_MESSAGES.missingToken }) },
      ],
    },
    signingIn: calling('linkedLogin', {
      input: ({ context }) => ({ token: context.token ?? '' }),
      onDone: [
        {
          guard: { type: 'isAccepted', params: ({ event }) => event.output },
          target: 'signedIn',
          actions: { type: 'announceSignIn', params: ({ event }) => ({ linkedEmail: event.output.mt_user_email }) },
        },
        {
          target: 'failed',
          actions: assign({ error: ({ event }) => event.output.msg || REDIRECT_MESSAGES.refused }),
        },
      ],
      onError: {
        target: 'failed',
        actions: assign({ error: ({ event }) => `${REDIRECT_MESSAGES.refused} (${failureMessage(event.error)})` }),
      },
    }),
    signedIn: { tags: ['done'] },
    failed: { tags: ['failed'], entry: 'announceFailure' },
  },
});
