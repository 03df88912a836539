import type { SnapshotFrom } from 'xstate';
import type { recordHistoryMachine } from './record-history.machine';

type S = SnapshotFrom<typeof recordHistoryMachine>;

export const selectLoading = (s: S) => s.matches('loading');
export const selectFailed = (s: S) => s.matches('failed');
export const selectLoadingMore = (s: S) => s.matches('loadingMore');
export const selectError = (s: S) => s.context.error;
export const selectEntries = (s: S) => s.context.entries;
export const selectNext = (s: S) => s.context.next;
export const selectNotice = (s: S) => s.context.notice;
