// What the Reports Dashboard's view reads from its machine.
import type { SnapshotFrom } from 'xstate';
import type { reportsDashboardMachine } from './reports.machine';

type S = SnapshotFrom<typeof reportsDashboardMachine>;

export const selectFilters = (s: S) => s.context.filters;
export const selectView = (s: S) => s.context.view;
export const selectAllowed = (s: S) => s.context.allowed;
export const selectPanels = (s: S) => s.context.panels;
export const selectBusy = (s: S) => s.hasTag('busy');
export const selectCharts = (s: S) => s.context.charts;
export const selectError = (s: S) => s.context.error;
export const selectViewFailed = (s: S) =>
  s.matches({ analytics: 'failed' }) || s.matches({ depth: 'failed' }) || s.matches({ events: 'failed' });
export const selectViewLoading = (s: S) =>
  s.matches({ analytics: 'loading' }) || s.matches({ depth: 'loading' }) || s.matches({ events: 'loading' });
export const selectEvents = (s: S) => s.context.events;
export const selectPersonOpen = (s: S) => s.matches({ events: 'person' });
export const selectPerson = (s: S) => s.context.person;
export const selectPersonFailed = (s: S) => s.matches({ events: { person: 'failed' } });
