// The real services of the Reports Dashboard's machine, beside it so they load with the section.
// The overview reads its five panels at once and answers each on its own, so a panel that failed
// is said where it stands while the others show.
import { fromPromise } from 'xstate';
import { REPORT_PANELS, type ReportFilters } from '../../domain/reports';
import { fetchAnalytics, fetchDepth, fetchEvents, fetchPanel, fetchPerson } from './reports.service';
import { refusalMessage } from '../../machines/shared/failure';
import { reportsDashboardMachine } from './reports.machine';
import type { OverviewOutcome } from './reports.types';

async function fetchOverview(filters: ReportFilters): Promise<OverviewOutcome> {
  const settled = await Promise.allSettled(REPORT_PANELS.map((p) => fetchPanel(p, filters)));
  return Object.fromEntries(
    REPORT_PANELS.map((p, i) => {
      const r = settled[i]!;
      return [p, r.status === 'fulfilled' ? { charts: r.value } : { error: refusalMessage(r.reason) }];
    }),
  ) as OverviewOutcome;
}

export const liveReportsDashboardMachine = reportsDashboardMachine.provide({
  actors: {
    loadOverview: fromPromise(({ input }) => fetchOverview(input)),
    loadPanel: fromPromise(({ input }) => fetchPanel(input.panel, input.filters)),
    loadAnalytics: fromPromise(({ input }) => fetchAnalytics(input)),
    loadDepth: fromPromise(({ input }) => fetchDepth(input)),
    loadEvents: fromPromise(({ input }) => fetchEvents(input.filters, input.name, input.cursor)),
    loadPerson: fromPromise(({ input }) => fetchPerson(input.userId, input.filters)),
  },
});
