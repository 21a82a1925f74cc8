import { UPLOAD_MAX_BYTES } from '@kanal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, makeTenant, makeUser, pdfBytes, pngBytes, signIn, upload } from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { safeFileName } from './files.service.js';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function signedIn(role: 'USER' | 'CREATOR' | 'ADMIN' | 'ANALYST', tenantId?: number) {
  const tenant = tenantId ?? (await makeTenant(t.db)).id;
  const user = await makeUser(t.db, { tenantId: tenant, role });
  return { tenantId: tenant, token: await signIn(t, user.email ?? '') };
}

describe('POST /files', () => {
  it('is for SUPERADMIN, ADMIN and CREATOR: a USER or ANALYST gets 403, no session 401', async () => {
    for (const role of ['USER', 'ANALYST'] as const) {
      const { token } = await signedIn(role);
      const res = await upload(t, '/api/files', token, [{ name: 'a.png', bytes: pngBytes() }]);
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('Forbidden');
    }
    expect((await upload(t, '/api/files', undefined, [{ name: 'a.png', bytes: pngBytes() }])).statusCode).toBe(401);
  });

  it('stores a CREATOR upload, typed by its bytes, and serves it back to the tenant only', async () => {
    const creator = await signedIn('CREATOR');
    const res = await upload(t, '/api/files', creator.token, [
      { name: '../../izvješće.pdf', bytes: pngBytes(), type: 'application/pdf' },
    ]);
    expect(res.statusCode).toBe(200);
    const stored = res.json().payload;
    expect(stored).toMatchObject({ mime: 'image/png', size: pngBytes().byteLength, name: 'izvješće.png' });
    expect(stored.url).toBe(`/api/files/${stored.id}`);

    const colleague = await signedIn('USER', creator.tenantId);
    const download = await call(t, { url: stored.url, token: colleague.token });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('image/png');
    expect(download.headers['x-content-type-options']).toBe('nosniff');
    expect(download.rawPayload.equals(pngBytes())).toBe(true);
    const cached = await call(t, {
      url: stored.url,
      token: colleague.token,
      headers: { 'if-none-match': String(download.headers.etag) },
    });
    expect(cached.statusCode).toBe(304);

    const stranger = await signedIn('ADMIN');
    expect((await call(t, { url: stored.url, token: stranger.token })).statusCode).toBe(404);
  });

  it('keeps a PDF a PDF, shown inline', async () => {
    const admin = await signedIn('ADMIN');
    const res = await upload(t, '/api/files', admin.token, [{ name: 'upute.pdf', bytes: pdfBytes() }]);
    expect(res.statusCode).toBe(200);
    expect(res.json().payload).toMatchObject({ mime: 'application/pdf', name: 'upute.pdf' });
    const download = await call(t, { url: res.json().payload.url, token: admin.token });
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['content-disposition']).toBe("inline; filename*=UTF-8''upute.pdf");
  });

  it('refuses SVG, HTML, text and zip with 415 whatever the claimed type', async () => {
    const { token } = await signedIn('CREATOR');
    const bodies = [
      '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>',
      '<!doctype html><script>alert(1)</script>',
      'just text',
      'PK\u0003\u0004 a zip or an office file',
    ];
    for (const body of bodies) {
      const res = await upload(t, '/api/files', token, [
        { name: 'slika.png', bytes: Buffer.from(body), type: 'image/png' },
      ]);
      expect(res.statusCode).toBe(415);
      expect(res.json().code).toBe('UnsupportedMediaType');
    }
  });

  it('refuses an empty file and a request without a file with 400 naming `file`', async () => {
    const { token } = await signedIn('CREATOR');
    const empty = await upload(t, '/api/files', token, [{ name: 'prazno.png', bytes: new Uint8Array() }]);
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ code: 'BodyParamsInvalid', field: 'file' });

    const form = new FormData();
    form.append('note', 'no file here');
    const none = await t.app.inject({
      method: 'POST',
      url: '/api/files',
      headers: { authorization: `Bearer ${token}` },
      payload: form,
    });
    expect(none.statusCode).toBe(400);
    expect(none.json()).toMatchObject({ code: 'BodyParamsInvalid', field: 'file' });
  });

  it('answers JSON with 415 and malformed multipart with 400', async () => {
    const { token } = await signedIn('CREATOR');
    const json = await call(t, { method: 'POST', url: '/api/files', token, body: { file: 'x' } });
    expect(json.statusCode).toBe(415);
    const broken = await t.app.inject({
      method: 'POST',
      url: '/api/files',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'multipart/form-data; boundary=xyz' },
      payload: '--xyz\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\nabc',
    });
    expect(broken.statusCode).toBe(400);
  });

  it('refuses a file over 25 MB with 413, and a second file on the one-file route', async () => {
    const { token } = await signedIn('CREATOR');
    const big = await upload(t, '/api/files', token, [{ name: 'big.png', bytes: pngBytes(UPLOAD_MAX_BYTES) }]);
    expect(big.statusCode).toBe(413);
    expect(big.json().code).toBe('PayloadTooLarge');

    const two = await upload(t, '/api/files', token, [
      { name: 'a.png', bytes: pngBytes() },
      { name: 'b.pdf', bytes: pdfBytes() },
    ]);
    expect(two.statusCode).toBe(413);
  });
});

describe('POST /files/multiple', () => {
  it('stores several files at once, each typed by its bytes', async () => {
    const { token } = await signedIn('CREATOR');
    const res = await upload(t, '/api/files/multiple', token, [
      { name: 'a.png', bytes: pngBytes() },
      { name: 'b.pdf', bytes: pdfBytes() },
    ]);
    expect(res.statusCode).toBe(200);
    const payload = res.json().payload;
    expect(payload.map((f: { name: string; mime: string }) => [f.name, f.mime])).toEqual([
      ['a.png', 'image/png'],
      ['b.pdf', 'application/pdf'],
    ]);
  });

  it('stores nothing when one file is refused, and refuses more than 10 files with 413', async () => {
    const { token } = await signedIn('CREATOR');
    const mixed = await upload(t, '/api/files/multiple', token, [
      { name: 'a.png', bytes: pngBytes() },
      { name: 'b.html', bytes: Buffer.from('<html></html>'), type: 'image/png' },
    ]);
    expect(mixed.statusCode).toBe(415);

    const many = Array.from({ length: 11 }, (_, i) => ({ name: `${i}.png`, bytes: pngBytes() }));
    const res = await upload(t, '/api/files/multiple', token, many);
    expect(res.statusCode).toBe(413);
    expect(res.json().code).toBe('PayloadTooLarge');
  });
});

describe('safeFileName', () => {
  it('drops paths, control and bidi characters, and fixes the extension to the sniffed type', () => {
    expect(safeFileName('C:\\Users\\ana\\slika.PNG', 'image/png')).toBe('slika.PNG');
    expect(safeFileName('x\u202Egnp.exe', 'image/png')).toBe('xgnp.png');
    expect(safeFileName('..', 'application/pdf')).toBe('file.pdf');
    expect(safeFileName('bez-nastavka', 'image/jpeg')).toBe('bez-nastavka.jpg');
    expect(safeFileName('foto.jpeg', 'image/jpeg')).toBe('foto.jpeg');
    expect(safeFileName('a"b<c>.pdf', 'application/pdf')).toBe('abc.pdf');
    expect(safeFileName('x'.repeat(400), 'image/png')).toHaveLength(154);
  });
});
