import type { SnapshotFrom } from 'xstate';
import type { linkoutMachine } from './linkout.machine';

type S = SnapshotFrom<typeof linkoutMachine>;
export const selectOpening = (s: S) => s.hasTag('busy');
