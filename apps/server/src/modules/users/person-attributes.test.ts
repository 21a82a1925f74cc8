import type { AdminUser, PersonAttributeValues } from '@kanal/contract';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appUser, auditLog } from '../../db/schema/index.js';
import { call, makePerson, makeTenant, makeUser } from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

// A person's attributes (issue 31): department, location, job title, employee number, manager, start date.

let t: TestApp;
let tenantId: number;
let admin: { id: number; token: string };
let otherTenant: number;
let stranger: { id: number; token: string };

beforeAll(async () => {
  t = await createTestApp();
  tenantId = (await makeTenant(t.db)).id;
  admin = await makePerson(t.db, tenantId, { role: 'ADMIN', now: t.clock.now() });
  otherTenant = (await makeTenant(t.db)).id;
  stranger = await makePerson(t.db, otherTenant, { role: 'ADMIN', now: t.clock.now() });
});
afterAll(() => t.close());

const as = (token: string, lang?: string) => ({
  get: (url: string) => call(t, { url, token, lang }),
  post: (url: string, body: unknown) => call(t, { method: 'POST', url, token, body, lang }),
  patch: (url: string, body: unknown) => call(t, { method: 'PATCH', url, token, body, lang }),
  delete: (url: string) => call(t, { method: 'DELETE', url, token, lang }),
});
const byAdmin = (lang?: string) => as(admin.token, lang);

let made = 0;
async function createUser(body: Record<string, unknown> = {}) {
  made += 1;
  const res = await byAdmin().post('/api/user', { name: `Osoba ${made}`, email: `atribut${made}@primjer.hr`, ...body });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().payload.user as AdminUser;
}
const patch = (id: number, body: Record<string, unknown>, lang?: string) =>
  byAdmin(lang).patch(`/api/user/${id}`, body);
const managerOf = async (id: number) =>
  (await t.db.select({ managerId: appUser.managerId }).from(appUser).where(eq(appUser.id, id)))[0]?.managerId;

describe("a person's attributes", () => {
  it('are given when a person is created, trimmed, an empty one as none, and shown with the manager by name', async () => {
    const boss = await createUser({ name: 'Šefica Prodaje', department: 'Prodaja' });
    const person = await createUser({
      department: '  Prodaja ',
      location: '',
      jobTitle: 'Referent prodaje',
      employeeNumber: ' 0042 ',
      managerId: boss.id,
      startDate: '2024-03-01',
    });
    expect(person).toMatchObject({
      department: 'Prodaja',
      location: null,
      jobTitle: 'Referent prodaje',
      employeeNumber: '0042',
      manager: { id: boss.id, name: 'Šefica Prodaje' },
      startDate: '2024-03-01',
    });
    expect((await byAdmin().get(`/api/user/${person.id}`)).json().payload).toEqual(person);
    // Without them, a person has none.
    expect(await createUser()).toMatchObject({
      department: null,
      location: null,
      jobTitle: null,
      employeeNumber: null,
      manager: null,
      startDate: null,
    });
  });

  it('change as given, the others stay, and the audit trail names the attributes that changed', async () => {
    const boss = await createUser({ name: 'Voditelj Skladišta' });
    const person = await createUser({ department: 'Skladište', location: 'Zagreb', startDate: '2020-01-15' });
    const res = await patch(person.id, { location: 'Split', department: 'Skladište', managerId: boss.id });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().payload).toMatchObject({
      department: 'Skladište',
      location: 'Split',
      manager: { id: boss.id, name: 'Voditelj Skladišta' },
      startDate: '2020-01-15',
    });
    const cleared = await patch(person.id, { location: null, managerId: null, startDate: null });
    expect(cleared.json().payload).toMatchObject({
      department: 'Skladište',
      location: null,
      manager: null,
      startDate: null,
    });
    const trail = await t.db
      .select({ details: auditLog.details })
      .from(auditLog)
      .where(and(eq(auditLog.userId, person.id), eq(auditLog.event, 'user.updated')))
      .orderBy(auditLog.id);
    expect(trail.map((row) => row.details)).toEqual([
      { by: admin.id, changed: ['location', 'managerId'] },
      { by: admin.id, changed: ['location', 'managerId', 'startDate'] },
    ]);
  });

  it('refuses a text that is too long and a day that is not in the calendar, naming the field in the caller’s language', async () => {
    const person = await createUser();
    const long = await patch(person.id, { jobTitle: 'x'.repeat(101) });
    expect(long.statusCode).toBe(400);
    expect(long.json()).toMatchObject({ code: 'BodyParamsInvalid', field: 'jobTitle' });
    expect(long.json().message).toContain('Najviše 100 znakova');
    const day = await patch(person.id, { startDate: '2023-02-29' }, 'en');
    expect(day.json()).toMatchObject({ code: 'BodyParamsInvalid', field: 'startDate' });
    expect(day.json().message).toContain('Enter a valid date');
    expect((await patch(person.id, { startDate: '1.3.2024.' })).json().field).toBe('startDate');
  });
});

