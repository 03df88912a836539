import type { SnapshotFrom } from 'xstate';
import type { emailChangeMachine } from './email-change.machine';

type S = SnapshotFrom<typeof emailChangeMachine>;

export const selectOpen = (s: S) => s.hasTag('open');
export const selectAsking = (s: S) => s.matches('asking');
export const selectWarning = (s: S) => s.hasTag('warning');
export const selectEntitlementsLost = (s: S) => s.hasTag('entitlementsLost');
export const selectAddresses = (s: S) => s.context;
