import type { ImportCheck } from '@kanal/contract';
import { and, eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appUser, contentInteraction } from '../../../db/schema/index.js';
import { makeContent, makeGroup } from '../../../test/content-factories.js';
import {
  call,
  lastMailTo,
  makePerson,
  makeTenant,
  makeUser,
  pngBytes,
  signIn,
  upload,
} from '../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';

let t: TestApp;
let tenantId: number;
let admin: { id: number; token: string };
let salesItem: number;

beforeAll(async () => {
  t = await createTestApp();
  tenantId = (await makeTenant(t.db)).id;
  admin = await makePerson(t.db, tenantId, { role: 'ADMIN', now: t.clock.now() });
  const creator = await makePerson(t.db, tenantId, { role: 'CREATOR' });
  const sales = await makeGroup(t.db, { tenantId, name: 'Prodaja' });
  await makeGroup(t.db, { tenantId, name: 'Skladište' });
  salesItem = (await makeContent(t.db, { tenantId, creatorId: creator.id, audience: { groups: [sales.id] } })).id;
});
afterAll(() => t.close());

const csv = (...lines: string[]) => Buffer.from(`${lines.join('\r\n')}\r\n`);
const HEADER = 'Ime i prezime;E-mail;Korisničko ime;Telefon;Uloga;Grupe';
const send = (url: string, bytes: Uint8Array, name = 'osobe.csv') =>
  upload(t, url, admin.token, [{ name, bytes, type: 'text/csv' }]);
const outcomesOf = (check: ImportCheck) => check.outcomes.map(({ row, outcome }) => [row, outcome]);
const peopleCount = async () =>
  (await t.db.select({ n: sql<number>`count(*)::int` }).from(appUser).where(eq(appUser.tenantId, tenantId)))[0]?.n;

describe('the template', () => {
  it('is an XLSX with the headers in the caller’s language, an example row and the rules', async () => {
    for (const [lang, header, sheetName] of [
      ['hr', 'Ime i prezime', 'Upute'],
      ['en', 'Full name', 'Instructions'],
    ] as const) {
      const res = await call(t, { url: '/api/export/template', token: admin.token, lang });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/spreadsheetml/);
      expect(res.headers['content-disposition']).toMatch(/^attachment; filename=".+\.xlsx"$/);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
      const [people, rules] = workbook.worksheets;
      expect(people?.getRow(1).getCell(1).text).toBe(header);
      expect(people?.getRow(2).getCell(4).text).toBe('+385 91 123 4567');
      expect(rules?.name).toBe(sheetName);
      expect(rules?.rowCount).toBeGreaterThan(3);
    }
  });
});