describe('a manager', () => {
  it('is a person of the same organisation: another one’s answers 404, on create and on change', async () => {
    const person = await createUser();
    const foreign = await byAdmin().post('/api/user', {
      name: 'X',
      email: 'x-strani@primjer.hr',
      managerId: stranger.id,
    });
    expect(foreign.statusCode).toBe(404);
    expect((await patch(person.id, { managerId: stranger.id })).statusCode).toBe(404);
    expect((await patch(person.id, { managerId: 2_000_000_000 })).statusCode).toBe(404);
    expect(await managerOf(person.id)).toBeNull();
  });

  it('is never the person themselves, nor anyone below them, however far', async () => {
    const [a, b, c] = [await createUser(), await createUser(), await createUser()];
    const own = await patch(a.id, { managerId: a.id });
    expect(own.statusCode).toBe(400);
    expect(own.json()).toMatchObject({ field: 'managerId', message: expect.stringContaining('sama sebi nadređena') });
    // c reports to b, b to a: a cannot report to c, nor to b.
    expect((await patch(b.id, { managerId: a.id })).statusCode).toBe(200);
    expect((await patch(c.id, { managerId: b.id })).statusCode).toBe(200);
    for (const below of [b, c]) {
      const loop = await patch(a.id, { managerId: below.id }, 'en');
      expect(loop.statusCode).toBe(400);
      expect(loop.json()).toMatchObject({
        code: 'BodyParamsInvalid',
        field: 'managerId',
        message: expect.stringContaining('already reports to this one'),
      });
    }
    expect(await managerOf(a.id)).toBeNull();
    // Nothing else of the refused change was written either.
    expect((await patch(a.id, { managerId: c.id, department: 'Uprava' })).statusCode).toBe(400);
    expect((await byAdmin().get(`/api/user/${a.id}`)).json().payload.department).toBeNull();
  });

  it('leaves their people without a manager when deleted, and the database refuses a person as their own', async () => {
    const boss = await createUser();
    const report = await createUser({ managerId: boss.id });
    expect((await byAdmin().delete(`/api/user/${boss.id}`)).statusCode).toBe(200);
    expect((await byAdmin().get(`/api/user/${report.id}`)).json().payload).toMatchObject({
      manager: null,
      status: 'invited',
    });
    await expect(
      t.db.execute(sql`UPDATE app_user SET manager_id = id WHERE tenant_id = ${tenantId} AND id = ${report.id}`),
    ).rejects.toThrow();
  });
});

