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
  const expiresAt =
    opts.stage === 'pending_otp'
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

/**
 * Activity not yet written, per database: the latest request time of each session this instance
 * served. Touches are written after the reply (a reply never waits behind a long write such as a
 * bulk edit holding the SQLite writer), at most one in flight per session, and skipped while the
 * stored time is under TOUCH_EVERY_MS old; lookups here count the newer time, so idle expiry is
 * exact on this instance and, elsewhere (another instance, a restart), early by at most that much.
 */
export const TOUCH_EVERY_MS = 5_000;

interface Activity {
  /** Latest activity seen here. */
  at: number;
  /** What the database holds (as far as this instance wrote or read it). */
  stored: number;
  writing: boolean;
  /** The write of activity too recent to write at once, due in TOUCH_EVERY_MS. */
  trailing: NodeJS.Timeout | null;
}

// Taken before any test can fake the timers: a trailing write runs on real time.
const realSetTimeout = globalThis.setTimeout;
const activityByDb = new WeakMap<Kysely<Database>, Map<string, Activity>>();

function activityOf(db: Kysely<Database>): Map<string, Activity> {
  let map = activityByDb.get(db);
  if (!map) activityByDb.set(db, (map = new Map()));
  return map;
}

/** The live session for a cookie value, or null; an expired one is deleted on sight. */
export async function findSession(
  db: Kysely<Database>,
  id: string,
  now: number,
  idleMs: number,
): Promise<Session | null> {
  const idHash = hashSessionId(id);
  const row = await db.selectFrom('sessions').selectAll().where('id_hash', '=', idHash).executeTakeFirst();
  if (!row) return null;
  const known = activityOf(db).get(idHash);
  if (known) known.stored = Math.max(known.stored, row.last_seen_at);
  const session = known && known.at > row.last_seen_at ? { ...row, last_seen_at: known.at } : row;
  if (isExpired(session, now, idleMs)) {
    await deleteSession(db, idHash);
    return null;
  }
  return session;
}

/**
 * Records activity and answers at once: the write follows in the background, at once when the
 * stored time is TOUCH_EVERY_MS old, else TOUCH_EVERY_MS later with the latest time by then. An
 * entry goes after TOUCH_EVERY_MS with nothing new, so the map holds only sessions active lately.
 */
export async function touchSession(db: Kysely<Database>, idHash: string, now: number): Promise<void> {
  const map = activityOf(db);
  let entry = map.get(idHash);
  if (!entry) map.set(idHash, (entry = { at: now, stored: Number.NEGATIVE_INFINITY, writing: false, trailing: null }));
  entry.at = Math.max(entry.at, now);
  flushTouch(db, map, idHash, entry, false);
}

function flushTouch(
  db: Kysely<Database>,
  map: Map<string, Activity>,
  idHash: string,
  entry: Activity,
  due: boolean,
): void {
  if (entry.writing) return;
  const unwritten = entry.at - entry.stored;
  if (unwritten <= 0 && due) {
    // Nothing new for a whole interval: forget the session until its next request.
    map.delete(idHash);
    return;
  }
  if (unwritten <= 0 || (!due && unwritten < TOUCH_EVERY_MS)) {
    entry.trailing ??= realSetTimeout(() => {
      entry.trailing = null;
      if (map.get(idHash) === entry) flushTouch(db, map, idHash, entry, true);
    }, TOUCH_EVERY_MS).unref();
    return;
  }
  const at = entry.at;
  entry.writing = true;
  // Never earlier than what is stored: a slower write must not undo a newer one.
  db.updateTable('sessions')
    .set({ last_seen_at: at })
    .where('id_hash', '=', idHash)
    .where('last_seen_at', '<', at)
    .execute()
    .then(
      () => {
        entry.stored = Math.max(entry.stored, at);
        entry.writing = false;
        if (map.get(idHash) === entry) flushTouch(db, map, idHash, entry, false);
      },
      () => {
        // Database away or closed: forget the entry; the session's next request tries again.
        entry.writing = false;
        if (map.get(idHash) === entry) map.delete(idHash);
      },
    );
}

export async function deleteSession(db: Kysely<Database>, idHash: string): Promise<void> {
  const map = activityOf(db);
  const entry = map.get(idHash);
  if (entry?.trailing) clearTimeout(entry.trailing);
  map.delete(idHash);
  await db.deleteFrom('sessions').where('id_hash', '=', idHash).execute();
}
