import type { SnapshotFrom } from 'xstate';
import type { redirectMachine } from './redirect.machine';

type S = SnapshotFrom<typeof redirectMachine>;
export const selectBusy = (s: S) => s.hasTag('busy');
export const selectSignedIn = (s: S) => s.hasTag('done');
export const selectError = (s: S) => (s.hasTag('failed') ? s.context.error : null);
