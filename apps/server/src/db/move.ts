import { type SQL, sql } from 'drizzle-orm';
import { databaseErrorOf } from '../lib/pg-errors.js';
import { type Db, type DbOrTx, rowsOf } from './client.js';

/** Rows read and written per statement: a batch of a table is all the move holds in memory. */
const BATCH = 1000;

/** The move cannot go on for a reason the operator can fix; nothing was written. */
export class MoveRefused extends Error {}

type Table = { name: string; columns: string[] };

/** The app's tables and their columns, generated columns left out (the target computes those itself). */
async function tablesOf(db: Db): Promise<Table[]> {
  const rows = rowsOf<{ table: string; columns: string[] }>(
    await db.execute(sql`
      SELECT c.table_name AS "table", array_agg(c.column_name::text ORDER BY c.ordinal_position) AS columns
      FROM information_schema.columns c
      JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
      WHERE c.table_schema = 'public' AND t.table_type = 'BASE TABLE' AND c.is_generated = 'NEVER'
      GROUP BY c.table_name ORDER BY c.table_name`),
  );
  return rows.map((r) => ({ name: r.table, columns: r.columns }));
}

const countOf = async (db: DbOrTx, table: string) =>
  rowsOf<{ n: number }>(await db.execute(sql`SELECT count(*)::int AS n FROM ${sql.identifier(table)}`))[0]?.n ?? 0;

const columnList = (columns: string[]): SQL =>
  sql.join(
    columns.map((c) => sql.identifier(c)),
    sql`, `,
  );

/**
 * Copies every row of the embedded database into a PostgreSQL database that its migrations made and that
 * holds no row yet (`npm run db:move`), with their ids and the sequences' positions, in one transaction
 * of the target: a move that fails leaves it empty. Rows go as they are: the target's triggers and key
 * checks are off for the copy (`session_replication_role = replica`), since the counters are copied too
 * and the source's keys already hold. Both databases must be at the same migration. Answers each table's rows.
 */
export async function moveDatabase(
  source: Db,
  target: Db,
  progress: (table: string, rows: number) => void = () => {},
): Promise<Map<string, number>> {
  const tables = await tablesOf(source);
  const targetTables = new Set((await tablesOf(target)).map((t) => t.name));
  const missing = tables.filter((t) => !targetTables.has(t.name)).map((t) => t.name);
  if (missing.length > 0) throw new MoveRefused(`the target lacks tables of the source: ${missing.join(', ')}`);
  for (const table of tables) {
    if ((await countOf(target, table.name)) > 0) {
      throw new MoveRefused(`the target database is not empty (${table.name} has rows): give a new, empty database`);
    }
  }

  const moved = new Map<string, number>();
  await target.transaction(async (tx) => {
    await tx.execute(sql`SET LOCAL session_replication_role = replica`).catch((error: unknown) => {
      if (databaseErrorOf(error).code !== '42501') throw error;
      throw new MoveRefused(
        "the target's role may not set session_replication_role: move as a superuser (or the service's admin role, rds_superuser on RDS)",
      );
    });
    await source.transaction(async (src) => {
      for (const [i, table] of tables.entries()) {
        const cursor = sql.identifier(`kanal_move_${i}`);
        const columns = columnList(table.columns);
        await src.execute(
          sql`DECLARE ${cursor} NO SCROLL CURSOR FOR SELECT to_jsonb(r) AS row FROM (SELECT ${columns} FROM ${sql.identifier(table.name)}) r`,
        );
        let rows = 0;
        for (;;) {
          const batch = rowsOf<{ row: unknown }>(
            await src.execute(sql`FETCH ${sql.raw(String(BATCH))} FROM ${cursor}`),
          );
          if (batch.length === 0) break;
          await tx.execute(sql`
            INSERT INTO ${sql.identifier(table.name)} (${columns}) OVERRIDING SYSTEM VALUE
            SELECT ${columns} FROM jsonb_populate_recordset(NULL::${sql.identifier(table.name)}, ${JSON.stringify(batch.map((b) => b.row))}::jsonb)`);
          rows += batch.length;
          progress(table.name, rows);
        }
        await src.execute(sql`CLOSE ${cursor}`);
        moved.set(table.name, rows);
      }
      // Each sequence where the source's is, so no id is given out twice (nor a deleted row's again).
      const sequences = rowsOf<{ name: string; last: string | null }>(
        await src.execute(
          sql`SELECT sequencename AS name, last_value::text AS last FROM pg_sequences WHERE schemaname = 'public'`,
        ),
      );
      for (const { name, last } of sequences) {
        const qualified = `public.${name}`;
        await tx.execute(
          last === null
            ? sql`SELECT setval(${qualified}::regclass, 1, false)`
            : sql`SELECT setval(${qualified}::regclass, ${last}::bigint, true)`,
        );
      }
    });
    for (const [table, rows] of moved) {
      const there = await countOf(tx, table);
      if (there !== rows) throw new Error(`${table}: ${rows} rows read, ${there} in the target`);
    }
  });
  return moved;
}
