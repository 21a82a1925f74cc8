import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { type Database, openPostgres, rowsOf } from '../../db/client.js';
import { makeContent } from '../content-factories.js';
import { makeTenant, makeUser } from '../factories.js';
import { createPostgresDatabase } from '../test-app.js';

// A whole company finishing one quiz at once (ADR 0052): two sessions that finish the same item for two people,
// with an attempt and points each, never wait for each other. Before, the second queued for the item's counter
// row (content_reach) and the day's (activity_day) until the first committed.

const source = inject('testDatabase');
if (source.kind !== 'postgres') throw new Error('the concurrency suite needs PostgreSQL (DATABASE_URL)');

const SLOTS = 16;
let database: Awaited<ReturnType<typeof createPostgresDatabase>>;
let db: Database;
const clients: pg.Client[] = [];

beforeAll(async () => {
  database = await createPostgresDatabase(source);
  db = openPostgres(database.url, 2);
});
afterAll(async () => {
  await Promise.all(clients.map((c) => c.end()));
  await db?.close();
  await database?.drop();
});

/** Two sessions on different counter slots: two sessions on one slot do wait, by design (a pair, not a crowd). */
async function twoSessionsOnDifferentSlots() {
  const bySlot = new Map<number, pg.Client>();
  while (bySlot.size < 2) {
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    clients.push(client);
    const { rows } = await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
    bySlot.set(Number(rows[0]?.pid) % SLOTS, client);
  }
  return [...bySlot.values()] as [pg.Client, pg.Client];
}

it("lets two people's finishes of one quiz commit without waiting for each other", async () => {
  const { id: tenantId } = await makeTenant(db.db);
  const creator = await makeUser(db.db, { tenantId, role: 'CREATOR', password: null });
  const [first, second] = [
    await makeUser(db.db, { tenantId, password: null }),
    await makeUser(db.db, { tenantId, password: null }),
  ];
  const { id: contentId } = await makeContent(db.db, {
    tenantId,
    creatorId: creator.id,
    type: 'EDUCATION',
    settings: { passingScore: 0.5 },
    audience: { users: [first.id, second.id] },
    questions: [{ title: 'Da?', type: 'SINGLE', answers: [{ title: 'Da', isCorrect: true }, { title: 'Ne' }] }],
  });
  // What a passing submission writes for its person (forms' storing statement): the finish, the attempt, points.
  const finish = (userId: number) => `
    WITH finished AS (
      UPDATE content_interaction SET viewed_at = now(), finished_at = now()
      WHERE tenant_id = ${tenantId} AND user_id = ${userId} AND content_id = ${contentId}),
    tried AS (
      INSERT INTO attempt (tenant_id, user_id, content_id, final_mark, correct, total)
      VALUES (${tenantId}, ${userId}, ${contentId}, 1, 1, 1))
    INSERT INTO points_ledger (tenant_id, user_id, content_id, points, reason)
    VALUES (${tenantId}, ${userId}, ${contentId}, 10, 'education_passed')`;

  const [a, b] = await twoSessionsOnDifferentSlots();
  await a.query('BEGIN');
  await a.query(finish(first.id));
  // The first is still open; the second would wait for its row locks until the timeout.
  await b.query("SET lock_timeout = '5s'");
  await b.query('BEGIN');
  await b.query(finish(second.id));
  await b.query('COMMIT');
  await a.query('COMMIT');

  const [reach] = rowsOf<{ finished: number; slots: number }>(
    await db.db.execute(sql`
      SELECT sum(finished)::int AS finished, count(*) FILTER (WHERE finished > 0)::int AS slots
      FROM content_reach WHERE tenant_id = ${tenantId} AND content_id = ${contentId}`),
  );
  expect(reach).toEqual({ finished: 2, slots: 2 });
});
