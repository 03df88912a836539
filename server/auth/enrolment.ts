// Storing a newly activated TOTP secret: the audit row, the sealed secret and the end of the
// half-signed-in session happen together or not at all.
import type { Transaction } from 'kysely';
import { writeAudit } from '../audit';
import type { Database } from '../db/schema';

export interface Enrolment {
  userId: number;
  username: string;
  sealedSecret: string;
  /** The time step of the code that proved the secret; it may not be used again. */
  step: number;
  sessionHash: string;
  now: number;
}

/** Throws AlreadyEnrolled (rolling back the audit row) when another tab or instance won the race. */
export async function enrolTotp(trx: Transaction<Database>, e: Enrolment): Promise<void> {
  await writeAudit(trx, {
    category: 'auth',
    author: e.username,
    action: 'two-step sign-in activated',
    at: e.now,
    success: true,
  });
  const inserted = await trx
    .insertInto('totp_secrets')
    .values({ user_id: e.userId, secret_enc: e.sealedSecret, activated_at: e.now, last_used_step: e.step })
    .onConflict((oc) => oc.column('user_id').doNothing())
    .executeTakeFirst();
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0n) !== 1) throw new AlreadyEnrolled();
  // The person signs in afresh with the new code (spec §4), so the pending session ends here; a
  // session some other request ended first cannot be activated on.
  const ended = await trx
    .deleteFrom('sessions')
    .where('id_hash', '=', e.sessionHash)
    .where('stage', '=', 'pending_otp')
    .executeTakeFirst();
  if (Number(ended.numDeletedRows) !== 1) throw new PendingSessionEnded();
}

export class PendingSessionEnded extends Error {
  constructor() {
    super('The half-signed-in session has already ended.');
  }
}

export class AlreadyEnrolled extends Error {
  constructor() {
    super('Two-step sign-in is already activated for this account.');
  }
}
