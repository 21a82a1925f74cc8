import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { promisify } from 'node:util';
import { createGunzip } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { describe, expect, inject, it } from 'vitest';
import { openPostgres, rowsOf } from '../../db/client.js';
import { COUNTERS } from '../counters.js';
import { startServerProcess } from '../server-process.js';
import { createPostgresDatabase } from '../test-app.js';
import { call, failingSubmission, signIn, submit } from './api-client.js';

// An upgrade as an operator makes it: the previous release's database, with its data, started on by this build.
// The fixture is a pg_dump of the demo made and used by the last release (stop 41, commit a107cee, migrations
// up to 0047): people signed in, read, answered and submitted there. This build migrates it on its first start.

const source = inject('testDatabase');
if (source.kind !== 'postgres') throw new Error('the fault suite needs PostgreSQL (DATABASE_URL)');

const RELEASE = { commit: 'a107cee', migrations: 48 };
const fixture = new URL(`../fixtures/release-${RELEASE.commit}.sql.gz`, import.meta.url).pathname;
const run = promisify(execFile);

describe('an upgrade from the previous release', { timeout: 240_000 }, () => {
  it("migrates the release's database on the first start; its people, items, answers and counters all work", async () => {
    const database = await createPostgresDatabase(source, { empty: true });
    const dir = await mkdtemp(path.join(tmpdir(), 'kanal-upgrade-'));
    const check = openPostgres(database.url, 1);
    try {
      const dump = path.join(dir, 'release.sql');
      await pipeline(createReadStream(fixture), createGunzip(), createWriteStream(dump));
      await run('psql', ['--quiet', '--set=ON_ERROR_STOP=1', `--file=${dump}`, database.url]);
      const applied = async () =>
        rowsOf<{ n: number }>(
          await check.db.execute(sql`SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations`),
        )[0]?.n;
      expect(await applied()).toBe(RELEASE.migrations);
      const before = rowsOf(await check.db.execute(sql`SELECT count(*)::int AS attempts FROM attempt`));

      const server = await startServerProcess({ DATABASE_URL: database.url, LOG_LEVEL: 'warn' });
      try {
        expect(await applied()).toBeGreaterThan(RELEASE.migrations);
        expect((await call(server.url, '/health')).status).toBe(200);
        expect(rowsOf(await check.db.execute(sql`SELECT count(*)::int AS attempts FROM attempt`))).toEqual(before);

        const marko = await signIn(server.url, 'marko@demo.hr');
        const finished = await call(server.url, '/api/mobile/content/list/finished?limit=100', { token: marko });
        expect((finished.body as { payload: { count: number } }).payload.count).toBeGreaterThan(0);
        const again = await submit(server.url, marko, await failingSubmission(server.url, marko), randomUUID());
        expect(again.status).toBe(200);
        const admin = await signIn(server.url, 'admin@demo.hr');
        expect((await call(server.url, '/api/stats/dashboard/overview', { token: admin })).status).toBe(200);

        // The new migrations' triggers go on from the old release's counters: they still equal a recount.
        for (const { kept, recount } of Object.values(COUNTERS)) {
          expect(rowsOf(await check.db.execute(kept))).toEqual(rowsOf(await check.db.execute(recount)));
        }
      } finally {
        await server.stop();
      }
    } finally {
      await check.close();
      await database.drop();
      await rm(dir, { recursive: true, force: true });
    }
  });
});
