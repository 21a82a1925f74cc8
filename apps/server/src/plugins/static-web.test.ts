import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { tenant } from '../db/schema/index.js';
import { makeContent } from '../test/content-factories.js';
import { call, makeOrg, makeSession, makeTenant, makeUser, signIn } from '../test/factories.js';
import { decodedMail, mailHeader, type ReceivedMail, startTestSmtp } from '../test/smtp-server.js';
import { createTestApp, type TestApp } from '../test/test-app.js';

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startTestSmtp>>;
let root: string;
const script = 'console.info("kanal");'.repeat(20);
const inlineScript = 'document.documentElement.dataset.early = "1"';
const page = { accept: 'text/html,application/xhtml+xml' };
const productManifest = {
  name: 'Kanal',
  short_name: 'Kanal',
  start_url: '/',
  display: 'standalone',
  icons: [{ src: '/icon-192.png', sizes: '192x192', type: 'image/png' }],
};

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'kanal-web-'));
  await mkdir(path.join(root, 'assets'));
  await writeFile(
    path.join(root, 'index.html'),
    `<!doctype html><title>Kanal</title><script>${inlineScript}</script><script type="module" src="/assets/app-3f9a1c.js"></script><div id="root"></div>`,
  );
  await writeFile(path.join(root, 'robots.txt'), 'User-agent: *\nDisallow: /\n');
  await writeFile(path.join(root, 'manifest.webmanifest'), JSON.stringify(productManifest));
  await writeFile(path.join(root, 'assets/app-3f9a1c.js'), script);
  await writeFile(path.join(root, 'assets/app-3f9a1c.js.br'), brotliCompressSync(script));
  await writeFile(path.join(root, 'assets/app-3f9a1c.js.gz'), gzipSync(script));
  smtp = await startTestSmtp();
  // Real mail, so that a test can follow the links a mail carries, as its reader would.
  t = await createTestApp({ webRoot: root, env: { SMTP_URL: smtp.url } });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
  await rm(root, { recursive: true, force: true });
});

it('answers every browser path with the app, never cached', async () => {
  for (const url of [
    '/',
    '/login',
    '/content/12/intro',
    '/content/12/intro?receipt=3.41.Yk2-aZ_0',
    '/reset-password/abc',
    // The mailed links' tokens: dots in one are no file extension.
    '/unsubscribe/3.7.content.Yk2-aZ_0Yk2-aZ_0Yk2-aZ_0Yk2-aZ_0',
    '/welcome/3_Yk2-aZ_0.x',
    '/activate/3_Yk2-aZ_0.x',
    '/reset-password/3_Yk2-aZ_0.x',
  ]) {
    const res = await call(t, { url, headers: page });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toContain('<div id="root">');
  }
});

it("allows the page's own inline script by its hash, and no other inline script", async () => {
  const res = await call(t, { url: '/', headers: page });
  const scriptSrc = String(res.headers['content-security-policy'])
    .split(';')
    .find((directive) => directive.startsWith('script-src'));
  const hash = createHash('sha256').update(inlineScript).digest('base64');
  expect(scriptSrc).toBe(`script-src 'self' 'sha256-${hash}'`);
});

it('answers page paths with the app for any Accept header, and for HEAD', async () => {
  const accepts: Record<string, string>[] = [{}, { accept: '*/*' }, { accept: 'application/json' }];
  for (const headers of accepts) {
    const res = await call(t, { url: '/archive?page=2', headers });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toContain('<div id="root">');
  }
  for (const url of ['/', '/login', '/content/12/intro']) {
    const head = await call(t, { method: 'HEAD', url });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toMatch(/^text\/html/);
    expect(head.body).toBe('');
  }
});

it('serves hashed assets precompressed and cached for a year', async () => {
  const br = await call(t, { url: '/assets/app-3f9a1c.js', headers: { 'accept-encoding': 'br, gzip' } });
  expect(br.statusCode).toBe(200);
  expect(br.headers['content-encoding']).toBe('br');
  expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  const gz = await call(t, { url: '/assets/app-3f9a1c.js', headers: { 'accept-encoding': 'gzip' } });
  expect(gz.headers['content-encoding']).toBe('gzip');
  const plain = await call(t, { url: '/assets/app-3f9a1c.js' });
  expect(plain.headers['content-encoding']).toBeUndefined();
  expect(plain.body).toBe(script);
});

it('does not swallow /robots.txt, /health, API paths or missing files', async () => {
  const robots = await call(t, { url: '/robots.txt', headers: page });
  expect(robots.headers['content-type']).toMatch(/^text\/plain/);
  expect(robots.body).toContain('Disallow');
  const health = await call(t, { url: '/health', headers: page });
  expect(health.json().payload.status).toBe('ok');
  const api = await call(t, { url: '/api/nema', headers: page });
  expect(api.statusCode).toBe(404);
  expect(api.json().code).toBe('NotFound');
  const bareApi = await call(t, { url: '/api', headers: page });
  expect(bareApi.json().code).toBe('NotFound');
  const apiHead = await call(t, { method: 'HEAD', url: '/api/nema' });
  expect(apiHead.statusCode).toBe(404);
  for (const headers of [{}, page] as Record<string, string>[]) {
    const missing = await call(t, { url: '/assets/missing-123.js', headers });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe('NotFound');
  }
});

