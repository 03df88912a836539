import type { LogoutReply, SessionCheckReply, SessionInfo } from '../../domain/auth';

export interface SessionInput {
  /** What localStorage held at page load (schema-checked), if anything. */
  info: SessionInfo | null;
  linkedEmail: string | null;
  path: string;
  recheckMs: number;
  idleMs: number;
}

export interface SessionContext extends SessionInput {
  /** Message of the last logout, or why it failed. */
  message: string | null;
  /**
   * On /redirect, until the redirect flow reports how its linked sign-in ended: meanwhile a good
   * check does not leave the page, so the linked sign-in is never cut short.
   */
  awaitingLink: boolean;
  /** A heartbeat interval has passed since the server last heard from the panel. */
  heartbeatDue: boolean;
  /** Whether the next `checking` counts as activity: a page load or sign-in does, the panel's own re-checks do not. */
  renewCheck: boolean;
  /** From the last activity (or answer) to the look at the time left. */
  untilIdleLookMs: number;
  /**
   * Which look is next: 'early' (by the panel's own clock, before the warning can be due),
   * 'onTime' (when the server's answer says the warning is due), 'atEnd' (the idle end).
   */
  idleLook: 'early' | 'onTime' | 'atEnd';
  /** What the server's session had left when the warning came. */
  idleLeftMs: number;
}

export type SessionEvent =
  /** Pointer, key or scroll (spec §4); resets the idle timer, and sends a heartbeat when one is due. */
  | { type: 'user.activity' }
  /** Any HTTP 403 (spec §8), or a caller that wants the session confirmed. */
  | { type: 'session.recheck' }
  /** The login or redirect flow finished; a linked sign-in brings the linked account's email. */
  | { type: 'session.signedIn'; linkedEmail?: string }
  /** The redirect flow ended without a linked sign-in (no token, refused, or no answer). */
  | { type: 'session.linkFailed' }
  | { type: 'route.change'; path: string }
  | { type: 'logout.request' }
  /** 'Stay signed in' on the idle warning. */
  | { type: 'idle.stay' }
  /** The person closed the 'session expired' dialog. */
  | { type: 'expiry.acknowledge' };

export type CheckOutcome = SessionCheckReply;
export interface CheckInput {
  /** Counts as activity (a heartbeat, a page load); false for the panel's own looks. */
  renew: boolean;
}
export type LogoutOutcome = LogoutReply;
