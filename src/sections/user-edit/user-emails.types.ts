// The Emails tab's machine (userEmails): what it is given, holds and hears.
import type { OutboxMessage } from '../../domain/users';

export interface UserEmailsInput {
  userId: number;
}

export interface UserEmailsContext extends UserEmailsInput {
  /** The outbox messages about the user, newest first, as last read. */
  emails: OutboxMessage[];
  /** Why the emails could not be read. */
  error: string | null;
}

export type UserEmailsEvent = { type: 'list.retry' };
