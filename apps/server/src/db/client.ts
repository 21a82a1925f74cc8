import { cp, link, mkdir, mkdtemp, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { type ExtractTablesWithRelations, sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { tarGz } from '../lib/files/tar.js';
import { type ReadSorted, readThroughCursor, readThroughHeldCursor } from './cursor.js';
import { queueEmbedded } from './embedded-queue.js';
import { type Queryable, type ReplicaStatus, replicaRouter } from './replica.js';
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
  /** The connections open now, those in use, the most there may be, and the operations waiting for one (metrics). */
  connections(): { open: number; busy: number; max: number; waiting: number };
  /**
   * The embedded database's data directory as a gzipped tar, streamed (a backup); none for PostgreSQL (pg_dump's
   * job) or an embedded database in memory (the tests').
   */
  dump: (() => Promise<Readable>) | undefined;
  /** How many of this build's migrations the database has not recorded (readiness: 0, or the schema is older). */
  pendingMigrations(): Promise<number>;
  /**
   * Tells `listener` of connections lost outside any query (an idle or held connection whose server
   * went away). The pool drops such a connection and opens a new one when it is next needed.
   */
  onConnectionLost(listener: (error: Error) => void): void;
  /** Where statistics, dashboards, exports and the audit log are read: the replica when there is one. */
  reads: HeavyReads;
  close(): Promise<void>;
};

/**
 * The heavy reads (ADR 0061): with DATABASE_REPLICA_URL on a streaming replica that has replayed what the
 * primary held when each read started, otherwise on the primary; the same figures either way.
 */
export type HeavyReads = {
  /** For single statements: no transaction runs on it (its statements may go to different servers). */
  db: Db;
  /** A long sorted read (an export) in batches, through one server-side cursor (db/cursor.ts). */
  readSorted: ReadSorted;
  /** The heavy reads of work done in transaction `tx` (a snapshot's figures): the replica's, or `tx` itself. */
  within(tx: DbOrTx): DbOrTx;
  /** The replica's state and what it served; none without one. */
  replica(): ReplicaStatus | undefined;
  /** Hears the replica's state change (a metric, a log line); it is not read from while away or behind. */
  onReplicaChange(listener: (status: ReplicaStatus, error?: unknown) => void): void;
};

/** The heavy reads of a database without a replica: they are its own. */
const primaryReads = (db: Db, readSorted: ReadSorted): HeavyReads => ({
  db,
  readSorted,
  within: (tx) => tx,
  replica: () => undefined,
  onReplicaChange() {},
});

/** Sees every statement run, as text: the SQL snapshots of the hot paths and the benchmarks' EXPLAIN use it. */
export type QueryLog = { logQuery(query: string, params: unknown[]): void };

const migrationsFolder = new URL('../../drizzle', import.meta.url).pathname;
/** Each bundled migration's timestamp: drizzle applies those newer than the last one it recorded. */
const bundledMigrations = readMigrationFiles({ migrationsFolder }).map((m) => m.folderMillis);

async function pendingMigrations(db: Db): Promise<number> {
  const [row] = rowsOf<{ last: string | null }>(
    await db.execute(sql`SELECT max(created_at)::text AS last FROM drizzle.__drizzle_migrations`),
  );
  const last = Number(row?.last ?? 0);
  return bundledMigrations.filter((millis) => millis > last).length;
}
// Any constant works: it only has to be the same in every process of this app.
const MIGRATION_LOCK_ID = 724_311;

/** How drizzle reads the schema on either driver: snake_case columns, and the query log where one is kept. */
const drizzleOptions = (queryLog?: QueryLog) => ({
  schema,
  casing: 'snake_case' as const,
  ...(queryLog ? { logger: queryLog } : {}),
});

/** How long a request waits for a connection before it is told the database is unavailable (503). */
const CONNECT_TIMEOUT_MS = 5_000;

export type ReplicaOptions = { url: string; maxLagMs: number };

export function openPostgres(url: string, poolSize = 10, queryLog?: QueryLog, replicaOf?: ReplicaOptions): Database {
  const pool = openPool(url, poolSize);
  let connectionLost = (error: Error): void =>
    void process.stderr.write(`database connection lost: ${error.message}\n`);
  // An 'error' event without a listener ends the process. The pool reports idle connections that die.
  // A connection held by a request has no listener of the pool's; its query (or the next one) fails
  // with the same error and the request reports it, so here it only must not be left unheard.
  pool.on('error', (error) => connectionLost(error));
  const db = drizzlePg(pool, drizzleOptions(queryLog)) as unknown as Db;
  const readSorted = readFrom(pool, poolSize, queryLog);
  const replica = replicaOf ? replicaReads(pool, readSorted, poolSize, queryLog, replicaOf) : undefined;
  return {
    db,
    driver: 'postgres',
    async migrate() {
      const client = await pool.connect();
      try {
        // Several processes behind a load balancer start together; one migrates, the others wait.
        await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
        await migratePg(drizzlePg(client, drizzleOptions()), { migrationsFolder });
      } finally {
        await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => {});
        client.release();
      }
    },
    connections: () => ({
      open: pool.totalCount,
      busy: pool.totalCount - pool.idleCount,
      max: poolSize,
      waiting: pool.waitingCount,
    }),
    pendingMigrations: () => pendingMigrations(db),
    dump: undefined,
    onConnectionLost(listener) {
      connectionLost = listener;
    },
    reads: replica?.reads ?? primaryReads(db, readSorted),
    async close() {
      await replica?.close();
      await pool.end();
    },
  };
}

