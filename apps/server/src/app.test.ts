import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tenant } from './db/schema/index.js';
import { call, makeTenant, makeUser, signIn } from './test/factories.js';
import { createTestApp, type TestApp } from './test/test-app.js';

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await createTestApp();
  const { id: tenantId } = await makeTenant(t.db);
  const user = await makeUser(t.db, { tenantId });
  token = await signIn(t, user.email ?? '');
});
afterAll(() => t.close());

describe('security headers', () => {
  it('sends a strict CSP, nosniff, frame-ancestors none and a referrer policy', async () => {
    const res = await call(t, { url: '/health' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain('frame-src https://www.youtube-nocookie.com');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });

  it('marks authenticated JSON as not cacheable', async () => {
    const res = await call(t, { url: '/api/auth/me', token });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
  });
});

describe('bad input', () => {
  it('answers malformed JSON with 400 BodyParamsInvalid, never 500', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signin',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": "a",',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'BodyParamsInvalid', field: 'body' });
  });

  it('names the field of a wrongly typed value', async () => {
    const res = await call(t, {
      method: 'POST',
      url: '/api/auth/signin',
      body: { email: 'a@b.hr', password: 'x', rememberMe: 'yes' },
      lang: 'en',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'BodyParamsInvalid', field: 'rememberMe' });
    expect(res.json().message).toBe('Invalid value for “rememberMe”: Invalid value');
  });

  it('refuses a body over the size limit with 413', async () => {
    const res = await call(t, {
      method: 'POST',
      url: '/api/auth/has-password',
      body: { identifier: 'x'.repeat(70 * 1024) },
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().code).toBe('PayloadTooLarge');
  });

  it('answers an unknown API path with a JSON 404 in the caller language', async () => {
    const res = await call(t, { url: '/api/nema-toga', token, lang: 'en' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'NotFound', message: 'Not found.' });
  });
});

describe('health and docs', () => {
  it('reports the database, version and uptime at /health and /api/health', async () => {
    for (const url of ['/health', '/api/health']) {
      const res = await call(t, { url });
      expect(res.statusCode).toBe(200);
      expect(res.json().payload).toMatchObject({ status: 'ok', database: 'up', version: expect.any(String) });
    }
  });

  it('publishes an OpenAPI document generated from the route schemas', async () => {
    const res = await call(t, { url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/auth/signin', '/api/auth/has-password', '/api/mobile/users/password']),
    );
    const body = doc.paths['/api/auth/signin'].post.requestBody.content['application/json'].schema;
    expect(body.required).toEqual(expect.arrayContaining(['email', 'password']));
    expect((await call(t, { url: '/api/docs' })).statusCode).toBeLessThan(400);
  });
});

describe('files and the tenant logo', () => {
  async function tenantWithLogo() {
    const row = await makeTenant(t.db);
    const logo = await t.app.services.files.save(
      row.id,
      'logo.svg',
      'image/svg+xml',
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
    );
    await t.db.update(tenant).set({ image: logo.id }).where(eq(tenant.id, row.id));
    const user = await makeUser(t.db, { tenantId: row.id });
    return { tenantId: row.id, logo, token: await signIn(t, user.email ?? '') };
  }

  it('serves a file of the caller tenant with safe headers, by bearer token or by the session cookie', async () => {
    const mine = await tenantWithLogo();
    const res = await call(t, { url: `/api/files/${mine.logo.id}`, token: mine.token });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/svg+xml');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain('sandbox');
    expect(res.headers['content-disposition']).toBe("inline; filename*=UTF-8''logo.svg");
    expect(res.body).toContain('<svg');

    const byCookie = await t.app.inject({ url: `/api/files/${mine.logo.id}`, cookies: { kanal_session: mine.token } });
    expect(byCookie.statusCode).toBe(200);
    const cached = await call(t, {
      url: `/api/files/${mine.logo.id}`,
      token: mine.token,
      headers: { 'if-none-match': String(res.headers.etag) },
    });
    expect(cached.statusCode).toBe(304);
  });

  it('accepts the cookie only for files, not for the rest of the API', async () => {
    const mine = await tenantWithLogo();
    const res = await t.app.inject({ url: '/api/auth/me', cookies: { kanal_session: mine.token } });
    expect(res.statusCode).toBe(401);
  });

  it('answers 404 for another tenant file and logo, and 401 without a session', async () => {
    const mine = await tenantWithLogo();
    const theirs = await tenantWithLogo();
    expect((await call(t, { url: `/api/files/${theirs.logo.id}`, token: mine.token })).statusCode).toBe(404);
    expect((await call(t, { url: `/api/mobile/client/logo/${theirs.tenantId}`, token: mine.token })).statusCode).toBe(
      404,
    );
    expect((await call(t, { url: `/api/files/${mine.logo.id}` })).statusCode).toBe(401);

    const logo = await call(t, { url: `/api/mobile/client/logo/${mine.tenantId}`, token: mine.token });
    expect(logo.statusCode).toBe(200);
    expect(logo.headers['content-type']).toBe('image/svg+xml');
  });

  it('rejects a file id that is not a uuid with 400', async () => {
    const mine = await tenantWithLogo();
    const res = await call(t, { url: '/api/files/../../etc/passwd', token: mine.token });
    expect([400, 404]).toContain(res.statusCode);
    const bad = await call(t, { url: '/api/files/not-a-uuid', token: mine.token });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('BodyParamsInvalid');
  });
});
