import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { getTableName, is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { TABLE_OWNERS, WRITE_EXCEPTIONS } from './owners.js';
import * as schema from './schema/index.js';

const modulesDir = fileURLToPath(new URL('../modules', import.meta.url));

/** The schema's tables: their names in code and in SQL. */
const sqlNameOf = new Map<string, string>(
  Object.entries(schema)
    .filter(([, value]) => is(value, PgTable))
    .map(([name, table]) => [name, getTableName(table as PgTable)]),
);
const sqlNames = new Set(sqlNameOf.values());

function sourcesOf(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourcesOf(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

/** A file's names for the schema's tables: what it imports from db/schema, under any alias. */
function tableNamesIn(source: string): Map<string, string> {
  const names = new Map<string, string>();
  for (const [, list] of source.matchAll(/import\s*(?:type\s*)?\{([^}]*)\}\s*from\s*'[./]*\/db\/schema\/[\w.-]+'/g)) {
    for (const part of (list ?? '').split(',')) {
      const [imported, local = imported] = part
        .trim()
        .replace(/^type\s+/, '')
        .split(/\s+as\s+/);
      const sql = imported && sqlNameOf.get(imported.trim());
      if (sql && local) names.set(local.trim(), sql);
    }
  }
  return names;
}

/** The tables a source writes: drizzle's insert/update/delete, and raw SQL's INSERT INTO, UPDATE, DELETE FROM. */
export function writesIn(source: string): Set<string> {
  const tables = tableNamesIn(source);
  const written = new Set<string>();
  const add = (name: string | undefined) => {
    if (!name) return;
    const interpolated = /^\$\{\s*(\w+)\s*\}$/.exec(name)?.[1];
    const table = interpolated
      ? tables.get(interpolated)
      : sqlNames.has(name.replace(/"/g, ''))
        ? name.replace(/"/g, '')
        : undefined;
    if (table) written.add(table);
  };
  for (const [, , name] of source.matchAll(/\.(insert|update|delete)\(\s*(?:\w+\.)?(\w+)\s*\)/g)) {
    if (name && tables.has(name)) written.add(tables.get(name) as string);
  }
  const target = String.raw`("?\w+"?|\$\{\s*\w+\s*\})`;
  for (const pattern of [
    new RegExp(String.raw`\binsert\s+into\s+${target}`, 'gi'),
    new RegExp(String.raw`\bdelete\s+from\s+${target}`, 'gi'),
    new RegExp(String.raw`\bupdate\s+${target}(?:\s+(?:as\s+)?\w+)?\s+set\b`, 'gi'),
  ]) {
    for (const [, name] of source.matchAll(pattern)) add(name);
  }
  // ON CONFLICT's target: the table whose columns name it (`target: [table.column]`).
  for (const [, name] of source.matchAll(/onConflictDo\w+\(\s*\{\s*target:\s*\[?\s*(\w+)\./g)) {
    if (name && tables.has(name)) written.add(tables.get(name) as string);
  }
  return written;
}

describe('table ownership', () => {
  it('names an owner for every table of the schema, and no other', () => {
    expect(Object.keys(TABLE_OWNERS).sort()).toEqual([...sqlNames].sort());
  });

  it('finds the writes it looks for', () => {
    const source = `import { content, job as jobs } from '../../db/schema/index.js';
      db.insert(content).values(x); tx.update(jobs).set({});
      sql\`INSERT INTO \${content} (id) VALUES (1) ON CONFLICT DO NOTHING\`; sql\`delete from "job" where\`;
      set.delete(id);`;
    expect([...writesIn(source)].sort()).toEqual(['content', 'job']);
  });

  it('lets a module write only the tables it owns', () => {
    const foreign: string[] = [];
    for (const file of sourcesOf(modulesDir)) {
      const module = path.relative(modulesDir, file).split(path.sep)[0] as string;
      for (const table of writesIn(readFileSync(file, 'utf8'))) {
        const owner = TABLE_OWNERS[table as keyof typeof TABLE_OWNERS];
        if (owner === module || `${module}:${table}` in WRITE_EXCEPTIONS) continue;
        foreign.push(`${path.relative(modulesDir, file)} writes ${table}, which is ${owner}'s`);
      }
    }
    expect(foreign).toEqual([]);
  });

  it('keeps no exception that is no longer needed', () => {
    const used = new Set<string>();
    for (const file of sourcesOf(modulesDir)) {
      const module = path.relative(modulesDir, file).split(path.sep)[0] as string;
      for (const table of writesIn(readFileSync(file, 'utf8'))) used.add(`${module}:${table}`);
    }
    expect(Object.keys(WRITE_EXCEPTIONS).filter((key) => !used.has(key))).toEqual([]);
  });
});