it("brands the installed app as the signed-in person's tenant, by its session cookie", async () => {
  const branded = await makeTenant(t.db, { name: 'Pekara Klas d.o.o.' });
  const logo = await t.app.services.files.save(
    branded.id,
    'logo.svg',
    'image/svg+xml',
    Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
  );
  await t.db.update(tenant).set({ image: logo.id, primaryColor: '#0a7d4b' }).where(eq(tenant.id, branded.id));
  const plain = await makeTenant(t.db, { name: 'Bez loga d.o.o.' });
  const manifestOf = async (tenantId: number) => {
    const user = await makeUser(t.db, { tenantId });
    const res = await t.app.inject({
      url: '/api/auth/manifest.webmanifest',
      cookies: { kanal_session: await signIn(t, user.email ?? '') },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(res.headers['cache-control']).toBe('private, no-cache');
    return res.json();
  };

  // The product's manifest, with the tenant's name and colour, and its logo first among the product's icons.
  expect(await manifestOf(branded.id)).toEqual({
    ...productManifest,
    name: 'Pekara Klas d.o.o.',
    short_name: 'Pekara Klas d.o.o.',
    theme_color: '#0a7d4b',
    icons: [{ src: `/api/files/${logo.id}`, sizes: 'any', purpose: 'any' }, ...productManifest.icons],
  });
  expect(await manifestOf(plain.id)).toEqual({
    ...productManifest,
    name: 'Bez loga d.o.o.',
    short_name: 'Bez loga d.o.o.',
  });
  expect((await call(t, { url: '/api/auth/manifest.webmanifest' })).statusCode).toBe(401);
});

/** The web app's page at a link a mail carries, fetched as a browser opening it would. */
async function openPage(link: string) {
  const res = await call(t, { url: new URL(link).pathname, headers: page });
  expect(res.statusCode, link).toBe(200);
  expect(res.headers['content-type'], link).toMatch(/^text\/html/);
  expect(res.body, link).toContain('<div id="root">');
}

it('opens the pages mails link to, and the unsubscribe link and its one-click header both unsubscribe', async () => {
  const { tenantId, creatorId } = await makeOrg(t.db);
  const byPage = await makeUser(t.db, { tenantId, email: 'odjava.stranica@primjer.hr' });
  const byProvider = await makeUser(t.db, { tenantId, email: 'odjava.jedan.klik@primjer.hr' });
  const arriving = [smtp.next(), smtp.next()];
  await makeContent(t.db, {
    tenantId,
    creatorId,
    name: 'Nova vijest',
    publishAt: t.clock.now(),
    audience: { users: [byPage.id, byProvider.id] },
  });
  await t.app.services.jobs.kick();
  const mails = await Promise.all(arriving);
  const mailTo = (email: string | null) => mails.find((m) => m.to.includes(email ?? '')) as ReceivedMail;
  const emailSettings = async (person: typeof byPage) =>
    (
      await call(t, {
        url: '/api/mobile/users/notification-settings',
        token: await makeSession(t.db, person, t.clock.now()),
      })
    ).json().payload.email;

  // The reader's link: the web app's page, which asks first and then calls the API with the link's token.
  const link = decodedMail(mailTo(byPage.email).raw).match(/https:\/\/kanal\.test\/unsubscribe\/[\w.-]+/)?.[0] ?? '';
  expect(link).toMatch(new RegExp(`/unsubscribe/${tenantId}\\.${byPage.id}\\.content\\.[\\w-]{32}$`));
  await openPage(link);
  expect(await emailSettings(byPage)).toEqual({ content: true, reminder: true });
  const confirmed = await call(t, {
    method: 'POST',
    url: '/api/notifications/unsubscribe',
    body: { token: decodeURIComponent(new URL(link).pathname.split('/').at(-1) ?? '') },
  });
  expect(confirmed.json().payload).toEqual({ topic: 'content' });
  expect(await emailSettings(byPage)).toEqual({ content: false, reminder: true });

  // The headers a mail provider reads (RFC 2369, RFC 8058), and its one-click POST: a form, no session, no cookie.
  const raw = mailTo(byProvider.email).raw;
  const header = mailHeader(raw, 'List-Unsubscribe') ?? '';
  expect(header).toMatch(
    new RegExp(
      `^<https://kanal\\.test/api/notifications/unsubscribe/${tenantId}\\.${byProvider.id}\\.content\\.[\\w-]{32}>$`,
    ),
  );
  expect(mailHeader(raw, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
  // That URL opened in a browser (a reader's click, a mail client's link) goes on to the page that asks
  // first: a GET unsubscribes no one.
  const opened = await call(t, { url: new URL(header.slice(1, -1)).pathname, headers: page });
  expect(opened.statusCode).toBe(303);
  expect(opened.headers.location).toBe(`/unsubscribe/${new URL(header.slice(1, -1)).pathname.split('/').at(-1)}`);
  await openPage(`https://kanal.test${opened.headers.location}`);
  expect(await emailSettings(byProvider)).toEqual({ content: true, reminder: true });
  const posted = await call(t, {
    method: 'POST',
    url: new URL(header.slice(1, -1)).pathname,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: 'List-Unsubscribe=One-Click',
  });
  expect(posted.statusCode).toBe(200);
  expect(await emailSettings(byProvider)).toEqual({ content: false, reminder: true });
  // The reader's own link in that mail still opens its page.
  await openPage(decodedMail(raw).match(/https:\/\/kanal\.test\/unsubscribe\/[\w.-]+/)?.[0] ?? '');

  // A password mail is not bulk mail: no unsubscribe headers; its link opens its page.
  const resetArriving = smtp.next();
  await call(t, { method: 'POST', url: '/api/auth/forgot-password', body: { identifier: byPage.email } });
  await t.app.services.jobs.kick();
  await t.app.services.jobs.idle();
  const reset = await resetArriving;
  expect(mailHeader(reset.raw, 'List-Unsubscribe')).toBeUndefined();
  expect(mailHeader(reset.raw, 'List-Unsubscribe-Post')).toBeUndefined();
  await openPage(decodedMail(reset.raw).match(/https:\/\/kanal\.test\/reset-password\/\S+/)?.[0] ?? 'no link');
});
