// Account lockout (OWASP ASVS 2.2.1): five consecutive failed factors, password or code, block
// the account for fifteen minutes (decision 004).
//
// An attempt is counted *before* its factor is checked, by one conditional upsert that refuses
// when the account is locked. Until its check is done an attempt counts as a failure, so a burst
// of guesses sent at once, to one instance or to several, gets no more checks than guesses sent
// one by one: the sixth attempt counted while five are still being checked locks the account. A
// wrong factor leaves its count in place; a correct password gives its attempt back; a completed
// sign-in clears the count. Both of those happen inside the transaction that signs the person in,
// and refuse when the account got locked meanwhile, so a right guess that was already being
// checked when the lock fell does not get through.
//
// The counter is keyed on the normalised username that was tried, not on an account: a name
// nobody has is blocked after five failures just like a real one, so 'blocked' does not tell
// which names exist. Attempts from an address the account has completed a sign-in from (a known
// source, server/auth/throttle.ts) count on a counter of their own, keyed on name and address,
// so a lock earned from elsewhere does not keep the owner out (decision 040).
import { sql, type ExpressionBuilder, type Kysely } from 'kysely';
import { LOCKOUT_MS, LOCKOUT_THRESHOLD } from '../../src/domain/constants';
import type { Database } from '../db/schema';

type Db = Kysely<Database>;

const notLocked = (now: number) => (eb: ExpressionBuilder<Database, 'login_attempts'>) =>
  eb.or([eb('locked_until', 'is', null), eb('locked_until', '<=', now)]);

/** The counter a username counts on: trimmed, NFKC-normalised and lower-cased. */
export function attemptKey(username: string): string {
  return username.trim().normalize('NFKC').toLowerCase();
}

/** Joins name and address in a known source's key; no username holds control characters. */
const SOURCE_SEPARATOR = '\u001f';

/** The counter of attempts on an account from one of its known sources. */
export function sourceAttemptKey(username: string, address: string): string {
  return `${attemptKey(username)}${SOURCE_SEPARATOR}${address}`;
}

/** Forgets every counter of an account: the name's own and those of its known sources. */
export async function clearAccountCounters(trx: Db, username: string): Promise<void> {
  const key = attemptKey(username);
  const prefix = `${key}${SOURCE_SEPARATOR}`;
  await trx
    .deleteFrom('login_attempts')
    .where((eb) => eb.or([eb('username', '=', key), eb(sql`substr(username, 1, ${prefix.length})`, '=', prefix)]))
    .execute();
}

/**
 * 'counted': go on and check the factor. 'locked': the account is locked; refuse without a check.
 * 'locked-now': this attempt found five others counted and not yet cleared, and locked the account.
 */
export type Attempt = 'counted' | 'locked' | 'locked-now';

/**
 * Counts one attempt, unless the account is locked. A lock that has ended starts a fresh count.
 * When the attempts already counted reach the threshold, this one locks the account instead (and
 * the count starts again for when the lock ends).
 */
export async function takeAttempt(db: Db, key: string, now: number): Promise<Attempt> {
  const { rows } = await sql<{ failures: number; locked_until: number | null }>`
    insert into login_attempts (username, failures, locked_until, updated_at)
    values (${key}, 1, null, ${now})
    on conflict (username) do update set
      failures = case when login_attempts.failures >= ${LOCKOUT_THRESHOLD} then 0 else login_attempts.failures + 1 end,
      locked_until = case when login_attempts.failures >= ${LOCKOUT_THRESHOLD} then cast(${now + LOCKOUT_MS} as bigint) else null end,
      updated_at = excluded.updated_at
    where login_attempts.locked_until is null or login_attempts.locked_until <= cast(${now} as bigint)
    returning failures, locked_until`.execute(db);
  const row = rows[0];
  if (!row) return 'locked';
  return row.locked_until === null ? 'counted' : 'locked-now';
}

export interface FailureOutcome {
  /** The account is locked now, by this failure or another attempt. */
  locked: boolean;
  /** This failure locked it. */
  lockedNow: boolean;
}

/**
 * A checked factor was wrong: its attempt stays counted. When the attempts counted (failed or
 * still being checked) have reached the threshold, the account is locked.
 */
export async function confirmFailure(db: Db, key: string, now: number): Promise<FailureOutcome> {
  const result = await db
    .updateTable('login_attempts')
    .set({ failures: 0, locked_until: now + LOCKOUT_MS, updated_at: now })
    .where('username', '=', key)
    .where('failures', '>=', LOCKOUT_THRESHOLD)
    .where(notLocked(now))
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) > 0) return { locked: true, lockedNow: true };
  return { locked: await isLocked(db, key, now), lockedNow: false };
}

export async function isLocked(db: Db, key: string, now: number): Promise<boolean> {
  const row = await db
    .selectFrom('login_attempts')
    .select('locked_until')
    .where('username', '=', key)
    .executeTakeFirst();
  return row?.locked_until != null && row.locked_until > now;
}

/**
 * A correct factor that does not complete the sign-in (the password): gives its attempt back.
 * Answers false, changing nothing, when the account got locked meanwhile. Call it inside the
 * transaction that acts on the success, and abandon that transaction on false.
 *
 * The conditional write comes first: on PostgreSQL it holds the row until the transaction ends,
 * so an attempt counted meanwhile waits for it, and a lock that fell before it is seen by the
 * check that follows. (A separate SELECT … FOR UPDATE would add nothing.)
 */
export async function giveBackAttempt(trx: Db, key: string, now: number): Promise<boolean> {
  await trx
    .updateTable('login_attempts')
    .set((eb) => ({ failures: eb('failures', '-', 1) }))
    .where('username', '=', key)
    .where('failures', '>', 0)
    .where(notLocked(now))
    .execute();
  return !(await isLocked(trx, key, now));
}

/**
 * A completed sign-in (code step, activation, linked sign-in) clears the count. Answers false,
 * changing nothing, when the account got locked meanwhile; as with giveBackAttempt, call it inside
 * the sign-in's transaction and abandon that on false.
 */
export async function clearUnlessLocked(trx: Db, key: string, now: number): Promise<boolean> {
  await trx.deleteFrom('login_attempts').where('username', '=', key).where(notLocked(now)).execute();
  return !(await isLocked(trx, key, now));
}
