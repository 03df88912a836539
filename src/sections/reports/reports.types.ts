// Reports Dashboard's machine: what it holds and hears (decision 063).
import type { EventCursor, EventItem, EventsReply, UserSegmentReply } from '../../domain/events';
import type { Chart, ReportFilters, ReportPanel, ReportView } from '../../domain/reports';
import type { BareEvent } from '../../machines/shared/bare-event.types';

export interface PanelState {
  status: 'loading' | 'loaded' | 'failed';
  charts: Chart[];
  error: string | null;
}

/** The overview's answer: each panel loaded or failed on its own. */
export type OverviewOutcome = Record<ReportPanel, { charts: Chart[] } | { error: string }>;

export interface EventsList {
  items: EventItem[];
  next: EventCursor | null;
  names: string[];
  /** The name the list is narrowed to ('' for every event). */
  name: string;
  /** The page's cursor ('' for the first page). */
  cursor: string;
}

export interface ReportsDashboardContext {
  filters: ReportFilters;
  view: ReportView;
  /** The views this session's features open. */
  allowed: ReportView[];
  panels: Record<ReportPanel, PanelState>;
  /** The charts of Analytics or Depth. */
  charts: Chart[];
  events: EventsList;
  personId: number | null;
  person: UserSegmentReply | null;
  error: string | null;
}

export interface ReportsDashboardInput {
  filters: ReportFilters;
  view: ReportView;
  allowed: ReportView[];
}

export type ReportsDashboardEvent =
  | BareEvent<'list.retry' | 'events.next' | 'events.first' | 'person.retry' | 'person.close'>
  | { type: 'filters.change'; filters: ReportFilters }
  | { type: 'view.change'; view: ReportView }
  | { type: 'panel.retry'; panel: ReportPanel }
  | { type: 'events.name'; name: string }
  | { type: 'person.open'; userId: number };

export interface PanelInput {
  panel: ReportPanel;
  filters: ReportFilters;
}
export interface EventsInput {
  filters: ReportFilters;
  name: string;
  cursor: string;
}
export interface PersonInput {
  filters: ReportFilters;
  userId: number;
}
export type { EventsReply, UserSegmentReply };
