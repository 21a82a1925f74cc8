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