describe('checking and importing', () => {
  const bad = csv(
    HEADER,
    'Marija Kovač;marija@primjer.hr;;+385 91 111 2222;;Prodaja',
    'Bez Adrese;nije-adresa;;;;',
    'Ivo Ivić;;ivo.ivic;;USER;Nabava',
    'Marija Druga;MARIJA@primjer.hr;;;;',
    'Šef Šefić;sef@primjer.hr;;;SUPERADMIN;',
    ';;;;;Nabava',
  );

  it('finds every problem by row and column, in the admin’s language, and writes nothing', async () => {
    const before = await peopleCount();
    const res = await send('/api/import/template/check', bad);
    expect(res.statusCode, res.body).toBe(200);
    const { rows, problems } = res.json().payload as ImportCheck;
    expect(rows).toBe(6);
    expect(problems.map(({ row, column, code }) => [row, column, code])).toEqual([
      [3, 'email', 'validation.invalidEmail'],
      [4, 'groups', 'unknownGroup'],
      [5, 'email', 'duplicateInFile'],
      [6, 'role', 'validation.roleNotAllowed'],
      // A row refused on its own has its groups checked too.
      [7, 'name', 'validation.required'],
      [7, 'email', 'validation.emailOrUsername'],
      [7, 'groups', 'unknownGroup'],
    ]);
    expect(problems[1]?.message).toBe('Nema grupe „Nabava”');
    expect(problems[2]?.message).toBe('Ponavlja se u retku 2');
    expect(await peopleCount()).toBe(before);
    // The same findings as a sheet to fix the file by (CSV here; XLSX by default), in the file's order.
    const sheet = await send('/api/import/template/problems?format=csv', bad);
    expect(sheet.statusCode, sheet.body).toBe(200);
    expect(sheet.headers['content-disposition']).toBe('attachment; filename="kanal-uvoz-problemi.csv"');
    const lines = sheet.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe('Redak,Stupac,Vrsta,Opis');
    expect(lines).toContain('4,Grupe,Problem,Nema grupe „Nabava”');
    expect(lines).toHaveLength(1 + problems.length);
    expect(await peopleCount()).toBe(before);
    // Importing the same file refuses it whole.
    const refused = await send('/api/import/template', bad);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'BodyParamsInvalid', field: 'file' });
    expect(await peopleCount()).toBe(before);
  });

  it('imports the fixed file in one go: new people in their groups, welcomed, with codes for the username-only', async () => {
    const fixed = csv(
      HEADER,
      'Marija Kovač;marija@primjer.hr;;0911112222;;Prodaja',
      'Ivo Ivić;;ivo.ivic;;USER;skladiste',
      'Ana Anić;ana.anic@primjer.hr;ana.anic;;CREATOR;Prodaja, Skladište',
    );
    expect((await send('/api/import/template/check', fixed)).json().payload).toEqual({
      rows: 3,
      problems: [],
      warnings: [],
      outcomes: ['Marija Kovač', 'Ivo Ivić', 'Ana Anić'].map((name, i) => ({
        row: i + 2,
        name,
        outcome: 'new',
        changes: [],
        reason: null,
      })),
    });
    const res = await send('/api/import/template', fixed);
    expect(res.statusCode, res.body).toBe(200);
    const result = res.json().payload;
    expect(result).toMatchObject({ created: 3, updated: 0, unchanged: 0 });
    expect(result.codes).toEqual([{ name: 'Ivo Ivić', username: 'ivo.ivic', activationCode: expect.any(String) }]);

    const marija = (await call(t, { url: '/api/user?q=marija', token: admin.token })).json().payload.items[0];
    // A phone's leading zero stays: every cell is read as text.
    expect(marija).toMatchObject({ phone: '0911112222', role: 'USER', groups: [{ name: 'Prodaja' }] });
    const inbox = await t.db
      .select()
      .from(contentInteraction)
      .where(and(eq(contentInteraction.userId, marija.id), eq(contentInteraction.contentId, salesItem)));
    expect(inbox).toHaveLength(1);

    // The username-only person sets up with their code; the others got the welcome mail.
    const setup = await call(t, {
      method: 'POST',
      url: '/api/auth/setup-password',
      body: { email: 'ivo.ivic', password: 'Ivina-lozinka-1', activationCode: result.codes[0].activationCode },
    });
    expect(setup.json().payload.status).toBe('signedIn');
    const mail = await lastMailTo(t, 'ana.anic@primjer.hr');
    expect(mail?.subject).toBe('Dobro došli u Kanal');
  });

  it('updates the people it already has instead of duplicating them, and counts what stayed the same', async () => {
    const again = csv(
      HEADER,
      'Marija Kovač-Horvat;marija@primjer.hr;;0911112222;;Prodaja',
      'Ivo Ivić;;ivo.ivic;;USER;Skladište',
      'Ana Anić;ana.anic@primjer.hr;ana.anic;;CREATOR;Skladište,Prodaja',
    );
    const before = await peopleCount();
    // The same import under the spec's other name.
    const res = await send('/api/user/import', again);
    expect(res.json().payload).toEqual({ created: 0, updated: 1, unchanged: 2, skipped: 0, codes: [] });
    expect(await peopleCount()).toBe(before);
    expect((await call(t, { url: '/api/user?q=horvat', token: admin.token })).json().payload.count).toBe(1);
    // A file without groups leaves everyone's groups alone.
    const noGroups = await send(
      '/api/import/template',
      csv('Ime i prezime;E-mail', 'Marija Kovač-Horvat;marija@primjer.hr'),
    );
    expect(noGroups.json().payload).toMatchObject({ updated: 0, unchanged: 1 });
    const marija = (await call(t, { url: '/api/user?q=horvat', token: admin.token })).json().payload.items[0];
    expect(marija.groups).toEqual([{ id: expect.any(Number), name: 'Prodaja' }]);
    expect(await signIn(t, 'ivo.ivic', 'Ivina-lozinka-1')).toMatch(/_/);
  });

  it("reads XLSX too, and treats another organisation's address as a problem", async () => {
    const other = await makeTenant(t.db);
    await makeUser(t.db, { tenantId: other.id, email: 'tudi@primjer.hr' });
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Osobe');
    sheet.addRow(['Full name', 'Email', 'Groups']);
    sheet.addRow(['Tuđa Osoba', 'tudi@primjer.hr', '']);
    sheet.addRow(['Formula Osoba', { formula: 'LOWER("FORMULA@PRIMJER.HR")', result: 'formula@primjer.hr' }, '']);
    const bytes = Buffer.from(await workbook.xlsx.writeBuffer());
    const res = await upload(t, '/api/import/template/check', admin.token, [{ name: 'osobe.xlsx', bytes }]);
    expect(res.json().payload).toMatchObject({
      rows: 2,
      problems: [{ row: 2, column: 'email', code: 'errors.EmailTaken' }],
    });
  });

  it('refuses a file that is not a spreadsheet, an empty one, one without the headers and one over 10,000 rows', async () => {
    const cases: [Uint8Array, string][] = [
      [pngBytes(), 'Datoteka nije tablica: pošaljite XLSX ili CSV'],
      [Buffer.alloc(0), 'U tablici nema nijednog retka s osobom'],
      [csv(HEADER), 'U tablici nema nijednog retka s osobom'],
      [csv('a;b;c', '1;2;3'), 'Prvi redak mora imati nazive stupaca iz predloška'],
      [
        csv(HEADER, ...Array.from({ length: 10_001 }, (_, i) => `Osoba ${i};o${i}@primjer.hr;;;;`)),
        'Tablica ima više od 10000 redaka: podijelite je na manje',
      ],
    ];
    for (const [bytes, message] of cases) {
      const res = await send('/api/import/template/check', bytes);
      expect(res.statusCode, message).toBe(400);
      expect(res.json()).toMatchObject({ code: 'BodyParamsInvalid', field: 'file' });
      expect(res.json().message, message).toContain(message);
    }
  });

  it('imports groups from a column of names: the new ones created, the known ones left, all or none', async () => {
    const bad = csv('Naziv grupe', 'Nabava', 'Prodaja', '"Sjever, jug"', 'nabava');
    const refused = (await send('/api/group/import', bad)).json().payload;
    expect(refused.created).toBe(0);
    expect(refused.problems.map((p: { row: number; code: string }) => [p.row, p.code])).toEqual([
      [4, 'validation.groupNameComma'],
      [5, 'duplicateInFile'],
    ]);
    const before = (await call(t, { url: '/api/group/tenant', token: admin.token })).json().payload.length;
    expect((await call(t, { url: '/api/group/tenant', token: admin.token })).json().payload).toHaveLength(before);

    const res = await send('/api/group/import', csv('Group name', 'Nabava', 'PRODAJA', 'Uprava'));
    expect(res.json().payload).toEqual({ created: 2, unchanged: 1, problems: [] });
    const names = (await call(t, { url: '/api/group/tenant', token: admin.token }))
      .json()
      .payload.map((g: { name: string }) => g.name);
    expect(names).toEqual(expect.arrayContaining(['Nabava', 'Prodaja', 'Uprava']));
    expect(names).toHaveLength(before + 2);
  });

  it('is for admins only', async () => {
    const analyst = await makePerson(t.db, tenantId, { role: 'ANALYST' });
    expect(
      (await upload(t, '/api/import/template', analyst.token, [{ name: 'a.csv', bytes: csv(HEADER) }])).statusCode,
    ).toBe(403);
    expect((await call(t, { url: '/api/export/template', token: analyst.token })).statusCode).toBe(403);
  });
});

