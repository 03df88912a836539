// Housekeeping: rows nobody can use any more (ended sessions, used link tokens past their
// expiry, failure counters untouched for a day) are deleted now and then, so the tables do not
// grow without bound. Expired rows are
// already worthless when met (findSession refuses them, a token past its expiry fails to verify),
// so sweeping is not urgent: it runs at most once a minute per instance, after a sign-in and
// outside its transaction, on indexed columns (migration 2026_11_21_003).
import type { Kysely } from 'kysely';
import { CLOCK_SKEW_MS } from './auth/link-tokens';
import type { Database } from './db/schema';

export const SWEEP_INTERVAL_MS = 60_000;
/** A failure count with no new failure for this long is forgotten (decision 004). */
export const FAILURE_MEMORY_MS = 24 * 60 * 60 * 1000;

/** Deletes what can no longer be used at `now`. */
export async function sweepExpired(db: Kysely<Database>, now: number, idleMs: number): Promise<void> {
  await db.deleteFrom('sessions').where('expires_at', '<=', now).execute();
  await db
    .deleteFrom('sessions')
    .where('stage', '=', 'authenticated')
    .where('last_seen_at', '<=', now - idleMs)
    .execute();
  // Kept past expiry by the clock skew allowed between instances: one whose clock runs behind
  // would otherwise still accept a token whose record another instance had swept.
  await db
    .deleteFrom('used_link_tokens')
    .where('expires_at', '<', now - CLOCK_SKEW_MS)
    .execute();
  // Counters are kept per name tried, known or not; one unused for a day holds no running lock.
  await db
    .deleteFrom('login_attempts')
    .where('updated_at', '<', now - FAILURE_MEMORY_MS)
    .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<=', now)]))
    .execute();
}

/**
 * A sweep at most every SWEEP_INTERVAL_MS: the returned function runs one when the last started
 * that long ago (and none is under way), and never throws: a failed sweep is logged and retried
 * at the next interval, the request that triggered it goes on.
 */
export function sweeper(
  db: Kysely<Database>,
  idleMs: number,
  log?: (line: string) => void,
): (now: number) => Promise<void> {
  let last = Number.NEGATIVE_INFINITY;
  let running = false;
  return async (now) => {
    if (running || now - last < SWEEP_INTERVAL_MS) return;
    running = true;
    last = now;
    try {
      await sweepExpired(db, now, idleMs);
    } catch (err) {
      log?.(`sweep failed: ${err instanceof Error ? err.message : String(err)}`);
    } finally {
      running = false;
    }
  };
}
