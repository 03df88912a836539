// Account lockout (OWASP ASVS 2.2.1): five consecutive failed factors, password or code, block
// the account for fifteen minutes. Counting is one atomic upsert, so failures arriving at several
// instances at once are all counted. The counter is keyed on the normalised username that was
// tried, not on an account: a name nobody has is blocked after five failures just like a real
// one, so 'blocked' does not tell which names exist (decision 004).
import type { Kysely } from 'kysely';
import { LOCKOUT_MS, LOCKOUT_THRESHOLD } from '../../src/domain/constants';
import type { Database } from '../db/schema';

type Db = Kysely<Database>;

/** The counter a username counts on: trimmed, NFKC-normalised and lower-cased. */
export function attemptKey(username: string): string {
  return username.trim().normalize('NFKC').toLowerCase();
}

export async function isLocked(db: Db, key: string, now: number): Promise<boolean> {
  const row = await db.selectFrom('login_attempts').select('locked_until').where('username', '=', key).executeTakeFirst();
  return row?.locked_until != null && row.locked_until > now;
}

/** Counts one failure; answers true when this failure locked the account. */
export async function recordFailure(db: Db, key: string, now: number): Promise<boolean> {
  const counted = await db.insertInto('login_attempts')
    .values({ username: key, failures: 1, locked_until: null, updated_at: now })
    .onConflict((oc) => oc.column('username').doUpdateSet((eb) => ({
      failures: eb('login_attempts.failures', '+', 1),
      updated_at: now,
    })))
    .returning('failures')
    .executeTakeFirstOrThrow();
  if (counted.failures < LOCKOUT_THRESHOLD) return false;
  // The count starts again after the lock, so the account gets five fresh tries when it ends.
  const locked = await db.updateTable('login_attempts')
    .set({ failures: 0, locked_until: now + LOCKOUT_MS, updated_at: now })
    .where('username', '=', key)
    .where('failures', '>=', LOCKOUT_THRESHOLD)
    .executeTakeFirst();
  return Number(locked.numUpdatedRows) > 0;
}

/** A completed sign-in clears the count (a correct password alone does not: see decision 004). */
export async function clearFailures(db: Db, key: string): Promise<void> {
  await db.deleteFrom('login_attempts').where('username', '=', key).execute();
}
