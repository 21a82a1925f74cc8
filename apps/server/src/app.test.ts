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
    // Pictures from this server, and a YouTube link's still on its poster: nothing else.
    expect(csp).toContain("img-src 'self' data: blob: https://i.ytimg.com;");
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

  it('refuses a control character in any string of the body, query or path with 400 naming the field', async () => {
    const cases = [
      { method: 'POST', url: '/api/auth/has-password', body: { identifier: 'ana\u0000@demo.hr' }, field: 'identifier' },
      { method: 'POST', url: '/api/auth/signin', body: { email: 'ana', password: 'x\u0000' }, field: 'password' },
      { method: 'POST', url: '/api/auth/forgot-password', body: { identifier: '\u0007' }, field: 'identifier' },
      { method: 'POST', url: '/api/mobile/users/names', body: { name: 'Ana\u001b[2J' }, field: 'name', token },
      { method: 'GET', url: '/api/mobile/content/list/finished?categories=%00', field: 'categories', token },
      { method: 'GET', url: '/api/mobile/content/%00', field: 'id', token },
    ] as const;
    for (const { field, ...request } of cases) {
      const res = await call(t, { ...request, lang: 'en' });
      expect(res.statusCode, request.url).toBe(400);
      expect(res.json()).toMatchObject({ code: 'BodyParamsInvalid', field, requestId: expect.any(String) });
      expect(res.json().message).toBe(
        `Invalid value for “${field}”: Contains control characters, which are not allowed`,
      );
    }
    // Line breaks and tabs are text, not control: a comment may hold them.
    const names = await call(t, {
      method: 'POST',
      url: '/api/mobile/users/names',
      body: { name: 'Ana\tMarić' },
      token,
    });
    expect(names.statusCode).toBe(200);
    expect(t.logLines.filter((line) => JSON.parse(line).level >= 50)).toEqual([]);
  });

  it("answers the router's own refusals with the error body, and takes ids only in canonical decimal", async () => {
    for (const url of [
      `/api/mobile/content/${'1'.repeat(120)}`,
      '/api/mobile/content/%ff',
      '/api/mobile/content/%E0%A4%A',
    ]) {
      const res = await call(t, { url, token, lang: 'en' });
      expect(res.statusCode, url).toBe(400);
      expect(res.json()).toEqual({
        statusCode: 400,
        code: 'BodyParamsInvalid',
        message: 'Invalid value for “path”: Invalid value',
        requestId: expect.any(String),
        field: 'path',
        fields: [{ field: 'path', message: 'Invalid value' }],
      });
      expect(res.body).not.toContain('%');
    }
    for (const id of ['%201', '0x10', '1e3', '01', '+1', '1.0', '0', '2147483648']) {
      const res = await call(t, { url: `/api/mobile/content/${id}`, token });
      expect(res.statusCode, id).toBe(400);
      expect(res.json()).toMatchObject({ code: 'BodyParamsInvalid', field: 'id' });
    }
    for (const query of ['limit=1e1', 'offset=0x1', 'limit=%205']) {
      const res = await call(t, { url: `/api/mobile/content/list/new?${query}`, token });
      expect(res.statusCode, query).toBe(400);
    }
    expect((await call(t, { url: '/api/mobile/content/list/new?limit=5&offset=0', token })).statusCode).toBe(200);
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

describe('request log', () => {
  it('writes one line per request, when it is answered, with its id, method, path, status and time', async () => {
    const before = t.logLines.length;
    expect((await call(t, { url: '/api/auth/me', token })).statusCode).toBe(200);
    const lines = t.logLines.slice(before).map((line) => JSON.parse(line));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      level: 30,
      msg: 'request',
      reqId: expect.any(String),
      req: { method: 'GET', url: '/api/auth/me' },
      status: 200,
      ms: expect.any(Number),
    });
    expect(JSON.stringify(lines[0])).not.toContain(token);
  });
});

describe('health and docs', () => {
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
