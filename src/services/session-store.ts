// localStorage copy of the session (spec §3). Read through the schema: anything stale, foreign
// or hand-edited, and an entry whose isAuthenticated flag is down, reads as "no session" instead
// of drawing a signed-in shell.
import * as v from 'valibot';
import { SESSION_STORAGE_KEY, StoredSession } from '../domain/session';
import { clearAllDrafts } from './drafts';

export function readStoredSession(): StoredSession | null {
  try {
    const raw = localStorage.getItem(SESSION_STORAGE_KEY);
    if (!raw) return null;
    const parsed = v.safeParse(StoredSession, JSON.parse(raw));
    return parsed.success && parsed.output.isAuthenticated ? parsed.output : null;
  } catch {
    return null;
  }
}

export function writeStoredSession(session: StoredSession): void {
  localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify(session));
}

/**
 * Spec §4: on session failure (once the person has acknowledged the expiry message) and on logout
 * local storage is cleared.
 */
export function clearStoredSession(): void {
  localStorage.clear();
  // Form drafts belong to the session that typed them (decision 042).
  clearAllDrafts();
}