function openPool(url: string, poolSize: number) {
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    // A cut network sends no reset: keepalive probes notice a dead peer instead of waiting forever.
    keepAlive: true,
  });
  pool.on('connect', (client) => client.on('error', () => {}));
  return pool;
}

/** Sorted reads through cursors on connections of `pool`: at most half of them at once (cursor.ts). */
const readFrom = (pool: pg.Pool, poolSize: number, queryLog?: QueryLog) =>
  readThroughCursor(
    async () => {
      const client = await pool.connect();
      return {
        db: drizzlePg(client, drizzleOptions(queryLog)) as unknown as Db,
        release: (broken) => client.release(broken),
      };
    },
    Math.max(1, Math.floor(poolSize / 2)),
  );

/**
 * The heavy reads on a replica of the primary `pool` (db/replica.ts), with a pool of the same size; sorted
 * reads that stay on the primary take their turns with `onPrimary`'s.
 */
function replicaReads(
  primary: pg.Pool,
  onPrimary: ReadSorted,
  poolSize: number,
  queryLog: QueryLog | undefined,
  options: ReplicaOptions,
) {
  const pool = openPool(options.url, poolSize);
  // A replica's lost connection shows in its state (the next check finds it down); the reads go to the primary.
  pool.on('error', () => {});
  let listener: (status: ReplicaStatus, error?: unknown) => void = (status) =>
    void process.stderr.write(`database replica: ${status.state}\n`);
  const router = replicaRouter({
    primary,
    replica: pool,
    maxLagMs: options.maxLagMs,
    onChange: (status, error) => listener(status, error),
  });
  // drizzle sends each statement to this client's query: the router picks the server.
  const routedOver = (primaryOrTx: Queryable) =>
    drizzlePg({
      client: {
        query: (config: pg.QueryConfig, values?: unknown[]) =>
          router.route((on) => on.query(config, values), primaryOrTx),
      } as unknown as pg.Pool,
      ...drizzleOptions(queryLog),
    }) as unknown as Db;
  const db = routedOver(primary);
  const onReplica = readFrom(pool, poolSize, queryLog);
  const reads: HeavyReads = {
    db,
    // A long read is placed once: a replica lost in its middle fails it (503), as the primary's loss would.
    readSorted: async function* (query, batchSize) {
      const where = await router.pick();
      router.served(where);
      yield* (where === 'replica' ? onReplica : onPrimary)(query, batchSize);
    },
    // A transaction's own connection takes the primary's position and answers when the replica does not: it
    // needs none more of the pool, which its waiting peers may all hold (a snapshot computed under its lock).
    within: (tx) => routedOver((tx as unknown as { _: { session: { client: Queryable } } })._.session.client),
    replica: router.status,
    onReplicaChange(next) {
      listener = next;
    },
  };
  return {
    reads,
    async close() {
      await router.stop();
      await pool.end();
    },
  };
}

