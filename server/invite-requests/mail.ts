// The invitation an approved request sends: the person is told their account exists and which
// username it has. Written into the mail outbox as a pre-registration message (decision 022), in
// the transaction that creates the user, so the message exists exactly when the user does.
import { productNames } from '../../src/domain/product';
import { invitationDraft, type MailDraft } from '../mail/messages';

export function invitationMail(
  key: string,
  invite: { userId: number; email: string; first_name: string; username: string; organization: string | null },
): MailDraft {
  const product = productNames(key).name;
  const lines = [
    invite.first_name ? `Hello ${invite.first_name},` : 'Hello,',
    '',
    `Your request to join ${product}${invite.organization ? ` as part of ${invite.organization}` : ''} was approved.`,
    '',
    `Username: ${invite.username}`,
    `Email: ${invite.email}`,
    '',
    'Sign in with this email to set your password. If you did not ask to join, please ignore this message.',
  ];
  return invitationDraft(product, invite.email, lines, invite.userId);
}
