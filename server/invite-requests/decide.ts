// Rejecting an invite request with a reason, sending an approved person's invitation again, and
// marking invited people as joined when the platform says they signed in (decision 064). Each is
// one transaction: a conditional UPDATE on the version read (and the statuses the action leaves
// from) with its audit row, and for a resend the message in the mail outbox.
import { canActOnInvite, type InviteAction, type InviteRequestItem } from '../../src/domain/invite-requests';
import { writeAudit } from '../audit';
import type { AppDeps } from '../context';
import { enqueueMail, mailOutcome } from '../mail/outbox';
import { INVITE_RECORD_KIND } from './approve';
import { invitationMail } from './mail';
import { findInvite } from './records';

export type DecideResult =
  | { ok: true; request: InviteRequestItem; msg: string }
  | { ok: false; reason: 'missing' }
  | { ok: false; reason: 'not_from' | 'stale'; current: InviteRequestItem };

/** Why a conditional UPDATE changed nothing: read at this version and still there means the status does not allow it. */
function refusal(action: InviteAction, current: InviteRequestItem | null, version: number): DecideResult {
  if (!current) return { ok: false, reason: 'missing' };
  return current.version === version && !canActOnInvite(action, current.status)
    ? { ok: false, reason: 'not_from', current }
    : { ok: false, reason: 'stale', current };
}

export function rejectInvite(
  deps: Pick<AppDeps, 'db'>,
  input: { id: number; version: number; reason: string },
  author: string,
  now: number,
): Promise<DecideResult> {
  return deps.db.transaction().execute(async (trx): Promise<DecideResult> => {
    const updated = await trx
      .updateTable('invite_requests')
      .set({
        status: 'rejected',
        reason: input.reason,
        decided_by: author,
        decided_at: now,
        version: input.version + 1,
      })
      .where('id', '=', input.id)
      .where('version', '=', input.version)
      .where('status', '=', 'new')
      .returning('id')
      .executeTakeFirst();
    const current = await findInvite(trx, input.id);
    if (!updated || !current) return refusal('reject', current, input.version);
    await writeAudit(trx, {
      category: 'user',
      author,
      action: 'invite request rejected',
      at: now,
      success: true,
      record: { kind: INVITE_RECORD_KIND, id: input.id },
      previous: { request: input.id, email: current.email, status: 'new', version: input.version },
      current: { request: input.id, status: 'rejected', reason: input.reason, version: current.version },
    });
    return { ok: true, request: current, msg: 'Rejected.' };
  });
}

export function resendInvite(
  deps: Pick<AppDeps, 'db' | 'config'>,
  input: { id: number; version: number },
  author: string,
  now: number,
): Promise<DecideResult> {
  const { db, config } = deps;
  return db.transaction().execute(async (trx): Promise<DecideResult> => {
    const updated = await trx
      .updateTable('invite_requests')
      .set((eb) => ({
        status: 'invited',
        invited_at: now,
        invitations: eb('invitations', '+', 1),
        version: input.version + 1,
      }))
      .where('id', '=', input.id)
      .where('version', '=', input.version)
      .where('status', 'in', ['approved', 'invited'])
      .where('user_id', 'is not', null)
      .returning('id')
      .executeTakeFirst();
    const current = await findInvite(trx, input.id);
    if (!updated || !current || !current.user) return refusal('resend', current, input.version);
    await enqueueMail(trx, config, author, now, [
      invitationMail(config.productKey, {
        userId: current.user.id,
        email: current.email,
        first_name: current.first_name,
        username: current.user.username,
        organization: current.organization?.name ?? null,
      }),
    ]);
    await writeAudit(trx, {
      category: 'user',
      author,
      action: 'invitation sent again',
      at: now,
      success: true,
      record: { kind: INVITE_RECORD_KIND, id: input.id },
      current: { request: input.id, email: current.email, user_id: current.user.id, invitations: current.invitations },
    });
    return { ok: true, request: current, msg: `Invitation to ${current.email}: ${mailOutcome(config, 1)}` };
  });
}

/** The platform reports a first sign-in: every invited request of this email is joined. Answers how many. */
export function markJoined(deps: Pick<AppDeps, 'db'>, email: string, now: number): Promise<number> {
  return deps.db.transaction().execute(async (trx) => {
    const rows = await trx
      .updateTable('invite_requests')
      .set((eb) => ({ status: 'joined', version: eb('version', '+', 1) }))
      .where('email_key', '=', email.toLowerCase())
      .where('status', '=', 'invited')
      .returning(['id'])
      .execute();
    for (const r of rows) {
      await writeAudit(trx, {
        category: 'user',
        author: 'platform',
        action: 'invite request joined',
        origin: 'platform',
        at: now,
        success: true,
        record: { kind: INVITE_RECORD_KIND, id: Number(r.id) },
        current: { request: Number(r.id), status: 'joined' },
      });
    }
    return rows.length;
  });
}