describe('groups named in a file', () => {
  it('are the one group of that name whatever its case or accents; an unknown one is a problem on its row', async () => {
    // The organisation cannot hold "Prodaja" and "Prodája" at once, so a folded match names one group.
    const twin = await call(t, { method: 'POST', url: '/api/group', token: admin.token, body: { name: 'Prodája' } });
    expect(twin.statusCode).toBe(409);
    const file = csv(
      HEADER,
      'Luka Lukić;luka@primjer.hr;;;;PRODÁJA',
      'Eva Ević;eva@primjer.hr;;;;prodaja, SKLADISTE',
      'Bez Grupe;bez.grupe@primjer.hr;;;;Prodaja sjever',
    );
    const check = (await send('/api/import/template/check', file)).json().payload as ImportCheck;
    expect(check.problems).toEqual([
      { row: 4, column: 'groups', code: 'unknownGroup', message: 'Nema grupe „Prodaja sjever”' },
    ]);
    expect(outcomesOf(check)).toEqual([
      [2, 'new'],
      [3, 'new'],
    ]);

    const res = await send('/api/import/template', csv(HEADER, ...file.toString().trim().split('\r\n').slice(1, 3)));
    expect(res.json().payload).toMatchObject({ created: 2 });
    const groupsOf = async (q: string) =>
      (await call(t, { url: `/api/user?q=${q}`, token: admin.token }))
        .json()
        .payload.items[0].groups.map((g: { name: string }) => g.name);
    expect(await groupsOf('luka')).toEqual(['Prodaja']);
    expect(await groupsOf('eva')).toEqual(['Prodaja', 'Skladište']);
  });
});

