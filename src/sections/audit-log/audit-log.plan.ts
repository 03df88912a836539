// The Audit Log's walk. A page of entries is read (or not); the search is narrowed to one category
// and paged; an entry is opened (its change shown, or not read and tried again) and put away.
import type { AuditEntryReply, AuditListItem, AuditListReply } from '../../domain/audit-log';
import { doneEvent, failedEvent, type MachinePlan } from '../../workflows/plan';
import { auditBrowserMachine } from './audit-log.machine';
import type { AuditQuery } from './audit-log.types';

const item = (id: number): AuditListItem => ({
  id,
  category: 'user',
  author: 'admin',
  action: `user changed: ada (#${id})`,
  origin: 'adminpanel',
  source: 'server',
  created_at: 1_764_000_000_000 - id,
  success: true,
  record: { kind: 'user', id },
});
const page: AuditListReply = {
  status: true,
  entries: [item(1), item(2)],
  next: { at: 1_763_000_000_000, id: 2 },
  total: 1001,
  total_capped: true,
};
const entry: AuditEntryReply = {
  status: true,
  entry: item(1),
  changes: [{ field: 'first_name', label: 'First name', before: 'Ada', after: 'Grace' }],
};
export const EMPTY_AUDIT_QUERY: AuditQuery = {
  category: '',
  author: '',
  record_kind: '',
  record_id: '',
  action: '',
  from: '',
  to: '',
  result: 'both',
  cursor: '',
};

export const auditBrowserPlan: MachinePlan<typeof auditBrowserMachine> = {
  machine: auditBrowserMachine,
  input: { query: EMPTY_AUDIT_QUERY },
  events: [
    { type: 'list.retry' },
    { type: 'query.set', query: { ...EMPTY_AUDIT_QUERY, category: 'user' } },
    { type: 'query.set', query: { ...EMPTY_AUDIT_QUERY, cursor: 'next' } },
    { type: 'entry.open', id: 1 },
    { type: 'entry.retry' },
    { type: 'entry.close' },
  ],
  outcomes: [
    { name: 'loaded', event: doneEvent('loadPage', page) },
    { name: 'loadFailed', event: failedEvent('loadPage') },
    { name: 'entryLoaded', event: doneEvent('loadEntry', entry) },
    { name: 'entryFailed', event: failedEvent('loadEntry') },
  ],
  serializeState: (s) => JSON.stringify([s.value, s.context.query.category, s.context.query.cursor !== '']),
  // What a person can press: with no entry open (its dialog covers the page), a category other than
  // the one shown, a next page when there is one, and an entry of the page.
  filterEvents: (s, e) => {
    const c = s.context;
    switch (e.type) {
      case 'query.set':
        return (
          s.matches({ browsing: 'closed' }) &&
          (e['query'].cursor === 'next'
            ? c.next !== null && c.query.cursor === ''
            : c.query.category !== e['query'].category)
        );
      case 'entry.open':
        return s.matches({ browsing: 'closed' }) && c.entries.length > 0;
      default:
        return true;
    }
  },
};