describe('the people list by attribute', () => {
  let list: { sales: AdminUser; north: AdminUser; it: AdminUser; none: AdminUser; boss: AdminUser };
  let token: string;
  let ownName: string;
  const names = async (query: string) => {
    const res = await as(token).get(`/api/user?${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json().payload.items as AdminUser[]).map((user) => user.name);
  };

  beforeAll(async () => {
    // An organisation of its own, so the values and counts are these people's alone.
    const id = (await makeTenant(t.db)).id;
    const own = await makePerson(t.db, id, { role: 'ADMIN', now: t.clock.now() });
    token = own.token;
    ownName = (await as(token).get(`/api/user/${own.id}`)).json().payload.name;
    const person = async (name: string, fields: Record<string, unknown>) => {
      made += 1;
      const res = await as(token).post('/api/user', { name, email: `lista${made}@lista.hr`, ...fields });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().payload.user as AdminUser;
    };
    const boss = await person('Boss', { department: 'Uprava', location: 'Zagreb', jobTitle: 'Direktor' });
    list = {
      boss,
      sales: await person('Prodavac', { department: 'Prodaja', location: 'Split', managerId: boss.id }),
      north: await person('Sjever', { department: 'Prodaja, sjever', location: 'Zagreb', managerId: boss.id }),
      it: await person('Informatičar', { department: 'IT', location: 'Zagreb', jobTitle: 'Programer' }),
      none: await person('Ništa', {}),
    };
  });

  it('filters by exact values, several at once (one with a comma in quotes), and by manager', async () => {
    expect(await names('department=Prodaja')).toEqual(['Prodavac']);
    expect(await names(`department=${encodeURIComponent('"Prodaja, sjever",IT')}`)).toEqual(['Informatičar', 'Sjever']);
    expect(await names('location=Zagreb&jobTitle=Programer,Direktor')).toEqual(['Boss', 'Informatičar']);
    expect(await names(`manager=${list.boss.id}`)).toEqual(['Prodavac', 'Sjever']);
    expect(await names(`manager=${list.boss.id}&q=sjev`)).toEqual(['Sjever']);
    // Another organisation's person is no filter here: 404, as in a path.
    expect((await as(token).get(`/api/user?manager=${admin.id}`)).statusCode).toBe(404);
  });

  it('sorts by department or location, people without one last either way', async () => {
    expect(await names('sort=department')).toEqual(['Informatičar', 'Prodavac', 'Sjever', 'Boss', ownName, 'Ništa']);
    expect(await names('sort=-location')).toEqual(['Boss', 'Informatičar', 'Sjever', 'Prodavac', ownName, 'Ništa']);
  });

  it('answers the values in use with their counts, for the filters', async () => {
    const res = await as(token).get('/api/user/attributes');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().payload as PersonAttributeValues).toEqual({
      departments: [
        { value: 'IT', count: 1 },
        { value: 'Prodaja', count: 1 },
        { value: 'Prodaja, sjever', count: 1 },
        { value: 'Uprava', count: 1 },
      ],
      locations: [
        { value: 'Split', count: 1 },
        { value: 'Zagreb', count: 3 },
      ],
      jobTitles: [
        { value: 'Direktor', count: 1 },
        { value: 'Programer', count: 1 },
      ],
    });
    // Each organisation its own.
    const other = (await as(stranger.token).get('/api/user/attributes')).json().payload as PersonAttributeValues;
    expect(other.departments.map((d) => d.value)).not.toContain('Prodaja, sjever');
  });

  it('is read by every reader of people, and not by a user', async () => {
    const analyst = await makePerson(t.db, tenantId, { role: 'ANALYST', now: t.clock.now() });
    expect((await as(analyst.token).get('/api/user/attributes')).statusCode).toBe(200);
    const user = await makePerson(t.db, tenantId, { role: 'USER', now: t.clock.now() });
    expect((await as(user.token).get('/api/user/attributes')).statusCode).toBe(403);
  });

  it('is what an action on everyone matching acts on', async () => {
    const deactivated = await makeUser(t.db, { tenantId, department: 'Nabava', active: false, password: null });
    await makeUser(t.db, { tenantId, department: 'Nabava', active: true });
    await makeUser(t.db, { tenantId, department: 'Prodaja', active: false });
    const res = await byAdmin().post('/api/user/bulk', { action: 'reactivate', filter: { department: ['Nabava'] } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().payload.changed).toBe(1);
    expect((await byAdmin().get(`/api/user/${deactivated.id}`)).json().payload.status).toBe('invited');
    const foreign = await byAdmin().post('/api/user/bulk', { action: 'reactivate', filter: { manager: stranger.id } });
    expect(foreign.statusCode).toBe(404);
  });
});

describe('setAttributes, for the other ways in (SCIM, sign-in claims)', () => {
  it('sets what it is given in one transaction with its audit entry, and answers what changed', async () => {
    const { people } = t.app.services;
    const boss = await createUser();
    const person = await createUser({ department: 'Prodaja' });
    const changed = await people.setAttributes(
      tenantId,
      person.id,
      { department: 'Prodaja', jobTitle: ' Referent ', managerId: boss.id, startDate: '2022-09-01' },
      { providerId: 7 },
    );
    expect(changed).toEqual(['jobTitle', 'managerId', 'startDate']);
    expect(await people.get({ tenantId, userId: admin.id, role: 'ADMIN', lang: 'hr' }, person.id)).toMatchObject({
      department: 'Prodaja',
      jobTitle: 'Referent',
      manager: { id: boss.id },
      startDate: '2022-09-01',
    });
    expect(await people.setAttributes(tenantId, person.id, { jobTitle: 'Referent' }, { providerId: 7 })).toEqual([]);
    const trail = await t.db
      .select({ details: auditLog.details })
      .from(auditLog)
      .where(and(eq(auditLog.userId, person.id), eq(auditLog.event, 'user.updated')));
    expect(trail.map((row) => row.details)).toEqual([
      { providerId: 7, changed: ['jobTitle', 'managerId', 'startDate'] },
    ]);
  });

  it('keeps the same rules: a field named in a refusal, another organisation’s person or manager 404, no loops', async () => {
    const { people } = t.app.services;
    const [a, b] = [await createUser(), await createUser()];
    const refusal = (promise: Promise<unknown>) =>
      promise.then(
        () => undefined,
        (error: { code?: string; extra?: { field?: { name: string; message: string } } }) => ({
          code: error.code,
          ...error.extra?.field,
        }),
      );
    expect(
      await refusal(people.setAttributes(tenantId, a.id, { startDate: '2024-02-30' }, { userId: admin.id })),
    ).toEqual({
      code: 'BodyParamsInvalid',
      name: 'startDate',
      message: 'validation.invalidDay',
    });
    expect(await refusal(people.setAttributes(otherTenant, a.id, { department: 'X' }, { userId: admin.id }))).toEqual({
      code: 'NotFound',
    });
    expect(
      await refusal(people.setAttributes(tenantId, a.id, { managerId: stranger.id }, { userId: admin.id })),
    ).toEqual({
      code: 'NotFound',
    });
    await people.setAttributes(tenantId, b.id, { managerId: a.id }, { userId: admin.id });
    expect(await refusal(people.setAttributes(tenantId, a.id, { managerId: b.id }, { userId: admin.id }))).toEqual({
      code: 'BodyParamsInvalid',
      name: 'managerId',
      message: 'validation.managerCycle',
    });
  });
});
