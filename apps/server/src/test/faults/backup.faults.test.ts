import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { type ServerProcess, startServerProcess } from '../server-process.js';
import { createPostgresDatabase } from '../test-app.js';
import { call, failingSubmission, signIn, submitMany } from './api-client.js';

// Backups of a live instance, restored, and the product started on them, as the README's "Backups" says: the
// embedded database from the console's download and `npm run db:restore`; PostgreSQL with pg_dump and
// pg_restore. Both are taken while people submit quizzes.

const source = inject('testDatabase');
if (source.kind !== 'postgres') throw new Error('the fault suite needs PostgreSQL (DATABASE_URL)');

const dbRestore = new URL('../../../dist/db-restore.js', import.meta.url).pathname;
const run = promisify(execFile);
const dirs: string[] = [];
afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

async function tempDir() {
  const dir = await mkdtemp(path.join(tmpdir(), 'kanal-backup-'));
  dirs.push(dir);
  return dir;
}

const exitOf = (command: Promise<{ stdout: string }>) =>
  command.then(
    ({ stdout }) => ({ code: 0, output: stdout }),
    (error: { code: number; stdout: string; stderr: string }) => ({
      code: error.code,
      output: error.stdout + error.stderr,
    }),
  );

/** While `take` runs, a user submits a quiz again and again: the backup is of a database in use. */
async function whileInUse(server: ServerProcess, take: () => Promise<void>) {
  const token = await signIn(server.url, 'marko@demo.hr');
  const submission = await failingSubmission(server.url, token);
  let taken = false;
  const load = submitMany(server.url, token, submission, {
    count: 40,
    concurrency: 2,
    after: async (n) => {
      if (n === 5) {
        await take();
        taken = true;
      }
    },
  });
  const { results } = await load;
  expect(taken).toBe(true);
  expect(results.filter((r) => r.status !== 200)).toEqual([]);
}

/** What the restored instance must answer as the original did. */
async function tenantsOf(base: string) {
  const token = await signIn(base, 'super@demo.hr');
  const res = await call(base, '/api/tenant?limit=100', { token });
  expect(res.status).toBe(200);
  return (res.body as { payload: { items: { id: number; name: string }[] } }).payload.items.map((t) => [t.id, t.name]);
}

describe('backups of a live instance', { timeout: 240_000 }, () => {
  it('embedded: downloads one while it serves, restores it into a new DATA_DIR, and the server starts on it', async () => {
    const [dataDir, restoredDir, backupDir] = [await tempDir(), await tempDir(), await tempDir()];
    const backup = path.join(backupDir, 'kanal-backup.tar.gz');
    const live = await startServerProcess({ DATA_DIR: dataDir, LOG_LEVEL: 'warn' });
    let tenants: unknown;
    try {
      const operator = await signIn(live.url, 'super@demo.hr');
      await whileInUse(live, async () => {
        const res = await fetch(`${live.url}/api/system/backup`, { headers: { authorization: `Bearer ${operator}` } });
        expect(res.status).toBe(200);
        await writeFile(backup, Buffer.from(await res.arrayBuffer()));
      });
      tenants = await tenantsOf(live.url);
    } finally {
      await live.stop();
    }

    const restore = () =>
      exitOf(
        run(process.execPath, [dbRestore, '--from', backup], {
          env: { PATH: process.env.PATH ?? '', DATA_DIR: restoredDir },
        }),
      );
    const restored = await restore();
    expect(restored.output).toContain('Restored');
    expect(restored.code).toBe(0);
    const again = await restore();
    expect(again.code).toBe(1);
    expect(again.output).toContain('already holds a database');

    const onRestored = await startServerProcess({ DATA_DIR: restoredDir, LOG_LEVEL: 'warn' });
    try {
      expect(await tenantsOf(onRestored.url)).toEqual(tenants);
      const user = await signIn(onRestored.url, 'marko@demo.hr');
      expect((await call(onRestored.url, '/api/mobile/content/list/finished?limit=10', { token: user })).status).toBe(
        200,
      );
    } finally {
      await onRestored.stop();
    }
  });

  it('PostgreSQL: pg_dump while it serves, pg_restore into a new database, and the server starts on it', async () => {
    const original = await createPostgresDatabase(source);
    const restored = await createPostgresDatabase(source, { empty: true });
    const dump = path.join(await tempDir(), 'kanal.dump');
    try {
      const live = await startServerProcess({ DATABASE_URL: original.url, SEED_DEMO: 'true', LOG_LEVEL: 'warn' });
      let tenants: unknown;
      try {
        await whileInUse(live, async () => {
          await run('pg_dump', ['--format=custom', '--no-owner', `--file=${dump}`, original.url]);
        });
        tenants = await tenantsOf(live.url);
        // The console offers no download here: a PostgreSQL backup is pg_dump's.
        const operator = await signIn(live.url, 'super@demo.hr');
        const refused = await call(live.url, '/api/system/backup', { token: operator });
        expect(refused.status).toBe(409);
        expect(refused.body).toMatchObject({ code: 'BackupWithPgDump' });
      } finally {
        await live.stop();
      }

      await run('pg_restore', ['--no-owner', '--exit-on-error', `--dbname=${restored.url}`, dump]);
      const onRestored = await startServerProcess({ DATABASE_URL: restored.url, LOG_LEVEL: 'warn' });
      try {
        expect(await tenantsOf(onRestored.url)).toEqual(tenants);
      } finally {
        await onRestored.stop();
      }
    } finally {
      await restored.drop();
      await original.drop();
    }
  });
});
