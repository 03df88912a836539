// A staff member's choices about how the panel looks (light or dark, a list's columns), kept in
// this browser under their id for a year. A cookie, not localStorage, which spec §4 clears at
// every sign-out; small, so it costs little on each request.
const KEPT_SECONDS = 365 * 24 * 3600;

const cookieName = (staffId: number, name: string) => `${name}-${staffId}`.replace(/[^A-Za-z0-9_-]/g, '_');

/** The kept value, or null when nothing (or nothing readable) is kept. */
export function readKeptChoice(staffId: number | null | undefined, name: string): string | null {
  if (staffId == null) return null;
  const key = `${cookieName(staffId, name)}=`;
  const pair = document.cookie.split('; ').find((c) => c.startsWith(key));
  if (!pair) return null;
  try {
    return decodeURIComponent(pair.slice(key.length));
  } catch {
    return null;
  }
}

/** Keeps the value; null forgets it. */
export function keepChoice(staffId: number, name: string, value: string | null): void {
  const secure = location.protocol === 'https:' ? '; secure' : '';
  const age = value === null ? 0 : KEPT_SECONDS;
  document.cookie = `${cookieName(staffId, name)}=${encodeURIComponent(value ?? '')}; max-age=${age}; path=/; samesite=lax${secure}`;
}
