// Approving invite requests (decision 064). One approval or a bulk of up to MAX_BULK_APPROVE with
// one set of settings is one transaction: each request is claimed by a conditional UPDATE on the
// version the person read (the loser of a race is told who won, and no user is created for it),
// its user is created with the create form's step one settings, its invitation is written to the
// mail outbox and the audit rows go beside them. An email some user holds already, or another open
// request asks for, is refused, whatever its case. A bulk answers per request what became of it;
// its preview runs the same checks and writes nothing.
import {
  INVITE_MESSAGES,
  duplicateText,
  type BulkOutcome,
  type InviteDuplicate,
  type InviteSettings,
} from '../../src/domain/invite-requests';
import { writeAuditMany, type AuditEntry } from '../audit';
import type { AppDeps, CurrentSession } from '../context';
import type { Database } from '../db/schema';
import { enqueueMail, mailOutcome } from '../mail/outbox';
import { loadUserRecords } from '../users/records';
import { freeUsernames, usernameBase } from '../users/usernames';
import type { FieldErrors } from '../../src/domain/user-rules';
import type { Transaction } from 'kysely';
import { invitationMail } from './mail';
import { duplicateOf, invitesByIds, openRequestsByEmail, usersByEmail, type Db } from './records';
import { checkInviteSettings } from './settings';
import { insertUsers, newUserRow, userCreatedEntry, type NewUserSettings } from '../users/create';
import { isUniqueViolation } from '../db/unique-violation';

export const INVITE_RECORD_KIND = 'invite_request';

type Chosen = { id: number; version: number };
type Stored = Awaited<ReturnType<typeof invitesByIds>> extends Map<number, infer R> ? R : never;

/** Why one picked request cannot be approved now, or null. */
type Judged = {
  pick: Chosen;
  row: Stored | undefined;
  refusal: { reason: string; kind: 'missing' | 'stale' | 'not_new' | 'duplicate'; duplicate?: InviteDuplicate } | null;
};

async function judge(db: Db, picks: readonly Chosen[]): Promise<Judged[]> {
  const rows = await invitesByIds(
    db,
    picks.map((p) => p.id),
  );
  const keys = [...rows.values()].map((r) => r.email_key);
  const [users, open] = await Promise.all([usersByEmail(db, keys), openRequestsByEmail(db, keys)]);
  const picked = new Set(picks.map((p) => p.id));
  const seenEmails = new Map<string, number>();
  return picks.map((pick): Judged => {
    const row = rows.get(pick.id);
    if (!row) return { pick, row, refusal: { kind: 'missing', reason: INVITE_MESSAGES.noRequest(pick.id) } };
    if (row.version !== pick.version) {
      return {
        pick,
        row,
        refusal: {
          kind: 'stale',
          reason: `${row.decided_by ?? 'Someone'} changed it after you opened it (it is ${row.status} now).`,
        },
      };
    }
    if (row.status !== 'new')
      return { pick, row, refusal: { kind: 'not_new', reason: INVITE_MESSAGES.notFrom('approve', row.status) } };
    // Within one bulk, the first request of an email goes first; other open requests for it elsewhere block it.
    const openElsewhere = new Map([[row.email_key, (open.get(row.email_key) ?? []).filter((id) => !picked.has(id))]]);
    const duplicate = duplicateOf({ id: row.id, email_key: row.email_key, status: row.status }, users, openElsewhere);
    const earlier = seenEmails.get(row.email_key);
    if (duplicate) return { pick, row, refusal: { kind: 'duplicate', reason: duplicateText(duplicate), duplicate } };
    if (earlier !== undefined)
      return {
        pick,
        row,
        refusal: {
          kind: 'duplicate',
          reason: INVITE_MESSAGES.otherRequest(earlier),
          duplicate: { kind: 'request', id: earlier },
        },
      };
    seenEmails.set(row.email_key, row.id);
    return { pick, row, refusal: null };
  });
}

interface Created {
  id: number;
  email: string;
  username: string;
  userId: number;
}

