// The Sessions tab's walk: the list read (or not, or empty), one session or all of them ended after a
// confirmation (or cancelled), an end that does not reach the server, and Retry after a failed read.
import { doneEvent, failedEvent, type MachinePlan } from '../../workflows/plan';
import { userSessionsMachine } from './user-sessions.machine';

/** Two live sessions: the caller's own (current) and one other. */
const SESSIONS = [
  { key: 'aaaaaaaaaaaaaaaa', stage: 'authenticated', created_at: 0, last_seen_at: 0, expires_at: 1, current: true },
  { key: 'bbbbbbbbbbbbbbbb', stage: 'authenticated', created_at: 0, last_seen_at: 0, expires_at: 1, current: false },
];

export const userSessionsPlan: MachinePlan<typeof userSessionsMachine> = {
  machine: userSessionsMachine,
  input: { userId: 1 },
  events: [
    { type: 'sessions.end', key: 'bbbbbbbbbbbbbbbb' },
    { type: 'sessions.endAll' },
    { type: 'sessions.confirm' },
    { type: 'sessions.cancel' },
    { type: 'sessions.retry' },
  ],
  outcomes: [
    { name: 'sessionsLoaded', event: doneEvent('loadSessions', { status: true, data: SESSIONS }) },
    // The user has no live session: nothing to end is offered.
    { name: 'noSessions', event: doneEvent('loadSessions', { status: true, data: [] }) },
    { name: 'sessionsLoadFailed', event: failedEvent('loadSessions') },
    { name: 'sessionsEnded', event: doneEvent('endSessions', { status: true, msg: '1 session ended.', killed: 1 }) },
    { name: 'endFailed', event: failedEvent('endSessions') },
  ],
};
