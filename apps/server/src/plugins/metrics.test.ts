import { HOUR_MS, MINUTE_MS } from '@kanal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notificationDelivery } from '../db/schema/index.js';
import { call, makeTenant, makeUser } from '../test/factories.js';
import { createTestApp, type TestApp } from '../test/test-app.js';

const TOKEN = 'scraper-token-of-the-operator';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { METRICS_TOKEN: TOKEN } });
});
afterAll(() => t.close());

const scrape = (authorization?: string) =>
  call(t, { url: '/metrics', headers: authorization === undefined ? {} : { authorization } });

/** The value of one series of the scrape's text, or undefined when the scrape has no such series. */
function series(text: string, name: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${name} `));
  return line === undefined ? undefined : Number(line.slice(name.length + 1));
}

describe('GET /metrics', () => {
  it('is off without METRICS_TOKEN: 404, with the error body', async () => {
    const off = await createTestApp();
    try {
      const res = await call(off, { url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('NotFound');
    } finally {
      await off.close();
    }
  });

  it('answers 401 without the token or with another, and the scrape with it', async () => {
    expect((await scrape()).statusCode).toBe(401);
    expect((await scrape(`Bearer ${TOKEN}x`)).statusCode).toBe(401);
    expect((await scrape(TOKEN)).statusCode).toBe(401);
    const res = await scrape(`Bearer ${TOKEN}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(series(res.body, 'kanal_database_up')).toBe(1);
    expect(series(res.body, 'process_cpu_seconds_total')).toBeGreaterThan(0);
  });

  it('counts requests and their times by route pattern, not by URL', async () => {
    for (const id of [101, 102, 103]) await call(t, { url: `/api/mobile/content/${id}` });
    const { body } = await scrape(`Bearer ${TOKEN}`);
    const route = 'method="GET",route="/api/mobile/content/:id"';
    expect(series(body, `kanal_http_requests_total{${route},status="401"}`)).toBe(3);
    expect(series(body, `kanal_http_request_duration_seconds_count{${route}}`)).toBe(3);
    expect(series(body, `kanal_http_request_duration_seconds_bucket{le="+Inf",${route}}`)).toBe(3);
    expect(body).not.toContain('/api/mobile/content/101');
  });

  it("shows the pool: the embedded database's one connection", async () => {
    const { body } = await scrape(`Bearer ${TOKEN}`);
    expect(series(body, 'kanal_db_connections{state="max"}')).toBe(t.database.driver === 'pglite' ? 1 : 5);
    expect(series(body, 'kanal_db_connections{state="waiting"}')).toBe(0);
  });

  it('shows the queue and the deliveries: waiting, due, and how long the oldest due has waited', async () => {
    const now = t.clock.now();
    await t.app.services.jobs.schedule(
      t.db,
      { queue: 'metrics-test', payload: {}, runAt: new Date(now.getTime() - 10 * MINUTE_MS) },
      { queue: 'metrics-test', payload: {}, runAt: new Date(now.getTime() + HOUR_MS) },
    );
    const { id: tenantId } = await makeTenant(t.db);
    const { id: userId } = await makeUser(t.db, { tenantId });
    await t.db.insert(notificationDelivery).values([
      { tenantId, userId, channel: 'email', runAt: new Date(now.getTime() - 3 * MINUTE_MS) },
      { tenantId, userId, channel: 'email', runAt: new Date(now.getTime() - MINUTE_MS) },
    ]);
    const { body } = await scrape(`Bearer ${TOKEN}`);
    expect(series(body, 'kanal_jobs{queue="metrics-test",state="waiting"}')).toBe(2);
    expect(series(body, 'kanal_jobs{queue="metrics-test",state="due"}')).toBe(1);
    expect(series(body, 'kanal_jobs_oldest_due_seconds{queue="metrics-test"}')).toBeGreaterThanOrEqual(600);
    expect(series(body, 'kanal_deliveries{channel="email",state="queued"}')).toBe(2);
    expect(series(body, 'kanal_deliveries{channel="email",state="due"}')).toBe(2);
    expect(series(body, 'kanal_deliveries_oldest_due_seconds{channel="email"}')).toBeGreaterThanOrEqual(180);
    expect(series(body, 'kanal_deliveries{channel="web",state="queued"}')).toBeUndefined();
  });
});
