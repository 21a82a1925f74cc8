import { createHash, randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { type Role, UPLOAD_MAX_BYTES } from '@kanal/contract';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { file, tenant } from '../../db/schema/index.js';
import { changeAudience, changeStatus, makeContent } from '../../test/content-factories.js';
import { call, makePerson, makeTenant, makeUser, pdfBytes, pngBytes, signIn, upload } from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { safeFileName } from './files.service.js';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function signedIn(role: Role, tenantId?: number) {
  const tenant = tenantId ?? (await makeTenant(t.db)).id;
  const user = await makeUser(t.db, { tenantId: tenant, role });
  return { id: user.id, tenantId: tenant, token: await signIn(t, user.email ?? '') };
}

/** A signed-in person without the sign-in call, for tests that need several of them. */
const person = (tenantId: number, role: Role = 'USER') => makePerson(t.db, tenantId, { role });

const STAFF: Role[] = ['SUPERADMIN', 'ADMIN', 'CREATOR', 'ANALYST'];
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const read = (url: string, token: string, headers?: Record<string, string>) =>
  call(t, { url, token, ...(headers ? { headers } : {}) });
const fileUrl = (id: string) => `/api/files/${id}`;

/** Every key under the tenant's part of the store, half-written ones included. */
async function keysInStore(tenantId: number): Promise<string[]> {
  const keys: string[] = [];
  for await (const key of t.fileStore.keys(`${tenantId}/`)) keys.push(key);
  return keys;
}

async function fileRows(tenantId: number) {
  const [row] = await t.db.select({ n: count() }).from(file).where(eq(file.tenantId, tenantId));
  return row?.n;
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

    const colleague = await signedIn('ANALYST', creator.tenantId);
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

  it('refuses a file over 25 MB with 413, and a second file on the one-file route, leaving nothing behind', async () => {
    const { tenantId, token } = await signedIn('CREATOR');
    const big = await upload(t, '/api/files', token, [{ name: 'big.png', bytes: pngBytes(UPLOAD_MAX_BYTES) }]);
    expect(big.statusCode).toBe(413);
    expect(big.json().code).toBe('PayloadTooLarge');

    const two = await upload(t, '/api/files', token, [
      { name: 'a.png', bytes: pngBytes() },
      { name: 'b.pdf', bytes: pdfBytes() },
    ]);
    expect(two.statusCode).toBe(413);
    expect(await keysInStore(tenantId)).toEqual([]);
    expect(await fileRows(tenantId)).toBe(0);
  });

  it('streams a big file to the store, never holding it whole, and stores it byte for byte', async () => {
    const { tenantId, token } = await signedIn('CREATOR');
    const bytes = Buffer.concat([pngBytes(), randomBytes(UPLOAD_MAX_BYTES - 1024)]);
    let largestChunk = 0;
    const put = t.fileStore.put;
    const spy = vi.spyOn(t.fileStore, 'put').mockImplementation(async (key, body, maxBytes) => {
      async function* measured() {
        for await (const chunk of body instanceof Uint8Array ? [body] : body) {
          largestChunk = Math.max(largestChunk, chunk.byteLength);
          yield chunk;
        }
      }
      return put(key, measured(), maxBytes);
    });
    try {
      // Sent in 64 KB pieces as a network delivers it (inject would otherwise hand the parser one buffer).
      const form = new FormData();
      form.append('file', new Blob([bytes]), 'velika.png');
      const request = new Request('http://kanal.test', { method: 'POST', body: form });
      const body = Buffer.from(await request.arrayBuffer());
      const pieces = Array.from({ length: Math.ceil(body.byteLength / 65536) }, (_, i) =>
        body.subarray(i * 65536, (i + 1) * 65536),
      );
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/files',
        headers: { authorization: `Bearer ${token}`, 'content-type': request.headers.get('content-type') ?? '' },
        payload: Readable.from(pieces),
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().payload.size).toBe(bytes.byteLength);
      expect(largestChunk).toBeGreaterThan(0);
      expect(largestChunk).toBeLessThan(1024 * 1024);

      const download = await read(res.json().payload.url, token);
      expect(download.statusCode).toBe(200);
      expect(sha256(download.rawPayload)).toBe(sha256(bytes));
      // Only the file itself: no half-written copy is left beside it.
      expect(await keysInStore(tenantId)).toHaveLength(1);
    } finally {
      spy.mockRestore();
    }
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
    const { tenantId, token } = await signedIn('CREATOR');
    const mixed = await upload(t, '/api/files/multiple', token, [
      { name: 'a.png', bytes: pngBytes() },
      { name: 'b.html', bytes: Buffer.from('<html></html>'), type: 'image/png' },
    ]);
    expect(mixed.statusCode).toBe(415);

    const tooBig = await upload(t, '/api/files/multiple', token, [
      { name: 'a.png', bytes: pngBytes() },
      { name: 'b.png', bytes: pngBytes(UPLOAD_MAX_BYTES) },
    ]);
    expect(tooBig.statusCode).toBe(413);

    const many = Array.from({ length: 11 }, (_, i) => ({ name: `${i}.png`, bytes: pngBytes() }));
    const res = await upload(t, '/api/files/multiple', token, many);
    expect(res.statusCode).toBe(413);
    expect(res.json().code).toBe('PayloadTooLarge');

    expect(await keysInStore(tenantId)).toEqual([]);
    expect(await fileRows(tenantId)).toBe(0);
  });
});

