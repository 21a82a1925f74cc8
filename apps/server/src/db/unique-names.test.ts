import { rm } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emptyDatabase, type Fresh, migrationsBefore, migrationsFolder } from '../test/migrations.js';

// Migration 0028 makes group and organisation names unique whatever their case, accents or spacing. A
// database that already holds such names must not have them merged: this test migrates an empty database
// up to the migration before, writes colliding names, then applies the rest, on the run's driver.

const MIGRATION = '0028_unique_folded_names';
let database: Fresh;
let before: string;
const ids: Record<string, number> = {};

beforeAll(async () => {
  before = await migrationsBefore(MIGRATION);
  database = await emptyDatabase();
  await database.migrate(before);
  const insert = async (key: string, text: string, params: unknown[]) => {
    const [row] = await database.query(`${text} RETURNING id`, params);
    ids[key] = Number(row?.id);
  };
  // Organisations: the first "Druga firma d.o.o." keeps its name; the second's "(2)" is taken already.
  await insert('druga', 'INSERT INTO tenant (name) VALUES ($1)', ['Druga firma d.o.o.']);
  await insert('drugaAgain', 'INSERT INTO tenant (name) VALUES ($1)', ['Druga  Firma d.o.o.']);
  await insert('drugaTwo', 'INSERT INTO tenant (name) VALUES ($1)', ['Druga firma d.o.o. (2)']);
  await insert('other', 'INSERT INTO tenant (name) VALUES ($1)', ['Treća firma']);
  const group = (key: string, tenant: string, name: string) =>
    insert(key, 'INSERT INTO user_group (tenant_id, name) VALUES ($1, $2)', [ids[tenant], name]);
  await group('prodaja', 'druga', 'Prodaja');
  await group('lower', 'druga', 'prodaja');
  await group('accented', 'druga', 'Prodája');
  await group('two', 'druga', 'Prodaja (2)');
  await group('elsewhere', 'other', 'PRODAJA');
  await insert('member', 'INSERT INTO app_user (tenant_id, name, email) VALUES ($1, $2, $3)', [
    ids.druga,
    'Ana Anić',
    'ana@primjer.hr',
  ]);
  await database.query('INSERT INTO group_member (tenant_id, group_id, user_id) VALUES ($1, $2, $3), ($1, $4, $3)', [
    ids.druga,
    ids.lower,
    ids.member,
    ids.accented,
  ]);
  await database.migrate(migrationsFolder);
}, 120_000);
afterAll(async () => {
  await database?.close();
  if (before) await rm(before, { recursive: true, force: true });
});

const nameOf = async (table: 'tenant' | 'user_group', id: number | undefined) =>
  (await database.query(`SELECT name FROM ${table} WHERE id = $1`, [id]))[0]?.name;

describe(`migration ${MIGRATION} on names that already collide`, () => {
  it('keeps the first name and renames each later one to a free "<name> (n)", merging nothing', async () => {
    expect(await nameOf('user_group', ids.prodaja)).toBe('Prodaja');
    expect(await nameOf('user_group', ids.two)).toBe('Prodaja (2)');
    // "prodaja (2)" would be the taken "Prodaja (2)" again: the next number is free.
    expect(await nameOf('user_group', ids.lower)).toBe('prodaja (3)');
    expect(await nameOf('user_group', ids.accented)).toBe('Prodája (4)');
    // Another organisation's group of the same name is no collision.
    expect(await nameOf('user_group', ids.elsewhere)).toBe('PRODAJA');
    const members = await database.query('SELECT group_id FROM group_member WHERE user_id = $1 ORDER BY group_id', [
      ids.member,
    ]);
    expect(members.map((row) => row.group_id)).toEqual([ids.lower, ids.accented]);

    expect(await nameOf('tenant', ids.druga)).toBe('Druga firma d.o.o.');
    expect(await nameOf('tenant', ids.drugaTwo)).toBe('Druga firma d.o.o. (2)');
    expect(await nameOf('tenant', ids.drugaAgain)).toBe('Druga  Firma d.o.o. (3)');
  });

  it('writes each rename to the audit log, where the operator reads it (GET /logs)', async () => {
    const rows = await database.query(
      `SELECT tenant_id, event, details FROM audit_log WHERE event IN ('group.renamed', 'tenant.renamed') ORDER BY id`,
    );
    const by = `migration ${MIGRATION}`;
    expect(rows).toEqual([
      {
        tenant_id: ids.druga,
        event: 'group.renamed',
        details: { groupId: ids.lower, from: 'prodaja', to: 'prodaja (3)', by },
      },
      {
        tenant_id: ids.druga,
        event: 'group.renamed',
        details: { groupId: ids.accented, from: 'Prodája', to: 'Prodája (4)', by },
      },
      {
        tenant_id: ids.drugaAgain,
        event: 'tenant.renamed',
        details: { from: 'Druga  Firma d.o.o.', to: 'Druga  Firma d.o.o. (3)', by },
      },
    ]);
  });

  it('refuses a colliding name from then on', async () => {
    const refused = (text: string, params: unknown[]) =>
      database.query(text, params).then(
        () => 'stored',
        (error: { code?: string; cause?: { code?: string } }) => error.code ?? error.cause?.code,
      );
    expect(await refused('INSERT INTO user_group (tenant_id, name) VALUES ($1, $2)', [ids.druga, ' PRODÁJA '])).toBe(
      '23505',
    );
    expect(await refused('INSERT INTO tenant (name) VALUES ($1)', ['DRUGA FIRMA D.O.O.'])).toBe('23505');
    expect(
      await refused('INSERT INTO user_group (tenant_id, name) VALUES ($1, $2)', [ids.other, 'Prodaja sjever']),
    ).toBe('stored');
  });
});