/** The embedded database, its operations queued with a bound (embedded-queue.ts): it has one connection. */
export function wrapPglite(pglite: PGlite, queryLog?: QueryLog, dataDir?: string): Database {
  const { queued: client, waiting, busy, exclusive } = queueEmbedded(pglite);
  const db = drizzlePglite(client, drizzleOptions(queryLog)) as unknown as Db;
  const readSorted = readThroughHeldCursor(db);
  return {
    db,
    driver: 'pglite',
    migrate: () => migratePglite(drizzlePglite(client, drizzleOptions()), { migrationsFolder }),
    connections: () => ({ open: 1, busy: busy() ? 1 : 0, max: 1, waiting: waiting() }),
    dump: dataDir === undefined ? undefined : () => snapshotOf(pglite, dataDir, exclusive),
    pendingMigrations: () => pendingMigrations(db),
    // In-process: there is no connection to lose.
    onConnectionLost() {},
    reads: primaryReads(db, readSorted),
    close: () => client.close(),
  };
}

/**
 * A backup of the embedded database under `dataDir`: in a turn of its own (no statement or transaction runs) a
 * checkpoint writes every change to the data files, which are copied beside them; the copy is then streamed as
 * a gzipped tar while the database serves again, and removed. The tar has the layout of PGlite's own dump, so
 * `restorePglite` (PGlite's loader) reads it.
 */
async function snapshotOf(
  pglite: PGlite,
  dataDir: string,
  exclusive: <T>(work: () => Promise<T>) => Promise<T>,
): Promise<Readable> {
  const snapshot = await mkdtemp(path.join(dataDir, 'backup-'));
  try {
    await exclusive(async () => {
      await pglite.exec('CHECKPOINT');
      await cp(path.join(dataDir, 'pglite'), snapshot, { recursive: true });
    });
  } catch (error) {
    await rm(snapshot, { recursive: true, force: true });
    throw error;
  }
  return tarGz(snapshot, () => rm(snapshot, { recursive: true, force: true }));
}

/** Every PGlite the server and its tests open: with the extensions the migrations create (pg_trgm 0016, btree_gin 0045). */
export const PGLITE_OPTIONS = { extensions: { btree_gin, pg_trgm } } satisfies PGliteOptions;

/** A second process (or a second open in this one) on an embedded data directory that is in use. */
export class DataDirInUse extends Error {
  constructor(
    readonly lockFile: string,
    readonly heldBy: number,
  ) {
    super(`${path.dirname(lockFile)} is in use by process ${heldBy}`);
  }
}

/** The lock files this process holds: a lock naming this pid is stale unless it is one of these. */
const heldLocks = new Set<string>();

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, as another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

const pidIn = async (file: string) => Number.parseInt(await readFile(file, 'utf8').catch(() => ''), 10);

/**
 * One process at a time on an embedded data directory: PGlite takes no lock of its own, and two processes
 * writing one directory lose each other's data. The lock file holds the pid and appears with it at once (a
 * hard link to a file already written, which fails if the lock exists); one whose process is gone (a crash,
 * kill -9) is taken over. Answers how to let it go.
 */
