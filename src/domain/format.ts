// How the panel writes numbers, times and days — one module so every screen reads alike.
// Numbers: en-US grouping (1,234,567). Times: the viewer's own zone to the minute, with the zone
// named (Nov 29, 2026, 2:05 PM UTC) so two people comparing screens know which clock they read.
// Days: YYYY-MM-DD of the UTC day the server stored, so a day never shifts with the viewer.

const NUMBER = new Intl.NumberFormat('en-US');
const TIME = new Intl.DateTimeFormat('en-US', {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZoneName: 'short',
});
const TIME_TO_SECOND = new Intl.DateTimeFormat('en-US', {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  second: '2-digit',
  timeZoneName: 'short',
});

export const countText = (n: number): string => NUMBER.format(n);

/** A moment to the minute, in the viewer's zone, the zone named; '—' when there is none. */
export const timeText = (ms: number | null): string => (ms === null ? '—' : TIME.format(new Date(ms)));

/** A moment to the second (the audit trail, where order within a minute matters). */
export const timeTextToSecond = (ms: number): string => TIME_TO_SECOND.format(new Date(ms));

/** A stored day; '—' when there is none. */
export const dayText = (ms: number | null): string => (ms === null ? '—' : new Date(ms).toISOString().slice(0, 10));
