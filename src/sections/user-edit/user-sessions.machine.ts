// The edit page's Sessions tab (decision 023): the user's live sessions, ended one by one or all
// at once after a confirmation; with no session to end (none, or only the caller's own), nothing
// to end is offered. The caller's own current session is never offered (Logout ends
// it). After an end the list is read again, under what the server said. The edit machine invokes
// this one while the tab is open, so each opening reads the list afresh.
import { assign, fromPromise, setup } from 'xstate';
import { callStates } from '../../machines/shared/call-state';
import { failureMessage } from '../../machines/shared/failure';
import { noticeOf } from '../../machines/shared/notice';
import { tabReadStates } from '../../machines/shared/tab-read';
import type {
  KillSessionsReply,
  UserSessionsContext,
  UserSessionsEvent,
  UserSessionsInput,
  UserSessionsReply,
} from './user-sessions.types';

const tab = tabReadStates<UserSessionsContext, UserSessionsEvent>()('sessions.retry');

const userSessionsSetup = setup({
  types: { context: {} as UserSessionsContext, events: {} as UserSessionsEvent, input: {} as UserSessionsInput },
  actors: {
    loadSessions: fromPromise<UserSessionsReply, { userId: number }>(() =>
      Promise.reject(new Error('provide loadSessions')),
    ),
    endSessions: fromPromise<KillSessionsReply, { userId: number; keys: string[] }>(() =>
      Promise.reject(new Error('provide endSessions')),
    ),
  },
  guards: {
    notCurrent: ({ context, event }) =>
      event.type === 'sessions.end' && context.sessions.some((s) => s.key === event.key && !s.current),
    hasOthers: ({ context }) => context.sessions.some((s) => !s.current),
    readOthers: (_, sessions: UserSessionsReply['data']) => sessions.some((s) => !s.current),
  },
});

const calling = callStates(userSessionsSetup);

export const userSessionsMachine = userSessionsSetup.createMachine({
  id: 'userSessions',
  context: ({ input }) => ({ userId: input.userId, sessions: [], ending: null, message: null }),
  initial: 'loading',
  states: {
    loading: calling('loadSessions', {
      input: ({ context }) => ({ userId: context.userId }),
      onDone: [
        {
          guard: { type: 'readOthers', params: ({ event }) => event.output.data },
          target: 'ready.some',
          actions: assign({ sessions: ({ event }) => event.output.data }),
        },
        { target: 'ready.none', actions: assign({ sessions: ({ event }) => event.output.data }) },
      ],
      onError: tab.onError,
    }),
    ready: {
      initial: 'some',
      states: {
        /** Sessions other than the caller's own: each can be ended, or all at once. */
        some: {
          tags: ['canEnd'],
          on: {
            'sessions.end': {
              guard: 'notCurrent',
              target: '#userSessions.confirming',
              actions: assign({ ending: ({ event }) => [event.key], message: null }),
            },
            'sessions.endAll': {
              guard: 'hasOthers',
              target: '#userSessions.confirming',
              actions: assign({ ending: [], message: null }),
            },
          },
        },
        /** No session, or only the caller's own: nothing to end. */
        none: {},
      },
    },
    confirming: {
      tags: ['dialog'],
      on: {
        'sessions.confirm': 'ending',
        'sessions.cancel': { target: 'ready', actions: assign({ ending: null }) },
      },
    },
    ending: calling('endSessions', {
      input: ({ context }) => ({ userId: context.userId, keys: context.ending ?? [] }),
      // The list is read again either way: what the server says is shown above it.
      onDone: {
        target: 'loading',
        actions: assign({ ending: null, message: ({ event }) => noticeOf(event.output.status, event.output.msg) }),
      },
      // Nothing was ended: the sessions offered before are still there.
      onError: {
        target: 'ready.some',
        actions: assign({
          ending: null,
          message: ({ event }) => noticeOf(false, `No session was ended. ${failureMessage(event.error)}`),
        }),
      },
    }),
    failed: tab.failed,
  },
});
