import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export type ReceivedMail = { to: string[]; raw: string };

/** A MIME message's text, with quoted-printable soft breaks and escapes undone. */
export const decodedMail = (raw: string) =>
  raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));

/** A header of a message as sent (folded lines joined), or undefined when it has none. */
export function mailHeader(raw: string, name: string): string | undefined {
  const head = raw.split(/\r?\n\r?\n/, 1)[0] ?? '';
  const unfolded = head.replace(/\r?\n[ \t]+/g, ' ');
  const prefix = `${name.toLowerCase()}:`;
  const line = unfolded.split(/\r?\n/).find((l) => l.toLowerCase().startsWith(prefix));
  return line?.slice(prefix.length).trim();
}

/**
 * A real SMTP server on a free local port for the mail tests: it keeps every message it accepts, hands the
 * next one to whoever waits for it, and refuses recipients (550) while `refusing` is set. `login`: it
 * speaks TLS from the start (smtps, on smtp-server's own test certificate) and takes only this account.
 */
export async function startTestSmtp({ login }: { login?: { user: string; pass: string } } = {}) {
  const received: ReceivedMail[] = [];
  const waiting: ((mail: ReceivedMail) => void)[] = [];
  const state = { refusing: false };
  const server = new SMTPServer({
    logger: false,
    ...(login
      ? {
          secure: true,
          onAuth(auth, _session, callback) {
            const known = auth.username === login.user && auth.password === login.pass;
            callback(known ? null : new Error('wrong login'), known ? { user: auth.username } : undefined);
          },
        }
      : { authOptional: true, disabledCommands: ['STARTTLS', 'AUTH'] }),
    onRcptTo(_address, _session, callback) {
      callback(state.refusing ? Object.assign(new Error('mailbox unavailable'), { responseCode: 550 }) : undefined);
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const mail = { to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString('utf8') };
        received.push(mail);
        waiting.shift()?.(mail);
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    port,
    url: login
      ? `smtps://${encodeURIComponent(login.user)}:${encodeURIComponent(login.pass)}@127.0.0.1:${port}/?tls.rejectUnauthorized=false`
      : `smtp://127.0.0.1:${port}`,
    received,
    /** Resolves with the next message the server accepts. */
    next: () => new Promise<ReceivedMail>((resolve) => waiting.push(resolve)),
    refuse(refusing: boolean) {
      state.refusing = refusing;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
