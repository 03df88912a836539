// Server-side sessions. The browser holds a 256-bit random id; the database holds only its
// SHA-256, so neither a leaked table nor a log line can be replayed as a cookie. Every change of
// privilege (password accepted, code accepted, linked sign-in) starts a new session id.
import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { PENDING_OTP_MS, SESSION_ABSOLUTE_MS } from '../../src/domain/constants';
import type { Database, Session, SessionStage } from '../db/schema';

export function newSessionId(): string {
  return randomBytes(32).toString('base64url');
}

export function hashSessionId(id: string): string {
  return createHash('sha256').update(id).digest('hex');
}

export interface StartedSession {
  /** The cookie value: shown once, never stored. */
  id: string;
  row: Session;
}

/**
 * Starts a session. A signed-in session ends SESSION_ABSOLUTE_MS after the person authenticated
 * (`authTime`, now unless a linked sign-in carries an earlier time), however it was reached.
 */
export async function createSession(
  db: Kysely<Database>,
  opts: { userId: number; stage: SessionStage; now: number; mtUserEmail?: string | null; authTime?: number },
): Promise<StartedSession> {
  const id = newSessionId();
  const authTime = Math.min(opts.authTime ?? opts.now, opts.now);
  const expiresAt = opts.stage === 'pending_otp'
    ? opts.now + PENDING_OTP_MS
    : Math.min(opts.now + SESSION_ABSOLUTE_MS, authTime + SESSION_ABSOLUTE_MS);
  const row: Session = {
    id_hash: hashSessionId(id),
    user_id: opts.userId,
    stage: opts.stage,
    created_at: opts.now,
    last_seen_at: opts.now,
    expires_at: expiresAt,
    mt_user_email: opts.mtUserEmail ?? null,
    auth_time: authTime,
  };
  await db.insertInto('sessions').values(row).execute();
  return { id, row };
}

/** True when the session is past its hard end or, once signed in, idle for too long. */
export function isExpired(session: Session, now: number, idleMs: number): boolean {
  if (now >= session.expires_at) return true;
  return session.stage === 'authenticated' && now - session.last_seen_at >= idleMs;
}

/** The live session for a cookie value, or null; an expired one is deleted on sight. */
export async function findSession(db: Kysely<Database>, id: string, now: number, idleMs: number): Promise<Session | null> {
  const idHash = hashSessionId(id);
  const row = await db.selectFrom('sessions').selectAll().where('id_hash', '=', idHash).executeTakeFirst();
  if (!row) return null;
  if (isExpired(row, now, idleMs)) {
    await deleteSession(db, idHash);
    return null;
  }
  return row;
}

export async function touchSession(db: Kysely<Database>, idHash: string, now: number): Promise<void> {
  await db.updateTable('sessions').set({ last_seen_at: now }).where('id_hash', '=', idHash).execute();
}

export async function deleteSession(db: Kysely<Database>, idHash: string): Promise<void> {
  await db.deleteFrom('sessions').where('id_hash', '=', idHash).execute();
}
