import { afterAll, beforeAll, expect, it } from 'vitest';
import { call, signIn } from '../test/factories.js';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { createFirstAdmin, FirstAdminRefused, hasSuperadmin } from './first-admin.js';

// A real install without the demo: `npm run admin:create` makes its first SUPERADMIN, who chooses a password
// on the printed link's page and then runs the install. The command itself runs in the fault suite.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const first = { email: 'vlasnica@pruzatelj.hr', name: 'Vlasnica', tenantName: 'Pružatelj d.o.o.' };

it('makes the provider and its SUPERADMIN, who signs in after choosing a password on the link', async () => {
  expect(await hasSuperadmin(t.db)).toBe(false);
  const { link } = await createFirstAdmin(t.db, { ...first, publicUrl: 'https://kanal.test' });
  const url = new URL(link);
  expect(url.origin).toBe('https://kanal.test');
  // Nobody can sign in before the link is used: the account has no password.
  const before = await call(t, { method: 'POST', url: '/api/auth/has-password', body: { identifier: first.email } });
  expect(before.json().payload.hasPassword).toBe(false);

  const token = url.pathname.split('/').at(-1);
  const chosen = await call(t, {
    method: 'POST',
    url: `/api/auth/reset-password/${token}`,
    body: { password: 'prva-lozinka-2026' },
  });
  expect(chosen.statusCode).toBe(200);
  const session = await signIn(t, first.email, 'prva-lozinka-2026');
  const me = (await call(t, { url: '/api/auth/me', token: session })).json().payload;
  expect(me).toMatchObject({ role: 'SUPERADMIN', tenant: { name: first.tenantName } });
  // A SUPERADMIN's console works: it sees its own organisation.
  const tenants = await call(t, { url: '/api/tenant', token: session });
  expect(tenants.json().payload.items.map((i: { name: string }) => i.name)).toEqual([first.tenantName]);
  // Once used, the link is spent.
  const again = await call(t, {
    method: 'POST',
    url: `/api/auth/reset-password/${token}`,
    body: { password: 'druga-lozinka-2026' },
  });
  expect(again.statusCode).toBe(400);
});

it('refuses once a SUPERADMIN exists: from then on, the console adds people', async () => {
  expect(await hasSuperadmin(t.db)).toBe(true);
  await expect(
    createFirstAdmin(t.db, { ...first, email: 'drugi@pruzatelj.hr', tenantName: 'Drugi', publicUrl: 'https://x' }),
  ).rejects.toBeInstanceOf(FirstAdminRefused);
});
