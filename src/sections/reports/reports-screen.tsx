// /reports_dashboard (spec §2; decision 063): the range and organization (kept in the URL, so
// Reload and Back return to them), the views this session's features open, and each view's charts
// with a table and a CSV download each. Thin: everything comes from the machine's selectors.
import { Box, Button, Callout, Flex, Grid, Heading, Tabs, Text, TextField } from '@radix-ui/themes';
import { useSelector } from '@xstate/react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { eventSourceLabel } from '../../domain/events';
import {
  DAY_MS,
  PLATFORM_WIDE_PANELS,
  REPORT_PANEL_TITLES,
  REPORT_PANELS,
  REPORT_VIEW_LABELS,
  rangeProblem,
  type ReportFilters,
  type ReportView,
} from '../../domain/reports';
import { liveReportsDashboardMachine } from './reports.live';
import {
  selectAllowed,
  selectBusy,
  selectCharts,
  selectError,
  selectEvents,
  selectFilters,
  selectPanels,
  selectPerson,
  selectPersonFailed,
  selectPersonOpen,
  selectView,
  selectViewFailed,
  selectViewLoading,
} from './reports.selectors';
import { selectFeatures } from '../../machines/session/session.selectors';
import { useConsole, useInspect } from '../../ui/console-context';
import { OrgPicker } from '../organizations/org-picker';
import { ChartCard } from './chart-card';
import { ReportsCtx } from './reports-context';
import { Pager } from '../../ui/shared/pager';
import { timeText, isoDayOf, isoDayText } from '../../domain/format';
import { RetryCallout } from '../../ui/shared/retry-callout';
import { SectionPage } from '../../ui/shared/section-page';
import { HIDDEN } from '../../ui/shared/visually-hidden';

/** The feature each sub-view needs (the overview needs the section's own). */
const VIEW_FEATURES: Record<Exclude<ReportView, 'overview'>, string> = {
  analytics: 'analytics_tab',
  events: 'segmentio_tab',
  depth: 'depth_analytics',
};
export const allowedViews = (features: readonly string[]): ReportView[] => [
  'overview',
  ...(Object.keys(VIEW_FEATURES) as (keyof typeof VIEW_FEATURES)[]).filter((v) => features.includes(VIEW_FEATURES[v])),
];

/** What the URL holds. */
export interface ReportsSearch {
  filters: ReportFilters;
  view: ReportView;
}
export interface ReportsScreenProps {
  search: ReportsSearch;
  onSearch(next: ReportsSearch): void;
  probe?: ReactNode;
}

const sameSearch = (a: ReportsSearch, b: ReportsSearch) =>
  a.view === b.view &&
  a.filters.from === b.filters.from &&
  a.filters.to === b.filters.to &&
  (a.filters.org?.id ?? null) === (b.filters.org?.id ?? null);

export function ReportsScreen({ search, onSearch, probe }: ReportsScreenProps) {
  const { session } = useConsole();
  const features = useSelector(session, selectFeatures);
  const [input] = useState(() => ({ filters: search.filters, view: search.view, allowed: allowedViews(features) }));
  return (
    <ReportsCtx.Provider logic={liveReportsDashboardMachine} options={{ input, inspect: useInspect() }}>
      {probe}
      <UrlSync search={search} onSearch={onSearch} />
      <ReportsView />
    </ReportsCtx.Provider>
  );
}

/** Keeps the URL and the machine together: a change made on screen goes to the URL; Back or a typed URL goes to the machine. */
function UrlSync({ search, onSearch }: Pick<ReportsScreenProps, 'search' | 'onSearch'>) {
  const actor = ReportsCtx.useActorRef();
  const filters = ReportsCtx.useSelector(selectFilters);
  const view = ReportsCtx.useSelector(selectView);
  const lastUrl = useRef(search);
  useEffect(() => {
    const fromMachine = { filters, view };
    if (!sameSearch(search, lastUrl.current)) {
      lastUrl.current = search;
      if (!sameSearch(search, fromMachine)) {
        actor.send({ type: 'filters.change', filters: search.filters });
        actor.send({ type: 'view.change', view: search.view });
      }
    } else if (!sameSearch(search, fromMachine)) {
      lastUrl.current = fromMachine;
      onSearch(fromMachine);
    }
  }, [actor, search, filters, view, onSearch]);
  return null;
}

