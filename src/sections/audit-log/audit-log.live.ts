// The real services of the Audit Log's machine, beside it so they load with the section.
import { fromPromise } from 'xstate';
import { fetchAuditEntry, fetchAuditPage } from './audit-log.service';
import { auditBrowserMachine } from './audit-log.machine';

export const liveAuditBrowserMachine = auditBrowserMachine.provide({
  actors: {
    loadPage: fromPromise(({ input }) => fetchAuditPage({ ...input })),
    loadEntry: fromPromise(({ input }) => fetchAuditEntry(input.id)),
  },
});
