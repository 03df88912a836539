// The Sessions tab's machine (userSessions): what it is given, holds and hears.
import type { KillSessionsReply, UserSession, UserSessionsReply } from '../../domain/users';
import type { Notice } from '../../machines/shared/notice';
import type { BareEvent } from '../../machines/shared/bare-event.types';

export interface UserSessionsInput {
  userId: number;
}

export interface UserSessionsContext extends UserSessionsInput {
  /** The user's live sessions as last read. */
  sessions: UserSession[];
  /** The sessions an "End session" confirmation names; empty for all of them. */
  ending: string[] | null;
  /** What the last end (or failed read) did. */
  message: Notice | null;
}

export type UserSessionsEvent =
  | BareEvent<'sessions.endAll' | 'sessions.confirm' | 'sessions.cancel' | 'sessions.retry'>
  | { type: 'sessions.end'; key: string };

export type { KillSessionsReply, UserSessionsReply };
