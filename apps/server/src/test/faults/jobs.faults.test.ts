import { MINUTE_MS } from '@kanal/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type Database, openPostgres, rowsOf } from '../../db/client.js';
import { pushDevice } from '../../db/schema/index.js';
import { authoringOf } from '../content-factories.js';
import { makeAccounts, makeTenant, makeUser } from '../factories.js';
import { startFakePush } from '../fake-push.js';
import { type ServerProcess, startServerProcess } from '../server-process.js';
import { createPostgresDatabase } from '../test-app.js';

// Exactly once across processes: two built servers on one PostgreSQL take the same due reminders and
// hand their notices to a fake Expo push service; then one of them is killed mid-run.

const source = inject('testDatabase');
if (source.kind !== 'postgres') throw new Error('the multi-process suite needs PostgreSQL (DATABASE_URL)');

const PEOPLE = 1000;
let database: Awaited<ReturnType<typeof createPostgresDatabase>>;
let db: Database;
let fake: Awaited<ReturnType<typeof startFakePush>>;
const servers: ServerProcess[] = [];

beforeAll(async () => {
  database = await createPostgresDatabase(source);
  db = openPostgres(database.url, 5);
  fake = await startFakePush({ answerAfterMs: 20 });
});
afterAll(async () => {
  for (const server of servers) await server.stop();
  await fake?.close();
  await db?.close();
  await database?.drop();
});

const twoServers = async (extra: Record<string, string> = {}) => {
  const env = {
    ...extra,
    DATABASE_URL: database.url,
    SEED_DEMO: 'false',
    LOG_LEVEL: 'warn',
    JOB_POLL_MS: '200',
    DELIVERY_LEASE_MS: '2000',
    EXPO_PUSH_URL: `${fake.url}/expo`,
  };
  const started = await Promise.all([startServerProcess(env), startServerProcess(env)]);
  servers.push(...started);
  return started;
};

/** An organisation of PEOPLE people, each with a phone, and a creator without one. */
async function peopleWithPhones() {
  const { id: tenantId } = await makeTenant(db.db);
  const creator = await makeUser(db.db, { tenantId, role: 'CREATOR', password: null });
  const people = await makeAccounts(db.db, tenantId, PEOPLE);
  const tokens = people.map((p) => `ExponentPushToken[t${tenantId}p${p.id}]`);
  await db.db.insert(pushDevice).values(
    people.map((p, i) => ({
      tenantId,
      userId: p.id,
      kind: 'expo' as const,
      address: tokens[i] ?? '',
      createdAt: new Date(),
    })),
  );
  return { tenantId, creator, people, tokens: new Set(tokens) };
}

/**
 * PEOPLE reminder jobs, each to one person: a task of their own whose reminder is due. The tasks
 * appeared two days ago (their own notice is long past), due in ten minutes, reminding fifteen minutes
 * before.
 */
async function dueReminders(): Promise<{ tenantId: number; tokens: Set<string> }> {
  const { tenantId, creator, people, tokens } = await peopleWithPhones();
  const authoring = authoringOf(db.db);
  const now = Date.now();
  for (let start = 0; start < people.length; start += 5) {
    await Promise.all(
      people.slice(start, start + 5).map((p) =>
        authoring.create({
          tenantId,
          creatorId: creator.id,
          type: 'TASK',
          name: `Zadatak osobe ${p.id}`,
          publishAt: new Date(now - 2 * 24 * 60 * MINUTE_MS),
          status: 'published',
          audience: { users: [p.id] },
          task: { deadline: new Date(now + 10 * MINUTE_MS), reminderMinutes: 15 },
        }),
      ),
    );
  }
  return { tenantId, tokens };
}

/** The Expo messages the fake received for these tokens, in order of arrival. */
const messagesTo = (tokens: Set<string>) =>
  fake
    .expo()
    .flatMap((r) => JSON.parse(r.body.toString('utf8')) as { to: string; data: { notificationId: number } }[])
    .filter((m) => tokens.has(m.to));

async function progress(tenantId: number) {
  const result = await db.db.execute(sql`
    SELECT
      (SELECT count(*) FROM job WHERE tenant_id = ${tenantId})::int AS "jobsLeft",
      (SELECT count(*) FROM notification WHERE tenant_id = ${tenantId})::int AS notified,
      (SELECT count(*) FROM notification_delivery
        WHERE tenant_id = ${tenantId} AND channel = 'expo' AND state = 'sent')::int AS sent`);
  return rowsOf<{ jobsLeft: number; notified: number; sent: number }>(result)[0];
}

/** Waits until every job of the organisation has run and every person's notice is marked sent. */
const allDelivered = (tenantId: number) =>
  expect
    .poll(() => progress(tenantId), { timeout: 60_000, interval: 200 })
    .toEqual({ jobsLeft: 0, notified: PEOPLE, sent: PEOPLE });