const PRESETS = [
  { label: 'Last 7 days', days: 7 },
  { label: 'Last 30 days', days: 30 },
  { label: 'Last 90 days', days: 90 },
  { label: 'Last 12 months', days: 365 },
];

function FilterBar() {
  const actor = ReportsCtx.useActorRef();
  const filters = ReportsCtx.useSelector(selectFilters);
  const [from, setFrom] = useState(filters.from);
  const [to, setTo] = useState(filters.to);
  useEffect(() => {
    setFrom(filters.from);
    setTo(filters.to);
  }, [filters.from, filters.to]);
  const problem = from === '' || to === '' ? 'Choose both dates.' : rangeProblem(from, to);
  const change = (next: Partial<ReportFilters>) =>
    actor.send({ type: 'filters.change', filters: { ...filters, ...next } });
  const preset = (days: number) => {
    const now = Date.now();
    change({ from: isoDayOf(now - (days - 1) * DAY_MS), to: isoDayOf(now) });
  };
  const changed = from !== filters.from || to !== filters.to;
  return (
    <Flex direction="column" gap="2">
      <Flex gap="2" wrap="wrap" role="group" aria-label="Range">
        {PRESETS.map((p) => (
          <Button key={p.days} size="1" variant="soft" color="gray" onClick={() => preset(p.days)}>
            {p.label}
          </Button>
        ))}
      </Flex>
      <Flex gap="3" align="end" wrap="wrap">
        <Box>
          <Text as="label" size="1" htmlFor="reports-from">
            From
          </Text>
          <TextField.Root id="reports-from" type="date" value={from} onChange={(e) => setFrom(e.target.value)} />
        </Box>
        <Box>
          <Text as="label" size="1" htmlFor="reports-to">
            To
          </Text>
          <TextField.Root
            id="reports-to"
            type="date"
            value={to}
            onChange={(e) => setTo(e.target.value)}
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? 'reports-to-error' : undefined}
          />
        </Box>
        <Button disabled={!changed || problem !== null} onClick={() => change({ from, to })}>
          Apply dates
        </Button>
        <Box minWidth="260px">
          <OrgPicker
            value={filters.org ? { title: filters.org.name, org_id: filters.org.id, salesforceId: null } : null}
            onChange={(pick) => change({ org: pick ? { id: pick.org_id, name: pick.title } : null })}
          />
        </Box>
      </Flex>
      {problem && changed && (
        <Text id="reports-to-error" size="1" color="red">
          {problem}
        </Text>
      )}
      <Text size="1" color="gray" aria-label="Showing">
        {`${isoDayText(filters.from)} to ${isoDayText(filters.to)} (UTC), ${filters.org ? filters.org.name : 'every organization'}`}
      </Text>
    </Flex>
  );
}

