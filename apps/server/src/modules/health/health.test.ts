import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { call } from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const READY = ['/health', '/api/health'];
const LIVE = ['/health/live', '/api/health/live'];

async function statuses(app: TestApp, urls: string[]) {
  return Promise.all(urls.map(async (url) => (await call(app, { url })).statusCode));
}

describe('health: readiness and liveness', () => {
  it('is ready and alive with the version and uptime, at the root and under /api', async () => {
    t = await createTestApp();
    for (const url of [...READY, ...LIVE]) {
      const res = await call(t, { url });
      expect(res.statusCode).toBe(200);
      expect(res.json().payload).toEqual({
        status: 'ok',
        version: expect.any(String),
        uptimeSeconds: expect.any(Number),
      });
    }
  });

  it('is not ready, but alive, while it drains before a stop; other calls are still served', async () => {
    t = await createTestApp();
    t.app.drain();
    for (const url of READY) {
      const res = await call(t, { url });
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe('5');
      expect(res.json().code).toBe('ServiceUnavailable');
    }
    expect(await statuses(t, LIVE)).toEqual([200, 200]);
    expect((await call(t, { url: '/api/openapi.json' })).statusCode).toBe(200);
  });

  it('is not ready, but alive, on a database without the migrations of this build (an older backup restored)', async () => {
    t = await createTestApp();
    await t.db.execute(
      sql`DELETE FROM drizzle.__drizzle_migrations WHERE created_at = (SELECT max(created_at) FROM drizzle.__drizzle_migrations)`,
    );
    expect(await statuses(t, READY)).toEqual([503, 503]);
    expect(await statuses(t, LIVE)).toEqual([200, 200]);
  });
});
