// Reports Dashboard (spec §2, §6; decision 063): a range and an organization (both in the URL)
// and the view: the Overview's five panels, read at once and each loaded or failed on its own
// (a failed one retried alone, the others kept on screen), or a sub-view its feature opens —
// Analytics and Depth (charts), Events (newest first, by name, a page at a time, and one person's
// summary). A change of range or organization reads the view on screen again.
import { assign, fromPromise, setup, type DoneActorEvent } from 'xstate';
import { REPORT_PANELS, type Chart, type ReportFilters, type ReportPanel, type ReportView } from '../../domain/reports';
import { eventCursorText } from '../../domain/events';
import { callStates } from '../../machines/shared/call-state';
import { refusalMessage } from '../../machines/shared/failure';
import { listStates } from '../../machines/shared/list-states';
import type {
  EventsInput,
  EventsReply,
  OverviewOutcome,
  PanelInput,
  PanelState,
  PersonInput,
  ReportsDashboardContext,
  ReportsDashboardEvent,
  ReportsDashboardInput,
  UserSegmentReply,
} from './reports.types';

const loadingPanels = (): Record<ReportPanel, PanelState> =>
  Object.fromEntries(
    REPORT_PANELS.map((p): [ReportPanel, PanelState] => [p, { status: 'loading', charts: [], error: null }]),
  ) as Record<ReportPanel, PanelState>;
const sameFilters = (a: ReportFilters, b: ReportFilters) =>
  a.from === b.from && a.to === b.to && (a.org?.id ?? null) === (b.org?.id ?? null);
const VIEW_STATES = {
  overview: 'overview',
  analytics: 'analytics',
  events: 'events',
  depth: 'depth',
} as const satisfies Record<ReportView, string>;

// Each view (and a person's events) reads again on Retry, leaving the failure's text to the next read.
const view = listStates<ReportsDashboardContext, ReportsDashboardEvent>()({
  retry: 'list.retry',
  retried: null,
  failure: refusalMessage,
});
const person = listStates<ReportsDashboardContext, ReportsDashboardEvent>()({
  retry: 'person.retry',
  retried: null,
  failure: refusalMessage,
});

type Context = ReportsDashboardContext;
type Event = ReportsDashboardEvent;
/** A view of charts (Analytics, Depth): read for the range and organization, then shown, or failed with Retry. */
const chartsView = (src: 'loadAnalytics' | 'loadDepth') =>
  ({
    initial: 'loading',
    states: {
      loading: {
        tags: ['busy'],
        entry: assign<Context, Event, undefined, Event, never>({ charts: [], error: null }),
        invoke: {
          id: src,
          src,
          input: ({ context }: { context: Context }) => context.filters,
          onDone: {
            target: 'loaded',
            actions: assign<Context, DoneActorEvent<Chart[]>, undefined, Event, never>({
              charts: ({ event }) => event.output,
            }),
          },
          onError: view.onError,
        },
      },
      loaded: {},
      failed: view.failed,
    },
  }) as const;

const reportsDashboardSetup = setup({
  types: {
    context: {} as ReportsDashboardContext,
    events: {} as ReportsDashboardEvent,
    input: {} as ReportsDashboardInput,
  },
  actors: {
    loadOverview: fromPromise<OverviewOutcome, ReportFilters>(() => Promise.reject(new Error('provide loadOverview'))),
    loadPanel: fromPromise<Chart[], PanelInput>(() => Promise.reject(new Error('provide loadPanel'))),
    loadAnalytics: fromPromise<Chart[], ReportFilters>(() => Promise.reject(new Error('provide loadAnalytics'))),
    loadDepth: fromPromise<Chart[], ReportFilters>(() => Promise.reject(new Error('provide loadDepth'))),
    loadEvents: fromPromise<EventsReply, EventsInput>(() => Promise.reject(new Error('provide loadEvents'))),
    loadPerson: fromPromise<UserSegmentReply, PersonInput>(() => Promise.reject(new Error('provide loadPerson'))),
  },
  guards: {
    newFilters: ({ context, event }) => event.type === 'filters.change' && !sameFilters(context.filters, event.filters),
    openView: ({ context, event }) =>
      event.type === 'view.change' && event.view !== context.view && context.allowed.includes(event.view),
    showing: ({ context }, view: ReportView) => context.view === view,
  },
});

const calling = callStates(reportsDashboardSetup);

