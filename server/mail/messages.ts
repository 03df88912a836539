// The texts of the mail the user area sends: the welcome email of a new user and the invitation
// sent before registration. Plain text; never a password. They name the product by its display name.
import { productNames } from '../../src/domain/product';

/** The kinds of mail the outbox holds (its `kind` column). */
export type MailKind = 'welcome' | 'pre_register';

export interface MailDraft {
  kind: MailKind;
  to: string;
  subject: string;
  text: string;
  /** The user the message is about, when there is one (fetch_outbox/ lists by it). */
  userId: number | null;
}

export function welcomeMail(
  key: string,
  user: { id: number; first_name: string; username: string; email: string; expiry: string | null },
): MailDraft {
  const product = productNames(key).name;
  const lines = [
    `Hello ${user.first_name},`,
    '',
    `Your ${product} account is ready.`,
    '',
    `Username: ${user.username}`,
    `Email: ${user.email}`,
    ...(user.expiry ? [`Access until: ${user.expiry} (MM-dd-yyyy)`] : []),
    '',
    'If you did not expect this message, please tell your account manager.',
  ];
  return { kind: 'welcome', to: user.email, subject: `Welcome to ${product}`, text: lines.join('\n'), userId: user.id };
}

/** A pre-registration message (decision 022): the invitation to `product` with its lines. */
export function invitationDraft(
  product: string,
  email: string,
  lines: readonly string[],
  userId: number | null,
): MailDraft {
  return { kind: 'pre_register', to: email, subject: `Your invitation to ${product}`, text: lines.join('\n'), userId };
}

export function preRegisterMail(
  key: string,
  invite: { email: string; first_name: string; organization: string | null },
): MailDraft {
  const product = productNames(key).name;
  const lines = [
    invite.first_name ? `Hello ${invite.first_name},` : 'Hello,',
    '',
    `You have been invited to ${product}${invite.organization ? ` as part of ${invite.organization}` : ''}.`,
    'Your account manager will complete your registration and you will receive a welcome email with your username.',
  ];
  return invitationDraft(product, invite.email, lines, null);
}
