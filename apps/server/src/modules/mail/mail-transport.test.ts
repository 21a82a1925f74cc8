import type { AddressInfo } from 'node:net';
import { createServer } from 'node:net';
import { afterEach, expect, it } from 'vitest';
import { startTestSmtp } from '../../test/smtp-server.js';
import { smtpTransport } from './mail-transport.js';

const message = { recipient: 'ana@demo.hr', subject: 'Provjera', text: 'Tekst.', html: '<p>Tekst.</p>' };
const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

it('sends over TLS from the start (smtps) with the account the URL names, and never shows it', async () => {
  const smtp = await startTestSmtp({ login: { user: 'kanal', pass: 'tajna:lozinka/ž' } });
  const transport = smtpTransport(smtp.url, 'Kanal <no-reply@kanal.test>');
  cleanups.push(() => transport.close(), smtp.close);

  const sent = smtp.next();
  expect(await transport.deliver(message)).toMatch(/^250 /);
  expect((await sent).to).toEqual(['ana@demo.hr']);
  expect(transport).toMatchObject({ kind: 'smtp', where: `127.0.0.1:${smtp.port}` });
});

it('is refused with a wrong password, and says so', async () => {
  const smtp = await startTestSmtp({ login: { user: 'kanal', pass: 'tajna' } });
  const transport = smtpTransport(smtp.url.replace(':tajna@', ':kriva@'), 'Kanal <no-reply@kanal.test>');
  cleanups.push(() => transport.close(), smtp.close);
  await expect(transport.deliver(message)).rejects.toThrow(/Invalid login|wrong login/);
  expect(smtp.received).toEqual([]);
});

it('gives up on a server that never greets, and on an address where none listens', async () => {
  // Takes the connection and says nothing, as a server stuck behind a firewall rule might.
  const silent = createServer(() => {});
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  const { port } = silent.address() as AddressInfo;
  cleanups.push(() => new Promise((resolve) => silent.close(resolve)));
  const stuck = smtpTransport(`smtp://127.0.0.1:${port}/?greetingTimeout=200`, 'Kanal <no-reply@kanal.test>');
  cleanups.push(() => stuck.close());
  await expect(stuck.deliver(message)).rejects.toThrow(/Greeting never received/);

  // The port the silent server had is free again once it closes: nothing answers there.
  await new Promise((resolve) => silent.close(resolve));
  const nowhere = smtpTransport(`smtp://127.0.0.1:${port}`, 'Kanal <no-reply@kanal.test>');
  cleanups.push(() => nowhere.close());
  await expect(nowhere.deliver(message)).rejects.toThrow(/ECONNREFUSED/);
});
