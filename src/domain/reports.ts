// Reports Dashboard (spec §2, §6; decision 063): the charts a staff lead reads every morning,
// computed by the server from trigger-kept counters, for a date range (UTC days, both ends
// included) and optionally one organization. Every chart travels as a table (its rows are what the
// table view shows and the CSV holds), so the picture, the table and the file cannot disagree.
import * as v from 'valibot';
import { csvLine } from './csv-cell';
import { isoDayOf } from './format';

export const DAY_MS = 86_400_000;
/** Days a range may span: two years, so a year-on-year look fits. */
export const MAX_RANGE_DAYS = 731;
/** The range the dashboard opens with: the last 30 days, today included. */
export const DEFAULT_RANGE_DAYS = 30;
/** The expiring-trials chart looks this many days past the range's end (the weeks ahead matter most). */
export const TRIAL_LOOKAHEAD_DAYS = 56;

/** What every report is read for: a range of UTC days (both included) and an organization or all. */
export interface ReportFilters {
  from: string;
  to: string;
  org: { id: number; name: string } | null;
}

// ── the panels of the overview ───────────────────────────────────────
export const REPORT_PANELS = ['profile', 'growth', 'sign_ins', 'activity', 'tags'] as const;
export type ReportPanel = (typeof REPORT_PANELS)[number];
export const REPORT_PANEL_TITLES: Record<ReportPanel, string> = {
  profile: 'Users',
  growth: 'Growth and trials',
  sign_ins: 'Sign-ins',
  activity: 'Staff activity',
  tags: 'Tags and bulk operations',
};
/** Panels that count what staff do, across the platform: the organization filter does not narrow them. */
export const PLATFORM_WIDE_PANELS: readonly ReportPanel[] = ['sign_ins', 'activity'];

// ── the sub-views, each behind its own feature ───────────────────────
export const REPORT_VIEWS = ['overview', 'analytics', 'events', 'depth'] as const;
export type ReportView = (typeof REPORT_VIEWS)[number];
export const REPORT_VIEW_LABELS: Record<ReportView, string> = {
  overview: 'Overview',
  analytics: 'Analytics',
  events: 'Events',
  depth: 'Depth',
};
export const reportViewOf = (raw: unknown): ReportView =>
  (REPORT_VIEWS as readonly unknown[]).includes(raw) ? (raw as ReportView) : 'overview';

// ── a chart as a table ───────────────────────────────────────────────
/**
 * 'category': one bar per label; 'day' / 'week' / 'month': labels are dates (YYYY-MM-DD, a week by
 * its Monday, a month YYYY-MM). The server sends days and weeks; months come from chartBuckets.
 */
export const CHART_AXES = ['category', 'day', 'week', 'month'] as const;
export type ChartAxis = (typeof CHART_AXES)[number];
/** How a time chart's values add up into a longer bucket: counts sum, per-day figures average. */
export const CHART_COMBINES = ['sum', 'mean'] as const;
export const Chart = v.object({
  id: v.string(),
  title: v.string(),
  axis: v.picklist(CHART_AXES),
  /** The first column's heading ('User type', 'Day'). */
  label: v.string(),
  /** One name per value column ('Users', or 'Signed in', 'Refused', …). */
  series: v.array(v.string()),
  rows: v.array(v.object({ label: v.string(), values: v.array(v.number()) })),
  /** A sentence under the chart: what it counts. */
  note: v.optional(v.string()),
  /** A time chart whose values are per day (active people, a ratio): a week or month shows their mean. */
  combine: v.optional(v.picklist(CHART_COMBINES)),
});
export type Chart = v.InferOutput<typeof Chart>;

// ── long ranges in weeks or months ───────────────────────────────────
/** A day chart of more days than this is shown by week (a quarter reads by day). */
export const WEEKLY_AFTER_DAYS = 92;
/** A day chart of more days than this, or a week chart of more weeks than this, is shown by month. */
export const MONTHLY_AFTER_DAYS = 366;
export const MONTHLY_AFTER_WEEKS = 53;

const mondayOf = (ms: number) => ms - ((new Date(ms).getUTCDay() + 6) % 7) * DAY_MS;
const monthOf = (ms: number) => new Date(ms).toISOString().slice(0, 7);

/** The axis a time chart is shown in: days up to a quarter, weeks up to a year, months beyond. */
export function bucketAxisOf(chart: Pick<Chart, 'axis' | 'rows'>): ChartAxis {
  const n = chart.rows.length;
  if (chart.axis === 'day') return n > MONTHLY_AFTER_DAYS ? 'month' : n > WEEKLY_AFTER_DAYS ? 'week' : 'day';
  if (chart.axis === 'week') return n > MONTHLY_AFTER_WEEKS ? 'month' : 'week';
  return chart.axis;
}

const AXIS_LABELS: Partial<Record<ChartAxis, string>> = { week: 'Week starting', month: 'Month' };

/**
 * A time chart in the buckets its length calls for (bucketAxisOf): a week is keyed by its Monday
 * (UTC), a month as YYYY-MM; a week chart goes to months by the month each week starts in. Counts
 * add up; a chart marked `combine: 'mean'` shows the mean of its days (or weeks). The table and
 * the CSV are made from the result, so they show what the picture shows.
 */
