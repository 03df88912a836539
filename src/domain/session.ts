// What the panel keeps in localStorage between page loads (spec §3 "Session info … kept locally
// with an isAuthenticated flag and an optional linked-account email").
import * as v from 'valibot';
import { SessionInfo } from './auth';

export const SESSION_STORAGE_KEY = 'staff-console.session';

export const StoredSession = v.object({
  /** Lowered when a check fails behind the expiry dialog: the entry then reads as no session. */
  isAuthenticated: v.boolean(),
  info: SessionInfo,
  /** Email of the linked account signed in through /redirect; shown instead of info.email. */
  linkedEmail: v.nullable(v.string()),
});
export type StoredSession = v.InferOutput<typeof StoredSession>;

/** The email the header shows: a linked-account email overrides the session's own (spec §2). */
export function displayEmail(info: SessionInfo | null, linkedEmail: string | null): string | null {
  return linkedEmail ?? info?.email ?? null;
}