function Overview() {
  const actor = ReportsCtx.useActorRef();
  const panels = ReportsCtx.useSelector(selectPanels);
  const filters = ReportsCtx.useSelector(selectFilters);
  const busy = ReportsCtx.useSelector(selectBusy);
  return (
    <Flex direction="column" gap="5">
      {REPORT_PANELS.map((p) => {
        const panel = panels[p];
        return (
          <Box asChild key={p}>
            <section aria-label={REPORT_PANEL_TITLES[p]} aria-busy={panel.status === 'loading'}>
              <Heading as="h3" size="3" mb="2">
                {REPORT_PANEL_TITLES[p]}
              </Heading>
              {PLATFORM_WIDE_PANELS.includes(p) && filters.org && (
                <Text as="p" size="1" color="gray" mb="2">
                  Across the platform: staff work is not counted per organization.
                </Text>
              )}
              {panel.status === 'loading' && (
                <Text size="2" color="gray" role="status">
                  Loading {REPORT_PANEL_TITLES[p].toLowerCase()}…
                </Text>
              )}
              {panel.status === 'failed' && (
                <Callout.Root color="red" role="alert" aria-label={`${REPORT_PANEL_TITLES[p]} failed`}>
                  <Callout.Text>
                    {REPORT_PANEL_TITLES[p]} could not be loaded. {panel.error}{' '}
                    <Button
                      size="1"
                      variant="soft"
                      color="red"
                      disabled={busy}
                      onClick={() => actor.send({ type: 'panel.retry', panel: p })}
                    >
                      Retry
                    </Button>
                  </Callout.Text>
                </Callout.Root>
              )}
              {panel.status === 'loaded' && (
                <Grid columns={{ initial: '1', md: '2' }} gap="3">
                  {panel.charts.map((c) => (
                    <ChartCard key={c.id} chart={c} range={filters} />
                  ))}
                </Grid>
              )}
            </section>
          </Box>
        );
      })}
    </Flex>
  );
}

function Failure({ what, retry }: { what: string; retry: () => void }) {
  const error = ReportsCtx.useSelector(selectError);
  return <RetryCallout lead={`${what} could not be loaded.`} error={error} onRetry={retry} />;
}

function ChartsView({ what }: { what: string }) {
  const actor = ReportsCtx.useActorRef();
  const charts = ReportsCtx.useSelector(selectCharts);
  const filters = ReportsCtx.useSelector(selectFilters);
  const failed = ReportsCtx.useSelector(selectViewFailed);
  const loading = ReportsCtx.useSelector(selectViewLoading);
  if (failed) return <Failure what={what} retry={() => actor.send({ type: 'list.retry' })} />;
  if (loading)
    return (
      <Text size="2" color="gray" role="status">
        Loading {what.toLowerCase()}…
      </Text>
    );
  return (
    <Grid columns={{ initial: '1', md: '2' }} gap="3">
      {/* The charts' headings are h4, under the view's h3 as on the overview's panels. */}
      <Heading as="h3" style={HIDDEN}>
        {what}
      </Heading>
      {charts.map((c) => (
        <ChartCard key={c.id} chart={c} range={filters} />
      ))}
    </Grid>
  );
}

function Person() {
  const actor = ReportsCtx.useActorRef();
  const person = ReportsCtx.useSelector(selectPerson);
  const failed = ReportsCtx.useSelector(selectPersonFailed);
  const filters = ReportsCtx.useSelector(selectFilters);
  return (
    <Box asChild>
      <section aria-label="Person">
        <Flex justify="between" align="center" mb="2">
          <Heading as="h3" size="3">
            {person ? `${person.user.name || person.user.username} (${person.user.email})` : 'Person'}
          </Heading>
          <Button size="1" variant="soft" color="gray" onClick={() => actor.send({ type: 'person.close' })}>
            Back to events
          </Button>
        </Flex>
        {failed && <Failure what="This person's events" retry={() => actor.send({ type: 'person.retry' })} />}
        {!failed && !person && (
          <Text size="2" color="gray" role="status">
            Loading this person's events…
          </Text>
        )}
        {person && (
          <Flex direction="column" gap="3">
            <Text size="2">
              {person.first_seen === null
                ? 'No events recorded.'
                : `First seen ${timeText(person.first_seen)}, last seen ${timeText(person.last_seen!)}`}
            </Text>
            {person.charts.map((c) => (
              <ChartCard key={c.id} chart={c} range={filters} />
            ))}
          </Flex>
        )}
      </section>
    </Box>
  );
}

