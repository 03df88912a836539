// Reports Dashboard's walk. The overview's panels are read (each loaded, or every one failed and
// then one retried: loaded or failed again); the range and the organization change; the views the
// features open are chosen: Analytics and Depth (loaded or failed, retried), Events (by name, the
// next page and back to the first, one person's summary loaded or failed, retried, closed).
import type { EventItem } from '../../domain/events';
import { REPORT_PANELS, type Chart, type ReportFilters } from '../../domain/reports';
import { doneEvent, failedEvent, type MachinePlan } from '../../workflows/plan';
import { reportsDashboardMachine } from './reports.machine';
import type { OverviewOutcome } from './reports.types';

const chart: Chart = {
  id: 'users-by-type',
  title: 'Users by type',
  axis: 'category',
  label: 'User type',
  series: ['Users'],
  rows: [{ label: 'Trial', values: [3] }],
};
const event = (id: number): EventItem => ({
  id,
  name: 'Report opened',
  source: 'platform',
  user: { id: 1, username: 'reader', email: 'reader@example.com' },
  organization: null,
  actor: 'reader',
  occurred_at: 1_764_000_000_000 - id,
});
const all = (r: OverviewOutcome[keyof OverviewOutcome]) =>
  Object.fromEntries(REPORT_PANELS.map((p) => [p, r])) as OverviewOutcome;

export const PLAN_FILTERS: ReportFilters = { from: '2026-10-30', to: '2026-11-28', org: null };
const WEEK: ReportFilters = { from: '2026-11-22', to: '2026-11-28', org: null };
const ORG: ReportFilters = { ...PLAN_FILTERS, org: { id: 1, name: 'Harbor Capital' } };

export const reportsDashboardPlan: MachinePlan<typeof reportsDashboardMachine> = {
  machine: reportsDashboardMachine,
  input: { filters: PLAN_FILTERS, view: 'overview', allowed: ['overview', 'analytics', 'events', 'depth'] },
  events: [
    { type: 'filters.change', filters: WEEK },
    { type: 'filters.change', filters: ORG },
    { type: 'view.change', view: 'analytics' },
    { type: 'view.change', view: 'events' },
    { type: 'view.change', view: 'depth' },
    { type: 'view.change', view: 'overview' },
    { type: 'panel.retry', panel: 'profile' },
    { type: 'list.retry' },
    { type: 'events.name', name: 'Report opened' },
    { type: 'events.next' },
    { type: 'events.first' },
    { type: 'person.open', userId: 1 },
    { type: 'person.retry' },
    { type: 'person.close' },
  ],
  outcomes: [
    { name: 'overviewLoaded', event: doneEvent('loadOverview', all({ charts: [chart] })) },
    { name: 'overviewFailed', event: doneEvent('loadOverview', all({ error: 'Error: no response from the server' })) },
    { name: 'panelLoaded', event: doneEvent('loadPanel', [chart]) },
    { name: 'panelFailed', event: failedEvent('loadPanel') },
    { name: 'analyticsLoaded', event: doneEvent('loadAnalytics', [chart]) },
    { name: 'analyticsFailed', event: failedEvent('loadAnalytics') },
    { name: 'depthLoaded', event: doneEvent('loadDepth', [chart]) },
    { name: 'depthFailed', event: failedEvent('loadDepth') },
    {
      name: 'eventsLoaded',
      event: doneEvent('loadEvents', {
        status: true,
        events: [event(1), event(2)],
        next: { at: 1_763_000_000_000, id: 2 },
        names: ['Report opened', 'Signed in'],
      }),
    },
    { name: 'eventsFailed', event: failedEvent('loadEvents') },
    {
      name: 'personLoaded',
      event: doneEvent('loadPerson', {
        status: true,
        user: { id: 1, username: 'reader', email: 'reader@example.com', name: 'Rae Reader' },
        first_seen: 1,
        last_seen: 2,
        charts: [chart],
        recent: [event(1)],
      }),
    },
    { name: 'personFailed', event: failedEvent('loadPerson') },
  ],
  serializeState: (s) =>
    JSON.stringify([
      s.value,
      s.matches('overview') && REPORT_PANELS.some((p) => s.context.panels[p].status === 'failed'),
      s.matches('events') ? [s.context.events.name, s.context.events.cursor !== ''] : null,
      s.context.filters.from === PLAN_FILTERS.from,
      s.context.filters.org !== null,
    ]),
  // Bounded to what reaches every state and transition: the views are opened from the overview and
  // left from Analytics; the range changes on the overview and Analytics, the organization on the
  // overview; a failed panel is retried; the next page once, the first page from it.
  filterEvents: (s, e) => {
    const c = s.context;
    const first = c.filters.from === PLAN_FILTERS.from && c.filters.org === null;
    switch (e.type) {
      case 'filters.change':
        return e['filters'].org === null
          ? first && (s.matches({ overview: 'ready' }) || s.matches({ analytics: 'loaded' }))
          : first && s.matches({ overview: 'ready' });
      case 'view.change':
        return (
          first &&
          (e['view'] === 'overview'
            ? s.matches({ analytics: 'loaded' })
            : s.matches({ overview: 'ready' }) && !REPORT_PANELS.some((p) => c.panels[p].status === 'failed'))
        );
      case 'panel.retry':
        return c.panels.profile.status === 'failed';
      case 'events.next':
        return c.events.cursor === '' && c.events.name === '';
      case 'events.name':
        return c.events.cursor === '' && c.events.name === '';
      case 'person.open':
        return c.events.cursor === '' && c.events.name === '';
      default:
        return true;
    }
  },
};
