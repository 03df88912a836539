import type { ActivationTicket, LoginReply, StatusReply, ThrottledReply } from '../../domain/auth';

export interface LoginContext {
  username: string;
  /** Set on first login: what the page needs to activate two-step sign-in. */
  ticket: ActivationTicket | null;
  error: string | null;
  /** A note that is not an error: two-step sign-in was just activated (the page opened as /login?activated). */
  notice: 'activated' | null;
  /** Seconds the server asked to wait after too many attempts from this network. */
  retryAfter: number;
}

export interface LoginInput {
  /** The page was reloaded after activating two-step sign-in. */
  activated?: boolean;
}

export type LoginEvent =
  | { type: 'credentials.submit'; username: string; password: string }
  | { type: 'otp.submit'; otp: string }
  /** Back to the username step (a different account, or a typo in the username). */
  | { type: 'login.restart' };

/** The password step's answer, or HTTP 429: too many attempts from this network. */
export type PasswordOutcome = LoginReply | ThrottledReply;
export type OtpOutcome = StatusReply;