function EventsView() {
  const actor = ReportsCtx.useActorRef();
  const events = ReportsCtx.useSelector(selectEvents);
  const failed = ReportsCtx.useSelector(selectViewFailed);
  const loading = ReportsCtx.useSelector(selectViewLoading);
  const personOpen = ReportsCtx.useSelector(selectPersonOpen);
  if (personOpen) return <Person />;
  if (failed) return <Failure what="Events" retry={() => actor.send({ type: 'list.retry' })} />;
  return (
    <Flex direction="column" gap="3">
      <Flex gap="2" wrap="wrap" role="group" aria-label="Event name">
        <Button
          size="1"
          variant={events.name === '' ? 'solid' : 'soft'}
          aria-pressed={events.name === ''}
          disabled={loading}
          onClick={() => events.name !== '' && actor.send({ type: 'events.name', name: '' })}
        >
          Every event
        </Button>
        {events.names.slice(0, 12).map((n) => (
          <Button
            key={n}
            size="1"
            variant={events.name === n ? 'solid' : 'soft'}
            aria-pressed={events.name === n}
            disabled={loading}
            onClick={() => events.name !== n && actor.send({ type: 'events.name', name: n })}
          >
            {n}
          </Button>
        ))}
      </Flex>
      {loading && (
        <Text size="2" color="gray" role="status">
          Loading events…
        </Text>
      )}
      {!loading && events.items.length === 0 && (
        <Text size="2" color="gray">
          No events in this range.
        </Text>
      )}
      {!loading && events.items.length > 0 && (
        <Box asChild>
          <table aria-label="Events" style={{ borderCollapse: 'collapse', width: '100%', fontSize: 13 }}>
            <thead>
              <tr>
                {['When', 'Event', 'Who', 'Organization', 'Source'].map((h) => (
                  <th key={h} style={{ textAlign: 'left', padding: 4 }}>
                    {h}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {events.items.map((e) => (
                <tr key={e.id} style={{ borderTop: '1px solid var(--gray-5)' }}>
                  <td style={{ padding: 4 }}>{timeText(e.occurred_at)}</td>
                  <td style={{ padding: 4 }}>{e.name}</td>
                  <td style={{ padding: 4 }}>
                    {e.user ? (
                      <Button
                        size="1"
                        variant="ghost"
                        onClick={() => actor.send({ type: 'person.open', userId: e.user!.id })}
                      >
                        {e.user.username}
                      </Button>
                    ) : (
                      (e.actor ?? '—')
                    )}
                  </td>
                  <td style={{ padding: 4 }}>{e.organization?.name ?? '—'}</td>
                  <td style={{ padding: 4 }}>{eventSourceLabel(e.source)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </Box>
      )}
      <Pager
        size="1"
        busy={loading}
        first={{ go: () => actor.send({ type: 'events.first' }), disabled: events.cursor === '' }}
        next={{ go: () => actor.send({ type: 'events.next' }), disabled: events.next === null }}
      />
    </Flex>
  );
}

export function ReportsView() {
  const actor = ReportsCtx.useActorRef();
  const view = ReportsCtx.useSelector(selectView);
  const allowed = ReportsCtx.useSelector(selectAllowed);
  const shown = (
    <>
      {view === 'overview' && <Overview />}
      {view === 'analytics' && <ChartsView what="Analytics" />}
      {view === 'depth' && <ChartsView what="Depth" />}
      {view === 'events' && <EventsView />}
    </>
  );
  return (
    <SectionPage title="Reports Dashboard">
      <FilterBar />
      {allowed.length > 1 ? (
        // Each tab controls a panel on the page (hidden and empty while another view shows), as its aria-controls says.
        <Tabs.Root value={view} onValueChange={(v) => actor.send({ type: 'view.change', view: v as ReportView })}>
          <Tabs.List aria-label="Reports">
            {allowed.map((v) => (
              <Tabs.Trigger key={v} value={v}>
                {REPORT_VIEW_LABELS[v]}
              </Tabs.Trigger>
            ))}
          </Tabs.List>
          {allowed.map((v) => (
            <Tabs.Content key={v} value={v}>
              <Box pt="4">{shown}</Box>
            </Tabs.Content>
          ))}
        </Tabs.Root>
      ) : (
        shown
      )}
    </SectionPage>
  );
}
