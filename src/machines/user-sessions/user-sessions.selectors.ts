// What the Sessions tab reads from its machine.
import type { SnapshotFrom } from 'xstate';
import type { userSessionsMachine } from './user-sessions.machine';

type S = SnapshotFrom<typeof userSessionsMachine>;

export const selectSessions = (s: S) => s.context.sessions;
export const selectLoading = (s: S) => s.matches('loading');
export const selectFailed = (s: S) => s.matches('failed');
export const selectReady = (s: S) => s.matches('ready');
/** The sessions the open confirmation names (empty: all of them); null while none is open. */
export const selectEnding = (s: S) => (s.matches('confirming') || s.matches('ending') ? s.context.ending : null);
export const selectEndingBusy = (s: S) => s.matches('ending');
export const selectMessage = (s: S) => s.context.message;