/** Claims, creates and invites the accepted requests inside `trx`; answers those it created (a claim lost to a race is left out). */
async function approveInside(
  trx: Transaction<Database>,
  deps: Pick<AppDeps, 'db' | 'config'>,
  author: string,
  settings: NewUserSettings,
  sendInvitation: boolean,
  accepted: readonly Judged[],
  now: number,
): Promise<{ created: Created[]; lost: Chosen[] }> {
  const { config } = deps;
  const claimed: Judged[] = [];
  const lost: Chosen[] = [];
  for (const j of accepted) {
    const row = await trx
      .updateTable('invite_requests')
      .set({
        status: sendInvitation ? 'invited' : 'approved',
        decided_by: author,
        decided_at: now,
        reason: null,
        organization_id: settings.organizationId,
        invited_at: sendInvitation ? now : null,
        invitations: sendInvitation ? 1 : 0,
        version: j.pick.version + 1,
      })
      .where('id', '=', j.pick.id)
      .where('version', '=', j.pick.version)
      .where('status', '=', 'new')
      .returning('id')
      .executeTakeFirst();
    if (row) claimed.push(j);
    else lost.push(j.pick);
  }
  if (claimed.length === 0) return { created: [], lost };
  const usernames = await freeUsernames(
    trx,
    claimed.map((j) => usernameBase(j.row!)),
    new Set(),
  );
  const values = claimed.map((j, i) =>
    newUserRow(
      settings,
      {
        username: usernames[i]!,
        email: j.row!.email,
        first_name: j.row!.first_name,
        last_name: j.row!.last_name,
        phone: null,
        password_hash: null,
      },
      author,
      now,
    ),
  );
  const byName = await insertUsers(trx, values);
  const created: Created[] = claimed.map((j, i) => ({
    id: j.pick.id,
    email: j.row!.email,
    username: usernames[i]!,
    userId: byName.get(usernames[i]!)!,
  }));
  for (const c of created)
    await trx.updateTable('invite_requests').set({ user_id: c.userId }).where('id', '=', c.id).execute();

  const records = await loadUserRecords(
    trx,
    created.map((c) => c.userId),
  );
  const org = await trx
    .selectFrom('organizations')
    .select('name')
    .where('id', '=', settings.organizationId)
    .executeTakeFirst();
  const entries: AuditEntry[] = [];
  records.forEach((record, i) => {
    const c = created[i]!;
    entries.push(userCreatedEntry(author, now, c.userId, record));
    entries.push({
      category: 'user',
      author,
      action: 'invite request approved',
      at: now,
      success: true,
      record: { kind: INVITE_RECORD_KIND, id: c.id },
      previous: { request: c.id, status: 'new', version: claimed[i]!.pick.version },
      current: {
        request: c.id,
        status: sendInvitation ? 'invited' : 'approved',
        user_id: c.userId,
        username: c.username,
        organization: org?.name ?? null,
        invitation: sendInvitation,
      },
    });
  });
  await writeAuditMany(trx, entries);
  if (sendInvitation) {
    await enqueueMail(
      trx,
      config,
      author,
      now,
      created.map((c, i) =>
        invitationMail(config.productKey, {
          userId: c.userId,
          email: c.email,
          first_name: claimed[i]!.row!.first_name,
          username: c.username,
          organization: org?.name ?? null,
        }),
      ),
    );
  }
  return { created, lost };
}

export type ApproveResult =
  | { ok: true; username: string; userId: number; msg: string }
  | { ok: false; reason: 'settings'; errors: FieldErrors }
  | { ok: false; reason: 'missing' | 'not_new' | 'duplicate' | 'stale'; msg: string };

