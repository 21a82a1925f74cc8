import { randomBytes } from 'node:crypto';
import { cp, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { inject } from 'vitest';
import { PGLITE_OPTIONS } from '../db/client.js';
import { databaseUrl } from './global-setup.js';

// A migration that changes rows already there is tested on a database migrated up to the one before it,
// given such rows, then migrated the rest of the way.

export const migrationsFolder = new URL('../../drizzle', import.meta.url).pathname;

/** A copy of the migrations that ends just before `tag`. */
export async function migrationsBefore(tag: string) {
  const dir = await mkdtemp(path.join(tmpdir(), 'kanal-migrations-'));
  await cp(migrationsFolder, dir, { recursive: true });
  const journalPath = path.join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(await readFile(journalPath, 'utf8')) as { entries: { tag: string }[] };
  const at = journal.entries.findIndex((entry) => entry.tag === tag);
  if (at === -1) throw new Error(`no migration ${tag}`);
  journal.entries = journal.entries.slice(0, at);
  await writeFile(journalPath, JSON.stringify(journal));
  return dir;
}

type Query = (text: string, params?: unknown[]) => Promise<Record<string, unknown>[]>;
export type Fresh = { migrate(folder: string): Promise<void>; query: Query; close(): Promise<void> };

/** An empty database of the run's driver (PGlite, or PostgreSQL when DATABASE_URL is set). */
export async function emptyDatabase(): Promise<Fresh> {
  const source = inject('testDatabase');
  if (source.kind === 'pglite') {
    const client = await PGlite.create(PGLITE_OPTIONS);
    const db = drizzlePglite(client);
    return {
      migrate: (folder) => migratePglite(db, { migrationsFolder: folder }),
      query: async (text, params) => (await client.query<Record<string, unknown>>(text, params)).rows,
      close: () => client.close(),
    };
  }
  const name = `kanal_test_mig_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: source.url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const pool = new pg.Pool({ connectionString: databaseUrl(source.url, name), max: 1 });
  // pool.end() resolves once its client is let go, not once the server has closed the connection: the forced
  // drop below may end that connection first, whose error would otherwise reach the pool with no one listening.
  pool.on('error', () => {});
  const db = drizzlePg(pool);
  return {
    migrate: (folder) => migratePg(db, { migrationsFolder: folder }),
    query: async (text, params) => (await pool.query(text, params)).rows,
    async close() {
      await pool.end();
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}
