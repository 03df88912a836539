// The real services of the Sessions tab's machine; the edit page's live machine runs it.
import { fromPromise } from 'xstate';
import { getUserSessions, killUserSessions } from './user-edit.service';
import { userSessionsMachine } from './user-sessions.machine';

export const liveUserSessionsMachine = userSessionsMachine.provide({
  actors: {
    loadSessions: fromPromise(({ input }) => getUserSessions(input.userId)),
    endSessions: fromPromise(({ input }) => killUserSessions(input.userId, input.keys)),
  },
});
