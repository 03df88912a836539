// What the Sessions tab reads from its machine: one view, compared shallowly by the card.
import type { SnapshotFrom } from 'xstate';
import { tabReadView } from '../../machines/shared/tab-read';
import type { userSessionsMachine } from './user-sessions.machine';

type S = SnapshotFrom<typeof userSessionsMachine>;

export const selectSessionsTab = (s: S) => ({
  sessions: s.context.sessions,
  ...tabReadView(s),
  ready: s.matches('ready'),
  /** There are sessions to end, and none is being ended: End session and End all sessions work. */
  canEnd: s.hasTag('canEnd'),
  /** The sessions the open confirmation names (empty: all of them); null while none is open. */
  ending: s.matches('confirming') || s.matches('ending') ? s.context.ending : null,
  busy: s.matches('ending'),
});
