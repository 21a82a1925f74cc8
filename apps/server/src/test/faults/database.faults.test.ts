import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type ServerProcess, startServerProcess } from '../server-process.js';
import { startTcpProxy, type TcpProxy } from '../tcp-proxy.js';
import { createPostgresDatabase } from '../test-app.js';
import {
  call,
  expectUnavailable,
  failingSubmission,
  type Submitted,
  signIn,
  submit,
  submitMany,
} from './api-client.js';

// The fault suite: the built server in its own process on PostgreSQL, whose connections are killed,
// whose network is cut and which is killed itself, while it takes quiz submissions.

const source = inject('testDatabase');
if (source.kind !== 'postgres') throw new Error('the fault suite needs PostgreSQL (DATABASE_URL)');

let database: Awaited<ReturnType<typeof createPostgresDatabase>>;
let proxy: TcpProxy;
let admin: pg.Client;
let proxiedUrl: string;
/** The demo end user whose quiz attempts the suite makes (the demo seed gives her none). */
const USER = 'ana@demo.hr';

const serverEnv = () => ({ DATABASE_URL: proxiedUrl, SEED_DEMO: 'true', LOG_LEVEL: 'warn' });

beforeAll(async () => {
  database = await createPostgresDatabase(source);
  const target = new URL(database.url);
  proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
  const proxied = new URL(database.url);
  proxied.hostname = '127.0.0.1';
  proxied.port = String(proxy.port);
  proxiedUrl = proxied.toString();
  admin = new pg.Client({ connectionString: database.url });
  await admin.connect();
});

afterAll(async () => {
  await admin?.end();
  await proxy?.close();
  await database?.drop();
});

/** Ends every server connection to the test database, as `pg_terminate_backend` from an operator does. */
async function terminateBackends(): Promise<number> {
  const { rows } = await admin.query(
    'SELECT pg_terminate_backend(pid) AS ok FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
    [database.name],
  );
  return rows.length;
}

/**
 * Every acknowledged key is stored exactly once and points at its own attempt; no attempt of the user
 * is without a key; no attempt is shared by two keys.
 */
async function expectAcknowledgedKeysKept(results: Submitted[]) {
  const acknowledged = results.filter((r) => r.status === 200);
  expect(acknowledged.length).toBeGreaterThan(0);
  const { rows: keys } = await admin.query<{ key: string; attempt_id: number }>(
    `SELECT key, (result->>'attemptId')::int AS attempt_id FROM submission_key WHERE key = ANY($1)`,
    [acknowledged.map((r) => r.key)],
  );
  const stored = new Map(keys.map((k) => [k.key, k.attempt_id]));
  for (const r of acknowledged) expect(stored.get(r.key)).toBe(r.attemptId);
  const { rows: orphans } = await admin.query(
    `SELECT a.id FROM attempt a LEFT JOIN submission_key k ON (k.result->>'attemptId')::int = a.id
     WHERE a.user_id = (SELECT id FROM app_user WHERE email = $1) AND k.key IS NULL`,
    [USER],
  );
  expect(orphans).toEqual([]);
  const { rows: shared } = await admin.query(
    `SELECT result->>'attemptId' FROM submission_key WHERE result->>'attemptId' IS NOT NULL GROUP BY 1 HAVING count(*) > 1`,
  );
  expect(shared).toEqual([]);
  return acknowledged;
}

