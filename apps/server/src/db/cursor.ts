import { type SQLWrapper, sql } from 'drizzle-orm';
import type { PgSession, SelectedFieldsOrdered } from 'drizzle-orm/pg-core';

/** What a reader uses of drizzle over either driver (client.ts's Db, without importing it back). */
type Db = { _: { session: Pick<PgSession, 'prepareQuery'> }; execute(query: SQLWrapper): Promise<unknown> };

/** A drizzle select with a flat selection: its SQL, and the fields that turn its rows into objects. */
export type SortedQuery<T> = SQLWrapper & PromiseLike<T[]> & { _: { selectedFields: Record<string, unknown> } };

/**
 * Reads the rows of `query`, in its order, `batchSize` at a time, through one server-side cursor: the query
 * runs once, however many batches there are (ADR 0055). The cursor is closed when the reading ends, also
 * when the reader stops early (a `for await` left by `break` or by an error, an aborted download).
 */
export type ReadSorted = <T>(query: SortedQuery<T>, batchSize: number) => AsyncGenerator<T[], void, undefined>;

/** A sorted read in batches of a size already chosen: what a module that exports is handed. */
export type ReadInBatches = <T>(query: SortedQuery<T>) => AsyncIterable<T[]>;

/** A connection of the pool set aside for one reader, with drizzle over it. */
export type ReservedConnection = { db: Db; release(broken?: Error): void };

let cursors = 0;
/** A cursor name unique in this process: on PGlite every request's cursor lives in the one session. */
const cursorName = () => `kanal_read_${++cursors}`;

/**
 * The open cursor's rows, `batchSize` at a time, each batch mapped by the select's own fields as drizzle
 * maps a select's rows (decoders, `mapWith`), through the session of `db`.
 */
async function* fetchAll<T>(db: Db, cursor: string, query: SortedQuery<T>, batchSize: number) {
  const fields = Object.entries(query._.selectedFields).map(([key, field]) => ({
    path: [key],
    field,
  })) as SelectedFieldsOrdered;
  const fetch = db._.session.prepareQuery(
    { sql: `FETCH ${batchSize} FROM "${cursor}"`, params: [] },
    fields,
    undefined,
    true,
  );
  // The next batch is asked for before this one is handed on, so the database works while the file is
  // written. A reader that stops early leaves that fetch unread: its failure then is no one's to report.
  const fetchNext = () => {
    const pending = fetch.execute() as Promise<T[]>;
    pending.catch(() => {});
    return pending;
  };
  for (let next = fetchNext(); ; ) {
    const batch = await next;
    const more = batch.length === batchSize;
    if (more) next = fetchNext();
    if (batch.length > 0) yield batch;
    if (!more) return;
  }
}

/** A batch size written into FETCH: a positive whole number. */
function checked(batchSize: number) {
  if (!Number.isSafeInteger(batchSize) || batchSize < 1) throw new RangeError(`batch size ${batchSize}`);
  return batchSize;
}

/**
 * At most `limit` holders at once; the others wait their turn in the order they came. `enter` resolves with the
 * function that gives the turn back.
 */
export function takeTurns(limit: number) {
  let holders = 0;
  const waiting: (() => void)[] = [];
  const leave = () => {
    const next = waiting.shift();
    if (next) next();
    else holders -= 1;
  };
  return {
    async enter(): Promise<() => void> {
      if (holders < limit) holders += 1;
      else await new Promise<void>((resolve) => waiting.push(resolve));
      return leave;
    },
  };
}

/**
 * PostgreSQL: a connection reserved for the reading, a transaction, `DECLARE … NO SCROLL CURSOR` (rows
 * are produced as they are fetched, never all held), `FETCH` a batch at a time; the transaction ends, and the
 * connection goes back to the pool, whichever way the reading ends. At most `readers` readings hold a
 * connection at once, the others waiting their turn: a reading's batches may need one more connection of the
 * pool (an item's answers), so readings that held them all would wait on each other, and the people's feeds
 * on them.
 */
export const readThroughCursor = (reserve: () => Promise<ReservedConnection>, readers: number): ReadSorted => {
  const turns = takeTurns(readers);
  return async function* read<T>(query: SortedQuery<T>, batchSize: number) {
    const size = checked(batchSize);
    const leave = await turns.enter();
    let reserved: ReservedConnection;
    try {
      reserved = await reserve();
    } catch (error) {
      leave();
      throw error;
    }
    const { db, release } = reserved;
    const name = cursorName();
    let open = false;
    let broken: Error | undefined;
    try {
      await db.execute(sql`BEGIN READ ONLY`);
      open = true;
      await db.execute(sql`DECLARE ${sql.identifier(name)} NO SCROLL CURSOR FOR ${query}`);
      yield* fetchAll(db, name, query, size);
      await db.execute(sql`COMMIT`);
      open = false;
    } finally {
      // Ending the transaction closes the cursor. A connection that cannot end it is not given back.
      if (open) await db.execute(sql`ROLLBACK`).catch((error: Error) => (broken = error));
      release(broken);
      leave();
    }
  };
};

/**
 * PGlite: one connection serves every request, so no reading may hold it between batches. `DECLARE …
 * WITH HOLD` outside a transaction runs the query once and keeps its rows in the session when its own
 * statement commits; each `FETCH` is then one more statement in the queue of the one connection, between
 * other requests'. The cursor is closed whichever way the reading ends.
 */
export const readThroughHeldCursor = (db: Db): ReadSorted =>
  async function* read<T>(query: SortedQuery<T>, batchSize: number) {
    const size = checked(batchSize);
    const name = cursorName();
    await db.execute(sql`DECLARE ${sql.identifier(name)} NO SCROLL CURSOR WITH HOLD FOR ${query}`);
    try {
      yield* fetchAll(db, name, query, size);
    } finally {
      await db.execute(sql`CLOSE ${sql.identifier(name)}`);
    }
  };
