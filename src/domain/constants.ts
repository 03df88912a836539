// Business constants of spec §9 and the server's security limits, in one place for both sides.

/** Client re-checks the session this often (spec §9). */
export const SESSION_RECHECK_MS = 3_600_000;
/** Client checks the session after this much inactivity; the server expires idle sessions alike. */
export const IDLE_TIMEOUT_MS = 900_000;
/** A session ends this long after sign-in whatever the activity (OWASP ASVS 3.3). */
export const SESSION_ABSOLUTE_MS = 12 * 60 * 60 * 1000;
/** A half-signed-in session (password accepted, OTP pending) lives this long. */
export const PENDING_OTP_MS = 5 * 60 * 1000;
/** Linked-account tokens issued by session_check/ live this long. */
export const LINK_TOKEN_MS = 5 * 60 * 1000;

/** Consecutive failures (password or OTP) that block an account, and for how long. */
export const LOCKOUT_THRESHOLD = 5;
export const LOCKOUT_MS = 15 * 60 * 1000;

/** TOTP (RFC 6238): 30-second steps, 6 digits, SHA-1, one step of drift either way. */
export const TOTP_PERIOD_S = 30;
export const TOTP_DIGITS = 6;
export const TOTP_WINDOW = 1;

export const BANNER_MS = 5_000;
/** A lazily loaded section that has not arrived after this long fails (spec §8). */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;
export const ORG_SEARCH_DEBOUNCE_MS = 200;
export const ORG_SEARCH_MIN_CHARS = 2;
export const PAGE_SIZES = [20, 50, 100] as const;
/** Longest search text the user list takes (server and search box alike). */
export const MAX_SEARCH_TEXT = 200;

/** Maximum entries accepted by one log_data_in_es/ call. */
export const MAX_CLIENT_LOG_ENTRIES = 100;

export const SESSION_COOKIE = 'sessionid';
export const CSRF_COOKIE = 'csrftoken';
export const CSRF_HEADER = 'X-CSRFToken';
export const CSRF_FIELD = 'csrfmiddlewaretoken';
