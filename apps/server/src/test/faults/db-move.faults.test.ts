import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { pngBytes } from '../factories.js';
import { startServerProcess } from '../server-process.js';
import { createPostgresDatabase } from '../test-app.js';
import { call, failingSubmission, signIn, submit } from './api-client.js';

// An install that began on the embedded default and moves to PostgreSQL (`npm run db:move`), as an operator
// does it: the built server used on PGlite, stopped, moved, started on PostgreSQL with the same DATA_DIR.

const source = inject('testDatabase');
if (source.kind !== 'postgres') throw new Error('the fault suite needs PostgreSQL (DATABASE_URL)');

const dbMove = new URL('../../../dist/db-move.js', import.meta.url).pathname;
const run = promisify(execFile);
const dirs: string[] = [];
afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

async function move(dataDir: string, to: string) {
  return run(process.execPath, [dbMove, '--to', to], {
    env: { PATH: process.env.PATH ?? '', DATA_DIR: dataDir },
  }).then(
    ({ stdout }) => ({ code: 0, output: stdout }),
    (error: { code: number; stdout: string; stderr: string }) => ({
      code: error.code,
      output: error.stdout + error.stderr,
    }),
  );
}

/** What a user, an admin and a file answer: read on the embedded database, then again on PostgreSQL. */
async function readings(base: string, fileId: string) {
  const user = await signIn(base, 'marko@demo.hr');
  const admin = await signIn(base, 'admin@demo.hr');
  const finished = await call(base, '/api/mobile/content/list/finished?limit=100', { token: user });
  const me = await call(base, '/api/auth/me', { token: user });
  const overview = await call(base, '/api/stats/dashboard/overview', { token: admin });
  const file = await fetch(`${base}/api/files/${fileId}`, { headers: { authorization: `Bearer ${admin}` } });
  expect([finished.status, me.status, overview.status, file.status]).toEqual([200, 200, 200, 200]);
  const { computedAt: _computed, ...figures } = (overview.body as { payload: Record<string, unknown> }).payload;
  return {
    finished: (finished.body as { payload: unknown }).payload,
    me: (me.body as { payload: unknown }).payload,
    overview: figures,
    file: Buffer.from(await file.arrayBuffer()),
  };
}

describe('npm run db:move: from the embedded database to PostgreSQL', { timeout: 240_000 }, () => {
  it('moves a used install whole: the same person, archive, statistics and files on PostgreSQL', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'kanal-move-'));
    dirs.push(dataDir);
    const embedded = await startServerProcess({ DATA_DIR: dataDir, LOG_LEVEL: 'warn' });
    let before: Awaited<ReturnType<typeof readings>>;
    let fileId: string;
    try {
      const creator = await signIn(embedded.url, 'creator@demo.hr');
      const form = new FormData();
      form.append('file', new Blob([pngBytes(5000)]), 'plakat.png');
      const uploaded = await fetch(`${embedded.url}/api/files`, {
        method: 'POST',
        headers: { authorization: `Bearer ${creator}` },
        body: form,
      });
      fileId = ((await uploaded.json()) as { payload: { id: string } }).payload.id;
      const user = await signIn(embedded.url, 'marko@demo.hr');
      const attempt = await submit(embedded.url, user, await failingSubmission(embedded.url, user), randomUUID());
      expect(attempt.status).toBe(200);
      before = await readings(embedded.url, fileId);
      expect(before.finished).toMatchObject({ count: expect.any(Number) });
      expect((before.finished as { count: number }).count).toBeGreaterThan(0);
      expect(before.overview).toMatchObject({ people: 6, published: { value: expect.any(Number) } });
    } finally {
      await embedded.stop();
    }

    const target = await createPostgresDatabase(source);
    try {
      const moved = await move(dataDir, target.url);
      expect(moved.output).toMatch(/Moved \d+ rows of \d+ tables/);
      expect(moved.code).toBe(0);

      const onPostgres = await startServerProcess({ DATA_DIR: dataDir, DATABASE_URL: target.url, LOG_LEVEL: 'warn' });
      try {
        expect(await readings(onPostgres.url, fileId)).toEqual(before);
        // New rows take new ids: the sequences went along.
        const user = await signIn(onPostgres.url, 'marko@demo.hr');
        const again = await submit(onPostgres.url, user, await failingSubmission(onPostgres.url, user), randomUUID());
        expect(again.status).toBe(200);
      } finally {
        await onPostgres.stop();
      }

      const twice = await move(dataDir, target.url);
      expect(twice.code).toBe(1);
      expect(twice.output).toContain('the target database is not empty');
    } finally {
      await target.drop();
    }
  });
});
