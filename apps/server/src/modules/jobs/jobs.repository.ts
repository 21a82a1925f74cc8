import { and, desc, eq, sql } from 'drizzle-orm';
import { type DbOrTx, rowsOf } from '../../db/client.js';
import { job } from '../../db/schema/index.js';

export type NewJob = {
  queue: string;
  payload: Record<string, unknown>;
  runAt: Date;
  /** One job per key: scheduling the key again moves the waiting job (and revives a failed one). */
  key?: string;
  tenantId?: number | null;
};
export type DueJob = { id: number; queue: string; payload: Record<string, unknown>; attempts: number };

export const createJobsRepository = (db: DbOrTx) => ({
  /** Each queue's waiting and failed jobs, and when the next waiting one is due. */
  async queues() {
    const result = await db.execute(sql`
      SELECT queue, count(*) FILTER (WHERE state = 'waiting')::int AS waiting,
        count(*) FILTER (WHERE state = 'failed')::int AS failed,
        min(run_at) FILTER (WHERE state = 'waiting') AS "nextRunAt"
      FROM job GROUP BY queue ORDER BY queue`);
    return rowsOf<{ queue: string; waiting: number; failed: number; nextRunAt: string | Date | null }>(result);
  },

  /** Each queue's waiting jobs, those of them due by `now`, and how long the oldest due one has waited (metrics). */
  async backlog(now: Date) {
    const at = sql`${now.toISOString()}::timestamptz`;
    const result = await db.execute(sql`
      SELECT queue, count(*)::int AS waiting, count(*) FILTER (WHERE run_at <= ${at})::int AS due,
        COALESCE(extract(epoch FROM ${at} - min(run_at) FILTER (WHERE run_at <= ${at})), 0)::float8 AS "oldestDueSeconds"
      FROM job WHERE state = 'waiting' GROUP BY queue ORDER BY queue`);
    return rowsOf<{ queue: string; waiting: number; due: number; oldestDueSeconds: number }>(result);
  },

  /** A page of the failed jobs, newest first, with their number. */
  async failed(page: { limit: number; offset: number }) {
    const failedOnly = eq(job.state, 'failed');
    const [items, [totals]] = await Promise.all([
      db
        .select({
          id: job.id,
          queue: job.queue,
          tenantId: job.tenantId,
          attempts: job.attempts,
          lastError: job.lastError,
          runAt: job.runAt,
          createdAt: job.createdAt,
        })
        .from(job)
        .where(failedOnly)
        .orderBy(desc(job.id))
        .limit(page.limit)
        .offset(page.offset),
      db
        .select({ count: sql<number>`count(*)`.mapWith(Number) })
        .from(job)
        .where(failedOnly),
    ]);
    return { count: totals?.count ?? 0, items };
  },

  /** A failed job back in the queue, due now, with its attempts counted afresh; false when none such. */
  async retry(id: number, now: Date): Promise<boolean> {
    const rows = await db
      .update(job)
      .set({ state: 'waiting', attempts: 0, lastError: null, runAt: now })
      .where(and(eq(job.id, id), eq(job.state, 'failed')))
      .returning({ id: job.id });
    return rows.length > 0;
  },

  async schedule(jobs: NewJob[]): Promise<void> {
    const rows = jobs.map((j) => ({ ...j, key: j.key ?? null, tenantId: j.tenantId ?? null }));
    const keyless = rows.filter((row) => row.key === null);
    for (let start = 0; start < keyless.length; start += 1000) {
      await db.insert(job).values(keyless.slice(start, start + 1000));
    }
    for (const row of rows.filter((r) => r.key !== null)) {
      await db
        .insert(job)
        .values(row)
        .onConflictDoUpdate({
          target: job.key,
          set: { runAt: row.runAt, payload: row.payload, state: 'waiting', attempts: 0, lastError: null },
        });
    }
  },

  /** Drops the job of `key`, if one waits (its reason went away: the item was withdrawn). */
  async cancel(key: string): Promise<void> {
    await db.delete(job).where(eq(job.key, key));
  },

  /**
   * The oldest due job, locked for the caller's transaction; SKIP LOCKED passes over those other
   * processes are running, and a process that dies releases its lock with its connection.
   */
  async takeDue(now: Date): Promise<DueJob | undefined> {
    const result = await db.execute(sql`
      SELECT id, queue, payload, attempts FROM job
      WHERE state = 'waiting' AND run_at <= ${now.toISOString()}::timestamptz
      ORDER BY run_at, id LIMIT 1
      FOR UPDATE SKIP LOCKED`);
    const [row] = rowsOf<DueJob & { id: string | number }>(result);
    return row && { ...row, id: Number(row.id) };
  },

  /** Done: the job goes, in the transaction that did its work. */
  async finish(id: number): Promise<void> {
    await db.delete(job).where(eq(job.id, id));
  },

  /** Not over yet: due again at `runAt` (with a new payload, if given), its attempts as they were. */
  async postpone(id: number, runAt: Date, payload?: Record<string, unknown>): Promise<void> {
    await db
      .update(job)
      .set({ runAt, ...(payload ? { payload } : {}) })
      .where(eq(job.id, id));
  },

  /**
   * Schedules a keyed job unless one of that key waits, and never waits for it: a job being run holds
   * its row, and the caller may hold what that job waits for (an item's lock), so updating that row could
   * deadlock. The job that waits does the work, having waited for the caller's end. One that failed for
   * good is no one's to run, so it is revived with this job's payload (its row, matching only as failed,
   * is never a running job's).
   */
  async scheduleOnce(newJob: NewJob & { key: string }): Promise<void> {
    await db
      .update(job)
      .set({ state: 'waiting', attempts: 0, lastError: null, runAt: newJob.runAt, payload: newJob.payload })
      .where(and(eq(job.key, newJob.key), eq(job.state, 'failed')));
    await db
      .insert(job)
      .values({ ...newJob, tenantId: newJob.tenantId ?? null })
      .onConflictDoNothing({ target: job.key });
  },

  /** The payloads of a tenant's jobs of `queue` that wait to be run (or are being run). */
  async waitingPayloads(tenantId: number, queue: string): Promise<Record<string, unknown>[]> {
    const rows = await db
      .select({ payload: job.payload })
      .from(job)
      .where(and(eq(job.tenantId, tenantId), eq(job.queue, queue), eq(job.state, 'waiting')));
    return rows.map((r) => r.payload as Record<string, unknown>);
  },

  /** A failed attempt: tried again at `retryAt`, or kept as failed when there is none. */
  async fail(id: number, error: string, retryAt: Date | null): Promise<void> {
    await db
      .update(job)
      .set({
        attempts: sql`${job.attempts} + 1`,
        lastError: error,
        ...(retryAt ? { runAt: retryAt } : { state: 'failed' as const }),
      })
      .where(and(eq(job.id, id), eq(job.state, 'waiting')));
  },
});
export type JobsRepository = ReturnType<typeof createJobsRepository>;
