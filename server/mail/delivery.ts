// The deliverer: with SMTP configured, each instance runs one, which sends queued outbox rows and
// marks them 'sent', or after MAX_ATTEMPTS failures 'failed' with the last error. Any number of
// instances may share the database: a message is claimed by one conditional UPDATE (the attempt
// count it was read with, and a due time) that pushes its next_attempt_at a lease ahead, so no
// other instance takes it while it is being sent. An instance that dies mid-send leaves a lease
// that runs out, and the message is tried again: delivery is at least once, never silently lost.
import type { Kysely } from 'kysely';
import { DEFAULT_MAIL_FROM, type ServerConfig } from '../config';
import type { Database } from '../db/schema';
import { smtpTransport, type MailTransport } from './transport';

export interface DeliveryOptions {
  db: Kysely<Database>;
  transport: MailTransport;
  /** Milliseconds since the epoch; tests move it to pass backoff delays. */
  clock?: () => number;
  log?: (line: string) => void;
  /** How often an idle deliverer looks for queued mail. */
  pollMs?: number;
  /** Messages claimed per round. */
  batch?: number;
  maxAttempts?: number;
  /** How long a claim keeps other instances off a message being sent. */
  leaseMs?: number;
}

export const MAIL_DEFAULTS = { pollMs: 5_000, batch: 20, maxAttempts: 5, leaseMs: 120_000 } as const;

/** After the n-th failed attempt: 30 s, 1 min, 2 min, 4 min … at most an hour. */
export function backoffMs(attempt: number): number {
  return Math.min(30_000 * 2 ** Math.max(0, attempt - 1), 3_600_000);
}

export interface RoundResult {
  sent: number;
  retrying: number;
  failed: number;
  /** Messages another instance claimed first. */
  skipped: number;
}

export interface MailDeliverer {
  /** One round: claims what is due (up to `batch`) and tries each once. */
  runOnce(): Promise<RoundResult>;
  /** Rounds until stop(); a full batch is followed at once by another. */
  start(): void;
  /** Waits for the round under way, then closes the transport. */
  stop(): Promise<void>;
}

const errorText = (err: unknown) => (err instanceof Error ? err.message : String(err)).slice(0, 1000);

export function mailDeliverer(options: DeliveryOptions): MailDeliverer {
  const { db, transport, log } = options;
  const clock = options.clock ?? (() => Date.now());
  const { pollMs, batch, maxAttempts, leaseMs } = { ...MAIL_DEFAULTS, ...options };
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;
  let round: Promise<unknown> | null = null;

  async function deliver(row: {
    id: number;
    attempts: number;
    to_email: string;
    subject: string;
    body_text: string;
  }): Promise<keyof RoundResult> {
    const now = clock();
    const claimed = await db
      .updateTable('mail_outbox')
      .set({ attempts: row.attempts + 1, next_attempt_at: now + leaseMs })
      .where('id', '=', row.id)
      .where('status', '=', 'queued')
      .where('attempts', '=', row.attempts)
      .where('next_attempt_at', '<=', now)
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1) return 'skipped';
    const attempt = row.attempts + 1;
    const ours = (q: ReturnType<typeof db.updateTable<'mail_outbox'>>) =>
      q.where('id', '=', row.id).where('attempts', '=', attempt);
    try {
      await transport.send({ to: row.to_email, subject: row.subject, text: row.body_text });
      await ours(db.updateTable('mail_outbox').set({ status: 'sent', sent_at: clock(), last_error: null })).execute();
      return 'sent';
    } catch (err) {
      const last = attempt >= maxAttempts;
      await ours(
        db
          .updateTable('mail_outbox')
          .set(
            last
              ? { status: 'failed', last_error: errorText(err) }
              : { next_attempt_at: clock() + backoffMs(attempt), last_error: errorText(err) },
          ),
      ).execute();
      log?.(
        `mail ${row.id} to ${row.to_email}: attempt ${attempt} failed${last ? ', giving up' : ''}: ${errorText(err)}`,
      );
      return last ? 'failed' : 'retrying';
    }
  }

  async function runOnce(): Promise<RoundResult> {
    const due = await db
      .selectFrom('mail_outbox')
      .select(['id', 'attempts', 'to_email', 'subject', 'body_text'])
      .where('status', '=', 'queued')
      .where('next_attempt_at', '<=', clock())
      .orderBy('id')
      .limit(batch)
      .execute();
    const result: RoundResult = { sent: 0, retrying: 0, failed: 0, skipped: 0 };
    for (const row of due) {
      if (stopped) break;
      result[await deliver({ ...row, attempts: Number(row.attempts) })]++;
    }
    return result;
  }

  function schedule(ms: number): void {
    if (stopped) return;
    timer = setTimeout(() => {
      timer = null;
      const current = runOnce().then(
        (r) => schedule(r.sent + r.retrying + r.failed + r.skipped >= batch ? 0 : pollMs),
        (err: unknown) => {
          // The database may be briefly away; the next round tries again.
          log?.(`mail delivery round failed: ${errorText(err)}`);
          schedule(pollMs);
        },
      );
      round = current;
    }, ms);
    timer.unref();
  }

  return {
    runOnce,
    start: () => schedule(0),
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await round;
      transport.close();
    },
  };
}

/** main.ts: the deliverer this configuration needs (none without SMTP_URL), already running. */
export function startMailDelivery(
  db: Kysely<Database>,
  config: Pick<ServerConfig, 'smtpUrl' | 'mailFrom'>,
  log?: (line: string) => void,
): MailDeliverer | null {
  if (!config.smtpUrl) return null;
  const deliverer = mailDeliverer({
    db,
    transport: smtpTransport(config.smtpUrl, config.mailFrom ?? DEFAULT_MAIL_FROM),
    log,
  });
  deliverer.start();
  return deliverer;
}
