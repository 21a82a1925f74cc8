import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import { parseConnectionUrl } from 'nodemailer/lib/shared/index.js';

export type Envelope = {
  recipient: string;
  subject: string;
  text: string;
  html: string;
  /**
   * Bulk mail (notices): the URL a mail provider posts to when its reader unsubscribes, sent as the
   * List-Unsubscribe and List-Unsubscribe-Post headers (RFC 2369, RFC 8058), which large providers require
   * of bulk senders. The relay's DKIM signature must cover both headers.
   */
  oneClickUnsubscribe?: string;
};

/**
 * How a message leaves: SMTP in production, the log in a demo without SMTP. `deliver` answers what the
 * transport said (the SMTP server's reply), which the operator's mail test shows.
 */
/**
 * Where mail goes: an SMTP server (`where` its host and port, never its credentials) or, without one, a
 * folder (`where` its path). `deliver` answers what the server said, or the file the message went to.
 */
export type MailTransport = {
  kind: 'smtp' | 'outbox';
  where: string;
  deliver(message: Envelope): Promise<string>;
  close(): void;
};

export function smtpTransport(url: string, from: string): MailTransport {
  // A pool of connections, reused from message to message: a notice to a whole organisation is thousands
  // of messages, and a new connection and greeting for each would be most of their time. SMTP_URL may
  // say otherwise (`?pool=false`, `maxConnections=…`).
  const pooled = new URL(url);
  if (!pooled.searchParams.has('pool')) pooled.searchParams.set('pool', 'true');
  // As many as the notices' sender keeps in flight (notifications.service.ts).
  if (!pooled.searchParams.has('maxConnections')) pooled.searchParams.set('maxConnections', '10');
  // A mail job waits on SMTP inside its transaction (on the embedded database, the one connection every
  // request shares): a server that does not answer is given up on in seconds, not nodemailer's minutes,
  // and the job is retried later. The greeting's wait counts from the moment of connecting.
  for (const [name, ms] of [
    ['greetingTimeout', '10000'],
    ['socketTimeout', '30000'],
  ] as const) {
    if (!pooled.searchParams.has(name)) pooled.searchParams.set(name, ms);
  }
  const { hostname } = pooled;
  const port = Number(pooled.port) || (pooled.protocol === 'smtps:' ? 465 : 587);
  const transporter = nodemailer.createTransport({
    ...parseConnectionUrl(pooled.toString()),
    // nodemailer's own sockets keep Nagle's algorithm, so a message's closing line waits for the server's
    // delayed acknowledgement of the text before it (40 ms on Linux), and a connection carries about twenty
    // messages a second. These send each line at once (TLS, for smtps, is nodemailer's to add).
    getSocket: (_options: unknown, callback: (err: null, socket: { connection: net.Socket }) => void) =>
      callback(null, { connection: net.connect({ host: hostname, port, noDelay: true }) }),
  });
  return {
    // Where, never who: the URL's user and password stay out of what an operator is shown.
    kind: 'smtp',
    where: `${hostname}:${port}`,
    async deliver({ recipient, subject, text, html, oneClickUnsubscribe }) {
      const info = await transporter.sendMail({
        from,
        to: recipient,
        subject,
        text,
        html,
        ...(oneClickUnsubscribe
          ? {
              list: { unsubscribe: oneClickUnsubscribe },
              headers: { 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
            }
          : {}),
      });
      return String(info.response);
    },
    close: () => transporter.close(),
  };
}

/**
 * Without SMTP_URL a demo keeps its mail on disk, a text file a message under `dir` (DATA_DIR/outbox), so it
 * works offline; the log names the file. A mail's links are secrets, and no log line carries one.
 */
export function outboxTransport(dir: string, log: FastifyBaseLogger): MailTransport {
  return {
    kind: 'outbox',
    where: dir,
    async deliver({ recipient, subject, text }) {
      await mkdir(dir, { recursive: true });
      // Named by time, so the folder lists the newest last.
      const name = `${new Date().toISOString().replaceAll(':', '-')}-${randomBytes(4).toString('hex')}.txt`;
      const file = path.join(dir, name);
      await writeFile(file, `To: ${recipient}\nSubject: ${subject}\n\n${text}`);
      log.info({ mail: { to: recipient, subject, file } }, 'mail kept in the outbox folder (no SMTP_URL set)');
      return file;
    },
    close: () => {},
  };
}
