// How the edit screen writes times: the person's own locale and zone, to the minute.
const WHEN = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

export const formatWhen = (ms: number): string => WHEN.format(new Date(ms));