describe('names a spreadsheet would run as a formula', () => {
  it('are warnings on their rows, which do not stop the import; the names are stored as text', async () => {
    const file = csv(
      HEADER,
      '=1+2;formula1@primjer.hr;;;;',
      '+Plus Plusić;formula2@primjer.hr;;+385 91 333 4444;;',
      '-Minus Minusić;formula3@primjer.hr;;;;',
      '@Ana Anić;formula4@primjer.hr;;;;',
      'Obična Osoba;formula5@primjer.hr;;+385 91 333 5555;;',
    );
    const check = (await send('/api/import/template/check', file)).json().payload as ImportCheck;
    expect(check.problems).toEqual([]);
    expect(check.warnings.map(({ row, column, code }) => [row, column, code])).toEqual([
      [2, 'name', 'formulaLike'],
      [3, 'name', 'formulaLike'],
      [4, 'name', 'formulaLike'],
      [5, 'name', 'formulaLike'],
    ]);
    expect(check.warnings[0]?.message).toBe(
      'Počinje znakom „=”, koji tablični programi čitaju kao formulu. Spremit će se kao običan tekst.',
    );
    const form = new FormData();
    form.append('file', new Blob([file], { type: 'text/csv' }), 'osobe.csv');
    const english = await t.app.inject({
      method: 'POST',
      url: '/api/import/template/check',
      headers: { authorization: `Bearer ${admin.token}`, 'accept-language': 'en' },
      payload: form,
    });
    expect(english.json().payload.warnings[3].message).toBe(
      'Starts with “@”, which spreadsheet programs read as a formula. It will be stored as plain text.',
    );
    expect(check.outcomes.map((o) => o.outcome)).toEqual(['new', 'new', 'new', 'new', 'new']);

    expect((await send('/api/import/template', file)).json().payload).toMatchObject({ created: 5 });
    const stored = await t.db
      .select({ name: appUser.name })
      .from(appUser)
      .where(sql`${appUser.email} LIKE 'formula%@primjer.hr'`)
      .orderBy(appUser.email);
    expect(stored.map((row) => row.name)).toEqual([
      '=1+2',
      '+Plus Plusić',
      '-Minus Minusić',
      '@Ana Anić',
      'Obična Osoba',
    ]);
  });
});

