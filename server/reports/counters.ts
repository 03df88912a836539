// Reading the trigger-kept counters of migration 029 (decision 063): every chart is one index range
// of report_counts (metric, org_id, bucket, key), a few hundred rows at most, whatever the number
// of users, sign-ins or events behind it. Dates are UTC: a day bucket is its 00:00, a week's its
// Monday 00:00.
import type { Kysely, Transaction } from 'kysely';
import { DAY_MS, dayMs, type Chart } from '../../src/domain/reports';
import type { Database } from '../db/schema';
import { isoDayOf } from '../../src/domain/format';

export type Db = Kysely<Database> | Transaction<Database>;
const WEEK_MS = 7 * DAY_MS;

/** Monday 00:00 UTC of the week holding `ms`, as the migration's triggers compute it. */
export const weekOf = (ms: number) => Math.floor((ms + 3 * DAY_MS) / WEEK_MS) * WEEK_MS - 3 * DAY_MS;

/** The range in ms: from its first day's start to its last day's end (exclusive). */
export function rangeMs(range: { from: string; to: string }): { start: number; end: number } {
  return { start: dayMs(range.from), end: dayMs(range.to) + DAY_MS };
}

/** Every day (or week) start of a range, so a day without counts still shows as 0. */
export function buckets(axis: 'day' | 'week', start: number, end: number): number[] {
  const out: number[] = [];
  const step = axis === 'day' ? DAY_MS : WEEK_MS;
  for (let t = axis === 'day' ? start : weekOf(start); t < end; t += step) out.push(t);
  return out;
}

export interface Count {
  bucket: number;
  key: string;
  n: number;
}

/** The counters of one metric and scope (org 0: every organization) with buckets in [from, to). */
export async function readCounts(db: Db, metric: string, org: number, from: number, to: number): Promise<Count[]> {
  const rows = await db
    .selectFrom('report_counts')
    .select(['bucket', 'key', 'n'])
    .where('metric', '=', metric)
    .where('org_id', '=', org)
    .where('bucket', '>=', from)
    .where('bucket', '<', to)
    .where('n', '<>', 0)
    .execute();
  return rows.map((r) => ({ bucket: Number(r.bucket), key: r.key, n: Number(r.n) }));
}

/** A time chart: one row per bucket, one column per series (`seriesOf` names a key's column, null drops it). */
export function timeChart(
  base: Omit<Chart, 'rows' | 'axis' | 'label'>,
  axis: 'day' | 'week',
  start: number,
  end: number,
  counts: readonly Count[],
  seriesOf: (key: string) => string | null,
): Chart {
  const index = new Map(base.series.map((s, i) => [s, i]));
  const rows = new Map(buckets(axis, start, end).map((b) => [b, base.series.map(() => 0)]));
  for (const c of counts) {
    const s = seriesOf(c.key);
    const i = s === null ? undefined : index.get(s);
    const row = rows.get(c.bucket);
    if (row && i !== undefined) row[i] = (row[i] ?? 0) + c.n;
  }
  return {
    ...base,
    axis,
    label: axis === 'day' ? 'Day' : 'Week starting',
    rows: [...rows].map(([b, values]) => ({ label: isoDayOf(b), values })),
  };
}

/** A bar chart of totals by label, largest first (ties by label). */
export function categoryChart(
  base: Omit<Chart, 'rows' | 'axis' | 'series'>,
  series: string,
  totals: ReadonlyMap<string, number>,
): Chart {
  const rows = [...totals]
    .filter(([, n]) => n !== 0)
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .map(([label, n]) => ({ label, values: [n] }));
  return { ...base, axis: 'category', series: [series], rows };
}

export function addTo(map: Map<string, number>, key: string, n: number): void {
  map.set(key, (map.get(key) ?? 0) + n);
}
