// A long range is read in weeks or months: the thresholds, the Monday and month keys, sums for
// counts and means for per-day figures, and the table the CSV is written from.
import { describe, expect, it } from 'vitest';
import {
  bucketAxisOf,
  chartBuckets,
  chartCsv,
  DAY_MS,
  dayMs,
  MONTHLY_AFTER_DAYS,
  WEEKLY_AFTER_DAYS,
  type Chart,
} from '../../src/domain/reports';
import { isoDayOf } from '../../src/domain/format';

/** A chart of `days` days from `from`, each day's values given by `value`. */
function dayChart(from: string, days: number, value: (i: number) => number[], extra: Partial<Chart> = {}): Chart {
  return {
    id: 'c',
    title: 'Sign-ins per day',
    axis: 'day',
    label: 'Day',
    series: ['Signed in', 'Refused'],
    rows: Array.from({ length: days }, (_, i) => ({ label: isoDayOf(dayMs(from) + i * DAY_MS), values: value(i) })),
    ...extra,
  };
}

describe('chart buckets', () => {
  it('keeps up to a quarter by day, weeks beyond, months beyond a year', () => {
    const axis = (days: number) => bucketAxisOf(dayChart('2026-01-01', days, () => [1, 0]));
    expect(axis(WEEKLY_AFTER_DAYS)).toBe('day');
    expect(axis(WEEKLY_AFTER_DAYS + 1)).toBe('week');
    expect(axis(MONTHLY_AFTER_DAYS)).toBe('week');
    expect(axis(MONTHLY_AFTER_DAYS + 1)).toBe('month');
    const weeks = (n: number): Chart => ({ ...dayChart('2026-01-05', n, () => [1, 0]), axis: 'week' });
    expect(bucketAxisOf(weeks(53))).toBe('week');
    expect(bucketAxisOf(weeks(54))).toBe('month');
    expect(bucketAxisOf({ axis: 'category', rows: weeks(900).rows })).toBe('category');
  });

  it('leaves a short chart as it came', () => {
    const chart = dayChart('2026-11-01', 30, (i) => [i, 1]);
    expect(chartBuckets(chart)).toBe(chart);
  });

  it('sums the days of each week under its Monday, the first and last weeks partial', () => {
    // 2026-01-01 is a Thursday: its week starts on Monday 2025-12-29.
    const chart = chartBuckets(dayChart('2026-01-01', 100, () => [1, 2]));
    expect(chart.axis).toBe('week');
    expect(chart.label).toBe('Week starting');
    expect(chart.rows[0]).toEqual({ label: '2025-12-29', values: [4, 8] });
    expect(chart.rows[1]).toEqual({ label: '2026-01-05', values: [7, 14] });
    expect(chart.rows.every((r) => new Date(dayMs(r.label)).getUTCDay() === 1)).toBe(true);
    expect(chart.rows.reduce((n, r) => n + r.values[0]!, 0)).toBe(100);
  });

  it('sums a two-year range by month, keyed YYYY-MM', () => {
    const chart = chartBuckets(dayChart('2025-01-01', 730, () => [1, 0]));
    expect(chart.axis).toBe('month');
    expect(chart.label).toBe('Month');
    expect(chart.rows).toHaveLength(24);
    expect(chart.rows[1]).toEqual({ label: '2025-02', values: [28, 0] });
    expect(chart.rows[23]).toEqual({ label: '2026-12', values: [31, 0] });
  });

  it('averages per-day figures instead of adding them', () => {
    const chart = chartBuckets(
      dayChart('2026-01-05', 98, (i) => [i % 7 === 0 ? 8 : 1, 0], { series: ['People'], combine: 'mean' }),
    );
    expect(chart.rows[0]).toEqual({ label: '2026-01-05', values: [2, 0] });
  });

  it('puts the shown buckets in the CSV, so the file matches the picture', () => {
    const csv = chartCsv(chartBuckets(dayChart('2026-01-05', 98, () => [1, 0])));
    expect(csv.split('\r\n').slice(0, 3)).toEqual([
      'Week starting,Signed in,Refused',
      '2026-01-05,7,0',
      '2026-01-12,7,0',
    ]);
  });
});
