import { EXPORT_TYPES } from '@kanal/contract';
import { and, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appUser, attempt, comment, contentInteraction } from '../../../db/schema/index.js';
import { makeContent, makeGroup } from '../../../test/content-factories.js';
import { call, makePerson, makeTenant, makeUser, upload } from '../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';

let t: TestApp;
let tenantId: number;
let admin: { id: number; token: string };
let hostile: { id: number };

beforeAll(async () => {
  t = await createTestApp();
  tenantId = (await makeTenant(t.db)).id;
  admin = await makePerson(t.db, tenantId, { role: 'ADMIN', now: t.clock.now() });
  const boss = await makeUser(t.db, { tenantId, name: 'Šef Prodaje', email: 'sef@primjer.hr' });
  hostile = await makeUser(t.db, {
    tenantId,
    name: "=cmd|' /C calc'!A0",
    email: 'formula@primjer.hr',
    phone: '+385 91 000 1111',
    department: 'Prodaja, jug',
    location: 'Split',
    jobTitle: '-voditelj',
    employeeNumber: '007',
    managerId: boss.id,
    startDate: '2024-03-01',
  });
  // Under them, one who signs in with a username, and under that one another (named so in the export).
  const noEmail = await makeUser(t.db, {
    tenantId,
    name: 'Bez E-maila',
    email: null,
    username: 'bez.emaila',
    managerId: hostile.id,
  });
  await makeUser(t.db, { tenantId, name: 'Treći', email: null, username: 'treci', managerId: noEmail.id });
  await makeGroup(t.db, { tenantId, name: 'Prodaja', members: [hostile.id] });
  await makeGroup(t.db, { tenantId, name: 'Jug', members: [hostile.id] });
  await t.db
    .update(appUser)
    .set({ createdAt: new Date('2026-03-04T23:30:00Z') })
    .where(eq(appUser.id, hostile.id));
});
afterAll(() => t.close());

const get = (url: string, token = admin.token) => call(t, { url, token });
async function workbookOf(payload: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(payload as unknown as ArrayBuffer);
  return workbook;
}

describe('exporting people', () => {
  it('writes XLSX with the template’s columns, dates as DD.MM.YYYY. and formulas only ever as text', async () => {
    const res = await get('/api/export/users');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/spreadsheetml/);
    expect(res.headers['content-disposition']).toBe('attachment; filename="kanal-osobe.xlsx"');
    const sheet = (await workbookOf(res.rawPayload)).worksheets[0];
    expect(sheet?.getRow(1).values).toEqual([
      undefined,
      'Ime i prezime',
      'E-mail',
      'Korisničko ime',
      'Telefon',
      'Uloga',
      'Grupe',
      'Odjel',
      'Lokacija',
      'Radno mjesto',
      'Broj zaposlenika',
      'Nadređeni',
      'Datum zaposlenja',
      'Status',
      'Dodano',
    ]);
    let found: ExcelJS.Row | undefined;
    sheet?.eachRow((row) => {
      if (row.getCell(2).text === 'formula@primjer.hr') found = row;
    });
    expect(found?.getCell(1).type).toBe(ExcelJS.ValueType.String);
    expect(found?.getCell(1).value).toBe("=cmd|' /C calc'!A0");
    // Midnight in Zagreb is still the day before in UTC.
    expect(found?.getCell(14).value).toBe('05.03.2026.');
    expect(found?.getCell(6).value).toBe('Jug, Prodaja');
    // The attributes; the manager as the import's manager column names them.
    expect(((found?.values ?? []) as unknown[]).slice(7, 13)).toEqual([
      'Prodaja, jug',
      'Split',
      '-voditelj',
      '007',
      'sef@primjer.hr',
      '01.03.2024.',
    ]);
    expect(found?.getCell(9).type).toBe(ExcelJS.ValueType.String);
    // Our own import reader takes the file our writer made, and it changes nobody.
    const back = await upload(t, '/api/import/template/check', admin.token, [
      { name: 'kanal-osobe.xlsx', bytes: res.rawPayload, type: EXPORT_TYPES.xlsx },
    ]);
    expect(back.json().payload.problems).toEqual([]);
    const outcomes = back.json().payload.outcomes as { outcome: string }[];
    expect(outcomes.length).toBeGreaterThan(0);
    expect(outcomes.filter((o) => o.outcome !== 'unchanged')).toEqual([]);
  });

  it('writes CSV with a BOM, quoting, and an apostrophe before anything a spreadsheet would run; it imports back', async () => {
    const res = await call(t, { url: '/api/export/users?format=csv', token: admin.token, lang: 'en' });
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="kanal-people.csv"');
    const text = res.body;
    expect(
      text.startsWith(
        '\uFEFFFull name,Email,Username,Phone,Role,Groups,Department,Location,Job title,Employee number,Manager,Start date,Status,Added\r\n',
      ),
    ).toBe(true);
    expect(text).toContain(
      `'=cmd|' /C calc'!A0,formula@primjer.hr,,'+385 91 000 1111,USER,"Jug, Prodaja","Prodaja, jug",Split,'-voditelj,007,sef@primjer.hr,01.03.2024.,Active,05.03.2026.`,
    );
    expect(text).toContain('Bez E-maila,,bez.emaila,,USER,,,,,,formula@primjer.hr,,');
    expect(text).toContain('Treći,,treci,,USER,,,,,,bez.emaila,,');
    const back = await upload(t, '/api/import/template/check', admin.token, [
      { name: 'people.csv', bytes: Buffer.from(text), type: 'text/csv' },
    ]);
    expect(back.json().payload.problems).toEqual([]);
    // Read back, it changes nobody: the attributes, the managers and the dates are as they were.
    const outcomes = back.json().payload.outcomes as { outcome: string; changes: unknown[] }[];
    expect(outcomes.filter((o) => o.outcome !== 'unchanged')).toEqual([]);
  });

  it('streams every person whatever their number, a page of the database at a time', async () => {
    const many = Array.from({ length: 2_001 }, (_, i) => ({
      tenantId,
      name: `Masovna ${i}`,
      username: `masovna.${i}`,
    }));
    await t.db.insert(appUser).values(many);
    const lines = (await get('/api/export/users?format=csv')).body.trimEnd().split('\r\n');
    const count = (await get('/api/user?limit=1')).json().payload.count;
    expect(lines).toHaveLength(count + 1);
    expect(new Set(lines).size).toBe(lines.length);
  });
});