describe('export, edit, import: a round trip', () => {
  let org: number;
  let orgAdmin: { id: number; token: string };
  let provider: { id: number; token: string };

  beforeAll(async () => {
    org = (await makeTenant(t.db)).id;
    orgAdmin = await makePerson(t.db, org, { role: 'ADMIN' });
    // As in the demo organisation: a SUPERADMIN is one of its people, whose row an ADMIN may not change.
    await makeUser(t.db, { tenantId: org, role: 'SUPERADMIN', name: 'Sanja Kovačević', email: 'sanja@firma.hr' });
    const staff = await makeUser(t.db, {
      tenantId: org,
      role: 'CREATOR',
      name: 'Ivo Ivić',
      email: null,
      username: 'ivo.ivic.firma',
      phone: '+385 91 123 4567',
    });
    const formula = await makeUser(t.db, { tenantId: org, name: '=Ana Anić', email: 'ana@firma.hr', phone: '091 222' });
    await makeUser(t.db, { tenantId: org, name: 'Marko Marić', email: 'marko@firma.hr', active: false });
    await makeGroup(t.db, { tenantId: org, name: 'Skladište', members: [staff.id] });
    await makeGroup(t.db, { tenantId: org, name: 'Prodaja', members: [staff.id, formula.id] });
    provider = await makePerson(t.db, (await makeTenant(t.db)).id, { role: 'SUPERADMIN' });
  });

  const exported = async (token: string, query: string) => {
    const res = await call(t, { url: `/api/export/users?${query}`, token });
    expect(res.statusCode).toBe(200);
    return res.rawPayload;
  };
  const checked = async (token: string, query: string, bytes: Buffer, name: string) => {
    const res = await upload(t, `/api/import/template/check?${query}`, token, [{ name, bytes }]);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().payload as ImportCheck;
  };
  const skippedSuperadmin = {
    row: 3,
    name: 'Sanja Kovačević',
    outcome: 'skipped',
    changes: [],
    reason: {
      code: 'personNotChangeable',
      message: 'Račun s ulogom SUPERADMIN mijenja samo SUPERADMIN, pa se ovaj redak preskače.',
    },
  };

  it("an ADMIN's export of everyone checks clean, each row unchanged but the SUPERADMIN's, skipped with why", async () => {
    for (const format of ['xlsx', 'csv'] as const) {
      const bytes = await exported(orgAdmin.token, `format=${format}`);
      const check = await checked(orgAdmin.token, '', bytes, `osobe.${format}`);
      expect(check.problems, format).toEqual([]);
      expect(check.rows, format).toBe(5);
      expect(outcomesOf(check), format).toEqual([
        [2, 'unchanged'],
        [3, 'skipped'],
        [4, 'unchanged'],
        [5, 'unchanged'],
        [6, 'unchanged'],
      ]);
      expect(check.outcomes[1], format).toEqual(skippedSuperadmin);
      expect(
        check.warnings.map(({ row, column, code }) => [row, column, code]),
        format,
      ).toEqual([[5, 'name', 'formulaLike']]);
    }
    const bytes = await exported(orgAdmin.token, 'format=xlsx');
    const res = await upload(t, '/api/import/template', orgAdmin.token, [{ name: 'osobe.xlsx', bytes }]);
    expect(res.json().payload).toEqual({ created: 0, updated: 0, unchanged: 4, skipped: 1, codes: [] });
  });

  it('an edited export updates the edited rows only; a row the admin may not change stays skipped', async () => {
    const text = (await exported(orgAdmin.token, 'format=csv'))
      .toString()
      .replace('Marko Marić', 'Marko Marić-Horvat')
      .replace('Sanja Kovačević', 'Sanja Kovač');
    const bytes = Buffer.from(text);
    const check = await checked(orgAdmin.token, '', bytes, 'osobe.csv');
    expect(outcomesOf(check)).toEqual([
      [2, 'unchanged'],
      [3, 'skipped'],
      [4, 'unchanged'],
      [5, 'unchanged'],
      [6, 'updated'],
    ]);
    const res = await upload(t, '/api/import/template', orgAdmin.token, [
      { name: 'osobe.csv', bytes, type: 'text/csv' },
    ]);
    expect(res.json().payload).toMatchObject({ created: 0, updated: 1, unchanged: 3, skipped: 1 });
    const names = await t.db.select({ name: appUser.name }).from(appUser).where(eq(appUser.tenantId, org));
    expect(names.map((row) => row.name)).toEqual(expect.arrayContaining(['Marko Marić-Horvat', 'Sanja Kovačević']));
  });

  it("a SUPERADMIN's export of the organisation (?tenant=) checks clean with every row unchanged", async () => {
    for (const format of ['xlsx', 'csv'] as const) {
      const bytes = await exported(provider.token, `format=${format}&tenant=${org}`);
      const check = await checked(provider.token, `tenant=${org}`, bytes, `osobe.${format}`);
      expect(check.problems, format).toEqual([]);
      expect(outcomesOf(check), format).toEqual([2, 3, 4, 5, 6].map((row) => [row, 'unchanged']));
    }
  });
});

