import type { SnapshotFrom } from 'xstate';
import type { auditBrowserMachine } from './audit-log.machine';

type S = SnapshotFrom<typeof auditBrowserMachine>;

export const selectLoading = (s: S) => s.matches('loading');
export const selectFailed = (s: S) => s.matches('failed');
export const selectError = (s: S) => s.context.error;
export const selectEntries = (s: S) => s.context.entries;
export const selectNext = (s: S) => s.context.next;
export const selectQuery = (s: S) => s.context.query;
export const selectTotal = (s: S) => ({ total: s.context.total, capped: s.context.totalCapped });
/** The entry opened: its id, and whether it is on its way, shown, or could not be read. */
export const selectOpenId = (s: S) => s.context.openId;
export const selectEntryLoading = (s: S) => s.hasTag('entryBusy');
export const selectEntry = (s: S) => (s.matches({ browsing: 'open' }) ? s.context.entry : null);
export const selectEntryError = (s: S) => (s.matches({ browsing: 'entryFailed' }) ? s.context.entryError : null);
