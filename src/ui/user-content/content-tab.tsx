// The user edit screen's Content tab: saved searches, watchlists, dashboards, transcript source.
export function ContentTab(_: { userId: number; userName: string }) {
  return null;
}
