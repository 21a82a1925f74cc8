import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { type Database, openPglite, openPostgres, PGLITE_OPTIONS, type QueryLog, wrapPglite } from '../db/client.js';
import { openFileStore } from '../modules/files/open-file-store.js';
import type { MailTransport } from '../modules/mail/mail-transport.js';
import { databaseUrl } from './global-setup.js';
import { createTestBucket, S3RVER_CREDENTIALS } from './s3-server.js';

/** A clock the test moves by hand. */
export class TestClock {
  private current = new Date();
  now = () => new Date(this.current);
  advance(ms: number) {
    this.current = new Date(this.current.getTime() + ms);
  }
}

/**
 * A fresh PostgreSQL database, and how to drop it: migrated (a copy of the run's template), or `empty` (for a
 * restore or an upgrade from a dump).
 */
export async function createPostgresDatabase(source: { url: string; template: string }, { empty = false } = {}) {
  const name = `kanal_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: source.url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${empty ? 'template0' : source.template}`);
  await admin.end();
  return {
    name,
    url: databaseUrl(source.url, name),
    async drop() {
      const dropper = new pg.Client({ connectionString: source.url });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    },
  };
}

/** A fresh, migrated embedded database: the run's own copy when it runs on PGlite, else migrated here. */
async function openTestPglite(queryLog?: QueryLog): Promise<Database> {
  const source = inject('testDatabase');
  if (source.kind === 'pglite') {
    const dump = await readFile(source.dumpPath);
    return wrapPglite(await PGlite.create({ ...PGLITE_OPTIONS, loadDataDir: new Blob([dump]) }), queryLog);
  }
  const database = wrapPglite(await PGlite.create(PGLITE_OPTIONS), queryLog);
  await database.migrate();
  return database;
}

/**
 * A fresh, migrated database of this file's own: the run's kind, or the embedded one whatever the run's (in
 * memory, or in a data directory as the server opens it).
 */
async function openTestDatabase(
  queryLog?: QueryLog,
  embedded: TestAppOptions['embedded'] = false,
  replica: TestAppOptions['replica'] = undefined,
): Promise<Database & { drop(): Promise<void> }> {
  if (embedded === 'in a data directory') {
    const dir = await mkdtemp(path.join(tmpdir(), 'kanal-pglite-'));
    const database = await openPglite(dir, queryLog);
    await database.migrate();
    return { ...database, drop: () => rm(dir, { recursive: true, force: true }) };
  }
  const source = inject('testDatabase');
  if (source.kind === 'pglite' || embedded) return { ...(await openTestPglite(queryLog)), drop: async () => {} };
  const created = await createPostgresDatabase(source);
  const replicaUrl = replica?.url ?? source.replicaUrl;
  if (replicaUrl === undefined) return { ...openPostgres(created.url, 5, queryLog), drop: created.drop };
  // The replica serves from the first read once it has replayed this database's creation.
  await replicaHolds(replicaUrl, created.name);
  const onReplica = { url: databaseUrl(replicaUrl, created.name), maxLagMs: replica?.maxLagMs ?? 5_000 };
  return { ...openPostgres(created.url, 5, queryLog, onReplica), drop: created.drop };
}

/** Resolves once the replica at `replicaUrl` has replayed the creation of `database`. */
async function replicaHolds(replicaUrl: string, database: string) {
  const client = new pg.Client({ connectionString: replicaUrl });
  await client.connect();
  try {
    while ((await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [database])).rowCount === 0) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  } finally {
    await client.end();
  }
}

/** The run's file store for a new app: its own directory (the default), or its own bucket on the S3 server. */
async function testFilesEnv(): Promise<Record<string, string>> {
  const source = inject('testFiles');
  if (source.kind === 'disk') return {};
  const bucket = `kanal-test-${randomBytes(6).toString('hex')}`;
  await createTestBucket(source.endpoint, bucket);
  return {
    FILES_S3_BUCKET: bucket,
    FILES_S3_ENDPOINT: source.endpoint,
    FILES_S3_FORCE_PATH_STYLE: 'true',
    AWS_ACCESS_KEY_ID: S3RVER_CREDENTIALS.accessKeyId,
    AWS_SECRET_ACCESS_KEY: S3RVER_CREDENTIALS.secretAccessKey,
  };
}

export type TestAppOptions = {
  env?: Record<string, string>;
  mailTransport?: MailTransport;
  webRoot?: string;
  queryLog?: QueryLog;
  /**
   * On the embedded database even when the run is on PostgreSQL: for what only the embedded one does; in a data
   * directory, as the server opens it, for what needs its files (a backup).
   */
  embedded?: boolean | 'in a data directory';
  /** The heavy reads on this replica's server (the app's own database there), else the run's (KANAL_TEST_REPLICA). */
  replica?: { url: string; maxLagMs: number };
};

/** The real application on a real database, driven through `app.inject`. */
export async function createTestApp({
  env = {},
  mailTransport,
  webRoot,
  queryLog,
  embedded,
  replica,
}: TestAppOptions = {}) {
  const database = await openTestDatabase(queryLog, embedded, replica);
  const dataDir = await mkdtemp(path.join(tmpdir(), 'kanal-app-'));
  const config = loadConfig({
    ...(await testFilesEnv()),
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    PUBLIC_URL: 'https://kanal.test',
    LOG_LEVEL: 'info',
    ...env,
  });
  const clock = new TestClock();
  const logLines: string[] = [];
  const fileStore = await openFileStore(config);
  const app = await buildApp({
    config,
    database,
    clock,
    fileStore,
    ...(mailTransport ? { mailTransport } : {}),
    // No built web app unless a test brings one: the API answers alone.
    webRoot: webRoot ?? path.join(dataDir, 'no-web-app'),
    logStream: { write: (line) => void logLines.push(line) },
  });
  await app.ready();
  return {
    app,
    db: database.db,
    /** The database itself, for tests of what it hands the app (its sorted reads). */
    database,
    clock,
    fileStore,
    logLines,
    async close() {
      await app.close();
      await database.close();
      await database.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
export type TestApp = Awaited<ReturnType<typeof createTestApp>>;