describe('the preview of a checked file', () => {
  it('says per row who is new, who is updated with what changes, and who is unchanged; another organisation’s person is not updated', async () => {
    const org = (await makeTenant(t.db)).id;
    const orgAdmin = await makePerson(t.db, org, { role: 'ADMIN' });
    const vesna = await makeUser(t.db, {
      tenantId: org,
      name: 'Vesna Vidić',
      email: 'vesna@firma.hr',
      phone: '+385 91 111 2222',
    });
    const tomo = await makeUser(t.db, { tenantId: org, name: 'Tomo Tomić', email: 'tomo@firma.hr', phone: null });
    await makeGroup(t.db, { tenantId: org, name: 'Ured', members: [vesna.id, tomo.id] });
    await makeGroup(t.db, { tenantId: org, name: 'Teren' });
    // The same e-mail as a person of this file, in another organisation.
    await makeUser(t.db, { tenantId, name: 'Dora Drugić', email: 'dora@drugi.hr' });
    const file = csv(
      HEADER,
      'Nina Nović;nina@firma.hr;;;;Ured',
      'Vesna Vidić-Horvat;vesna@firma.hr;;+385 91 333 4444;;Ured, Teren',
      'Tomo Tomić;TOMO@firma.hr;;;USER;ured',
      'Dora Drugić;dora@drugi.hr;;;;',
    );
    const check = (
      await upload(t, '/api/import/template/check', orgAdmin.token, [{ name: 'osobe.csv', bytes: file }])
    ).json().payload as ImportCheck;
    expect(check.outcomes).toEqual([
      { row: 2, name: 'Nina Nović', outcome: 'new', changes: [], reason: null },
      {
        row: 3,
        name: 'Vesna Vidić-Horvat',
        outcome: 'updated',
        changes: [
          { column: 'name', from: 'Vesna Vidić', to: 'Vesna Vidić-Horvat' },
          { column: 'phone', from: '+385 91 111 2222', to: '+385 91 333 4444' },
          { column: 'groups', from: 'Ured', to: 'Ured, Teren' },
        ],
        reason: null,
      },
      { row: 4, name: 'Tomo Tomić', outcome: 'unchanged', changes: [], reason: null },
    ]);
    // Row 5 is no update of the other organisation's Dora: her e-mail is taken, and the row refused.
    expect(check.problems.map(({ row, column, code }) => [row, column, code])).toEqual([
      [5, 'email', 'errors.EmailTaken'],
    ]);
  });
});