/** One request approved from the version read. */
export async function approveInvite(
  deps: Pick<AppDeps, 'db' | 'config'>,
  session: CurrentSession,
  input: InviteSettings & Chosen,
  now: number,
): Promise<ApproveResult> {
  const { db, config } = deps;
  const { errors, settings } = await checkInviteSettings(db, session, config.productKey, input, now);
  if (Object.keys(errors).length) return { ok: false, reason: 'settings', errors };
  try {
    return await db.transaction().execute(async (trx): Promise<ApproveResult> => {
      const [judged] = await judge(trx, [{ id: input.id, version: input.version }]);
      const refusal = judged!.refusal;
      if (refusal) return { ok: false, reason: refusal.kind, msg: refusal.reason };
      const { created } = await approveInside(
        trx,
        deps,
        session.user.username,
        settings,
        input.send_invitation,
        [judged!],
        now,
      );
      const c = created[0];
      if (!c) return { ok: false, reason: 'stale', msg: 'Someone changed it after you opened it.' };
      const mail = input.send_invitation ? ` ${mailOutcome(config, 1)}` : ' No invitation was sent.';
      return {
        ok: true,
        username: c.username,
        userId: c.userId,
        msg: `Approved: user ${c.username} was created.${mail}`,
      };
    });
  } catch (err) {
    // A user with this email was created elsewhere between the check and the insert.
    if (isUniqueViolation(err))
      return {
        ok: false,
        reason: 'duplicate',
        msg: 'A user with this email was created meanwhile; nothing was approved.',
      };
    throw err;
  }
}

export type BulkResult = { ok: true; outcomes: BulkOutcome[]; msg: string } | { ok: false; errors: FieldErrors };

/** Many requests with one set of settings: a preview (nothing written) or the approval itself, in one transaction. */
export async function bulkApprove(
  deps: Pick<AppDeps, 'db' | 'config'>,
  session: CurrentSession,
  input: InviteSettings & { requests: Chosen[] },
  now: number,
  preview: boolean,
): Promise<BulkResult> {
  const { db, config } = deps;
  const { errors, settings } = await checkInviteSettings(db, session, config.productKey, input, now);
  if (Object.keys(errors).length) return { ok: false, errors };
  const refusedOutcome = (j: Judged): BulkOutcome => ({
    ok: false,
    id: j.pick.id,
    email: j.row?.email ?? '',
    reason: j.refusal!.reason,
  });
  if (preview) {
    const judged = await judge(db, input.requests);
    const accepted = judged.filter((j) => !j.refusal);
    const names = await freeUsernames(
      db,
      accepted.map((j) => usernameBase(j.row!)),
      new Set(),
    );
    const nameOf = new Map(accepted.map((j, i) => [j.pick.id, names[i]!]));
    const outcomes = judged.map((j) =>
      j.refusal
        ? refusedOutcome(j)
        : { ok: true as const, id: j.pick.id, email: j.row!.email, username: nameOf.get(j.pick.id)!, user_id: null },
    );
    return { ok: true, outcomes, msg: `${accepted.length} of ${judged.length} can be approved.` };
  }
  try {
    return await db.transaction().execute(async (trx): Promise<BulkResult> => {
      const judged = await judge(trx, input.requests);
      const { created, lost } = await approveInside(
        trx,
        deps,
        session.user.username,
        settings,
        input.send_invitation,
        judged.filter((j) => !j.refusal),
        now,
      );
      const made = new Map(created.map((c) => [c.id, c]));
      const lostIds = new Set(lost.map((p) => p.id));
      const outcomes = judged.map((j): BulkOutcome => {
        if (j.refusal) return refusedOutcome(j);
        const c = made.get(j.pick.id);
        if (c) return { ok: true, id: c.id, email: c.email, username: c.username, user_id: c.userId };
        return {
          ok: false,
          id: j.pick.id,
          email: j.row!.email,
          reason: lostIds.has(j.pick.id) ? 'Someone changed it meanwhile.' : 'Not approved.',
        };
      });
      const mail = input.send_invitation && created.length ? ` ${mailOutcome(config, created.length)}` : '';
      return { ok: true, outcomes, msg: `Approved ${created.length} of ${judged.length}.${mail}` };
    });
  } catch (err) {
    if (isUniqueViolation(err))
      return {
        ok: false,
        errors: { _: 'A user with one of these emails was created meanwhile; nothing was approved.' },
      };
    throw err;
  }
}
