import { count, eq, sql } from 'drizzle-orm';
import { afterEach, expect, it } from 'vitest';
import { appUser, tenant } from '../db/schema/index.js';
import { call, makeTenant, signIn } from '../test/factories.js';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { DEMO_PASSWORD, DEMO_TENANTS, demoAtStart } from './demo.js';

// DESIGN.md §6: the demo on the first start of an empty embedded database or when SEED_DEMO=true asks for
// it, once per database; never by default on PostgreSQL. Each case on a fresh database of its own.

const DEMO = 'Demo d.o.o.';
/** Seeding the demo takes seconds (argon2, pictures, content), and longer on a busy machine. */
const SEEDING_MS = 120_000;
const DRUGA = 'Druga firma d.o.o.';
const started: TestApp[] = [];
afterEach(async () => {
  for (const t of started.splice(0)) await t.close();
});

async function fresh() {
  const t = await createTestApp();
  started.push(t);
  return t;
}
const start = (t: TestApp, seedDemo: boolean | undefined, embedded: boolean) =>
  demoAtStart(t.db, t.fileStore, { seedDemo, embedded });
const tenantNames = async (t: TestApp) => (await t.db.select({ name: tenant.name }).from(tenant)).map((r) => r.name);

it(
  'seeds an empty embedded database at its first start, and a deleted demo organisation stays deleted',
  async () => {
    const t = await fresh();
    expect(await start(t, undefined, true)).toEqual({ created: [DEMO, DRUGA], present: [DEMO, DRUGA] });

    const superadmin = await signIn(t, 'super@demo.hr', DEMO_PASSWORD);
    const [druga] = await t.db.select({ id: tenant.id }).from(tenant).where(eq(tenant.name, DRUGA));
    const deleted = await call(t, {
      method: 'DELETE',
      url: `/api/tenant/${druga?.id}`,
      token: superadmin,
      body: { name: DRUGA },
    });
    expect(deleted.statusCode).toBe(200);

    // The next starts, by default and even when asked for the demo explicitly.
    expect(await start(t, undefined, true)).toEqual({ created: [], present: [DEMO] });
    expect(await start(t, true, true)).toEqual({ created: [], present: [DEMO] });
    expect(await tenantNames(t)).toEqual([DEMO]);
  },
  SEEDING_MS,
);

it(
  'starts again after the demo organisation was renamed, without re-creating it',
  async () => {
    const t = await fresh();
    await start(t, undefined, true);
    const superadmin = await signIn(t, 'super@demo.hr', DEMO_PASSWORD);
    const [druga] = await t.db.select({ id: tenant.id }).from(tenant).where(eq(tenant.name, DRUGA));
    const renamed = await call(t, {
      method: 'PATCH',
      url: `/api/tenant/${druga?.id}`,
      token: superadmin,
      body: { name: 'Naša firma d.o.o.' },
    });
    expect(renamed.statusCode).toBe(200);
    expect(await start(t, true, true)).toEqual({ created: [], present: [DEMO] });
    expect((await tenantNames(t)).sort()).toEqual([DEMO, 'Naša firma d.o.o.']);
  },
  SEEDING_MS,
);

it(
  'takes a demo made before its mark existed as made (a renamed one then does not collide)',
  async () => {
    const t = await fresh();
    await start(t, true, false);
    await t.db.execute(sql`DELETE FROM app_secret WHERE name = 'demo-seeded'`);
    await t.db.update(tenant).set({ name: 'Preimenovana d.o.o.' }).where(eq(tenant.name, DEMO));
    expect(await start(t, true, false)).toEqual({ created: [], present: [DRUGA] });
    expect(await tenantNames(t)).not.toContain(DEMO);
  },
  SEEDING_MS,
);

it('never seeds PostgreSQL by default, nor a database that holds data, nor when SEED_DEMO=false', async () => {
  const empty = await fresh();
  expect(await start(empty, undefined, false)).toEqual({ created: [], present: [] });
  expect(await start(empty, false, true)).toEqual({ created: [], present: [] });
  expect(await tenantNames(empty)).toEqual([]);
  const [accounts] = await empty.db.select({ n: count() }).from(appUser);
  expect(accounts?.n).toBe(0);

  const inUse = await fresh();
  await makeTenant(inUse.db, { name: 'Prava firma d.o.o.' });
  expect(await start(inUse, undefined, true)).toEqual({ created: [], present: [] });
  expect(await tenantNames(inUse)).toEqual(['Prava firma d.o.o.']);
});

it(
  'seeds PostgreSQL when SEED_DEMO=true asks for it',
  async () => {
    const t = await fresh();
    expect(await start(t, true, false)).toEqual({
      created: DEMO_TENANTS.map((d) => d.name),
      present: DEMO_TENANTS.map((d) => d.name),
    });
    expect(await signIn(t, 'admin@druga.hr', DEMO_PASSWORD)).toBeTruthy();
  },
  SEEDING_MS,
);
