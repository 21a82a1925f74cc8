// A real SMTP server for the end-to-end suite: every message the app sends is written, decoded, to
// e2e/.run/mail/<n>.json, where the journeys read the links out of it.
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';

const dir = path.join(import.meta.dirname, '..', '.run', 'mail');
await rm(dir, { recursive: true, force: true });
await mkdir(dir, { recursive: true });

// Quoted-printable soft breaks and escapes, as nodemailer writes long lines.
const decode = (raw) =>
  raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex) => String.fromCharCode(Number.parseInt(hex, 16)));

let count = 0;
const server = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS', 'AUTH'],
  logger: false,
  onData(stream, session, callback) {
    const chunks = [];
    stream.on('data', (c) => chunks.push(c));
    stream.on('end', async () => {
      const raw = decode(Buffer.concat(chunks).toString('utf8'));
      const to = session.envelope.rcptTo.map((r) => r.address);
      // Written under a temporary name and renamed, so a journey polling the folder never reads half a file.
      const name = path.join(dir, `${String(++count).padStart(5, '0')}.json`);
      await writeFile(`${name}.part`, JSON.stringify({ to, raw }));
      await rename(`${name}.part`, name);
      callback();
    });
  },
});
server.listen(Number(process.env.SMTP_PORT), '127.0.0.1');