async function lockDataDir(dataDir: string): Promise<() => Promise<void>> {
  const lockFile = path.join(dataDir, 'kanal.lock');
  const mine = `${lockFile}.${process.pid}`;
  await writeFile(mine, `${process.pid}\n`);
  try {
    for (let attempt = 0; attempt < 3; attempt++) {
      const taken = await link(mine, lockFile).then(
        () => true,
        (error: NodeJS.ErrnoException) => (error.code === 'EEXIST' ? false : Promise.reject(error)),
      );
      if (taken) {
        heldLocks.add(lockFile);
        return async () => {
          heldLocks.delete(lockFile);
          await rm(lockFile, { force: true });
        };
      }
      const heldBy = await pidIn(lockFile);
      // The same pid after a restart (a container's process is often pid 1) is a stale lock of an earlier run.
      const live = heldBy === process.pid ? heldLocks.has(lockFile) : heldBy > 0 && isRunning(heldBy);
      if (live) throw new DataDirInUse(lockFile, heldBy);
      // A stale lock is moved aside, not removed: of two processes that found it stale only one moves it, and
      // one that moved a lock taken meanwhile by a third puts it back.
      const aside = `${mine}.stale`;
      const moved = await rename(lockFile, aside).then(
        () => pidIn(aside),
        (error: NodeJS.ErrnoException) => (error.code === 'ENOENT' ? undefined : Promise.reject(error)),
      );
      if (moved !== undefined && !Object.is(moved, heldBy)) {
        await link(aside, lockFile).catch(() => {});
        await rm(aside, { force: true });
        throw new DataDirInUse(lockFile, moved);
      }
      await rm(aside, { force: true });
    }
    throw new DataDirInUse(lockFile, await pidIn(lockFile));
  } finally {
    await rm(mine, { force: true });
  }
}

/** The embedded database under `dataDir` (in `dataDir/pglite`), for this process alone. */
export async function openPglite(dataDir: string, queryLog?: QueryLog): Promise<Database> {
  // PGlite does not create missing parent directories itself.
  await mkdir(path.join(dataDir, 'pglite'), { recursive: true });
  const unlock = await lockDataDir(dataDir);
  // A backup's copy left by a process that died while it was sent (snapshotOf): no backup runs before the lock.
  for (const entry of await readdir(dataDir)) {
    if (entry.startsWith('backup-')) await rm(path.join(dataDir, entry), { recursive: true, force: true });
  }
  const client = await PGlite.create(path.join(dataDir, 'pglite'), PGLITE_OPTIONS).catch(async (error: unknown) => {
    await unlock();
    throw error;
  });
  const database = wrapPglite(client, queryLog, dataDir);
  return {
    ...database,
    async close() {
      await database.close();
      await unlock();
    },
  };
}

/** A restore into a data directory that already holds a database: it would be overwritten. */
export class DataDirHoldsDatabase extends Error {}

/**
 * Puts a backup (GET /system/backup's gzipped tar of the data directory) into `dataDir`, which must not hold
 * a database yet (`npm run db:restore`); the server then starts on it, as after a stop at the moment of the backup.
 */
export async function restorePglite(dataDir: string, archive: Blob): Promise<void> {
  const pgdata = path.join(dataDir, 'pglite');
  await mkdir(pgdata, { recursive: true });
  const unlock = await lockDataDir(dataDir);
  try {
    if ((await readdir(pgdata)).length > 0) throw new DataDirHoldsDatabase(`${pgdata} already holds a database`);
    // A backup that does not load (not one, or cut short) leaves no half database to refuse the next try.
    const client = await PGlite.create(pgdata, { ...PGLITE_OPTIONS, loadDataDir: archive }).catch(async (error) => {
      await rm(pgdata, { recursive: true, force: true });
      throw error;
    });
    await client.close();
  } finally {
    await unlock();
  }
}

export function openDatabase(
  config: { databaseUrl?: string | undefined; replica?: ReplicaOptions | undefined; dataDir: string },
  queryLog?: QueryLog,
): Promise<Database> {
  return config.databaseUrl
    ? Promise.resolve(openPostgres(config.databaseUrl, undefined, queryLog, config.replica))
    : openPglite(config.dataDir, queryLog);
}

/** The rows of a raw `db.execute(sql…)`: both drivers answer `{ rows }`, which drizzle's types do not say. */
export const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;
