import { count } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { call, signIn } from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { appUser, groupMember, tenant } from '../schema/index.js';
import { DEMO_PASSWORD, seedDemo } from './demo.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

it('creates both demo tenants once, with working accounts, logos and groups', async () => {
  expect((await seedDemo(t.db, t.fileStore)).created).toEqual(['Demo d.o.o.', 'Druga firma d.o.o.']);
  expect((await seedDemo(t.db, t.fileStore)).created).toEqual([]);
  const [tenants] = await t.db.select({ n: count() }).from(tenant);
  const [users] = await t.db.select({ n: count() }).from(appUser);
  const [members] = await t.db.select({ n: count() }).from(groupMember);
  expect([tenants?.n, users?.n]).toEqual([2, 10]);
  expect(members?.n).toBeGreaterThan(5);

  const ana = await signIn(t, 'ana@demo.hr', DEMO_PASSWORD);
  const me = (await call(t, { url: '/api/auth/me', token: ana })).json().payload;
  expect(me).toMatchObject({ name: 'Ana Anić', role: 'USER', tenant: { name: 'Demo d.o.o.', showPromoTag: true } });
  expect((await call(t, { url: `/api/files/${me.tenant.image}`, token: ana })).statusCode).toBe(200);

  const petra = await signIn(t, 'petra@druga.hr', DEMO_PASSWORD);
  expect((await call(t, { url: `/api/files/${me.tenant.image}`, token: petra })).statusCode).toBe(404);

  for (const identifier of ['ivan', 'tena@demo.hr']) {
    const res = await call(t, { method: 'POST', url: '/api/auth/has-password', body: { identifier } });
    expect(res.json().payload.hasPassword).toBe(false);
  }
  expect(await signIn(t, 'super@demo.hr', DEMO_PASSWORD)).toBeTruthy();
});
