// Mail through the outbox (decision 022): without SMTP the row is the message; with SMTP_URL the
// row waits 'queued' and a deliverer sends it to a real SMTP server (smtp-server on a random local
// port), marks it 'sent', or after retries with backoff 'failed' with the reason. Two deliverers
// on one database send each message once.
import type { AddressInfo } from 'node:net';
import { SMTPServer, type SMTPServerAddress } from 'smtp-server';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../server/config';
import { backoffMs, mailDeliverer, MAIL_DEFAULTS, startMailDelivery } from '../../server/mail/delivery';
import { enqueueMail } from '../../server/mail/outbox';
import { smtpTransport, type MailTransport, type OutgoingMail } from '../../server/mail/transport';
import { productNames } from '../../src/domain/product';
import { createTestServer, type TestServer } from '../support/server';
import { signIn } from './support/sign-in';
import { startFakeClock, stopFakeClock } from './support/clock';

interface Received {
  from: string;
  to: string[];
  user: string | undefined;
  raw: string;
}

/** A real SMTP server on 127.0.0.1; `reject` makes it refuse every recipient with a 550. */
async function startSmtp(opts: { reject?: boolean } = {}) {
  const received: Received[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    allowInsecureAuth: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === 'console' && auth.password === 's3cret') callback(null, { user: auth.username });
      else callback(new Error('Invalid username or password'));
    },
    onRcptTo(_address: SMTPServerAddress, _session, callback) {
      if (opts.reject) {
        const err = new Error('Mailbox unavailable') as Error & { responseCode: number };
        err.responseCode = 550;
        callback(err);
      } else callback();
    },
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          user: session.user as string | undefined,
          raw,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const port = (smtp.server.address() as AddressInfo).port;
  return {
    received,
    port,
    url: `smtp://console:s3cret@127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => smtp.close(() => resolve())),
  };
}

let server: TestServer;
let smtp: Awaited<ReturnType<typeof startSmtp>> | null = null;

async function world(config: { smtpUrl?: string } = {}) {
  server = await createTestServer({ config: { ...config, mailFrom: 'Staff Console <console@example.com>' } });
  const now = Date.now();
  const org = await server.db
    .insertInto('organizations')
    .values({ name: 'Northwind Capital', salesforce_id: null, sf_acc_id: null, created_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  const staff = await server.createStaff({
    username: 'mailer',
    features: ['admin_panel_access', 'create_user_tab', 'bulk_user_creation', 'user_mgmt', 'edit_user'],
    activated: true,
  });
  const browser = await signIn(server, staff);
  const register = (emails: string[]) =>
    browser.postJson<{ status: boolean; msg: string }>('/user/register/', {
      organization_id: String(org.id),
      user_type: 'trial',
      user_category: 'general',
      [productNames('product').owner]: 'mailer',
      product_configuration: 'product_basic',
      send_email: 'true',
      users: JSON.stringify(emails.map((email, i) => ({ first_name: `Person${i}`, last_name: 'Example', email }))),
    });
  return { browser, register };
}

const outbox = () => server.db.selectFrom('mail_outbox').selectAll().orderBy('id').execute();

beforeEach(() => startFakeClock());
afterEach(async () => {
  await server?.close();
  await smtp?.close();
  smtp = null;
  stopFakeClock();
});

describe('with SMTP configured', () => {
  it('queues the welcome email in the transaction and the deliverer sends it through SMTP', async () => {
    smtp = await startSmtp();
    const { browser, register } = await world({ smtpUrl: smtp.url });
    expect((await register(['ada@example.com'])).msg).toBe('Created 1 user. The email will be sent shortly.');
    expect((await outbox()).map((m) => m.status)).toEqual(['queued']);

    const deliverer = mailDeliverer({
      db: server.db,
      transport: smtpTransport(smtp.url, 'Staff Console <console@example.com>'),
    });
    expect(await deliverer.runOnce()).toEqual({ sent: 1, retrying: 0, failed: 0, skipped: 0 });
    await deliverer.stop();

    const [row] = await outbox();
    expect(row).toMatchObject({ status: 'sent', attempts: 1, last_error: null, sent_at: Date.now() });
    expect(smtp.received).toHaveLength(1);
    const [mail] = smtp.received;
    expect(mail).toMatchObject({ from: 'console@example.com', to: ['ada@example.com'], user: 'console' });
    expect(mail!.raw).toMatch(/^Subject: Welcome to Product$/m);
    expect(mail!.raw).toContain('Your Product account is ready.');
    const listed = (await (await browser.send('GET', '/user/fetch_outbox/')).json()) as { data: { status: string }[] };
    expect(listed.data.map((m) => m.status)).toEqual(['sent']);
  });

  it('retries a refused message with growing delays, then marks it failed with the reason', async () => {
    smtp = await startSmtp({ reject: true });
    const { register } = await world({ smtpUrl: smtp.url });
    await register(['bounce@example.com']);
    const clock = { now: Date.now() };
    const deliverer = mailDeliverer({
      db: server.db,
      transport: smtpTransport(smtp.url, 'console@example.com'),
      clock: () => clock.now,
    });
    for (let attempt = 1; attempt < MAIL_DEFAULTS.maxAttempts; attempt++) {
      expect(await deliverer.runOnce()).toMatchObject({ retrying: 1 });
      const [row] = await outbox();
      expect(row).toMatchObject({
        status: 'queued',
        attempts: attempt,
        next_attempt_at: clock.now + backoffMs(attempt),
      });
      expect(row!.last_error).toMatch(/550/);
      // Not due yet: nothing is tried before the backoff has passed.
      clock.now += backoffMs(attempt) - 1;
      expect(await deliverer.runOnce()).toEqual({ sent: 0, retrying: 0, failed: 0, skipped: 0 });
      clock.now += 1;
    }
    expect(await deliverer.runOnce()).toMatchObject({ failed: 1 });
    await deliverer.stop();
    const [row] = await outbox();
    expect(row).toMatchObject({ status: 'failed', attempts: MAIL_DEFAULTS.maxAttempts, sent_at: null });
    expect(row!.last_error).toMatch(/550.*Mailbox unavailable/);
    expect(smtp.received).toEqual([]);
    expect([1, 2, 3, 4, 5, 9].map(backoffMs)).toEqual([30_000, 60_000, 120_000, 240_000, 480_000, 3_600_000]);
  });

  it('counts an unreachable server as a failed attempt, and sends once it is back', async () => {
    smtp = await startSmtp();
    const url = smtp.url;
    await smtp.close();
    const { register } = await world({ smtpUrl: url });
    await register(['later@example.com']);
    const clock = { now: Date.now() };
    const down = mailDeliverer({
      db: server.db,
      transport: smtpTransport(url, 'console@example.com'),
      clock: () => clock.now,
    });
    expect(await down.runOnce()).toMatchObject({ retrying: 1 });
    await down.stop();
    expect((await outbox())[0]!.last_error).toMatch(/ECONNREFUSED/);

    smtp = await startSmtp();
    clock.now += backoffMs(1);
    const up = mailDeliverer({
      db: server.db,
      transport: smtpTransport(smtp.url, 'console@example.com'),
      clock: () => clock.now,
    });
    expect(await up.runOnce()).toMatchObject({ sent: 1 });
    await up.stop();
    expect((await outbox())[0]).toMatchObject({ status: 'sent', attempts: 2, last_error: null });
  });

  it('sends each message once when two deliverers share the database', async () => {
    const { register } = await world({ smtpUrl: 'smtp://127.0.0.1:9' });
    await register(Array.from({ length: 30 }, (_, i) => `twin${i}@example.com`));
    const sent: string[] = [];
    const slow = (name: string): MailTransport => ({
      async send(mail: OutgoingMail) {
        await new Promise((resolve) => setTimeout(resolve, 2));
        sent.push(`${name}:${mail.to}`);
      },
      close() {},
    });
    const a = mailDeliverer({ db: server.db, transport: slow('a'), batch: 50 });
    const b = mailDeliverer({ db: server.db, transport: slow('b'), batch: 50 });
    const [ra, rb] = await Promise.all([a.runOnce(), b.runOnce()]);
    expect(ra.sent + rb.sent).toBe(30);
    // What one saw queued and the other had claimed first, it skipped (fewer when it looked later).
    expect(ra.skipped + rb.skipped).toBeLessThanOrEqual(30);
    expect(new Set(sent.map((s) => s.split(':')[1])).size).toBe(30);
    expect(sent).toHaveLength(30);
    expect((await outbox()).every((m) => m.status === 'sent' && m.attempts === 1)).toBe(true);
  });

  it('takes a message over when the deliverer that claimed it never finished (its lease ran out)', async () => {
    const { register } = await world({ smtpUrl: 'smtp://127.0.0.1:9' });
    await register(['orphan@example.com']);
    const clock = { now: Date.now() };
    const hung = mailDeliverer({
      db: server.db,
      clock: () => clock.now,
      transport: { send: () => new Promise(() => {}), close() {} },
    });
    void hung.runOnce();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect((await outbox())[0]).toMatchObject({
      status: 'queued',
      attempts: 1,
      next_attempt_at: clock.now + MAIL_DEFAULTS.leaseMs,
    });
    const delivered: string[] = [];
    const other = mailDeliverer({
      db: server.db,
      clock: () => clock.now,
      transport: { send: async (m) => void delivered.push(m.to), close() {} },
    });
    expect(await other.runOnce()).toEqual({ sent: 0, retrying: 0, failed: 0, skipped: 0 });
    clock.now += MAIL_DEFAULTS.leaseMs;
    expect(await other.runOnce()).toMatchObject({ sent: 1 });
    expect(delivered).toEqual(['orphan@example.com']);
    expect((await outbox())[0]).toMatchObject({ status: 'sent', attempts: 2 });
  });

  it('runs by itself once started, and stops cleanly', async () => {
    smtp = await startSmtp();
    const { register } = await world({ smtpUrl: smtp.url });
    const deliverer = startMailDelivery(server.db, { smtpUrl: smtp.url, mailFrom: 'console@example.com' })!;
    await register(['auto@example.com']);
    // A round runs at start and then every poll interval; the message goes out within one.
    for (let i = 0; i < 200 && smtp.received.length === 0; i++) await new Promise((resolve) => setTimeout(resolve, 50));
    await deliverer.stop();
    expect(smtp.received.map((m) => m.to)).toEqual([['auto@example.com']]);
    expect((await outbox())[0]!.status).toBe('sent');
  }, 20_000);
});

describe('without SMTP', () => {
  it('keeps messages in the outbox, runs no deliverer, and never drops a message', async () => {
    const { register } = await world();
    expect(startMailDelivery(server.db, {})).toBeNull();
    expect((await register(['kept@example.com'])).msg).toBe(
      'Created 1 user. The email was written to the outbox (no mail server is configured).',
    );
    expect(await outbox()).toMatchObject([{ status: 'stored', to_email: 'kept@example.com', attempts: 0 }]);
  });

  it('writes nothing when the change it belongs to is rolled back', async () => {
    await world();
    await expect(
      server.db.transaction().execute(async (trx) => {
        await enqueueMail(trx, {}, 'mailer', Date.now(), [
          { kind: 'welcome', to: 'ghost@example.com', subject: 's', text: 't', userId: null },
        ]);
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await outbox()).toEqual([]);
  });
});

describe('mail settings', () => {
  it('reads SMTP_URL and MAIL_FROM, and leaves both out when unset', () => {
    expect(
      loadConfig({ SMTP_URL: 'smtp://u:p@mail.example:2525', MAIL_FROM: 'Console <c@example.com>' }),
    ).toMatchObject({
      smtpUrl: 'smtp://u:p@mail.example:2525',
      mailFrom: 'Console <c@example.com>',
    });
    const plain = loadConfig({});
    expect('smtpUrl' in plain || 'mailFrom' in plain).toBe(false);
  });

  it('refuses an SMTP_URL that is not smtp(s)://, without repeating its password', () => {
    expect(() => loadConfig({ SMTP_URL: 'http://u:hunter22@mail.example' })).toThrow(ConfigError);
    expect(() => loadConfig({ SMTP_URL: 'http://u:hunter22@mail.example' })).toThrow(
      'SMTP_URL="http://u:***@mail.example" must read smtp://user:pass@host:port (or smtps://)',
    );
  });
});
