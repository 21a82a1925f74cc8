import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, makePerson, makeTenant } from '../test/factories.js';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { EMBEDDED_QUEUE_LIMIT, EmbeddedQueueFull, queueEmbedded } from './embedded-queue.js';

/** A gate the test opens by hand, and a signal that the operation it holds has begun. */
function gate() {
  let open = () => {};
  let begun = () => {};
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  const started = new Promise<void>((resolve) => {
    begun = resolve;
  });
  return { open, opened, begun, started };
}

describe('the embedded database’s queue', () => {
  let client: PGlite;
  beforeAll(async () => {
    client = await PGlite.create();
    await client.exec('CREATE TABLE seen (turn serial PRIMARY KEY, n int NOT NULL)');
  });
  afterAll(() => client.close());

  it('runs operations one at a time in the order they came, and refuses one past the bound at once', async () => {
    const { queued } = queueEmbedded(client, 3);
    const held = gate();
    const running = queued.transaction(async () => {
      held.begun();
      await held.opened;
    });
    await held.started;
    // Three wait behind the one that runs (the bound counts those waiting); one of them fails on its own.
    const waiting = [
      queued.query('INSERT INTO seen (n) VALUES (1)'),
      queued.query('INSERT INTO seen (n) VALUES (NULL)'),
      queued.query('INSERT INTO seen (n) VALUES (3)'),
    ];
    await expect(queued.query('INSERT INTO seen (n) VALUES (4)')).rejects.toBeInstanceOf(EmbeddedQueueFull);

    held.open();
    await running;
    const outcomes = await Promise.allSettled(waiting);
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    // Room again once the queue has emptied.
    await queued.query('INSERT INTO seen (n) VALUES (5)');
    expect((await client.query<{ n: number }>('SELECT n FROM seen ORDER BY turn')).rows.map((r) => r.n)).toEqual([
      1, 3, 5,
    ]);
  });

  it('lets the event loop read its sockets between two operations, however long the queue', async () => {
    // Operations that settle without waiting for anything, as a short statement on the embedded database can:
    // back to back, they would run in one go before the loop read a socket again.
    const immediate = { query: async () => ({ rows: [] }) } as unknown as PGlite;
    const { queued } = queueEmbedded(immediate);
    const order: string[] = [];
    const ops = ['a', 'b', 'c'].map((name) =>
      queued.query('SELECT 1').then(() => {
        order.push(name);
      }),
    );
    // What the loop does next (reading a socket, say), asked for after the three were queued.
    const loop = new Promise<void>((resolve) =>
      setImmediate(() => {
        order.push('loop');
        resolve();
      }),
    );
    await Promise.all([...ops, loop]);
    expect(order).toHaveLength(4);
    expect(order.indexOf('loop')).toBeLessThan(order.indexOf('c'));
  });
});

describe('a request past the embedded database’s bound', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ embedded: true });
  });
  afterAll(() => t.close());

  it('is answered 503 ServiceUnavailable with Retry-After: 1 in the caller’s language, and served once there is room', async () => {
    const { id: tenantId } = await makeTenant(t.db);
    const reader = await makePerson(t.db, tenantId, { now: t.clock.now() });
    const feed = (lang?: string) =>
      call(t, { url: '/api/mobile/content/list/new', token: reader.token, ...(lang ? { lang } : {}) });

    const held = gate();
    const running = t.db.transaction(async () => {
      held.begun();
      await held.opened;
    });
    await held.started;
    // then() sends each: drizzle's query runs only once it is awaited.
    const waiting = Array.from({ length: EMBEDDED_QUEUE_LIMIT }, () => t.db.execute(sql`SELECT 1`).then(() => {}));

    const busy = await feed();
    expect(busy.statusCode).toBe(503);
    expect(busy.headers['retry-after']).toBe('1');
    expect(busy.json()).toMatchObject({
      statusCode: 503,
      code: 'ServiceUnavailable',
      message: 'Usluga je trenutačno nedostupna. Pokušajte ponovno za nekoliko sekundi.',
    });
    expect((await feed('en')).json().message).toBe(
      'The service is briefly unavailable. Please try again in a few seconds.',
    );

    held.open();
    await running;
    await Promise.all(waiting);
    expect((await feed()).statusCode).toBe(200);
  });
});
