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

export async function createSession(
  db: Kysely<Database>,
  opts: { userId: number; stage: SessionStage; now: number; mtUserEmail?: string | null },
): Promise<StartedSession> {
  const id = newSessionId();
  const lifetime = opts.stage === 'pending_otp' ? PENDING_OTP_MS : SESSION_ABSOLUTE_MS;
  const row: Session = {
    id_hash: hashSessionId(id),
    user_id: opts.userId,
    stage: opts.stage,
    created_at: opts.now,
    last_seen_at: opts.now,
    expires_at: opts.now + lifetime,
    mt_user_email: opts.mtUserEmail ?? null,
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
