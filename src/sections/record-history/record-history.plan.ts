// The History tab's walk: the record's entries read (or not, then tried again); an older page
// read (or not, said).
import type { HistoryItem, RecordHistoryReply } from '../../domain/audit-log';
import { doneEvent, failedEvent, type MachinePlan } from '../../workflows/plan';
import { recordHistoryMachine } from './record-history.machine';

const item = (id: number): HistoryItem => ({
  id,
  category: 'user',
  author: 'admin',
  action: 'user changed',
  origin: 'adminpanel',
  source: 'server',
  created_at: 1_764_000_000_000 - id,
  success: true,
  record: { kind: 'user', id: 7 },
  changes: [{ field: 'first_name', label: 'First name', before: 'Ada', after: 'Grace' }],
});
const first: RecordHistoryReply = { status: true, entries: [item(1), item(2)], next: { at: 1_763_000_000_000, id: 2 } };
const last: RecordHistoryReply = { status: true, entries: [item(3)], next: null };

export const recordHistoryPlan: MachinePlan<typeof recordHistoryMachine> = {
  machine: recordHistoryMachine,
  input: { kind: 'user', id: 7 },
  events: [{ type: 'list.retry' }, { type: 'history.more' }],
  outcomes: [
    { name: 'loaded', event: doneEvent('loadHistory', first) },
    { name: 'loadFailed', event: failedEvent('loadHistory') },
    { name: 'moreLoaded', event: doneEvent('loadMore', last) },
    { name: 'moreFailed', event: failedEvent('loadMore') },
  ],
  serializeState: (s) => JSON.stringify([s.value, s.context.next !== null, s.context.notice !== null]),
  // Older entries only when there are more.
  filterEvents: (s, e) => (e.type === 'history.more' ? s.context.next !== null : true),
};
