import type { SnapshotFrom } from 'xstate';
import type { orgChangeMachine } from './org-change.machine';

type S = SnapshotFrom<typeof orgChangeMachine>;

export const selectOpen = (s: S) => s.hasTag('open');
export const selectWarning = (s: S) => s.matches('warning');
export const selectConfirming = (s: S) => s.matches('confirming');
export const selectPrevious = (s: S) => s.context.previous;
export const selectNext = (s: S) => s.context.next;
