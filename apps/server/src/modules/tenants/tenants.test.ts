import { type AdminTenant, DEFAULT_PRIMARY_COLOR } from '@kanal/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pointsLedger, tenant } from '../../db/schema/index.js';
import { makeContent, makeGroup } from '../../test/content-factories.js';
import {
  call,
  lastMailTo,
  makePerson,
  makeTenant,
  makeUser,
  pngBytes,
  signIn,
  TEST_PASSWORD,
  upload,
} from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
let provider: number;
let superadmin: { id: number; token: string };

beforeAll(async () => {
  t = await createTestApp();
  provider = (await makeTenant(t.db, { name: 'Pružatelj d.o.o.' })).id;
  superadmin = await makePerson(t.db, provider, { role: 'SUPERADMIN', now: t.clock.now() });
});
afterAll(() => t.close());

const as = (token: string) => ({
  get: (url: string) => call(t, { url, token }),
  post: (url: string, body: unknown) => call(t, { method: 'POST', url, token, body }),
  patch: (url: string, body: unknown) => call(t, { method: 'PATCH', url, token, body }),
  delete: (url: string, body: unknown) => call(t, { method: 'DELETE', url, token, body }),
});
const bySuper = () => as(superadmin.token);

async function newTenant(name: string, email: string) {
  const res = await bySuper().post('/api/tenant', { name, admin: { name: `Admin ${name}`, email } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().payload as { tenant: AdminTenant; admin: { id: number } };
}

async function welcomeToken(recipient: string) {
  return (await lastMailTo(t, recipient))?.text.match(/https:\/\/kanal\.test\/welcome\/([\w-]+)/)?.[1];
}

describe('creating an organisation', () => {
  it('creates it with its first admin, who is welcomed, sets a password and finds an empty console of their own', async () => {
    const { tenant: created, admin } = await newTenant('Pekara Klas d.o.o.', 'uprava@klas.hr');
    expect(created).toMatchObject({ name: 'Pekara Klas d.o.o.', active: true, showPromoTag: false, userCount: 1 });
    const token = await welcomeToken('uprava@klas.hr');
    expect(token).toBeDefined();
    await call(t, { method: 'POST', url: `/api/auth/reset-password/${token}`, body: { password: 'Klas-lozinka-1' } });
    const session = await signIn(t, 'uprava@klas.hr', 'Klas-lozinka-1');
    const people = (await as(session).get('/api/user')).json().payload;
    expect(people).toMatchObject({ count: 1, items: [{ id: admin.id, role: 'ADMIN', status: 'active' }] });
    expect((await as(session).get('/api/group')).json().payload).toEqual({ count: 0, items: [] });
    // The organisations are the provider's to see.
    expect((await as(session).get('/api/tenant')).statusCode).toBe(403);
  });

  it('refuses an admin e-mail that already has an account, and creates nothing', async () => {
    await makeUser(t.db, { tenantId: provider, email: 'zauzet@primjer.hr' });
    const before = (await bySuper().get('/api/tenant')).json().payload.count;
    const res = await bySuper().post('/api/tenant', {
      name: 'Duplikat',
      admin: { name: 'A', email: 'zauzet@primjer.hr' },
    });
    expect(res.json().code).toBe('EmailTaken');
    expect((await bySuper().get('/api/tenant')).json().payload.count).toBe(before);
  });
});

describe("an organisation's name", () => {
  it('is one name whatever its case, accents or spacing: creating or renaming onto a taken one is 409 on `name`', async () => {
    const { tenant: first } = await newTenant('Druga firma d.o.o.', 'prva@druga.hr');
    const before = (await bySuper().get('/api/tenant')).json().payload.count;
    for (const name of ['DRUGA FIRMA D.O.O.', 'Drúga  firma d.o.o.']) {
      const res = await bySuper().post('/api/tenant', { name, admin: { name: 'Ana', email: 'druga@druga.hr' } });
      expect(res.statusCode, name).toBe(409);
      expect(res.json(), name).toMatchObject({
        code: 'TenantNameTaken',
        field: 'name',
        message: 'Organizacija s tim nazivom već postoji',
      });
    }
    // Nothing of a refused organisation stays: not it, and not its admin's account.
    expect((await bySuper().get('/api/tenant')).json().payload.count).toBe(before);
    const { tenant: second } = await newTenant('Treća firma d.o.o.', 'druga@druga.hr');

    const renamed = await call(t, {
      method: 'PATCH',
      url: `/api/tenant/${second.id}`,
      token: superadmin.token,
      body: { name: 'druga firma D.O.O.' },
      lang: 'en',
    });
    expect(renamed.statusCode).toBe(409);
    expect(renamed.json()).toMatchObject({
      code: 'TenantNameTaken',
      field: 'name',
      message: 'An organisation with that name already exists',
    });
    expect((await bySuper().get(`/api/tenant/${second.id}`)).json().payload.name).toBe('Treća firma d.o.o.');
    // Its own name in another case is still its own.
    const recased = await bySuper().patch(`/api/tenant/${first.id}`, { name: 'DRUGA FIRMA d.o.o.' });
    expect(recased.json().payload.name).toBe('DRUGA FIRMA d.o.o.');
  });
});

describe('running organisations', () => {
  it('lists them by name, searchable, with their people counted', async () => {
    await newTenant('Čistoća Split', 'cistoca@primjer.hr');
    const found = (await bySuper().get('/api/tenant?q=cistoca')).json().payload;
    expect(found).toMatchObject({ count: 1, items: [{ name: 'Čistoća Split', userCount: 1 }] });
  });

  it('changes the name and Promo tag, and takes as logo only a file of that organisation', async () => {
    const { tenant: created } = await newTenant('Logo d.o.o.', 'logo@primjer.hr');
    // The console uploads the logo into that organisation with ?tenant=, and shows it from there.
    const uploaded = await upload(t, `/api/files?tenant=${created.id}`, superadmin.token, [
      { name: 'logo.png', type: 'image/png', bytes: pngBytes() },
    ]);
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const theirs = uploaded.json().payload as { id: string };
    expect((await bySuper().get(`/api/files/${theirs.id}?tenant=${created.id}`)).statusCode).toBe(200);
    expect((await bySuper().get(`/api/files/${theirs.id}`)).statusCode).toBe(404);
    const others = await t.app.services.files.save(provider, 'tudi.png', 'image/png', pngBytes());
    expect((await bySuper().patch(`/api/tenant/${created.id}`, { image: others.id })).statusCode).toBe(404);
    const changed = await bySuper().patch(`/api/tenant/${created.id}`, {
      name: 'Logo i slika d.o.o.',
      image: theirs.id,
      showPromoTag: true,
    });
    expect(changed.json().payload).toMatchObject({ name: 'Logo i slika d.o.o.', image: theirs.id, showPromoTag: true });
  });

  it('takes colours its people can read, which their app and their mails use, and refuses those too light', async () => {
    const { tenant: created } = await newTenant('Zelena d.o.o.', 'zelena@primjer.hr');
    const url = `/api/tenant/${created.id}`;
    const saved = await bySuper().patch(url, { primaryColor: ' #0A7D4B', accentColor: '#c2410c' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().payload).toMatchObject({ primaryColor: '#0a7d4b', accentColor: '#c2410c' });
    const person = await makePerson(t.db, created.id, { now: t.clock.now() });
    const me = (await as(person.token).get('/api/auth/me')).json().payload;
    expect(me.tenant).toMatchObject({ primaryColor: '#0a7d4b', accentColor: '#c2410c' });
    // A reset link's button is in the organisation's colour.
    await call(t, { method: 'POST', url: '/api/auth/forgot-password', body: { identifier: 'zelena@primjer.hr' } });
    expect((await lastMailTo(t, 'zelena@primjer.hr'))?.html).toContain('background:#0a7d4b');

    // Yellow text on white: refused on the field, in the caller's language, with its contrast.
    const refusal = (body: object, lang: 'hr' | 'en') =>
      call(t, { method: 'PATCH', url, token: superadmin.token, body, lang });
    const yellow = await refusal({ primaryColor: '#f2c200' }, 'hr');
    expect(yellow.statusCode).toBe(400);
    expect(yellow.json()).toMatchObject({ code: 'BodyParamsInvalid', field: 'primaryColor' });
    expect(yellow.json().message).toContain('1,5:1');
    expect(yellow.json().message).toContain('4,5:1');
    const peach = await refusal({ accentColor: '#fdba74' }, 'en');
    expect(peach.json()).toMatchObject({ code: 'BodyParamsInvalid', field: 'accentColor' });
    expect(peach.json().message).toContain('3.0:1');
    const notAColour = await bySuper().patch(url, { primaryColor: 'green' });
    expect(notAColour.json()).toMatchObject({ code: 'BodyParamsInvalid', field: 'primaryColor' });
    expect((await bySuper().get(url)).json().payload).toMatchObject({
      primaryColor: '#0a7d4b',
      accentColor: '#c2410c',
    });

    // null gives the product's colours back, and the mails follow.
    const cleared = await bySuper().patch(url, { primaryColor: null, accentColor: null });
    expect(cleared.json().payload).toMatchObject({ primaryColor: null, accentColor: null });
    await call(t, { method: 'POST', url: '/api/auth/forgot-password', body: { identifier: 'zelena@primjer.hr' } });
    expect((await lastMailTo(t, 'zelena@primjer.hr'))?.html).toContain(`background:${DEFAULT_PRIMARY_COLOR}`);
  });

  it('deactivating ends its people’s sessions and tells them why at sign-in; activating lets them in again', async () => {
    const row = await makeTenant(t.db);
    const person = await makeUser(t.db, { tenantId: row.id, email: 'radnik@pauza.hr' });
    const session = await signIn(t, 'radnik@pauza.hr');
    const off = await bySuper().post(`/api/tenant/${row.id}/deactivate`, {});
    expect(off.json().payload.active).toBe(false);
    expect((await call(t, { url: '/api/auth/me', token: session })).statusCode).toBe(401);
    const refused = await call(t, {
      method: 'POST',
      url: '/api/auth/signin',
      body: { email: person.email, password: TEST_PASSWORD },
    });
    expect(refused.json().code).toBe('AccountDeactivated');
    await bySuper().post(`/api/tenant/${row.id}/activate`, {});
    expect(await signIn(t, 'radnik@pauza.hr')).toMatch(/_/);
    // The provider's own organisation holds the SUPERADMINs.
    expect((await bySuper().post(`/api/tenant/${provider}/deactivate`, {})).json().code).toBe('OwnTenant');
  });

  it('deletes an organisation whole, rows and files, once its name is typed back', async () => {
    const { tenant: doomed } = await newTenant('Za brisanje d.o.o.', 'brisanje@primjer.hr');
    const creator = await makePerson(t.db, doomed.id, { role: 'CREATOR' });
    const group = await makeGroup(t.db, { tenantId: doomed.id, members: [creator.id] });
    const stored = await t.app.services.files.save(doomed.id, 'slika.png', 'image/png', pngBytes());
    await makeContent(t.db, {
      tenantId: doomed.id,
      creatorId: creator.id,
      image: stored.id,
      audience: { groups: [group.id] },
    });
    expect(await t.fileStore.exists(stored.storageKey)).toBe(true);

    const wrong = await bySuper().delete(`/api/tenant/${doomed.id}`, { name: 'Za brisanje' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().field).toBe('name');
    expect((await bySuper().delete(`/api/tenant/${provider}`, { name: 'Pružatelj d.o.o.' })).json().code).toBe(
      'OwnTenant',
    );

    const done = await bySuper().delete(`/api/tenant/${doomed.id}`, { name: 'Za brisanje d.o.o.' });
    expect(done.json().payload).toEqual({ done: true });
    expect((await bySuper().get(`/api/tenant/${doomed.id}`)).statusCode).toBe(404);
    // No table keeps a row of it but the security trail.
    const tables = await t.db.execute<{ name: string }>(sql`
      SELECT table_name AS name FROM information_schema.columns
      WHERE table_schema = 'public' AND column_name = 'tenant_id' AND table_name <> 'audit_log'`);
    for (const { name } of (tables as unknown as { rows: { name: string }[] }).rows) {
      const result = await t.db.execute(
        sql.raw(`SELECT count(*)::int AS n FROM "${name}" WHERE tenant_id = ${doomed.id}`),
      );
      expect((result as unknown as { rows: { n: number }[] }).rows[0]?.n, name).toBe(0);
    }
    expect(await t.fileStore.exists(stored.storageKey)).toBe(false);
  });
});

describe('working in another organisation', () => {
  it("lets a SUPERADMIN run any organisation's people with ?tenant=, and nobody else", async () => {
    const { tenant: other } = await newTenant('Podružnica d.o.o.', 'podruznica@primjer.hr');
    const listed = (await bySuper().get(`/api/user?tenant=${other.id}`)).json().payload;
    expect(listed.items.map((u: { email: string }) => u.email)).toEqual(['podruznica@primjer.hr']);
    const created = await bySuper().post(`/api/user?tenant=${other.id}`, { name: 'Nova', username: 'nova.podruznica' });
    expect(created.statusCode, created.body).toBe(200);
    expect((await bySuper().get(`/api/user/${created.json().payload.user.id}?tenant=${other.id}`)).statusCode).toBe(
      200,
    );
    // Not in the provider's own organisation.
    expect((await bySuper().get(`/api/user/${created.json().payload.user.id}`)).statusCode).toBe(404);
    expect((await bySuper().get('/api/user?tenant=999999')).statusCode).toBe(404);

    const admin = await makePerson(t.db, provider, { role: 'ADMIN' });
    expect((await as(admin.token).get(`/api/user?tenant=${other.id}`)).statusCode).toBe(404);
    expect((await as(admin.token).get(`/api/user?tenant=${provider}`)).statusCode).toBe(200);
  });

  it('shows a top five that admins see for their own organisation only', async () => {
    const row = await makeTenant(t.db, { name: 'Rang d.o.o.' });

    const [first, second, third] = await Promise.all(
      ['Prva', 'Drugi', 'Treća'].map((name) => makeUser(t.db, { tenantId: row.id, name })),
    );
    const points: [number, number][] = [
      [first?.id ?? 0, 50],
      [second?.id ?? 0, 30],
      [third?.id ?? 0, 30],
    ];
    for (const [userId, value] of points) {
      await t.db.insert(pointsLedger).values({ tenantId: row.id, userId, points: value, reason: 'test' });
    }
    const top = (await bySuper().get(`/api/tenant/top-five/${row.id}`)).json().payload;
    expect(top.people).toEqual([
      { id: first?.id, name: 'Prva', points: 50, rank: 1 },
      { id: second?.id, name: 'Drugi', points: 30, rank: 2 },
      { id: third?.id, name: 'Treća', points: 30, rank: 2 },
    ]);
    const admin = await makePerson(t.db, row.id, { role: 'ADMIN' });
    expect((await as(admin.token).get(`/api/tenant/top-five/${row.id}`)).statusCode).toBe(200);
    expect((await as(admin.token).get(`/api/tenant/top-five/${provider}`)).statusCode).toBe(404);
    expect(await t.db.select().from(tenant).where(eq(tenant.id, row.id))).toHaveLength(1);
  });
});
