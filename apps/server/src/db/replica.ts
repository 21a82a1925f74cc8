import { setTimeout as delay } from 'node:timers/promises';
import type pg from 'pg';
import { causes, isDatabaseUnavailable } from '../lib/pg-errors.js';

/**
 * Where the heavy reads are now served from (ADR 0061):
 * - `unknown`: before the first check;
 * - `down`: the replica cannot be reached;
 * - `not a standby`: it answers but replays nothing (promoted, or a wrong URL): never read;
 * - `behind`: its replay is further behind the primary than the bound;
 * - `in step`: it replays within the bound, and serves the reads.
 */
export type ReplicaState = 'unknown' | 'down' | 'not a standby' | 'behind' | 'in step';

export type ReplicaStatus = {
  state: ReplicaState;
  /**
   * At the last check: how long it took to replay what the primary held (in step), or how old its last replayed
   * transaction was (behind); none while it is down or not a standby.
   */
  lagSeconds: number | undefined;
  /** Heavy reads served since the start, by where they went. */
  served: { replica: number; primary: number };
};

/** Where the router sends statements: a pool of node-postgres, or one of its connections (a transaction's). */
export type Queryable = Pick<pg.Pool, 'query'>;

/** How often the replica is checked, and how often a read that waits for its replay looks again. */
const CHECK_EVERY_MS = 1_000;
const REPLAY_POLL_MS = 10;

// SQLSTATE 40001 on a standby: a query cancelled because replay had to remove rows it still read (a
// conflict with recovery); the primary answers the same read.
const RECOVERY_CONFLICT = '40001';
const fallsBack = (error: unknown) =>
  isDatabaseUnavailable(error) || [...causes(error)].some((e) => e.code === RECOVERY_CONFLICT);

/**
 * Sends reads to a streaming replica only when they see everything the primary had committed when they
 * started: each read first takes the primary's flushed WAL position and waits, at most `maxLagMs`, for the
 * replica to have replayed it. A request therefore reads its own writes and everyone's before it, on either
 * server. A replica that does not get there in time, cannot be reached, fails the read for a reason of its own
 * (recovery conflict), or is not a standby, leaves the reads to the primary until a check finds it in step again.
 */
export function replicaRouter({
  primary,
  replica,
  maxLagMs,
  onChange,
}: {
  primary: Queryable;
  replica: Queryable;
  maxLagMs: number;
  onChange: (status: ReplicaStatus, error?: unknown) => void;
}) {
  const status: ReplicaStatus = { state: 'unknown', lagSeconds: undefined, served: { replica: 0, primary: 0 } };
  const become = (state: ReplicaState, lagSeconds: number | undefined, error?: unknown) => {
    const changed = state !== status.state;
    status.state = state;
    status.lagSeconds = lagSeconds;
    if (changed) onChange({ ...status }, error);
  };

  /** What the primary has written to disk: taken on `on`, the transaction a read is part of, if it is. */
  const primaryPosition = async (on: Queryable = primary) =>
    (await on.query<{ lsn: string }>('SELECT pg_current_wal_flush_lsn()::text AS lsn')).rows[0]?.lsn ?? '0/0';

  /** Whether the replica replays `lsn` within the bound. */
  async function replays(lsn: string): Promise<boolean> {
    const deadline = Date.now() + maxLagMs;
    for (;;) {
      const { rows } = await replica.query<{ reached: boolean | null }>(
        'SELECT pg_last_wal_replay_lsn() >= $1::pg_lsn AS reached',
        [lsn],
      );
      if (rows[0]?.reached) return true;
      if (Date.now() >= deadline) return false;
      await delay(REPLAY_POLL_MS);
    }
  }

  async function check(): Promise<void> {
    let lsn: string;
    try {
      lsn = await primaryPosition();
    } catch {
      // The primary is away: every read fails with it, wherever it would go. The next check tells.
      return;
    }
    try {
      const { rows } = await replica.query<{ standby: boolean }>('SELECT pg_is_in_recovery() AS standby');
      if (!rows[0]?.standby) return become('not a standby', undefined);
      // The reads' own test: whether it replays the primary's position within the bound. The age of its last
      // replayed transaction alone would call a replica behind after any quiet spell on the primary.
      const started = Date.now();
      if (await replays(lsn)) return become('in step', (Date.now() - started) / 1000);
      const behind = await replica.query<{ lag: number | null }>(
        'SELECT extract(epoch FROM now() - pg_last_xact_replay_timestamp())::float8 AS lag',
      );
      become('behind', behind.rows[0]?.lag ?? undefined);
    } catch (error) {
      become('down', undefined, error);
    }
  }

  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let checking: Promise<void> = Promise.resolve();
  // One check at a time: the next is planned when one ends (a replica that does not answer takes a while).
  const checkThenPlan = (): Promise<void> => {
    checking = check().then(() => {
      if (!stopped) timer = setTimeout(checkThenPlan, CHECK_EVERY_MS).unref();
    });
    return checking;
  };
  const firstCheck = checkThenPlan();

  /**
   * Where a read starting now goes: the replica when it is in step and replays what the primary holds now
   * (waiting for that at most the bound), else the primary.
   */
  async function pick(on?: Queryable): Promise<'replica' | 'primary'> {
    if (status.state === 'unknown') await firstCheck;
    if (status.state !== 'in step') return 'primary';
    const lsn = await primaryPosition(on);
    try {
      if (await replays(lsn)) return 'replica';
      become('behind', status.lagSeconds);
    } catch (error) {
      if (!isDatabaseUnavailable(error)) throw error;
      become('down', undefined, error);
    }
    return 'primary';
  }
  const served = (where: 'replica' | 'primary') => {
    status.served[where] += 1;
  };

  /**
   * A statement where `pick` says: on the replica, or on `primary` (the pool, or the connection of the
   * transaction the read is part of) also when the replica fails it.
   */
  async function route<T>(statement: (on: Queryable) => Promise<T>, on: Queryable = primary): Promise<T> {
    if ((await pick(on)) === 'replica') {
      try {
        const result = await statement(replica);
        served('replica');
        return result;
      } catch (error) {
        if (!fallsBack(error)) throw error;
        if (isDatabaseUnavailable(error)) become('down', undefined, error);
      }
    }
    const result = await statement(on);
    served('primary');
    return result;
  }

  return {
    pick,
    served,
    route,
    status: (): ReplicaStatus => ({ ...status, served: { ...status.served } }),
    /** Stops the checks (the pools are their owner's to end). */
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await checking;
    },
  };
}
export type ReplicaRouter = ReturnType<typeof replicaRouter>;
