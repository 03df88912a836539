// The mail a staff member asks for from the user area (decision 022): an invitation to an address
// before registration, and a user's welcome email again. Each is written into the outbox with its
// audit row in one transaction; the reply says whether it goes out or stays stored.
import type { MailReply, PreRegisterForm } from '../../src/domain/users';
import { writeAudit } from '../audit';
import type { AppDeps } from '../context';
import { CREATE_TEXT } from '../users/create';
import { expiryText } from '../users/records';
import { preRegisterMail, welcomeMail } from './messages';
import { enqueueMail, mailOutcome } from './outbox';

type MailDeps = Pick<AppDeps, 'db' | 'config'>;

/** pre_register_email_send/: the invitation, naming the organisation when one is given (it must exist). */
export async function sendInvitation(
  deps: MailDeps,
  author: string,
  input: PreRegisterForm,
  now: number,
): Promise<MailReply> {
  const { db, config } = deps;
  const org =
    input.organization_id === ''
      ? null
      : await db.selectFrom('organizations').select('name').where('id', '=', input.organization_id).executeTakeFirst();
  if (org === undefined) return { status: false, msg: CREATE_TEXT.noOrganization };
  const draft = preRegisterMail(config.productKey, {
    email: input.email,
    first_name: input.first_name,
    organization: org?.name ?? null,
  });
  await db.transaction().execute(async (trx) => {
    await enqueueMail(trx, config, author, now, [draft]);
    await writeAudit(trx, {
      category: 'user',
      author,
      action: 'invitation email',
      at: now,
      success: true,
      current: {
        email: input.email,
        first_name: input.first_name,
        last_name: input.last_name,
        organization: org?.name ?? null,
      },
    });
  });
  return { status: true, msg: `Invitation to ${input.email}: ${mailOutcome(config, 1)}` };
}

/** send_welcome_email/: the welcome email of a user who exists and is not deleted, written again. */
export async function resendWelcome(deps: MailDeps, author: string, userId: number, now: number): Promise<MailReply> {
  const { db, config } = deps;
  const user = await db
    .selectFrom('users')
    .select(['id', 'first_name', 'username', 'email', 'expiry_dt', 'deleted'])
    .where('id', '=', userId)
    .executeTakeFirst();
  if (!user || user.deleted === 1) return { status: false, msg: 'No such user.' };
  await db.transaction().execute(async (trx) => {
    await enqueueMail(trx, config, author, now, [
      welcomeMail(config.productKey, { ...user, expiry: expiryText(user.expiry_dt) }),
    ]);
    await writeAudit(trx, {
      category: 'user',
      author,
      action: 'welcome email',
      at: now,
      success: true,
      current: { user_id: user.id, email: user.email },
      record: { kind: 'user', id: user.id },
    });
  });
  return { status: true, msg: `Welcome email to ${user.email}: ${mailOutcome(config, 1)}` };
}