export function chartBuckets(chart: Chart): Chart {
  const axis = bucketAxisOf(chart);
  if (axis === chart.axis) return chart;
  const keyOf = axis === 'week' ? (ms: number) => isoDayOf(mondayOf(ms)) : monthOf;
  const groups = new Map<string, { sums: number[]; n: number }>();
  for (const row of chart.rows) {
    const key = keyOf(dayMs(row.label));
    const group = groups.get(key) ?? { sums: chart.series.map(() => 0), n: 0 };
    row.values.forEach((value, i) => (group.sums[i] = (group.sums[i] ?? 0) + value));
    group.n += 1;
    groups.set(key, group);
  }
  const mean = chart.combine === 'mean';
  return {
    ...chart,
    axis,
    label: AXIS_LABELS[axis] ?? chart.label,
    rows: [...groups].map(([label, { sums, n }]) => ({
      label,
      values: mean ? sums.map((s) => Math.round((s / n) * 10) / 10) : sums,
    })),
  };
}

/** CSV of a chart's table, its cells as the panel's one CSV cell writes them (csv-cell.ts). */
export function chartCsv(chart: Chart): string {
  const lines = [[chart.label, ...chart.series], ...chart.rows.map((r) => [r.label, ...r.values])];
  return lines.map(csvLine).join('');
}
export const chartFileName = (chart: Chart, range: { from: string; to: string }) =>
  `${chart.id}-${range.from}-to-${range.to}.csv`;

// ── dates ────────────────────────────────────────────────────────────
/** A UTC day as YYYY-MM-DD. */
export const dayMs = (text: string) => Date.parse(`${text}T00:00:00Z`);
/**
 * A report's range with its missing ends filled: `to` today (UTC), `from` the DEFAULT_RANGE_DAYS
 * days ending at `to`. Spec §7 names the report calls without a range; the panel always sends one.
 */
export function rangeOrDefault(range: { from?: string; to?: string }, now: number): { from: string; to: string } {
  const to = range.to ?? isoDayOf(now);
  return { from: range.from ?? isoDayOf(dayMs(to) - (DEFAULT_RANGE_DAYS - 1) * DAY_MS), to };
}
/** The default range ending today. */
export const defaultRange = (now: number) => rangeOrDefault({}, now);
const isDay = (s: string) => /^\d{4}-\d{2}-\d{2}$/.test(s) && !Number.isNaN(dayMs(s)) && isoDayOf(dayMs(s)) === s;
export const DayField = v.pipe(v.string(), v.trim(), v.check(isDay, 'A date as YYYY-MM-DD.'));
export const OptionalId = v.optional(
  v.union(
    [
      v.literal(''),
      v.pipe(
        v.string(),
        v.regex(/^\d{1,15}$/, 'Expected an id.'),
        v.transform(Number),
        v.minValue(1, 'Expected an id.'),
      ),
    ],
    'Expected an id.',
  ),
  '',
);
/** A range's problem, for the field to blame, or null. */
export function rangeProblem(from: string, to: string): string | null {
  if (!isDay(from) || !isDay(to)) return null;
  if (dayMs(to) < dayMs(from)) return 'The end comes before the start.';
  if ((dayMs(to) - dayMs(from)) / DAY_MS + 1 > MAX_RANGE_DAYS) return `At most ${MAX_RANGE_DAYS} days.`;
  return null;
}
/**
 * The range (either end may be left out: rangeOrDefault) and organization every report takes; the
 * order and span of the range are checked with rangeProblem (a 400 naming `to`).
 */
export const RangeEnd = v.optional(DayField);
const RangeFields = { from: RangeEnd, to: RangeEnd, org_id: OptionalId };

// ── POST reports/dashboard/ (panel, from, to, org_id) ────────────────
export const ReportQuery = v.object({ ...RangeFields, panel: v.picklist(REPORT_PANELS, 'Choose a panel.') });
export type ReportQuery = v.InferOutput<typeof ReportQuery>;
export const ReportReply = v.object({
  status: v.literal(true),
  panel: v.picklist(REPORT_PANELS),
  charts: v.array(Chart),
});
export type ReportReply = v.InferOutput<typeof ReportReply>;

// ── POST user/fetch_user_analytics/ (from, to, org_id, user_id) ──────
export const AnalyticsQuery = v.object({ ...RangeFields, user_id: OptionalId });
export type AnalyticsQuery = v.InferOutput<typeof AnalyticsQuery>;
export const ChartsReply = v.object({ status: v.literal(true), charts: v.array(Chart) });
export type ChartsReply = v.InferOutput<typeof ChartsReply>;

// ── POST reports/depth/ (from, to, org_id) ───────────────────────────
export const DepthQuery = v.object(RangeFields);
export type DepthQuery = v.InferOutput<typeof DepthQuery>;

/** The organization a report is narrowed to, with its name. */
export const ReportOrganization = v.object({ id: v.number(), name: v.string() });
export type ReportOrganization = v.InferOutput<typeof ReportOrganization>;

export const REPORT_MESSAGES = {
  noOrganization: (id: number) => `No organization has the id ${id}.`,
  noUser: (id: number) => `No user has the id ${id}.`,
} as const;