// Making a thousand people's tasks, starting two servers and waiting up to a minute for the deliveries take
// longer than the suite's 30 s on a busy machine (about 40 s at a load of 4 on 2 cores).
describe('two server processes on one PostgreSQL', { timeout: 180_000 }, () => {
  it('start together on a new database: both serve, and the demo is made once', async () => {
    const fresh = await createPostgresDatabase(source);
    const check = openPostgres(fresh.url, 1);
    try {
      const env = { DATABASE_URL: fresh.url, SEED_DEMO: 'true', LOG_LEVEL: 'warn' };
      servers.push(...(await Promise.all([startServerProcess(env), startServerProcess(env)])));
      const tenants = await check.db.execute(
        sql`SELECT name, count(*)::int AS n FROM tenant GROUP BY name ORDER BY name`,
      );
      expect(rowsOf(tenants)).toEqual([
        { name: 'Demo d.o.o.', n: 1 },
        { name: 'Druga firma d.o.o.', n: 1 },
      ]);
      // Each start keeps the printed code of the username-only demo account live; together, still one code.
      const codes = await check.db.execute(
        sql`SELECT u.username, count(*)::int AS n FROM password_token t JOIN app_user u ON u.id = t.user_id
            WHERE t.purpose = 'activation_code' GROUP BY u.username`,
      );
      expect(rowsOf(codes)).toEqual([{ username: 'ivan', n: 1 }]);
    } finally {
      for (const server of servers.splice(0)) await server.stop();
      await check.close();
      await fresh.drop();
    }
  });

  it(`run ${PEOPLE} due reminders once each: ${PEOPLE} notices at the push service, none twice`, async () => {
    const { tenantId, tokens } = await dueReminders();
    await twoServers();
    await allDelivered(tenantId);
    const messages = messagesTo(tokens);
    expect(messages).toHaveLength(PEOPLE);
    expect(new Set(messages.map((m) => m.to)).size).toBe(PEOPLE);
    for (const server of servers.splice(0)) await server.stop();
  });

  it(`fill an item's ${PEOPLE + 1} inboxes a batch at a time between them, then announce it once to each`, async () => {
    const BATCH = 50;
    const { tenantId, creator, tokens } = await peopleWithPhones();
    // Published as the route publishes, its first batch with it; the servers take the rest and the notice.
    const itemId = await authoringOf(db.db, undefined, BATCH).create({
      tenantId,
      creatorId: creator.id,
      type: 'INFORMATION',
      name: 'Obavijest svima',
      publishAt: new Date(),
      status: 'published',
      audience: 'all',
    });
    const inboxes = async () =>
      rowsOf<{ rows: number; people: number }>(
        await db.db.execute(sql`
          SELECT count(*)::int AS rows, count(DISTINCT user_id)::int AS people FROM content_interaction
          WHERE tenant_id = ${tenantId} AND content_id = ${itemId}`),
      )[0];
    expect(await inboxes()).toEqual({ rows: BATCH, people: BATCH });

    await twoServers({ INBOX_FILL_BATCH: String(BATCH) });
    await expect
      .poll(() => progress(tenantId), { timeout: 60_000, interval: 200 })
      .toEqual({ jobsLeft: 0, notified: PEOPLE + 1, sent: PEOPLE });
    expect(await inboxes()).toEqual({ rows: PEOPLE + 1, people: PEOPLE + 1 });
    const messages = messagesTo(tokens);
    expect(messages).toHaveLength(PEOPLE);
    expect(new Set(messages.map((m) => m.to)).size).toBe(PEOPLE);
    for (const server of servers.splice(0)) await server.stop();
  });

  it('lose nothing when one is killed mid-run; what the dead one had in flight goes again, the same notice', async () => {
    const { tenantId, tokens } = await dueReminders();
    const [doomed] = await twoServers();
    await expect.poll(() => messagesTo(tokens).length, { timeout: 60_000, interval: 20 }).toBeGreaterThan(0);
    const atKill = await progress(tenantId);
    await doomed?.crash();
    // Killed mid-run: notices were still to be sent.
    expect(atKill?.sent).toBeLessThan(PEOPLE);

    await allDelivered(tenantId);
    const messages = messagesTo(tokens);
    // Every person's reminder arrived; each person has exactly one notice (a job is never done twice).
    expect(new Set(messages.map((m) => m.to)).size).toBe(PEOPLE);
    const noticeOf = new Map<string, number>();
    for (const m of messages) {
      expect(noticeOf.get(m.to) ?? m.data.notificationId).toBe(m.data.notificationId);
      noticeOf.set(m.to, m.data.notificationId);
    }
    // A message sent twice is one the killed process had handed over without hearing back: at most one
    // request's worth, and the same notice (the phone shows it once).
    expect(messages.length - PEOPLE).toBeLessThanOrEqual(100);
  });
});
