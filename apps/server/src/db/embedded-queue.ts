import type { PGlite } from '@electric-sql/pglite';
import { causes } from '../lib/pg-errors.js';

/**
 * Operations that may wait for the embedded database at once. PGlite is one connection: at 50 people
 * at once its requests waited 5–6 s at the 99th percentile and some over 10 s, longer than a client
 * waits (issue 32). Past this many waiting, a request is told at once to come back in a second (503)
 * rather than left to time out behind a queue it cannot get through. Room for a hundred requests at once, each a
 * few operations (the forms suite's hundred people submitting together came to more than 100 waiting): 500
 * operations of 2–8 ms are 1–4 s of work, within a client's patience.
 */
export const EMBEDDED_QUEUE_LIMIT = 500;

/** The embedded database has `limit` operations waiting: this one was not queued. */
export class EmbeddedQueueFull extends Error {
  constructor(limit: number) {
    super(`the embedded database has ${limit} operations waiting`);
    this.name = 'EmbeddedQueueFull';
  }
}

/** Whether an error, or one of its causes (drizzle wraps what the driver throws), is a full queue. */
export function isEmbeddedQueueFull(error: unknown): boolean {
  for (const e of causes(error)) if (e instanceof EmbeddedQueueFull) return true;
  return false;
}

const nextLoopPass = () => new Promise<void>((resolve) => setImmediate(resolve));

/** What is queued: each statement, and each transaction as a whole (its statements go through its own handle). */
const QUEUED = new Set<PropertyKey>(['query', 'exec', 'transaction']);

/**
 * The client with its operations run one at a time in the order they came, at most `limit` waiting
 * behind the one that runs; one more is refused with EmbeddedQueueFull. Everything else is the client's own.
 * `waiting` and `busy` tell how many wait now and whether one runs (GET /metrics); `exclusive` runs other work
 * in a turn of its own (a backup's copy of the data directory, between two operations).
 */
export function queueEmbedded(
  client: PGlite,
  limit = EMBEDDED_QUEUE_LIMIT,
): { queued: PGlite; waiting(): number; busy(): boolean; exclusive<T>(work: () => Promise<T>): Promise<T> } {
  let waiting = 0;
  let busy = false;
  let last: Promise<unknown> = Promise.resolve();
  const inTurn = <T>(operation: () => Promise<T>): Promise<T> => {
    if (waiting >= limit) return Promise.reject(new EmbeddedQueueFull(limit));
    waiting += 1;
    // Each turn starts after a pass of the event loop: an operation's promise settles in a microtask, so the
    // next would start at once and a queue that never empties would keep the loop from reading the sockets.
    // The requests read last then waited behind every later one (p99 of 5–6 s at 50 connections while each
    // request took 38 ms in the server); with the pass they take their place in the order they came.
    const turn = last.then(nextLoopPass).then(async () => {
      waiting -= 1;
      busy = true;
      try {
        return await operation();
      } finally {
        busy = false;
      }
    });
    // The next waits for this one's end, whether it succeeded or not.
    last = turn.catch(() => {});
    return turn;
  };
  const queued = new Proxy(client, {
    get(target, key) {
      const value: unknown = Reflect.get(target, key, target);
      if (typeof value !== 'function') return value;
      // Bound to the client itself: its methods read private fields, which a proxy does not have.
      const own = value.bind(target) as (...args: unknown[]) => Promise<unknown>;
      return QUEUED.has(key) ? (...args: unknown[]) => inTurn(() => own(...args)) : own;
    },
  });
  return { queued, waiting: () => waiting, busy: () => busy, exclusive: inTurn };
}