export const reportsDashboardMachine = reportsDashboardSetup.createMachine({
  id: 'reportsDashboard',
  context: ({ input }) => ({
    filters: input.filters,
    allowed: input.allowed,
    view: input.allowed.includes(input.view) ? input.view : 'overview',
    panels: loadingPanels(),
    charts: [],
    events: { items: [], next: null, names: [], name: '', cursor: '' },
    personId: null,
    person: null,
    error: null,
  }),
  initial: 'choosing',
  on: {
    'filters.change': {
      guard: 'newFilters',
      target: '.choosing',
      actions: assign(({ event }) => ({
        filters: event.filters,
        events: { items: [], next: null, names: [], name: '', cursor: '' },
      })),
    },
    'view.change': { guard: 'openView', target: '.choosing', actions: assign(({ event }) => ({ view: event.view })) },
  },
  states: {
    /** The view on screen, read afresh. */
    choosing: {
      always: (['analytics', 'events', 'depth', 'overview'] as const).map((v) => ({
        guard: { type: 'showing' as const, params: v },
        target: VIEW_STATES[v],
      })),
    },
    overview: {
      initial: 'loading',
      states: {
        loading: {
          tags: ['busy'],
          entry: assign({ panels: loadingPanels }),
          invoke: {
            id: 'loadOverview',
            src: 'loadOverview',
            input: ({ context }) => context.filters,
            onDone: {
              target: 'ready',
              actions: assign({
                panels: ({ event }) =>
                  Object.fromEntries(
                    REPORT_PANELS.map((p) => {
                      const r = event.output[p];
                      return [
                        p,
                        'charts' in r
                          ? { status: 'loaded', charts: r.charts, error: null }
                          : { status: 'failed', charts: [], error: r.error },
                      ];
                    }),
                  ) as Record<ReportPanel, PanelState>,
              }),
            },
          },
        },
        ready: {
          on: {
            'panel.retry': {
              target: 'reloading',
              actions: assign(({ context, event }) => ({
                panels: { ...context.panels, [event.panel]: { status: 'loading', charts: [], error: null } },
              })),
            },
          },
        },
        reloading: calling('loadPanel', {
          input: ({ context }) => ({
            panel: REPORT_PANELS.find((p) => context.panels[p].status === 'loading')!,
            filters: context.filters,
          }),
          onDone: {
            target: 'ready',
            actions: assign(({ context, event }) => {
              const panel = REPORT_PANELS.find((p) => context.panels[p].status === 'loading')!;
              return {
                panels: { ...context.panels, [panel]: { status: 'loaded', charts: event.output, error: null } },
              };
            }),
          },
          onError: {
            target: 'ready',
            actions: assign(({ context, event }) => {
              const panel = REPORT_PANELS.find((p) => context.panels[p].status === 'loading')!;
              return {
                panels: {
                  ...context.panels,
                  [panel]: { status: 'failed', charts: [], error: refusalMessage(event.error) },
                },
              };
            }),
          },
        }),
      },
    },
    analytics: chartsView('loadAnalytics'),
    depth: chartsView('loadDepth'),
    events: {
      initial: 'loading',
      states: {
        loading: {
          tags: ['busy'],
          entry: assign({ error: null }),
          invoke: {
            id: 'loadEvents',
            src: 'loadEvents',
            input: ({ context }) => ({
              filters: context.filters,
              name: context.events.name,
              cursor: context.events.cursor,
            }),
            onDone: {
              target: 'loaded',
              actions: assign(({ context, event }) => ({
                events: {
                  ...context.events,
                  items: event.output.events,
                  next: event.output.next,
                  names: event.output.names,
                },
              })),
            },
            onError: view.onError,
          },
        },
        failed: view.failed,
        loaded: {
          on: {
            'events.name': {
              target: 'loading',
              actions: assign(({ context, event }) => ({
                events: { ...context.events, name: event.name, cursor: '' },
              })),
            },
            'events.next': {
              guard: ({ context }) => context.events.next !== null,
              target: 'loading',
              actions: assign(({ context }) => ({
                events: { ...context.events, cursor: eventCursorText(context.events.next!) },
              })),
            },
            'events.first': {
              guard: ({ context }) => context.events.cursor !== '',
              target: 'loading',
              actions: assign(({ context }) => ({ events: { ...context.events, cursor: '' } })),
            },
            'person.open': {
              target: 'person',
              actions: assign(({ event }) => ({ personId: event.userId, person: null })),
            },
          },
        },
        person: {
          initial: 'loading',
          on: { 'person.close': { target: 'loaded', actions: assign({ personId: null, person: null }) } },
          states: {
            loading: calling('loadPerson', {
              input: ({ context }) => ({ filters: context.filters, userId: context.personId! }),
              onDone: { target: 'shown', actions: assign({ person: ({ event }) => event.output, error: null }) },
              onError: person.onError,
            }),
            shown: {},
            failed: person.failed,
          },
        },
      },
    },
  },
});
