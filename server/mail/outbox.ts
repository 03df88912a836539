// The mail outbox: every message the server sends is first a row here, written in the same
// transaction as the change that causes it (a created user, an invitation), so a message exists
// exactly when its change does. Without SMTP configured the row is the message ('stored', shown by
// fetch_outbox/); with SMTP it waits 'queued' for the deliverer (delivery.ts). Decision 022.
import type { Kysely, Transaction } from 'kysely';
import type { OutboxMessage } from '../../src/domain/users';
import type { ServerConfig } from '../config';
import type { Database, MailStatus } from '../db/schema';
import { chunks } from '../db/value-lists';
import type { MailDraft } from './messages';

/** Most messages one fetch_outbox/ answer lists. */
export const OUTBOX_PAGE = 200;
/** Rows per insert: well under SQLite's bound-parameter limit. */
const INSERT_CHUNK = 200;

export function sendsMail(config: Pick<ServerConfig, 'smtpUrl'>): boolean {
  return Boolean(config.smtpUrl);
}

/** The status new messages start in under this configuration. */
export function initialStatus(config: Pick<ServerConfig, 'smtpUrl'>): MailStatus {
  return sendsMail(config) ? 'queued' : 'stored';
}

/** What a person is told about messages just written. */
export function mailOutcome(config: Pick<ServerConfig, 'smtpUrl'>, count: number): string {
  const what = count === 1 ? 'The email' : `${count} emails`;
  return sendsMail(config)
    ? `${what} will be sent shortly.`
    : `${what} ${count === 1 ? 'was' : 'were'} written to the outbox (no mail server is configured).`;
}

export async function enqueueMail(
  trx: Transaction<Database> | Kysely<Database>,
  config: Pick<ServerConfig, 'smtpUrl'>,
  author: string,
  now: number,
  drafts: readonly MailDraft[],
): Promise<void> {
  const status = initialStatus(config);
  for (const batch of chunks(drafts, INSERT_CHUNK)) {
    await trx
      .insertInto('mail_outbox')
      .values(
        batch.map((d) => ({
          kind: d.kind,
          to_email: d.to,
          subject: d.subject,
          body_text: d.text,
          user_id: d.userId,
          author: author.slice(0, 150),
          status,
          created_at: now,
          sent_at: null,
          last_error: null,
          next_attempt_at: now,
        })),
      )
      .execute();
  }
}

/**
 * Newest first; one user's messages when `userId` is given. Without `withDeleted` the messages
 * about a deleted user are left out, theirs and the whole outbox's alike (users/records.ts
 * seesDeletedUsers decides it).
 */
export async function listOutbox(
  db: Kysely<Database>,
  userId: number | null,
  withDeleted: boolean,
): Promise<OutboxMessage[]> {
  let query = db
    .selectFrom('mail_outbox')
    .select([
      'id',
      'kind',
      'to_email',
      'subject',
      'body_text',
      'status',
      'created_at',
      'sent_at',
      'last_error',
      'author',
    ])
    .orderBy('id', 'desc')
    .limit(OUTBOX_PAGE);
  if (userId !== null) query = query.where('user_id', '=', userId);
  if (!withDeleted) {
    query = query.where(({ exists, not, selectFrom }) =>
      not(
        exists(
          selectFrom('users')
            .select('users.id')
            .whereRef('users.id', '=', 'mail_outbox.user_id')
            .where('users.deleted', '=', 1),
        ),
      ),
    );
  }
  const rows = await query.execute();
  return rows.map((r) => ({
    ...r,
    created_at: Number(r.created_at),
    sent_at: r.sent_at === null ? null : Number(r.sent_at),
  }));
}
