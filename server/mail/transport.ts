// One way out for mail: a MailTransport sends a message or throws. With SMTP_URL configured the
// deliverer (delivery.ts) hands queued messages to the SMTP transport; nothing else sends mail.
import nodemailer from 'nodemailer';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
}

export interface MailTransport {
  /** Resolves once the server accepted the message; throws with the reason otherwise. */
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

/** Seconds, not nodemailer's minutes: a stuck server should cost one retry, not the deliverer. */
const TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

/** SMTP at `url` (smtp://user:pass@host:port, or smtps:// for TLS from the start). */
export function smtpTransport(url: string, from: string): MailTransport {
  const transporter = nodemailer.createTransport({ url, ...TIMEOUTS });
  return {
    async send(mail) {
      await transporter.sendMail({ from, to: mail.to, subject: mail.subject, text: mail.text });
    },
    close: () => transporter.close(),
  };
}