describe("a person's access export", () => {
  it('holds their details, what they received, opened and finished, their attempts, comments and points', async () => {
    const person = await makePerson(t.db, tenantId);
    const course = await makeContent(t.db, {
      tenantId,
      creatorId: admin.id,
      type: 'EDUCATION',
      name: 'Zaštita podataka',
    });
    await t.db
      .update(contentInteraction)
      .set({ viewedAt: new Date('2026-05-01T08:00:00Z'), finishedAt: new Date('2026-05-01T08:20:00Z') })
      .where(eq(contentInteraction.userId, person.id));
    await t.db.insert(attempt).values({
      tenantId,
      userId: person.id,
      contentId: course.id,
      finalMark: 0.8,
      correct: 4,
      total: 5,
      createdAt: new Date('2026-05-01T08:15:00Z'),
    });
    await t.db.insert(comment).values({ tenantId, userId: person.id, contentId: course.id, text: 'Jasno objašnjeno.' });

    // Published before the person joined its audience: received when they joined. Scheduled: not received yet.
    const late = await makeContent(t.db, {
      tenantId,
      creatorId: admin.id,
      name: 'Stari cjenik',
      publishAt: new Date('2026-04-01T08:00:00Z'),
    });
    await t.db
      .update(contentInteraction)
      .set({ receivedAt: new Date('2026-04-03T09:30:00Z') })
      .where(and(eq(contentInteraction.userId, person.id), eq(contentInteraction.contentId, late.id)));
    await makeContent(t.db, {
      tenantId,
      creatorId: admin.id,
      name: 'Sutrašnja obavijest',
      status: 'scheduled',
      publishAt: new Date(t.clock.now().getTime() + 24 * 3600_000),
    });

    const res = await get(`/api/export/user/${person.id}`);
    expect(res.statusCode).toBe(200);
    const workbook = await workbookOf(res.rawPayload);
    expect(workbook.worksheets.map((s) => s.name)).toEqual(['Osoba', 'Sadržaji', 'Pokušaji', 'Komentari', 'Bodovi']);
    const [details, items, attempts, comments] = workbook.worksheets;
    if (!details || !items || !attempts || !comments) throw new Error('a sheet is missing');
    // The role and the status in the console's words.
    const value = (field: string) =>
      details
        .getRows(2, details.rowCount - 1)
        ?.find((row) => row.getCell(1).value === field)
        ?.getCell(2).value;
    expect([value('Uloga'), value('Status')]).toEqual(['Korisnik', 'Pozvan']);
    expect([value('Odjel'), value('Nadređeni'), value('Datum zaposlenja')]).toEqual([null, null, null]);
    const rows = (items.getRows(2, items.rowCount - 1) ?? []).map((row) => (row.values as unknown[]).slice(1));
    expect(rows.map((row) => row[0])).toEqual(['Stari cjenik', 'Zaštita podataka']);
    expect(rows[0]?.[2]).toBe('03.04.2026., 11:30');
    expect(rows[1]?.slice(3)).toEqual(['01.05.2026., 10:00', '01.05.2026., 10:20']);
    expect((attempts.getRow(2).values as unknown[]).slice(1)).toEqual([
      'Zaštita podataka',
      '01.05.2026., 10:15',
      80,
      4,
      5,
    ]);
    expect(comments.getRow(2).getCell(3).value).toBe('Jasno objašnjeno.');

    const other = await makePerson(t.db, (await makeTenant(t.db)).id, { role: 'ADMIN' });
    expect((await get(`/api/export/user/${person.id}`, other.token)).statusCode).toBe(404);
    const user = await makePerson(t.db, tenantId);
    expect((await get(`/api/export/user/${person.id}`, user.token)).statusCode).toBe(403);
    const analyst = await makePerson(t.db, tenantId, { role: 'ANALYST' });
    expect((await get(`/api/export/user/${person.id}?format=csv`, analyst.token)).body).toContain('Jasno objašnjeno.');
  });
});
