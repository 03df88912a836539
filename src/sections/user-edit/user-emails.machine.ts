// The edit page's Emails tab (decision 022): the outbox messages about the user, newest first. The
// edit machine invokes this one while the tab is open, so each opening reads them afresh and a
// welcome email just sent is there; a failed read says why and offers Retry.
import { assign, fromPromise, setup } from 'xstate';
import type { OutboxMessage } from '../../domain/users';
import { callStates } from '../../machines/shared/call-state';
import { failureMessage } from '../../machines/shared/failure';
import { listStates } from '../../machines/shared/list-states';
import type { UserEmailsContext, UserEmailsEvent, UserEmailsInput } from './user-emails.types';

const list = listStates<UserEmailsContext, UserEmailsEvent>()({ retry: 'list.retry', failure: failureMessage });

const userEmailsSetup = setup({
  types: { context: {} as UserEmailsContext, events: {} as UserEmailsEvent, input: {} as UserEmailsInput },
  actors: {
    /** The outbox messages about the user, newest first (fetch_outbox/). */
    loadOutbox: fromPromise<OutboxMessage[], { userId: number }>(() => Promise.reject(new Error('provide loadOutbox'))),
  },
});

const calling = callStates(userEmailsSetup);

export const userEmailsMachine = userEmailsSetup.createMachine({
  id: 'userEmails',
  context: ({ input }) => ({ userId: input.userId, emails: [], error: null }),
  initial: 'loading',
  states: {
    loading: calling('loadOutbox', {
      input: ({ context }) => ({ userId: context.userId }),
      onDone: { target: 'ready', actions: assign({ emails: ({ event }) => event.output }) },
      onError: list.onError,
    }),
    ready: {},
    failed: list.failed,
  },
});
