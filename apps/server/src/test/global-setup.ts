import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openPostgres, PGLITE_OPTIONS, wrapPglite } from '../db/client.js';
import { startReplica } from './replica.js';
import { startS3Server } from './s3-server.js';

export type TestDatabaseSource =
  | { kind: 'pglite'; dumpPath: string }
  | { kind: 'postgres'; url: string; template: string; replicaUrl?: string };

/** Where the test apps keep file bytes: a directory each, or a bucket each on the run's S3 server. */
export type TestFilesSource = { kind: 'disk' } | { kind: 's3'; endpoint: string };

declare module 'vitest' {
  export interface ProvidedContext {
    testDatabase: TestDatabaseSource;
    testFiles: TestFilesSource;
  }
}

export const databaseUrl = (url: string, name: string) => {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
};

/**
 * Migrates once per run. Each test file then gets its own copy: PGlite loads the dumped data
 * directory, PostgreSQL creates a database from the migrated template. With KANAL_TEST_FILES=s3
 * (npm run test:server:s3) the files are on an S3 server the run starts, a bucket per test app. With
 * KANAL_TEST_REPLICA=on (npm run test:server:replica) the run makes a streaming replica of DATABASE_URL, and
 * the apps' heavy reads go to it.
 */
export default async function setup(project: TestProject) {
  const stopFiles = await provideFiles(project);
  const stopDatabase = await provideDatabase(project);
  return async () => {
    await stopDatabase();
    await stopFiles();
  };
}

async function provideFiles(project: TestProject): Promise<() => Promise<void>> {
  if (process.env.KANAL_TEST_FILES !== 's3') {
    project.provide('testFiles', { kind: 'disk' });
    return async () => {};
  }
  const s3 = await startS3Server();
  project.provide('testFiles', { kind: 's3', endpoint: s3.endpoint });
  return async () => {
    await s3.close();
    await s3.removeDirectory();
  };
}

async function provideDatabase(project: TestProject): Promise<() => Promise<void>> {
  const url = process.env.DATABASE_URL;
  if (url) {
    const template = `kanal_test_tpl_${process.pid}_${Date.now()}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${template}`);
    const database = openPostgres(databaseUrl(url, template), 1);
    await database.migrate();
    await database.close();
    const replica = process.env.KANAL_TEST_REPLICA === 'on' ? await startReplica(url) : undefined;
    project.provide('testDatabase', {
      kind: 'postgres',
      url,
      template,
      ...(replica ? { replicaUrl: replica.url() } : {}),
    });
    return async () => {
      await replica?.close();
      await admin.query(`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
      await admin.end();
    };
  }
  const dir = await mkdtemp(path.join(tmpdir(), 'kanal-test-'));
  const client = await PGlite.create(PGLITE_OPTIONS);
  await wrapPglite(client).migrate();
  const dump = await client.dumpDataDir('none');
  await client.close();
  const dumpPath = path.join(dir, 'migrated.tar');
  await writeFile(dumpPath, Buffer.from(await dump.arrayBuffer()));
  project.provide('testDatabase', { kind: 'pglite', dumpPath });
  return () => rm(dir, { recursive: true, force: true });
}
