import { text } from 'node:stream/consumers';
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { exportTables } from '../lib/files/table-export.js';
import { makeContent } from '../test/content-factories.js';
import { call, makePerson, makeTenant, makeUser } from '../test/factories.js';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { rowsOf } from './client.js';
import { takeTurns } from './cursor.js';
import { appUser } from './schema/index.js';

// Exports read three rows a batch here, so that a few people make several batches.
let t: TestApp;
let tenantId: number;
let admin: { id: number; token: string };
// Added out of the order of their names.
const NAMES = ['Marko', 'Ana', 'Željko', 'Ivana', 'Bruno', 'Čedo', 'Luka', 'Dora', 'Šime', 'Eva'];

beforeAll(async () => {
  t = await createTestApp({ env: { EXPORT_BATCH: '3' } });
  tenantId = (await makeTenant(t.db)).id;
  admin = await makePerson(t.db, tenantId, { role: 'ADMIN', now: t.clock.now() });
  for (const name of NAMES) await makeUser(t.db, { tenantId, name });
});
afterAll(() => t.close());

/** The first column of a CSV export's rows, headers left out. */
async function firstColumn(url: string) {
  const res = await call(t, { url, token: admin.token });
  expect(res.statusCode, res.body).toBe(200);
  return res.body
    .trimEnd()
    .split('\r\n')
    .slice(1)
    .map((line) => line.split(',')[0]);
}

it('exports an item’s audience whole and by name across batches', async () => {
  const item = await makeContent(t.db, { tenantId, creatorId: admin.id, type: 'INFORMATION', name: 'Obavijest' });
  const names = await firstColumn(`/api/export/content/${item.id}?format=csv`);
  // Everyone in the tenant, the admin too, in 4 batches of 3.
  expect(names).toHaveLength(NAMES.length + 1);
  expect(names.filter((name) => NAMES.includes(name as string))).toEqual([
    'Ana',
    'Bruno',
    'Čedo',
    'Dora',
    'Eva',
    'Ivana',
    'Luka',
    'Marko',
    'Šime',
    'Željko',
  ]);
});

it('exports the people whole and in the order they were added across batches', async () => {
  const names = await firstColumn('/api/export/users?format=csv');
  expect(names).toHaveLength(NAMES.length + 1);
  expect(names.slice(1)).toEqual(NAMES);
});

/**
 * Cursors still open: in PGlite’s one session, its held cursors (not the portal of this very statement); on PostgreSQL, connections of this database left
 * in a transaction (a reader's cursor lives in one, on a connection of its own).
 */
async function openCursors() {
  const query =
    t.database.driver === 'pglite'
      ? sql`SELECT count(*)::int AS n FROM pg_cursors WHERE is_holdable`
      : sql`SELECT count(*)::int AS n FROM pg_stat_activity
          WHERE datname = current_database() AND state LIKE 'idle in transaction%'`;
  return rowsOf<{ n: number }>(await t.db.execute(query))[0]?.n;
}

it('closes the cursor and gives the connection back when the download is aborted', async () => {
  const people = t.database.reads.readSorted(
    t.db.select({ name: appUser.name }).from(appUser).where(eq(appUser.tenantId, tenantId)).orderBy(asc(appUser.id)),
    3,
  );
  let batches = 0;
  let cursorsWhileReading: number | undefined;
  let closed = (): void => {};
  const ended = new Promise<void>((resolve) => {
    closed = resolve;
  });
  async function* rows() {
    try {
      for await (const batch of people) {
        batches += 1;
        cursorsWhileReading ??= await openCursors();
        // The download goes away after the first batch, as Fastify destroys an export whose client left.
        out.destroy();
        for (const { name } of batch) yield [name];
      }
    } finally {
      // Leaving the loop early has awaited the reader's own ending (its cursor closed) before this runs.
      closed();
    }
  }
  const out = exportTables('csv', [{ name: 'people', headers: ['name'], rows: rows() }]);
  await Promise.all([ended, text(out).catch(() => '')]);
  expect(batches).toBe(1);
  expect(cursorsWhileReading).toBe(1);
  expect(await openCursors()).toBe(0);
});

it('lets as many readings hold a connection at once as it is told, the others in the order they came', async () => {
  const turns = takeTurns(2);
  const order: string[] = [];
  const take = async (name: string) => {
    const leave = await turns.enter();
    order.push(name);
    return leave;
  };
  const [leaveA, leaveB] = await Promise.all([take('a'), take('b')]);
  const c = take('c');
  const d = take('d');
  // Two hold their turn: c and d wait until one is given back, then come in the order they asked.
  await new Promise((resolve) => setImmediate(resolve));
  expect(order).toEqual(['a', 'b']);
  leaveB();
  const leaveC = await c;
  expect(order).toEqual(['a', 'b', 'c']);
  leaveA();
  leaveC();
  (await d)();
  expect(order).toEqual(['a', 'b', 'c', 'd']);
  // All given back: two come in at once again.
  await Promise.all([take('e'), take('f')]);
  expect(order.slice(-2)).toEqual(['e', 'f']);
});