describe('the database going away', () => {
  let server: ServerProcess;
  let token: string;

  beforeAll(async () => {
    server = await startServerProcess(serverEnv());
    token = await signIn(server.url, USER);
  });
  afterAll(() => server?.stop());

  it('answers 503 with Retry-After while the network to it is cut, and recovers by itself', async () => {
    await proxy.cut();
    try {
      expectUnavailable(await call(server.url, '/health'));
      expectUnavailable(await call(server.url, '/api/auth/me', { token }));
      expectUnavailable(
        await call(server.url, '/api/auth/has-password', { method: 'POST', body: { identifier: USER } }),
      );
      expect(server.alive).toBe(true);
    } finally {
      await proxy.restore();
    }
    // No waiting: the pool opens a new connection for the first request that needs one.
    expect((await call(server.url, '/health')).status).toBe(200);
    expect((await call(server.url, '/api/auth/me', { token })).status).toBe(200);
  });

  it('survives its connections being terminated and cut under load, losing no acknowledged submission', async () => {
    const submission = await failingSubmission(server.url, token);
    let terminated = 0;
    const { results, answers } = await submitMany(server.url, token, submission, {
      count: 240,
      concurrency: 8,
      async after(n) {
        if (n % 40 === 0 && n <= 120) terminated += await terminateBackends();
        if (n === 150) await proxy.cut();
        if (n === 180) await proxy.restore();
      },
    });
    expect(terminated).toBeGreaterThan(0);
    expect(server.alive).toBe(true);
    // Every answer is a success or the documented 503, never a 500 or a dropped connection.
    expect(answers.filter((a) => a.status !== 200 && a.status !== 503)).toEqual([]);
    const refused = answers.filter((a) => a.status === 503);
    for (const a of refused) expectUnavailable(a);
    // The cut lasted 30 answers; the requests started in it (all but the few already in flight) were refused.
    expect(refused.length).toBeGreaterThanOrEqual(20);
    const acknowledged = await expectAcknowledgedKeysKept(results);
    process.stdout.write(
      `faults, outage: ${answers.length} submissions, ${acknowledged.length} acknowledged and kept, ${refused.length} refused with 503, ${terminated} connections terminated\n`,
    );
    for (const r of acknowledged.slice(0, 20)) {
      const again = await submit(server.url, token, submission, r.key);
      expect((again.body as { payload: { attemptId: number } }).payload.attemptId).toBe(r.attemptId);
    }
  });
});

describe('the server being killed', () => {
  it('keeps every acknowledged submission of a kill -9, exactly once, after a restart', async () => {
    let server = await startServerProcess(serverEnv());
    const token = await signIn(server.url, USER);
    const submission = await failingSubmission(server.url, token);
    const killed = server;
    const { results } = await submitMany(server.url, token, submission, {
      count: 200,
      concurrency: 8,
      async after(n) {
        if (n === 60) await killed.crash();
      },
    });
    // After the kill every request is refused at the socket: nothing more can be acknowledged.
    expect(results.filter((r) => r.status === 0).length).toBeGreaterThan(0);
    expect(results.every((r) => r.status === 200 || r.status === 0)).toBe(true);

    server = await startServerProcess(serverEnv());
    try {
      const acknowledged = await expectAcknowledgedKeysKept(results);
      process.stdout.write(
        `faults, kill -9: ${results.length} submissions, ${acknowledged.length} acknowledged before the kill and kept, ${results.filter((r) => r.status === 0).length} cut off\n`,
      );
      // A client that never heard back retries its keys: each is then stored once, whatever happened first.
      for (const r of results) {
        const retried = await submit(server.url, token, submission, r.key);
        expect(retried.status).toBe(200);
        r.status = 200;
        r.attemptId = (retried.body as { payload: { attemptId: number } }).payload.attemptId;
      }
      expect((await expectAcknowledgedKeysKept(results)).length).toBe(results.length);
    } finally {
      await server.stop();
      await killed.stop();
    }
  });
});

describe('starting without a database', () => {
  it('says so in one structured log line and exits non-zero', async () => {
    await proxy.cut();
    try {
      const failed = startServerProcess(serverEnv());
      await expect(failed).rejects.toThrow(/exited with 1/);
      const output = String(await failed.catch((e: Error) => e.message));
      const lines = output.split('\n').filter((l) => l.startsWith('{'));
      expect(lines).toHaveLength(1);
      expect(JSON.parse(lines[0] ?? '')).toMatchObject({
        level: 60,
        msg: 'database unreachable at start-up',
        code: 'ECONNREFUSED',
      });
      expect(output).not.toMatch(/\n\s+at /);
    } finally {
      await proxy.restore();
    }
  });
});
