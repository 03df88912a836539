import type { SnapshotFrom } from 'xstate';
import type { chunkMachine } from './chunk.machine';

type S = SnapshotFrom<typeof chunkMachine>;
export const selectTimedOut = (s: S) => s.hasTag('failed');
