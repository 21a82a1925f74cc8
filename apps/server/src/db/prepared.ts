import type { DbOrTx } from './client.js';

/**
 * For hot queries: the statement is built once per database handle (not on every call) and the
 * driver prepares it by name once per connection, so PostgreSQL plans it once too.
 */
export function preparedFor<T>(build: (db: DbOrTx) => T): (db: DbOrTx) => T {
  const statements = new WeakMap<DbOrTx, T>();
  return (db) => {
    let statement = statements.get(db);
    if (!statement) {
      statement = build(db);
      statements.set(db, statement);
    }
    return statement;
  };
}

/**
 * A prepared statement's rows as the driver returns them: objects named by the statement's columns,
 * timestamps as PostgreSQL's text. Skips drizzle's mapping, which resolves each field's decoder on
 * every row: for the hottest reads, which map their rows themselves. Both drivers' prepared queries
 * have `all()`; drizzle's select types leave it out.
 */
export const driverRows = <Row>(statement: object, values: Record<string, unknown>): Promise<Row[]> =>
  (statement as { all(values: Record<string, unknown>): Promise<Row[]> }).all(values);