describe('the file store', () => {
  it('keeps nothing of a write over its limit or of a source that fails half way', async () => {
    const { tenantId } = await signedIn('CREATOR');
    await expect(t.fileStore.put(`${tenantId}/too-big`, pngBytes(100), 50)).rejects.toMatchObject({
      code: 'PayloadTooLarge',
    });
    async function* broken() {
      yield pngBytes();
      throw new Error('connection lost');
    }
    await expect(t.fileStore.put(`${tenantId}/broken`, broken())).rejects.toThrow('connection lost');
    expect(await keysInStore(tenantId)).toEqual([]);
  });
});

describe('GET /files/:file: ranges, for a player that seeks', () => {
  it('answers the range asked for with 206, the whole file to none, several or another unit, and 416 past the end', async () => {
    const { tenantId, token } = await signedIn('CREATOR');
    const bytes = Buffer.concat([pngBytes(), randomBytes(10_000)]);
    const stored = await t.app.services.files.save(tenantId, 'film.png', 'image/png', bytes);
    const get = (headers: Record<string, string>) => read(fileUrl(stored.id), token, headers);

    const middle = await get({ range: 'bytes=100-199' });
    expect(middle.statusCode).toBe(206);
    expect(middle.headers['content-range']).toBe(`bytes 100-199/${bytes.byteLength}`);
    expect(middle.headers['content-length']).toBe('100');
    expect(middle.rawPayload).toEqual(bytes.subarray(100, 200));
    expect(middle.headers['content-security-policy']).toContain('sandbox');
    expect(middle.headers['x-content-type-options']).toBe('nosniff');

    const tail = await get({ range: 'bytes=-50' });
    expect(tail.statusCode).toBe(206);
    expect(tail.rawPayload).toEqual(bytes.subarray(bytes.byteLength - 50));
    const rest = await get({ range: `bytes=${bytes.byteLength - 10}-` });
    expect(rest.headers['content-range']).toBe(
      `bytes ${bytes.byteLength - 10}-${bytes.byteLength - 1}/${bytes.byteLength}`,
    );
    expect(rest.rawPayload).toEqual(bytes.subarray(bytes.byteLength - 10));
    const clipped = await get({ range: `bytes=10-${bytes.byteLength * 2}` });
    expect(clipped.rawPayload).toEqual(bytes.subarray(10));

    for (const range of ['bytes=0-1,5-6', 'items=0-1', 'bytes=9-2']) {
      const whole = await get({ range });
      expect(whole.statusCode).toBe(200);
      expect(whole.headers['accept-ranges']).toBe('bytes');
      expect(whole.rawPayload).toEqual(bytes);
    }
    // A range of bytes that changed since (another validator) is no range: the whole file.
    expect((await get({ range: 'bytes=0-9', 'if-range': '"another"' })).statusCode).toBe(200);
    expect((await get({ range: 'bytes=0-9', 'if-range': `"${stored.id}"` })).statusCode).toBe(206);

    const past = await get({ range: `bytes=${bytes.byteLength}-` });
    expect(past.statusCode).toBe(416);
    expect(past.headers['content-range']).toBe(`bytes */${bytes.byteLength}`);
  });

  it('answers 404, not a broken stream, when the bytes of a file went missing from the store', async () => {
    const { tenantId, token } = await signedIn('CREATOR');
    const stored = await t.app.services.files.save(tenantId, 'nestala.png', 'image/png', pngBytes());
    await t.fileStore.remove(stored.storageKey);
    const res = await read(fileUrl(stored.id), token);
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('NotFound');
  });
});

