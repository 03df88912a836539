// The event rollups of migration 036 (decision 109): a year of Analytics or Depth is 365 rows of
// event_days (a day's events, active people and events by name), and the names of a range are its
// whole months from event_months and its other days from event_days. Kept by triggers on the day
// counters, so they answer what the counters (and a scan of the events) would.
import type { Count, Db } from './counters';

export interface EventDay {
  day: number;
  events: number;
  people: number;
  /** Events by name, none of them 0. */
  names: Record<string, number>;
}

/** The days in [from, to) of one scope (org 0: every organization) that have a row. */
export async function readEventDays(db: Db, org: number, from: number, to: number): Promise<EventDay[]> {
  const rows = await db
    .selectFrom('event_days')
    .select(['day', 'events', 'people', 'names'])
    .where('org_id', '=', org)
    .where('day', '>=', from)
    .where('day', '<', to)
    .execute();
  return rows.map((r) => ({
    day: Number(r.day),
    events: Number(r.events),
    people: Number(r.people),
    names: JSON.parse(r.names) as Record<string, number>,
  }));
}

/** The days' events by name, as the day counters would list them. */
export const namedCounts = (days: readonly EventDay[]): Count[] =>
  days.flatMap((d) => Object.entries(d.names).map(([key, n]) => ({ bucket: d.day, key, n: Number(n) })));

/** 00:00 UTC of the first day of the month holding `ms`, and of the month after. */
export const monthOf = (ms: number) => {
  const d = new Date(ms);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1);
};
const monthAfter = (ms: number) => {
  const d = new Date(ms);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1);
};

/** Events by name over [start, end) (whole days): the months it covers whole, then its other days. */
export async function eventTotals(db: Db, org: number, start: number, end: number): Promise<Map<string, number>> {
  const firstWhole = monthOf(start) === start ? start : monthAfter(start);
  const wholeEnd = monthOf(end);
  const totals = new Map<string, number>();
  const add = (key: string, n: number) => totals.set(key, (totals.get(key) ?? 0) + n);
  const [months, days] =
    firstWhole < wholeEnd
      ? await Promise.all([
          db
            .selectFrom('event_months')
            .select(['name', 'n'])
            .where('org_id', '=', org)
            .where('month', '>=', firstWhole)
            .where('month', '<', wholeEnd)
            .where('n', '<>', 0)
            .execute(),
          Promise.all([readEventDays(db, org, start, firstWhole), readEventDays(db, org, wholeEnd, end)]),
        ])
      : [[], [await readEventDays(db, org, start, end)]];
  for (const m of months) add(m.name, Number(m.n));
  for (const c of namedCounts(days.flat())) add(c.key, c.n);
  return totals;
}
