import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';

export type Envelope = { recipient: string; subject: string; text: string; html: string };

/** How a message leaves the outbox: SMTP in production, the log in a demo without SMTP. */
export type MailTransport = { deliver(message: Envelope): Promise<void>; close(): void };

export function smtpTransport(url: string, from: string): MailTransport {
  const transporter = nodemailer.createTransport(url);
  return {
    async deliver({ recipient, subject, text, html }) {
      await transporter.sendMail({ from, to: recipient, subject, text, html });
    },
    close: () => transporter.close(),
  };
}

/**
 * Without SMTP_URL the outbox table is the mailbox and the log shows the text, links included, so
 * a demo works offline. This is the only place a link token is ever logged.
 */
export function logTransport(log: FastifyBaseLogger): MailTransport {
  return {
    async deliver({ recipient, subject, text }) {
      log.info({ mail: { to: recipient, subject, text } }, 'mail kept in the outbox (no SMTP_URL set)');
    },
    close: () => {},
  };
}
