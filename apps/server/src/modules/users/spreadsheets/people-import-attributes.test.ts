import type { AdminUser, ImportCheck } from '@kanal/contract';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, makePerson, makeTenant, makeUser, upload } from '../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { parseDay } from './import-dates.js';

// The import's attribute columns (issue 31): department, location, job title, employee number, manager, start date.

let t: TestApp;
let tenantId: number;
let admin: { id: number; token: string };
let boss: { id: number };

beforeAll(async () => {
  t = await createTestApp();
  tenantId = (await makeTenant(t.db)).id;
  admin = await makePerson(t.db, tenantId, { role: 'ADMIN', now: t.clock.now() });
  boss = await makeUser(t.db, { tenantId, name: 'Vesna Šefić', email: 'vesna@firma.hr', employeeNumber: 'E-1' });
});
afterAll(() => t.close());

const csv = (...lines: string[]) => Buffer.from(`${lines.join('\r\n')}\r\n`);
const HEADER =
  'Ime i prezime;E-mail;Korisničko ime;Telefon;Uloga;Grupe;Odjel;Lokacija;Radno mjesto;Broj zaposlenika;Nadređeni;Datum zaposlenja';
const send = (url: string, bytes: Uint8Array, name = 'osobe.csv') =>
  upload(t, url, admin.token, [{ name, bytes, type: 'text/csv' }]);
const check = async (bytes: Uint8Array, name?: string) => {
  const res = await send('/api/import/template/check', bytes, name);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().payload as ImportCheck;
};
const problemsOf = (found: ImportCheck) => found.problems.map(({ row, column, code }) => [row, column, code]);
const find = async (q: string) =>
  (await call(t, { url: `/api/user?q=${encodeURIComponent(q)}`, token: admin.token })).json().payload
    .items[0] as AdminUser;

describe('the start date as a spreadsheet holds it', () => {
  it('is read as Croatians write it, in ISO, or as a date cell’s number of days, and only if it is a real day', () => {
    expect(parseDay('01.03.2024.')).toBe('2024-03-01');
    expect(parseDay('1.3.2024')).toBe('2024-03-01');
    expect(parseDay('1. 3. 2024.')).toBe('2024-03-01');
    expect(parseDay('2024-03-01')).toBe('2024-03-01');
    expect(parseDay('2024-03-01T00:00:00Z')).toBe('2024-03-01');
    expect(parseDay('45352', '1900')).toBe('2024-03-01');
    expect(parseDay('45352.75', '1900')).toBe('2024-03-01');
    expect(parseDay('43890', '1904')).toBe('2024-03-01');
    // A number is a date only in an XLSX file; and no day of the 1900 system's first two months.
    expect(parseDay('45352')).toBeUndefined();
    expect(parseDay('60', '1900')).toBeUndefined();
    for (const wrong of ['31.02.2024.', '29.02.2023.', '2024-13-01', '03/01/2024', 'ožujak 2024', '1.3.24.']) {
      expect(parseDay(wrong), wrong).toBeUndefined();
    }
  });
});

describe('the template', () => {
  it('has the attribute columns in the caller’s language, the start date as a date cell, and their rules', async () => {
    for (const [lang, headers, rule] of [
      ['hr', ['Odjel', 'Lokacija', 'Radno mjesto', 'Broj zaposlenika', 'Nadređeni', 'Datum zaposlenja'], 'Nadređeni:'],
      ['en', ['Department', 'Location', 'Job title', 'Employee number', 'Manager', 'Start date'], 'Manager:'],
    ] as const) {
      const res = await call(t, { url: '/api/export/template', token: admin.token, lang });
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
      const [people, rules] = workbook.worksheets;
      expect(((people?.getRow(1).values ?? []) as unknown[]).slice(7)).toEqual(headers);
      const start = people?.getRow(2).getCell(12);
      expect(start?.type).toBe(ExcelJS.ValueType.Date);
      expect(start?.value).toEqual(new Date('2024-03-01T00:00:00Z'));
      expect(start?.numFmt).toBe('dd.mm.yyyy.');
      const lines: string[] = [];
      rules?.eachRow((row) => lines.push(String(row.getCell(1).value)));
      expect(lines.some((line) => line.startsWith(rule))).toBe(true);
    }
  });
});

