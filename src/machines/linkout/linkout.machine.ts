// The header's Redirect-to menu: opens another server type in a new tab with a fresh link token.
import { assign, fromPromise, setup } from 'xstate';
import { failureMessage } from '../shared/failure';

export type LinkoutEvent = { type: 'linkout.choose'; serverType: string };

export const linkoutMachine = setup({
  types: { context: {} as { error: string | null }, events: {} as LinkoutEvent },
  actors: {
    /** Opens the tab at once (user gesture), then points it at the target once the token arrives. */
    openLinkedServer: fromPromise<void, { serverType: string }>(() =>
      Promise.reject(new Error('provide openLinkedServer')),
    ),
  },
  actions: {
    announceFailure: (_, _params: { text: string }) => {},
  },
}).createMachine({
  id: 'linkout',
  context: { error: null },
  initial: 'idle',
  states: {
    idle: {
      on: { 'linkout.choose': { target: 'opening', actions: assign({ error: null }) } },
    },
    opening: {
      tags: ['busy'],
      invoke: {
        id: 'openLinkedServer',
        src: 'openLinkedServer',
        input: ({ event }) => ({ serverType: (event as LinkoutEvent).serverType }),
        onDone: 'idle',
        onError: {
          target: 'idle',
          actions: [
            assign({ error: ({ event }) => failureMessage(event.error) }),
            {
              type: 'announceFailure',
              params: ({ event }) => ({ text: `Could not open the other server: ${failureMessage(event.error)}` }),
            },
          ],
        },
      },
    },
  },
});
