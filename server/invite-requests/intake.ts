// The platform's intake of invite requests (decision 064). The platform calls with a shared key
// in a header (INVITE_INTAKE_KEY; compared in constant time; no key configured: intake off). Calls
// are counted per client address in the database before the key is checked, so a guesser meets
// the limit as soon as anyone else; one row per address, shared by every instance (the shape of
// server/auth/throttle.ts). A request's organization guess is matched to an organization whose
// name is the same, whatever its case, when exactly one is.
import { createHash, timingSafeEqual } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { InviteIntakeForm } from '../../src/domain/invite-requests';
import { writeAudit } from '../audit';
import { engineOf } from '../db/connect';
import type { Database } from '../db/schema';
import { INVITE_RECORD_KIND } from './approve';
import { searchTextOf } from './records';

/** Thirty requests per address per minute: more than a sign-up page sends, fewer than a flood. */
export const INTAKE_LIMIT = { calls: 30, windowMs: 60_000 } as const;

/** Constant time whatever the lengths: both sides hashed first. */
export function intakeKeyMatches(configured: string, given: string | undefined): boolean {
  if (!given) return false;
  const a = createHash('sha256').update(configured).digest();
  const b = createHash('sha256').update(given).digest();
  return timingSafeEqual(a, b);
}

/** Counts one call from `address`; answers how long to wait when over the limit, else null. */
export async function takeIntakeCall(db: Kysely<Database>, address: string, now: number): Promise<number | null> {
  const cutoff = now - INTAKE_LIMIT.windowMs;
  const { rows } = await sql<{ attempts: number | string; window_start: number | string }>`
    insert into invite_intake_throttle (address, window_start, attempts)
    values (${address}, ${now}, 1)
    on conflict (address) do update set
      attempts = case when invite_intake_throttle.window_start <= cast(${cutoff} as bigint) then 1 else invite_intake_throttle.attempts + 1 end,
      window_start = case when invite_intake_throttle.window_start <= cast(${cutoff} as bigint) then cast(${now} as bigint) else invite_intake_throttle.window_start end
    returning attempts, window_start`.execute(db);
  const row = rows[0]!;
  if (Number(row.attempts) <= INTAKE_LIMIT.calls) return null;
  return Math.max(1000, Number(row.window_start) + INTAKE_LIMIT.windowMs - now);
}

/** Files one request (status new) with its audit row; answers its id. */
export async function fileInviteRequest(db: Kysely<Database>, form: InviteIntakeForm, now: number): Promise<number> {
  return db.transaction().execute(async (trx) => {
    // The folded name as migration 008 indexes it.
    const folded = sql.raw(engineOf(db) === 'postgres' ? 'lower(name collate "C")' : 'lower(name)');
    const matches = form.organization
      ? await trx
          .selectFrom('organizations')
          .select('id')
          .where(sql<string>`${folded}`, '=', form.organization.toLowerCase())
          .limit(2)
          .execute()
      : [];
    const row = await trx
      .insertInto('invite_requests')
      .values({
        first_name: form.first_name,
        last_name: form.last_name,
        email: form.email,
        email_key: form.email.toLowerCase(),
        organization_guess: form.organization,
        organization_id: matches.length === 1 ? Number(matches[0]!.id) : null,
        message: form.message,
        search_text: searchTextOf({ ...form, organization_guess: form.organization }),
        status: 'new',
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const id = Number(row.id);
    await writeAudit(trx, {
      category: 'user',
      author: 'platform',
      action: 'invite request filed',
      origin: 'platform',
      at: now,
      success: true,
      record: { kind: INVITE_RECORD_KIND, id },
      current: {
        request: id,
        email: form.email,
        name: `${form.first_name} ${form.last_name}`,
        organization: form.organization,
      },
    });
    return id;
  });
}

/** Ended windows go, at most once a minute per instance. */
const lastSweep = new WeakMap<Kysely<Database>, number>();
export async function sweepIntakeThrottle(db: Kysely<Database>, now: number): Promise<void> {
  if ((lastSweep.get(db) ?? 0) > now - INTAKE_LIMIT.windowMs) return;
  lastSweep.set(db, now);
  await db
    .deleteFrom('invite_intake_throttle')
    .where('window_start', '<=', now - INTAKE_LIMIT.windowMs)
    .execute();
}
