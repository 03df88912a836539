import type { ActivationTicket, LoginReply, StatusReply } from '../../domain/auth';

export interface LoginContext {
  username: string;
  /** Set on first login: what the page needs to activate two-step sign-in. */
  ticket: ActivationTicket | null;
  error: string | null;
}

export type LoginEvent =
  | { type: 'credentials.submit'; username: string; password: string }
  | { type: 'otp.submit'; otp: string }
  /** Back to the username step (a different account, or a typo in the username). */
  | { type: 'login.restart' };

export type PasswordOutcome = LoginReply;
export type OtpOutcome = StatusReply;
