import { mkdir } from 'node:fs/promises';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema/index.js';

export type Schema = typeof schema;
/** Both drivers speak the same PostgreSQL dialect; the code only ever sees this type. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** A database handle or an open transaction: repositories accept either. */
export type DbOrTx = Db | Tx;

export type Database = {
  db: Db;
  driver: 'pglite' | 'postgres';
  /** Applies the committed migrations (safe to run from several processes at once). */
  migrate(): Promise<void>;
  /**
   * Tells `listener` of connections lost outside any query (an idle or held connection whose server
   * went away). The pool drops such a connection and opens a new one when it is next needed.
   */
  onConnectionLost(listener: (error: Error) => void): void;
  close(): Promise<void>;
};

/** Sees every statement run, as text: the SQL snapshots of the hot paths and the benchmarks' EXPLAIN use it. */
export type QueryLog = { logQuery(query: string, params: unknown[]): void };

const migrationsFolder = new URL('../../drizzle', import.meta.url).pathname;
// Any constant works: it only has to be the same in every process of this app.
const MIGRATION_LOCK_ID = 724_311;

/** How long a request waits for a connection before it is told the database is unavailable (503). */
const CONNECT_TIMEOUT_MS = 5_000;

export function openPostgres(url: string, poolSize = 10, queryLog?: QueryLog): Database {
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    // A cut network sends no reset: keepalive probes notice a dead peer instead of waiting forever.
    keepAlive: true,
  });
  let connectionLost = (error: Error): void =>
    void process.stderr.write(`database connection lost: ${error.message}\n`);
  // An 'error' event without a listener ends the process. The pool reports idle connections that die.
  // A connection held by a request has no listener of the pool's; its query (or the next one) fails
  // with the same error and the request reports it, so here it only must not be left unheard.
  pool.on('error', (error) => connectionLost(error));
  pool.on('connect', (client) => client.on('error', () => {}));
  const db = drizzlePg(pool, {
    schema,
    casing: 'snake_case',
    ...(queryLog ? { logger: queryLog } : {}),
  }) as unknown as Db;
  return {
    db,
    driver: 'postgres',
    async migrate() {
      const client = await pool.connect();
      try {
        // Several processes behind a load balancer start together; one migrates, the others wait.
        await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
        await migratePg(drizzlePg(client, { schema, casing: 'snake_case' }), { migrationsFolder });
      } finally {
        await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => {});
        client.release();
      }
    },
    onConnectionLost(listener) {
      connectionLost = listener;
    },
    close: () => pool.end(),
  };
}

export function wrapPglite(client: PGlite, queryLog?: QueryLog): Database {
  const db = drizzlePglite(client, {
    schema,
    casing: 'snake_case',
    ...(queryLog ? { logger: queryLog } : {}),
  }) as unknown as Db;
  return {
    db,
    driver: 'pglite',
    migrate: () => migratePglite(drizzlePglite(client, { schema, casing: 'snake_case' }), { migrationsFolder }),
    // In-process: there is no connection to lose.
    onConnectionLost() {},
    close: () => client.close(),
  };
}

/** Every PGlite the server and its tests open: with the extensions the migrations create (pg_trgm, 0016). */
export const PGLITE_OPTIONS = { extensions: { pg_trgm } } satisfies PGliteOptions;

export async function openPglite(dataDir: string, queryLog?: QueryLog): Promise<Database> {
  // PGlite does not create missing parent directories itself.
  await mkdir(dataDir, { recursive: true });
  return wrapPglite(await PGlite.create(dataDir, PGLITE_OPTIONS), queryLog);
}

export function openDatabase(
  config: { databaseUrl?: string | undefined; dataDir: string },
  queryLog?: QueryLog,
): Promise<Database> {
  return config.databaseUrl
    ? Promise.resolve(openPostgres(config.databaseUrl, undefined, queryLog))
    : openPglite(`${config.dataDir}/pglite`, queryLog);
}

/** The rows of a raw `db.execute(sql…)`: both drivers answer `{ rows }`, which drizzle's types do not say. */
export const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;
