// Mail calls of spec §7 (decision 022): a user's welcome email again, and the outbox to read back
// what was written. Replies are parsed by their src/domain schema.
import * as v from 'valibot';
import { MailReply, OutboxReply, type OutboxMessage } from '../domain/users';
import { http, toFormData } from './http';

/** Writes the user's welcome email again into the outbox. Needs edit_user. */
export async function sendWelcomeEmail(userId: number): Promise<MailReply> {
  return v.parse(
    MailReply,
    await http('/user/send_welcome_email/', { method: 'POST', body: toFormData({ user_id: String(userId) }) }),
  );
}

/** The newest outbox messages (at most 200), or one user's. Needs user_mgmt. */
export async function fetchOutbox(userId?: number): Promise<OutboxMessage[]> {
  const query = userId === undefined ? '' : `?user_id=${userId}`;
  return v.parse(OutboxReply, await http(`/user/fetch_outbox/${query}`)).data;
}
