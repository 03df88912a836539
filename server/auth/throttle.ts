// Per-client limit on password attempts (decision 040, ASVS 5.0 V6.1.1), checked before any
// hashing: each attempt costs the server a scrypt run, so a client that sends more than
// ADDRESS_LIMIT.attempts in a window is answered 429 at the price of one database write. The
// count lives in the database, one row per address, so it holds across instances; a window starts
// with the first attempt after the last one ended. Unknown usernames count like any other.
//
// Known sources: the addresses an account has completed a sign-in from in the last
// KNOWN_SOURCE_MS. The account's lockout counts attempts from each of them on a counter of its
// own, so failures sent from elsewhere cannot lock the owner out from where they usually sign in.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';

type Db = Kysely<Database>;

/** Ten password attempts per address per minute: more than a person types, far fewer than a flood. */
export const ADDRESS_LIMIT = { attempts: 10, windowMs: 60_000 } as const;

/** An address stays known to an account for 90 days after its last completed sign-in there. */
export const KNOWN_SOURCE_MS = 90 * 24 * 60 * 60 * 1000;

export type AddressCheck =
  | { allowed: true }
  /** `first` is true for the attempt that crossed the limit (audited once per window). */
  | { allowed: false; retryAfterMs: number; first: boolean };

/** Counts one password attempt from `address`; refuses once the window's attempts are used up. */
export async function takeAddressAttempt(db: Db, address: string, now: number): Promise<AddressCheck> {
  const { rows } = await sql<{ attempts: number | string; window_start: number | string }>`
    insert into sign_in_throttle (address, window_start, attempts)
    values (${address}, ${now}, 1)
    on conflict (address) do update set
      attempts = case when sign_in_throttle.window_start <= cast(${now - ADDRESS_LIMIT.windowMs} as bigint) then 1 else sign_in_throttle.attempts + 1 end,
      window_start = case when sign_in_throttle.window_start <= cast(${now - ADDRESS_LIMIT.windowMs} as bigint) then cast(${now} as bigint) else sign_in_throttle.window_start end
    returning attempts, window_start`.execute(db);
  const row = rows[0]!;
  const attempts = Number(row.attempts);
  if (attempts <= ADDRESS_LIMIT.attempts) return { allowed: true };
  const retryAfterMs = Math.max(1000, Number(row.window_start) + ADDRESS_LIMIT.windowMs - now);
  return { allowed: false, retryAfterMs, first: attempts === ADDRESS_LIMIT.attempts + 1 };
}

/** True when the account completed a sign-in from this address within KNOWN_SOURCE_MS. */
export async function isKnownSource(db: Db, userKey: string, address: string, now: number): Promise<boolean> {
  const row = await db
    .selectFrom('sign_in_sources')
    .select('last_success_at')
    .where('username', '=', userKey)
    .where('address', '=', address)
    .where('last_success_at', '>', now - KNOWN_SOURCE_MS)
    .executeTakeFirst();
  return row !== undefined;
}

/** A completed sign-in makes (or keeps) its address known to the account. */
export async function rememberSource(trx: Db, userKey: string, address: string, now: number): Promise<void> {
  await trx
    .insertInto('sign_in_sources')
    .values({ username: userKey, address, last_success_at: now })
    .onConflict((oc) => oc.columns(['username', 'address']).doUpdateSet({ last_success_at: now }))
    .execute();
}

const lastSweep = new WeakMap<Db, number>();

/** Deletes windows that have ended and sources no longer known, at most once a minute per instance. */
export async function sweepThrottle(db: Db, now: number): Promise<void> {
  if ((lastSweep.get(db) ?? 0) > now - ADDRESS_LIMIT.windowMs) return;
  lastSweep.set(db, now);
  await db
    .deleteFrom('sign_in_throttle')
    .where('window_start', '<=', now - ADDRESS_LIMIT.windowMs)
    .execute();
  await db
    .deleteFrom('sign_in_sources')
    .where('last_success_at', '<=', now - KNOWN_SOURCE_MS)
    .execute();
}
