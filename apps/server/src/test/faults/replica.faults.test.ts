import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { call, makePerson, makeTenant, makeUser } from '../factories.js';
import { type Replica, startReplica } from '../replica.js';
import { createTestApp, type TestApp } from '../test-app.js';

// Heavy reads on a streaming replica (ADR 0061), on a replica of the run's PostgreSQL made here with
// pg_basebackup: what was just written is read there, and a replica that falls behind or goes away is passed
// by without an error, and used again when it is back in step.

const source = inject('testDatabase');
if (source.kind !== 'postgres') throw new Error('the fault suite needs PostgreSQL (DATABASE_URL)');

const METRICS_TOKEN = 'metrics-token-of-the-replica-test';
let replica: Replica;
let t: TestApp;
let tenantId: number;
let admin: { token: string };

beforeAll(async () => {
  replica = await startReplica(source.url);
  // A short bound, so that the replica whose replay is paused is passed by quickly.
  t = await createTestApp({ replica: { url: replica.url(), maxLagMs: 300 }, env: { METRICS_TOKEN } });
  tenantId = (await makeTenant(t.db)).id;
  admin = await makePerson(t.db, tenantId, { role: 'ADMIN', now: t.clock.now() });
});
afterAll(async () => {
  await t?.close();
  await replica?.close();
});

const status = () => {
  const replicaStatus = t.database.reads.replica();
  if (!replicaStatus) throw new Error('the app has no replica');
  return replicaStatus;
};

/** The people export (CSV) as text, answered 200. */
async function exported() {
  const res = await call(t, { url: '/api/export/users?format=csv', token: admin.token, lang: 'en' });
  expect(res.statusCode).toBe(200);
  return res.body;
}

/** Writes a person on the primary and exports at once: the export holds them, and says who served it. */
async function writeThenExport(name: string) {
  const before = status().served;
  await makeUser(t.db, { tenantId, name });
  expect(await exported()).toContain(name);
  const after = status().served;
  return { replica: after.replica - before.replica, primary: after.primary - before.primary };
}

describe('heavy reads on a streaming replica', () => {
  it('reads on the replica what the primary has just committed', async () => {
    expect(await writeThenExport('Ana Zapisana')).toEqual({ replica: 1, primary: 0 });

    const overview = await call(t, { url: '/api/stats/dashboard/overview', token: admin.token });
    expect(overview.statusCode).toBe(200);
    // Ana, just written (the admin's account was made without a password, so it is not counted).
    expect(overview.json().payload.people).toBe(1);
    expect(status().state).toBe('in step');

    const metrics = await call(t, { url: '/metrics', headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    expect(metrics.body).toMatch(/^kanal_replica_in_step 1$/m);
    expect(metrics.body).toMatch(/^kanal_replica_lag_seconds \d/m);
    const onReplica = Number(/^kanal_heavy_reads_total\{server="replica"\} (\d+)$/m.exec(metrics.body)?.[1]);
    expect(onReplica).toBeGreaterThanOrEqual(2);
  });

  it('passes a replica whose replay stopped by: the primary answers with the write the replica lacks', async () => {
    await replica.pauseReplay();
    try {
      expect(await writeThenExport('Bruno Nepreneseni')).toEqual({ replica: 0, primary: 1 });
      expect(status().state).toBe('behind');
    } finally {
      await replica.resumeReplay();
    }
    // A check (once a second) finds it in step again; from then on it serves.
    await expect.poll(() => status().state, { timeout: 20_000 }).toBe('in step');
    expect(await writeThenExport('Cvita Nadoknađena')).toEqual({ replica: 1, primary: 0 });
  });

  it('passes a stopped replica by without an error, and reads from it again once it is back', async () => {
    await replica.stop();
    expect(await writeThenExport('Dora Bez Replike')).toEqual({ replica: 0, primary: 1 });
    expect(status().state).toBe('down');
    const groups = await call(t, { url: '/api/tenant/info/groups', token: admin.token });
    expect(groups.statusCode).toBe(200);

    await replica.start();
    await expect.poll(() => status().state, { timeout: 30_000 }).toBe('in step');
    expect(await writeThenExport('Ema Povratnica')).toEqual({ replica: 1, primary: 0 });
  });
});
