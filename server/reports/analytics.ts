// The Analytics and Depth views (decision 063), read from the event store's day rollup (event_days,
// migration 036: a year is 365 rows): events per day by name and in total for a range and
// organization; one person's from their own counters (event_person_days, migration 031); how many
// people were active each day and how many events each of them made on average.
import type { Chart } from '../../src/domain/reports';
import { addTo, categoryChart, timeChart, type Count, type Db } from './counters';
import { namedCounts, readEventDays } from './rollups';
import type { ReportScope } from './dashboard';

/** Names drawn as their own series; the rest are summed as 'Other events'. */
export const NAMED_SERIES = 6;
const OTHER = 'Other events';

function eventCharts(counts: readonly Count[], s: ReportScope, who: string): Chart[] {
  const totals = new Map<string, number>();
  for (const c of counts) addTo(totals, c.key, c.n);
  const ranked = [...totals].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([k]) => k);
  const named = ranked.slice(0, NAMED_SERIES);
  const series = ranked.length > NAMED_SERIES ? [...named, OTHER] : named;
  return [
    timeChart(
      { id: 'events-per-day', title: 'Events per day', series, note: `Events ${who} each day (UTC), by name.` },
      'day',
      s.start,
      s.end,
      counts,
      (k) => (named.includes(k) ? k : OTHER),
    ),
    categoryChart(
      { id: 'events-by-name', title: 'Events by name', label: 'Event', note: `Events ${who} in the range.` },
      'Events',
      totals,
    ),
  ];
}

export async function analyticsCharts(db: Db, s: ReportScope, userId: number | null): Promise<Chart[]> {
  if (userId === null)
    return eventCharts(
      namedCounts(await readEventDays(db, s.org, s.start, s.end)),
      s,
      s.org ? 'of the organization' : 'on the platform',
    );
  const rows = await db
    .selectFrom('event_person_days')
    .select(['day', 'name', 'n'])
    .where('user_id', '=', userId)
    .where('day', '>=', s.start)
    .where('day', '<', s.end)
    .where('n', '<>', 0)
    .execute();
  return eventCharts(
    rows.map((r) => ({ bucket: Number(r.day), key: r.name, n: Number(r.n) })),
    s,
    'of this person',
  );
}

export async function depthCharts(db: Db, s: ReportScope): Promise<Chart[]> {
  const days = (await readEventDays(db, s.org, s.start, s.end)).filter((d) => d.people !== 0);
  const active: Count[] = days.map((d) => ({ bucket: d.day, key: '', n: d.people }));
  const depth: Count[] = days.map((d) => ({
    bucket: d.day,
    key: '',
    n: Math.round((d.events / d.people) * 10) / 10,
  }));
  return [
    timeChart(
      {
        id: 'active-people-per-day',
        title: 'Active people per day',
        series: ['People'],
        note: 'People with at least one event that day (UTC).',
        combine: 'mean',
      },
      'day',
      s.start,
      s.end,
      active,
      () => 'People',
    ),
    timeChart(
      {
        id: 'events-per-active-person',
        title: 'Events per active person per day',
        series: ['Events per person'],
        note: "All the day's events divided by the people active that day.",
        combine: 'mean',
      },
      'day',
      s.start,
      s.end,
      depth,
      () => 'Events per person',
    ),
  ];
}