describe('GET /files/:file: who may read a file', () => {
  /** A tenant with a creator, two users and a file that nothing shows yet. */
  async function org() {
    const row = await makeTenant(t.db);
    const creator = await person(row.id, 'CREATOR');
    const [ana, marko] = [await person(row.id), await person(row.id)];
    const save = (name: string) => t.app.services.files.save(row.id, name, 'image/png', pngBytes());
    return { tenantId: row.id, creator, ana, marko, save };
  }

  it("shows a USER an item's image and media only while the item is in their inbox or archive", async () => {
    const o = await org();
    const [cover, photo] = [await o.save('naslovna.png'), await o.save('slika.png')];
    const item = await makeContent(t.db, {
      tenantId: o.tenantId,
      creatorId: o.creator.id,
      image: cover.id,
      audience: { users: [o.marko.id] },
      material: { media: [{ type: 'IMAGE', fileId: photo.id, name: 'Slika' }] },
    });
    for (const f of [cover, photo]) {
      expect((await read(fileUrl(f.id), o.marko.token)).statusCode).toBe(200);
      const refused = await read(fileUrl(f.id), o.ana.token);
      expect(refused.statusCode).toBe(404);
      expect(refused.json().code).toBe('NotFound');
    }

    await changeAudience(t.db, o.tenantId, item.id, { users: [o.marko.id, o.ana.id] });
    for (const f of [cover, photo]) expect((await read(fileUrl(f.id), o.ana.token)).statusCode).toBe(200);

    // Finished, the item is in her archive: still hers to see.
    const finished = await call(t, {
      method: 'POST',
      url: '/api/mobile/content/mark-finished',
      token: o.ana.token,
      body: { contentId: item.id },
    });
    expect(finished.statusCode).toBe(200);
    for (const f of [cover, photo]) expect((await read(fileUrl(f.id), o.ana.token)).statusCode).toBe(200);

    // Archived, it has left both inbox and archive.
    await changeStatus(t.db, o.tenantId, item.id, 'archived');
    for (const f of [cover, photo]) expect((await read(fileUrl(f.id), o.ana.token)).statusCode).toBe(404);
  });

  it('keeps an item that is not due yet, or a draft, from showing its files', async () => {
    const o = await org();
    const [later, draft] = [await o.save('kasnije.png'), await o.save('skica.png')];
    await makeContent(t.db, {
      tenantId: o.tenantId,
      creatorId: o.creator.id,
      image: later.id,
      status: 'scheduled',
      publishAt: new Date(t.clock.now().getTime() + 60 * 60 * 1000),
    });
    await makeContent(t.db, { tenantId: o.tenantId, creatorId: o.creator.id, image: draft.id, status: 'draft' });
    for (const f of [later, draft]) expect((await read(fileUrl(f.id), o.ana.token)).statusCode).toBe(404);
  });

  it("shows every USER the tenant's logo and a colleague's avatar", async () => {
    const o = await org();
    const logo = await o.save('logo.png');
    await t.db.update(tenant).set({ image: logo.id }).where(eq(tenant.id, o.tenantId));
    const avatar = await upload(t, '/api/mobile/users/avatar', o.marko.token, [{ name: 'ja.png', bytes: pngBytes() }]);
    expect(avatar.statusCode).toBe(200);

    expect((await read(fileUrl(logo.id), o.ana.token)).statusCode).toBe(200);
    expect((await read(avatar.json().payload.url, o.ana.token)).statusCode).toBe(200);
  });

  it('lets staff read any file of their own tenant', async () => {
    const o = await org();
    const loose = await o.save('nigdje.png');
    expect((await read(fileUrl(loose.id), o.ana.token)).statusCode).toBe(404);
    for (const role of STAFF) {
      const staff = await person(o.tenantId, role);
      const res = await read(fileUrl(loose.id), staff.token);
      expect(res.statusCode, role).toBe(200);
      expect(res.rawPayload.equals(pngBytes())).toBe(true);
    }
  });

  it("answers 404 to every role for another tenant's file, even one shown to all of that tenant", async () => {
    const theirs = await org();
    const [logo, cover] = [await theirs.save('logo.png'), await theirs.save('naslovna.png')];
    await t.db.update(tenant).set({ image: logo.id }).where(eq(tenant.id, theirs.tenantId));
    await makeContent(t.db, { tenantId: theirs.tenantId, creatorId: theirs.creator.id, image: cover.id });
    expect((await read(fileUrl(cover.id), theirs.ana.token)).statusCode).toBe(200);

    const mine = (await makeTenant(t.db)).id;
    for (const role of [...STAFF, 'USER' as const]) {
      const stranger = await person(mine, role);
      for (const f of [logo, cover]) expect((await read(fileUrl(f.id), stranger.token)).statusCode, role).toBe(404);
    }
  });
});

