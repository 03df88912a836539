// How the panel writes numbers, times and days — one module so every screen reads alike.
// Written in the viewer's own language (the browser's, as its native date inputs are; en-US where
// there is none, as on the server), with the month by name so no reader mistakes 06-07 for 07-06.
// Times: the viewer's own zone to the minute, with the zone named (Nov 29, 2026, 2:05 PM UTC) so
// two people comparing screens know which clock they read. Days (a date without a time): the UTC
// day the server stored (Nov 29, 2026), so a day never shifts with the viewer. Machines and the
// wire use isoDayOf (YYYY-MM-DD); a person reads dayText.

/** The viewer's language: the browser's first choice, en-US on the server or where none is given. */
export function viewerLocale(): string {
  const language = typeof navigator === 'undefined' ? undefined : navigator.language;
  try {
    return language ? (Intl.getCanonicalLocales(language)[0] ?? 'en-US') : 'en-US';
  } catch {
    return 'en-US';
  }
}

const LOCALE = viewerLocale();
const NUMBER = new Intl.NumberFormat(LOCALE);
const DATE_PARTS = { year: 'numeric', month: 'short', day: 'numeric' } as const;
const TIME = new Intl.DateTimeFormat(LOCALE, {
  ...DATE_PARTS,
  hour: 'numeric',
  minute: '2-digit',
  timeZoneName: 'short',
});
const TIME_TO_SECOND = new Intl.DateTimeFormat(LOCALE, {
  ...DATE_PARTS,
  hour: 'numeric',
  minute: '2-digit',
  second: '2-digit',
  timeZoneName: 'short',
});
const DAY = new Intl.DateTimeFormat(LOCALE, { ...DATE_PARTS, timeZone: 'UTC' });
const SHORT_DAY = new Intl.DateTimeFormat(LOCALE, { month: 'short', day: 'numeric', timeZone: 'UTC' });
const MONTH = new Intl.DateTimeFormat(LOCALE, { year: 'numeric', month: 'short', timeZone: 'UTC' });
const UTC_TIME = new Intl.DateTimeFormat(LOCALE, {
  ...DATE_PARTS,
  hour: 'numeric',
  minute: '2-digit',
  timeZone: 'UTC',
  timeZoneName: 'short',
});

export const countText = (n: number): string => NUMBER.format(n);

/** A moment to the minute, in the viewer's zone, the zone named; '—' when there is none. */
export const timeText = (ms: number | null): string => (ms === null ? '—' : TIME.format(new Date(ms)));

/** A moment to the second (the audit trail, where order within a minute matters). */
export const timeTextToSecond = (ms: number): string => TIME_TO_SECOND.format(new Date(ms));

/** A moment in UTC, said so: for words written where the viewer's zone is unknown (the server's messages). */
export const utcTimeText = (ms: number): string => UTC_TIME.format(new Date(ms));

/** A stored day as a person reads it (Nov 29, 2026); '—' when there is none. */
export const dayText = (ms: number | null): string => (ms === null ? '—' : DAY.format(new Date(ms)));

/** A day within a chart's axis, its year left to the axis (Nov 29). */
export const shortDayText = (ms: number): string => SHORT_DAY.format(new Date(ms));

/** A month (Nov 2026). */
export const monthText = (ms: number): string => MONTH.format(new Date(ms));

/** The UTC day of a moment as YYYY-MM-DD: the wire's and the URL's form of a day, not for reading. */
export const isoDayOf = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

/** A day written YYYY-MM-DD (or a month YYYY-MM) as a person reads it; the text itself when it is neither. */
export function isoDayText(text: string): string {
  const month = /^\d{4}-\d{2}$/.test(text);
  const ms = Date.parse(month ? `${text}-01T00:00:00Z` : `${text}T00:00:00Z`);
  if (Number.isNaN(ms) || !/^\d{4}-\d{2}(-\d{2})?$/.test(text)) return text;
  return month ? monthText(ms) : dayText(ms);
}

/** An expiry as the wire writes it (spec §2: MM-dd-yyyy) as a person reads a day; the text itself when it is not one. */
export function expiryDayText(text: string): string {
  const m = /^(\d{2})-(\d{2})-(\d{4})$/.exec(text);
  return m ? isoDayText(`${m[3]}-${m[1]}-${m[2]}`) : text;
}
