// The sign-in and session calls of spec §7: requests the server validates, replies the client parses.
// Outcomes a person can cause (wrong password, wrong code, blocked account) answer HTTP 200 with
// `status: false`; HTTP 400 is malformed input, HTTP 403 is a missing session, feature or CSRF token.
import * as v from 'valibot';

/** No control characters (NUL, escape, DEL…): nobody types them, and the database refuses NUL. */
export const NO_CONTROL_CHARACTERS = /^\P{Cc}*$/u;
const Username = v.pipe(
  v.string(),
  v.trim(),
  v.nonEmpty('Enter your username.'),
  v.maxLength(150),
  v.regex(NO_CONTROL_CHARACTERS, 'The username cannot contain control characters.'),
);
const Otp = v.pipe(v.string(), v.trim(), v.regex(/^\d{6}$/, 'Enter the 6-digit code.'));

// ── requests ──────────────────────────────────────────────────────────────
export const LoginForm = v.object({
  username: Username,
  password: v.pipe(v.string(), v.nonEmpty('Enter your password.'), v.maxLength(1024)),
});
export type LoginForm = v.InferOutput<typeof LoginForm>;

export const OtpForm = v.object({ username: Username, otp: Otp });
export type OtpForm = v.InferOutput<typeof OtpForm>;

export const ActivateForm = v.object({
  username: Username,
  otp: Otp,
  hx: v.pipe(v.string(), v.nonEmpty(), v.maxLength(4096)),
  ck: v.pipe(v.string(), v.nonEmpty(), v.maxLength(512)),
  // The QR code is echoed back by the page as the spec's call carries it; the ticket is authoritative.
  qrcode: v.optional(v.pipe(v.string(), v.maxLength(65_536))),
});
export type ActivateForm = v.InferOutput<typeof ActivateForm>;

export const LinkedLoginForm = v.object({
  token: v.pipe(v.string(), v.nonEmpty('The sign-in link carries no token.'), v.maxLength(4096)),
});
export type LinkedLoginForm = v.InferOutput<typeof LinkedLoginForm>;

// ── replies ───────────────────────────────────────────────────────────────
/** What the page needs to activate two-step sign-in on first login. */
export const ActivationTicket = v.object({
  hx: v.string(),
  ck: v.string(),
  /** data:image/png;base64 QR code of the otpauth:// URI. */
  qrcode: v.string(),
  /** The same secret as base32 text, for people who cannot scan. */
  key: v.string(),
});
export type ActivationTicket = v.InferOutput<typeof ActivationTicket>;

export const LOGIN_BLOCKED = 'blocked';

export const LoginReply = v.object({
  status: v.boolean(),
  /** An activation ticket on first login, 'blocked', or a human-readable message. */
  msg: v.union([ActivationTicket, v.string()]),
  first_time_login: v.boolean(),
});
export type LoginReply = v.InferOutput<typeof LoginReply>;

export const StatusReply = v.object({ status: v.boolean(), msg: v.optional(v.string()) });
export type StatusReply = v.InferOutput<typeof StatusReply>;

export const SessionInfo = v.object({
  status: v.literal(true),
  email: v.string(),
  features: v.array(v.string()),
  other_features: v.array(v.string()),
  user_id: v.number(),
  jwt_token: v.string(),
  allowed_st: v.array(v.string()),
  /** Base URL of each server type in allowed_st (the spec leaves hosts per deployment open). */
  server_urls: v.record(v.string(), v.string()),
  /** How long the session lasts without activity from now (after this check's own, if it counted). */
  idle_left_ms: v.optional(v.number()),
});
export type SessionInfo = v.InferOutput<typeof SessionInfo>;

export const SessionCheckReply = v.union([
  SessionInfo,
  v.object({ status: v.literal(false), msg: v.optional(v.string()) }),
]);
export type SessionCheckReply = v.InferOutput<typeof SessionCheckReply>;

export const LogoutReply = v.object({ msg: v.string() });
export type LogoutReply = v.InferOutput<typeof LogoutReply>;

export const LinkedLoginReply = v.object({
  status: v.boolean(),
  mt_user_email: v.optional(v.string()),
  msg: v.optional(v.string()),
});
export type LinkedLoginReply = v.InferOutput<typeof LinkedLoginReply>;

/**
 * Body of HTTP 429 from the password step: too many attempts from the client's address; try again
 * after `retry_after` seconds (also sent as the Retry-After header).
 */
export const ThrottledReply = v.object({
  status: v.literal(false),
  msg: v.string(),
  retry_after: v.pipe(v.number(), v.integer(), v.minValue(1)),
});
export type ThrottledReply = v.InferOutput<typeof ThrottledReply>;

/** What a person reads when their network sent too many sign-in attempts. */
export function throttledMessage(seconds: number): string {
  const after =
    seconds >= 120 ? `${Math.ceil(seconds / 60)} minutes` : seconds === 1 ? '1 second' : `${seconds} seconds`;
  return `Too many sign-in attempts from this network. Try again in ${after}.`;
}

/** Body of every HTTP 400 (field-errors.ts). */
export { BadRequestReply } from './field-errors';

// ── messages a person reads (spec §8) ─────────────────────────────────────
export const MESSAGES = {
  badCredentials: 'Incorrect username/password',
  blocked: 'Account is blocked.',
  badOtp: 'Incorrect OTP',
  sessionExpired: 'Your Session has expired. Please login again.',
  httpError: (code: number) => `Error: ${code}`,
  renderFailure: 'Something went wrong.',
} as const;
