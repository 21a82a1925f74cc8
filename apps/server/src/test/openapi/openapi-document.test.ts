import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ErrorBodySchema } from '@kanal/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { appUser, tenant } from '../../db/schema/index.js';
import { makeContent } from '../content-factories.js';
import { makeSession, makeTenant, makeUser, pngBytes, upload } from '../factories.js';
import { createTestApp, type TestApp } from '../test-app.js';
import { fillPath } from './openapi-document.js';

// The OpenAPI document says what the server sends: every operation a success answer, every error the
// JSON error body of the contract, and an answer that is not JSON (a file, a spreadsheet, the manifest)
// the media types the server really sends it as.

type Response = { description: string; content?: Record<string, { schema: Record<string, unknown> }> };
type Document = {
  paths: Record<string, Record<string, { parameters?: { in: string; name: string; schema: { enum?: string[] } }[] }>>;
};
const responsesOf = (op: object) => (op as { responses: Record<string, Response> }).responses;

let t: TestApp;
let webRoot: string;
let doc: Document;
const operations = () =>
  Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => ({ name: `${method.toUpperCase()} ${path}`, method, path, op })),
  );

beforeAll(async () => {
  // A built web app's manifest, so that the tenant's manifest has something to answer.
  webRoot = await mkdtemp(path.join(tmpdir(), 'kanal-web-'));
  await writeFile(path.join(webRoot, 'manifest.webmanifest'), JSON.stringify({ name: 'Kanal', icons: [] }));
  t = await createTestApp({ webRoot });
  doc = (await t.app.inject({ url: '/api/openapi.json' })).json();
});
afterAll(async () => {
  await t.close();
  await rm(webRoot, { recursive: true, force: true });
});

describe('the OpenAPI document', () => {
  it('documents a success answer for every operation (a browser navigation: its redirect)', () => {
    const withoutSuccess = operations()
      .filter(({ op }) => !Object.keys(responsesOf(op)).some((status) => /^(2\d\d|302)$/.test(status)))
      .map(({ name }) => name);
    expect(operations().length).toBeGreaterThan(40);
    expect(withoutSuccess).toEqual([]);
  });

  it("documents every 4xx and 5xx as JSON with the contract's error body", () => {
    const { $schema: _, ...errorBody } = z.toJSONSchema(ErrorBodySchema, { target: 'openapi-3.0', io: 'output' });
    let errors = 0;
    for (const { name, op } of operations()) {
      for (const [status, response] of Object.entries(responsesOf(op))) {
        if (Number(status) < 400) continue;
        errors++;
        expect(Object.keys(response.content ?? {}), `${name} ${status}`).toEqual(['application/json']);
        expect(response.content?.['application/json']?.schema, `${name} ${status}`).toEqual(errorBody);
        expect(response.description, `${name} ${status}`).not.toBe('Default Response');
      }
    }
    expect(errors).toBeGreaterThan(200);
  });

  it('documents the media types a file, a spreadsheet or the manifest is really sent as', async () => {
    const { id: tenantId } = await makeTenant(t.db);
    const admin = await makeUser(t.db, { tenantId, role: 'ADMIN' });
    const token = await makeSession(t.db, admin, t.clock.now());
    const picture = await t.app.services.files.save(tenantId, 'slika.png', 'image/png', pngBytes());
    await t.db.update(tenant).set({ image: picture.id }).where(eq(tenant.id, tenantId));
    await t.db.update(appUser).set({ avatar: picture.id }).where(eq(appUser.id, admin.id));
    const item = await makeContent(t.db, { tenantId, creatorId: admin.id, type: 'INFORMATION' });
    // Which of this tenant's objects a path's id names; a new route that sends something other than
    // JSON is added here, so that its media types are checked too.
    const ids: Record<string, string> = {
      '/api/files/{file}': picture.id,
      '/api/mobile/client/logo/{id}': String(tenantId),
      '/api/mobile/users/avatar/{id}': String(admin.id),
      '/api/export/user/{id}': String(admin.id),
      '/api/export/content/{id}': String(item.id),
    };
    const peopleFile = new TextEncoder().encode('Ime i prezime;E-mail\n;nije-adresa\n');
    const mediaType = (type: string) => type.split(';')[0]?.trim();
    const checked: string[] = [];
    // The embedded database's backup needs one in a data directory and a SUPERADMIN: its media type is checked
    // with them in modules/system/system.test.ts; a certificate needs a passed education, and its PDF is checked
    // in modules/certificates/certificates.test.ts.
    const checkedElsewhere = ['GET /api/system/backup', 'GET /api/mobile/content/{id}/certificate'];
    for (const { name, method, path, op } of operations()) {
      const success = responsesOf(op)['200'];
      const types = Object.keys(success?.content ?? {});
      if (types.length === 0 || types.includes('application/json') || checkedElsewhere.includes(name)) continue;
      const id = ids[path];
      if (path.includes('{') && id === undefined) throw new Error(`no object to fetch ${name} with`);
      const url = fillPath(path, { id: id ?? '', file: id ?? '' });
      // Every format a `format` query parameter offers, or the one answer.
      const formats = op.parameters?.find((p) => p.in === 'query' && p.name === 'format')?.schema.enum ?? [undefined];
      for (const format of formats) {
        const target = format ? `${url}?format=${format}` : url;
        // A POST here answers a sent file with another (the import's problems as a sheet).
        const res =
          method === 'post'
            ? await upload(t, target, token, [{ name: 'osobe.csv', bytes: peopleFile, type: 'text/csv' }])
            : await t.app.inject({ url: target, headers: { authorization: `Bearer ${token}` } });
        const what = `${name} ${format ?? ''} → ${res.statusCode} ${res.headers['content-type']}`;
        expect(res.statusCode, what).toBe(200);
        expect(types.map(mediaType), what).toContain(mediaType(String(res.headers['content-type'])));
        checked.push(`${name}${format ? `?format=${format}` : ''}`);
      }
    }
    expect(checked.sort()).toEqual([
      'GET /api/auth/manifest.webmanifest',
      'GET /api/export/content/{id}?format=csv',
      'GET /api/export/content/{id}?format=xlsx',
      'GET /api/export/template',
      'GET /api/export/user/{id}?format=csv',
      'GET /api/export/user/{id}?format=xlsx',
      'GET /api/export/users?format=csv',
      'GET /api/export/users?format=xlsx',
      'GET /api/files/{file}',
      'GET /api/mobile/client/logo/{id}',
      'GET /api/mobile/users/avatar/{id}',
      'POST /api/import/template/problems?format=csv',
      'POST /api/import/template/problems?format=xlsx',
    ]);
  });
});