describe('importing attributes', () => {
  it('gives new people their attributes and managers, from the organisation or the same file, whatever the order', async () => {
    const file = csv(
      HEADER,
      // Named by a later row's username, the tenant's e-mail (any case) and employee number.
      'Ante Antić;ante@firma.hr;;;;;Prodaja;Split;Referent prodaje;A-7;luka.l;01.03.2024.',
      'Luka Lukić;;luka.l;;;;Prodaja;Zagreb;Voditelj prodaje;;VESNA@firma.hr;2019-09-02',
      'Iva Ivić;iva@firma.hr;;;;;Nabava;;;;E-1;1.2.2020',
      'Bez Ičega;bez@firma.hr;;;;;;;;;;',
    );
    const found = await check(file);
    expect(found.problems).toEqual([]);
    expect(found.outcomes.map((o) => o.outcome)).toEqual(['new', 'new', 'new', 'new']);
    const res = await send('/api/import/template', file);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().payload).toMatchObject({ created: 4 });

    const luka = await find('Luka Lukić');
    expect(await find('Ante Antić')).toMatchObject({
      department: 'Prodaja',
      location: 'Split',
      jobTitle: 'Referent prodaje',
      employeeNumber: 'A-7',
      manager: { id: luka.id, name: 'Luka Lukić' },
      startDate: '2024-03-01',
    });
    expect(luka).toMatchObject({ manager: { id: boss.id, name: 'Vesna Šefić' }, startDate: '2019-09-02' });
    expect(await find('Iva Ivić')).toMatchObject({ department: 'Nabava', location: null, manager: { id: boss.id } });
    expect(await find('Bez Ičega')).toMatchObject({ department: null, manager: null, startDate: null });
  });

  it('lists what changes of the people it has, and changes only the cells that are filled', async () => {
    const file = csv(
      HEADER,
      'Ante Antić;ante@firma.hr;;;;;Prodaja;Zagreb;;;vesna@firma.hr;15.03.2024.',
      'Iva Ivić;iva@firma.hr;;;;;;;;;;',
    );
    const found = await check(file);
    expect(found.outcomes).toEqual([
      {
        row: 2,
        name: 'Ante Antić',
        outcome: 'updated',
        changes: [
          { column: 'location', from: 'Split', to: 'Zagreb' },
          { column: 'manager', from: 'Luka Lukić', to: 'Vesna Šefić' },
          { column: 'startDate', from: '01.03.2024.', to: '15.03.2024.' },
        ],
        reason: null,
      },
      { row: 3, name: 'Iva Ivić', outcome: 'unchanged', changes: [], reason: null },
    ]);
    const res = await send('/api/import/template', file);
    expect(res.json().payload).toMatchObject({ created: 0, updated: 1, unchanged: 1 });
    expect(await find('Ante Antić')).toMatchObject({
      department: 'Prodaja',
      location: 'Zagreb',
      jobTitle: 'Referent prodaje',
      employeeNumber: 'A-7',
      manager: { id: boss.id },
      startDate: '2024-03-15',
    });
    expect(await find('Iva Ivić')).toMatchObject({ department: 'Nabava', manager: { id: boss.id } });
  });

  it('still imports an old template without the columns, leaving everyone’s attributes as they are', async () => {
    const old = csv('Ime i prezime;E-mail;Korisničko ime;Telefon;Uloga;Grupe', 'Ante Antić;ante@firma.hr;;;;');
    const found = await check(old);
    expect(found.outcomes).toMatchObject([{ outcome: 'unchanged' }]);
    expect((await send('/api/import/template', old)).json().payload).toMatchObject({ unchanged: 1 });
    expect(await find('Ante Antić')).toMatchObject({ department: 'Prodaja', manager: { id: boss.id } });
  });

  it('takes real date cells of an XLSX file, in either date system', async () => {
    for (const date1904 of [false, true]) {
      const workbook = new ExcelJS.Workbook();
      workbook.properties.date1904 = date1904;
      const sheet = workbook.addWorksheet('Osobe');
      sheet.addRow(['Full name', 'Email', 'Start date', 'Manager']);
      sheet.addRow(['Ante Antić', 'ante@firma.hr', new Date(Date.UTC(2023, 10, 6)), 'luka.l']);
      const bytes = Buffer.from(await workbook.xlsx.writeBuffer());
      const found = await check(bytes, 'osobe.xlsx');
      expect(found.problems).toEqual([]);
      expect(found.outcomes[0]?.changes).toEqual([
        { column: 'manager', from: 'Vesna Šefić', to: 'Luka Lukić' },
        { column: 'startDate', from: '15.03.2024.', to: '06.11.2023.' },
      ]);
    }
  });

  it('finds the problems of the attribute columns by row and column, in the admin’s language', async () => {
    const other = await makeTenant(t.db);
    await makeUser(t.db, { tenantId: other.id, email: 'tudi@druga.hr' });
    // Two people of the organisation share an employee number: that number names nobody.
    await makeUser(t.db, { tenantId, employeeNumber: 'DVA' });
    await makeUser(t.db, { tenantId, employeeNumber: 'DVA' });
    const file = csv(
      HEADER,
      `Dugi Odjel;dugi@firma.hr;;;;;${'x'.repeat(101)};;;;;`,
      'Krivi Datum;datum@firma.hr;;;;;;;;;;31.02.2024.',
      'Nepoznati;nepoznati@firma.hr;;;;;;;;;nitko@firma.hr;',
      'Tuđi Šef;tudji@firma.hr;;;;;;;;;tudi@druga.hr;',
      'Dvostruki;dvostruki@firma.hr;;;;;;;;;DVA;',
      'Sam Sebi;sam@firma.hr;;;;;;;;S-1;S-1;',
      'Krug Jedan;krug1@firma.hr;;;;;;;;;krug2@firma.hr;',
      'Krug Dva;krug2@firma.hr;;;;;;;;;krug1@firma.hr;',
      // Vesna is above Luka: Luka cannot be above her.
      'Vesna Šefić;vesna@firma.hr;;;;;;;;;luka.l;',
    );
    const found = await check(file);
    expect(problemsOf(found)).toEqual([
      [2, 'department', 'validation.attributeTooLong'],
      [3, 'startDate', 'invalidDate'],
      [4, 'manager', 'unknownManager'],
      [5, 'manager', 'unknownManager'],
      [6, 'manager', 'ambiguousManager'],
      [7, 'manager', 'validation.ownManager'],
      [8, 'manager', 'validation.managerCycle'],
      [9, 'manager', 'validation.managerCycle'],
      [10, 'manager', 'validation.managerCycle'],
    ]);
    const message = (row: number) => found.problems.find((p) => p.row === row)?.message;
    expect(message(2)).toBe('Najviše 100 znakova');
    expect(message(3)).toBe('Neispravan datum: upišite ga kao DD.MM.GGGG. (npr. 01.03.2024.)');
    expect(message(4)).toBe('Nema osobe „nitko@firma.hr” ni u organizaciji ni u tablici');
    expect(message(6)).toBe('„DVA” odgovara dvjema ili više osoba: upišite e-mail nadređenog');
    expect((await send('/api/import/template', file)).statusCode).toBe(400);
    expect(await find('Vesna Šefić')).toMatchObject({ manager: null });
  });
});
