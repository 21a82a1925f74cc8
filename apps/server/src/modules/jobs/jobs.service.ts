import type { FastifyBaseLogger } from 'fastify';
import type { Db, Tx } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import { retryAt } from '../../lib/retry.js';
import { createJobsRepository, type NewJob } from './jobs.repository.js';

/**
 * Does a job's work inside the job's transaction, which also deletes the job: the work and its end commit
 * together or not at all, so a job whose process dies is done by another, once. A handler must write
 * only through `tx` (a second connection would be outside that promise, and on the embedded database
 * it would wait for this transaction forever).
 */
// biome-ignore lint/suspicious/noConfusingVoidType: a handler whose job is over returns nothing, as most do.
export type JobHandler<P> = (payload: P, tx: Tx, now: Date) => Promise<void | JobAgain>;
/**
 * What a handler returns when its job is not over: the job stays, due again at `again`, with `payload`
 * instead of its own when given (work done in steps, a step a transaction, or work that must wait for
 * another job's end).
 */
export type JobAgain = { again: Date; payload?: Record<string, unknown> };

type Deps = { db: Db; clock: Clock; log: FastifyBaseLogger };

/**
 * The one queue of background work, in the database (table `job`), run by every server process: each
 * takes the due jobs one at a time with SKIP LOCKED, so however many processes run, each job is done once.
 * Time is the app's clock, so tests move it by hand.
 */
export const createJobs = ({ db, clock, log }: Deps) => {
  const handlers = new Map<string, JobHandler<never>>();
  /**
   * Work that is not a job row of its own, run after the due jobs. There is one: the notices' deliveries
   * (notifications' deliveries.repository), each claimed by a sender with a lease (DELIVERY_LEASE_MS)
   * rather than run in a job's transaction, since a delivery waits on the network for seconds, which no
   * transaction should hold open. Everything else in the background is a job kind (`define`).
   */
  const drains: (() => Promise<void>)[] = [];
  let running: Promise<void> = Promise.resolve();
  let queued = false;
  let timer: NodeJS.Timeout | undefined;
  /** Set by stop: the run under way ends after its current job (a long fill is many jobs' worth of steps). */
  let stopping = false;

  /** Runs the oldest due job; false when none is due. */
  async function runOne(): Promise<boolean> {
    const now = clock.now();
    let taken: { id: number; queue: string; attempts: number } | undefined;
    try {
      await db.transaction(async (tx) => {
        const repo = createJobsRepository(tx);
        const due = await repo.takeDue(now);
        if (!due) return;
        taken = due;
        const handler = handlers.get(due.queue);
        if (!handler) throw new Error(`no handler for the job queue "${due.queue}"`);
        const outcome = await (handler as JobHandler<unknown>)(due.payload, tx, now);
        if (outcome) await repo.postpone(due.id, outcome.again, outcome.payload);
        else await repo.finish(due.id);
      });
    } catch (err) {
      if (!taken) throw err;
      const attempts = taken.attempts + 1;
      const retry = retryAt(now, attempts);
      log.warn(
        { err, job: taken.id, queue: taken.queue, attempts },
        retry ? 'job failed; it will be retried' : 'job failed for good',
      );
      await createJobsRepository(db).fail(taken.id, err instanceof Error ? err.message : String(err), retry);
    }
    return taken !== undefined;
  }

  async function runDue(): Promise<void> {
    while (!stopping && (await runOne())) {}
    if (stopping) return;
    for (const drain of drains) await drain();
  }

  /** One run at a time per process; asking while one runs queues one more run after it (never more). */
  function kick(): Promise<void> {
    if (queued) return running;
    queued = true;
    running = running
      .then(() => {
        queued = false;
        return runDue();
      })
      .catch((err) => log.error({ err }, 'background job run failed'));
    return running;
  }

  return {
    /** What runs the jobs of `queue`: set once, at start-up, by the app that wires the modules. */
    define<P>(queue: string, handler: JobHandler<P>): void {
      if (handlers.has(queue)) throw new Error(`the job queue "${queue}" is defined twice`);
      handlers.set(queue, handler as JobHandler<never>);
    },
    /** Work run after each pass over the due jobs, such as deliveries a sender claims in batches. */
    addDrain(drain: () => Promise<void>): void {
      drains.push(drain);
    },
    /** Schedules jobs in the caller's transaction, so they exist when its change does; kick after it commits. */
    schedule(handle: Db | Tx, ...jobs: NewJob[]): Promise<void> {
      return createJobsRepository(handle).schedule(jobs);
    },
    cancel: (handle: Db | Tx, key: string) => createJobsRepository(handle).cancel(key),
    /** Runs what is due now (and the drains); resolves when this process has nothing due left. */
    kick,
    /** Polls every `intervalMs` (server processes; tests kick by hand after moving the clock). */
    start(intervalMs: number): void {
      stopping = false;
      timer = setInterval(() => void kick(), intervalMs);
      timer.unref();
      void kick();
    },
    /** Stops polling and resolves when the current run has ended. */
    stop(): Promise<void> {
      stopping = true;
      clearInterval(timer);
      return running;
    },
    idle: () => running,

    /** The queue as an operator sees it: each queue's waiting and failed jobs, and a page of the failed. */
    async state(page: { limit: number; offset: number }) {
      const repo = createJobsRepository(db);
      const [queues, failed] = await Promise.all([repo.queues(), repo.failed(page)]);
      return {
        queues: queues.map((q) => ({
          ...q,
          nextRunAt: q.nextRunAt === null ? null : new Date(q.nextRunAt).toISOString(),
        })),
        failed: {
          count: failed.count,
          items: failed.items.map((j) => ({
            ...j,
            runAt: j.runAt.toISOString(),
            createdAt: j.createdAt.toISOString(),
          })),
        },
      };
    },

    /** Each queue's waiting and due jobs and its oldest due job's wait, now (GET /metrics). */
    backlog: () => createJobsRepository(db).backlog(clock.now()),

    /** A failed job tried again now (an operator's retry); false when there is no such failed job. */
    async retry(id: number): Promise<boolean> {
      const retried = await createJobsRepository(db).retry(id, clock.now());
      if (retried) void kick();
      return retried;
    },
  };
};
export type Jobs = ReturnType<typeof createJobs>;