describe('GET /files/:file: caching', () => {
  it('sends a private file private, no-cache with an ETag, and 304 only to someone who may still read it', async () => {
    const owner = await signedIn('ADMIN');
    const stored = await t.app.services.files.save(owner.tenantId, 'ugovor.pdf', 'application/pdf', pdfBytes());
    const first = await read(fileUrl(stored.id), owner.token);
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('private, no-cache');
    const etag = String(first.headers.etag);
    expect(etag).toBe(`"${stored.id}"`);

    const again = await read(fileUrl(stored.id), owner.token, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.headers['cache-control']).toBe('private, no-cache');
    expect(again.rawPayload.byteLength).toBe(0);

    const user = await person(owner.tenantId);
    expect((await read(fileUrl(stored.id), user.token, { 'if-none-match': etag })).statusCode).toBe(404);
    const signedOut = await t.app.inject({ url: fileUrl(stored.id), headers: { 'if-none-match': etag } });
    expect(signedOut.statusCode).toBe(401);
  });

  it('keeps the logo cached for long by its file id, and revalidates the address that names the tenant', async () => {
    const user = await signedIn('USER');
    const logo = await t.app.services.files.save(user.tenantId, 'logo.png', 'image/png', pngBytes());
    await t.db.update(tenant).set({ image: logo.id }).where(eq(tenant.id, user.tenantId));

    const byId = await t.app.inject({ url: fileUrl(logo.id), cookies: { kanal_session: user.token } });
    expect(byId.statusCode).toBe(200);
    expect(byId.headers['cache-control']).toBe('private, max-age=31536000, immutable');

    const byTenant = await read(`/api/mobile/client/logo/${user.tenantId}`, user.token);
    expect(byTenant.statusCode).toBe(200);
    expect(byTenant.headers['cache-control']).toBe('private, no-cache');
    expect(byTenant.headers.etag).toBe(`"${logo.id}"`);
  });

  it('revalidates an avatar, whose address names the user', async () => {
    const user = await signedIn('USER');
    const res = await upload(t, '/api/mobile/users/avatar', user.token, [{ name: 'ja.png', bytes: pngBytes() }]);
    const byUser = await read(`/api/mobile/users/avatar/${user.id}`, user.token);
    expect(byUser.headers['cache-control']).toBe('private, no-cache');
    expect(byUser.headers.etag).toBe(`"${res.json().payload.id}"`);
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
