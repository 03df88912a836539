// A user's sessions as the edit screen shows them (get_user_session) and ends them
// (kill_user_sessions). A session is named by a short handle, the first 16 hex digits of its
// stored hash: enough to tell a user's few sessions apart, and nothing a browser could present
// as a cookie (the cookie is the hash's preimage). The full hash never leaves the server.
import { sql, type Kysely } from 'kysely';
import type { UserSession } from '../../src/domain/users';
import { writeAudit } from '../audit';
import type { Database } from '../db/schema';

export const SESSION_KEY_LENGTH = 16;

export const sessionKeyOf = (idHash: string): string => idHash.slice(0, SESSION_KEY_LENGTH);

/** Live sessions: before their hard end and, once signed in, not idle for idleMs. Newest first. */
export async function liveSessions(
  db: Kysely<Database>,
  userId: number,
  opts: { now: number; idleMs: number; currentHash: string },
): Promise<UserSession[]> {
  const rows = await db
    .selectFrom('sessions')
    .select(['id_hash', 'stage', 'created_at', 'last_seen_at', 'expires_at'])
    .where('user_id', '=', userId)
    .where('expires_at', '>', opts.now)
    .where((eb) => eb.or([eb('stage', '=', 'pending_otp'), eb('last_seen_at', '>', opts.now - opts.idleMs)]))
    .orderBy('created_at', 'desc')
    .execute();
  return rows.map((r) => ({
    key: sessionKeyOf(r.id_hash),
    stage: r.stage,
    created_at: Number(r.created_at),
    last_seen_at: Number(r.last_seen_at),
    expires_at: Number(r.expires_at),
    current: r.id_hash === opts.currentHash,
  }));
}

export type KillOutcome = { ok: true; killed: number; keptCurrent: boolean } | { ok: false; msg: string };

export const KILL_MESSAGES = {
  ownCurrent: 'That is the session you are using now. Use Logout to end it.',
  badKey: 'Session handles are 16 hexadecimal digits.',
} as const;

/**
 * Ends the given sessions of a user (all of them when `keys` is empty) in one DELETE, audited in
 * the same transaction. The caller's own current session is never ended here: naming it is
 * refused, and "all" of one's own sessions leaves it open.
 */
export async function killSessions(
  db: Kysely<Database>,
  opts: { userId: number; keys: readonly string[]; currentHash: string; author: string; now: number },
): Promise<KillOutcome> {
  const keys = [...new Set(opts.keys.map((k) => k.toLowerCase()))];
  if (keys.some((k) => !/^[0-9a-f]{16}$/.test(k))) return { ok: false, msg: KILL_MESSAGES.badKey };
  if (keys.includes(sessionKeyOf(opts.currentHash))) return { ok: false, msg: KILL_MESSAGES.ownCurrent };
  return db.transaction().execute(async (trx) => {
    let query = trx.deleteFrom('sessions').where('user_id', '=', opts.userId).where('id_hash', '<>', opts.currentHash);
    if (keys.length) query = query.where(sql<string>`substr(id_hash, 1, ${sql.lit(SESSION_KEY_LENGTH)})`, 'in', keys);
    const result = await query.executeTakeFirst();
    const killed = Number(result.numDeletedRows);
    await writeAudit(trx, {
      category: 'user',
      author: opts.author,
      action: `sessions ended: user #${opts.userId}`,
      at: opts.now,
      previous: { sessions: keys.length ? keys : 'all' },
      current: { ended: killed },
      success: true,
      record: { kind: 'user', id: opts.userId },
    });
    return { ok: true, killed, keptCurrent: !keys.length && (await ownsSession(trx, opts.userId, opts.currentHash)) };
  });
}

async function ownsSession(db: Kysely<Database>, userId: number, idHash: string): Promise<boolean> {
  return (
    (await db
      .selectFrom('sessions')
      .select('id_hash')
      .where('id_hash', '=', idHash)
      .where('user_id', '=', userId)
      .executeTakeFirst()) !== undefined
  );
}
