import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeGroup } from '../../test/content-factories.js';
import { call, makePerson, makeTenant, upload } from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
let tenantId: number;
let admin: { token: string };

beforeAll(async () => {
  t = await createTestApp();
  tenantId = (await makeTenant(t.db)).id;
  admin = await makePerson(t.db, tenantId, { role: 'ADMIN' });
  await makeGroup(t.db, { tenantId, name: 'Prodaja' });
});
afterAll(() => t.close());

const byAdmin = (method: 'POST' | 'PATCH', url: string, body: unknown, lang?: string) =>
  call(t, { method, url, token: admin.token, body, ...(lang ? { lang } : {}) });
const groupNames = async () =>
  (await call(t, { url: '/api/group/tenant', token: admin.token })).json().payload.map((g: { name: string }) => g.name);

describe("a group's name is one name whatever its case, accents or spacing", () => {
  it('refuses a new group whose name folds to a taken one: 409 on `name`, in the caller’s language', async () => {
    for (const name of ['prodaja', 'Prodája', ' PRODÁJA', 'prodaja']) {
      const res = await byAdmin('POST', '/api/group', { name });
      expect(res.statusCode, name).toBe(409);
      expect(res.json(), name).toMatchObject({
        code: 'GroupNameTaken',
        field: 'name',
        message: 'Grupa s tim nazivom već postoji',
      });
    }
    const english = await byAdmin('POST', '/api/group', { name: 'Prodája' }, 'en');
    expect(english.json()).toMatchObject({ field: 'name', message: 'A group with that name already exists' });
    // Runs of spaces are one space, as a page shows them.
    expect((await byAdmin('POST', '/api/group', { name: 'Prodaja sjever' })).statusCode).toBe(200);
    expect((await byAdmin('POST', '/api/group', { name: 'Prodaja   Sjever' })).json().code).toBe('GroupNameTaken');
    expect(await groupNames()).toEqual(['Prodaja', 'Prodaja sjever']);
  });

  it('refuses a rename onto another group’s name, and lets a group change its own name’s case', async () => {
    const nabava = (await byAdmin('POST', '/api/group', { name: 'Nabava' })).json().payload;
    const taken = await byAdmin('PATCH', `/api/group/${nabava.id}`, { name: 'prodája' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ code: 'GroupNameTaken', field: 'name' });
    const recased = await byAdmin('PATCH', `/api/group/${nabava.id}`, { name: 'NABAVA' });
    expect(recased.json().payload).toMatchObject({ id: nabava.id, name: 'NABAVA' });
  });

  it('is unique within the organisation only', async () => {
    const other = await makeTenant(t.db);
    const otherAdmin = await makePerson(t.db, other.id, { role: 'ADMIN' });
    const res = await call(t, {
      method: 'POST',
      url: '/api/group',
      token: otherAdmin.token,
      body: { name: 'prodaja' },
    });
    expect(res.statusCode).toBe(200);
  });

  it('imports a column of names by the same key: a folded match is the group, a name twice is a problem', async () => {
    const csv = (...lines: string[]) => Buffer.from(`${lines.join('\r\n')}\r\n`);
    const send = (bytes: Buffer) => upload(t, '/api/group/import', admin.token, [{ name: 'g.csv', bytes }]);
    const twice = (await send(csv('Naziv grupe', 'Skladište', 'Uprava', 'SKLADISTE  '))).json().payload;
    expect(twice.problems.map((p: { row: number; code: string }) => [p.row, p.code])).toEqual([[4, 'duplicateInFile']]);
    const res = await send(csv('Naziv grupe', 'PRODÁJA', 'Skladište', 'nabava'));
    expect(res.json().payload).toEqual({ created: 1, unchanged: 2, problems: [] });
    expect(await groupNames()).toEqual(['NABAVA', 'Prodaja', 'Prodaja sjever', 'Skladište']);
  });
});
