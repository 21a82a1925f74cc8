import { IMPORT_MAX_UNPACKED_BYTES } from '@kanal/contract';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeGroup } from '../../../test/content-factories.js';
import { makePerson, makeTenant } from '../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { deflatedPart, deflatedRepeat, storedPart, zip } from '../../../test/zip-archive.js';

// Issue 28: an import's spreadsheet is read within limits, so a small file that unpacks to gigabytes,
// or holds millions of rows, is refused at once instead of filling the shared process's memory.

let t: TestApp;
let admin: { token: string };

beforeAll(async () => {
  t = await createTestApp();
  const tenantId = (await makeTenant(t.db)).id;
  admin = await makePerson(t.db, tenantId, { role: 'ADMIN' });
  await makeGroup(t.db, { tenantId, name: 'Prodaja' });
});
afterAll(() => t.close());

const MB = 1024 * 1024;
const IMPORT_CALLS = ['/api/import/template/check', '/api/import/template', '/api/group/import'];

const WORKBOOK = storedPart(
  'xl/workbook.xml',
  '<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Osobe" sheetId="1" r:id="rId1"/></sheets></workbook>',
);
const RELATIONS = storedPart(
  'xl/_rels/workbook.xml.rels',
  '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>',
);
const SHEET_START =
  '<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>Ime i prezime</t></is></c><c r="B1" t="inlineStr"><is><t>E-mail</t></is></c></row>';
const SHEET_END = '</sheetData></worksheet>';

/** A sheet's XML: the header row, then `block` repeated `times`, deflated. */
const sheetOf = (block: string, times = 1) => deflatedRepeat(SHEET_START, block, times, SHEET_END);

/**
 * An XLSX of `sheet` that declares its true unpacked size, as a zip tool writes it, or a small one
 * (`lying`), which must not be believed.
 */
function xlsx(sheet: ReturnType<typeof sheetOf>, { lying = false } = {}) {
  const declaredSize = lying ? 1000 : sheet.declaredSize;
  return zip([WORKBOOK, RELATIONS, { name: 'xl/worksheets/sheet1.xml', ...sheet, method: 8, declaredSize }]);
}

/** Row `row` of the sheet: a person with a name and an e-mail. */
const person = (row: number) =>
  `<row r="${row}"><c r="A${row}" t="inlineStr"><is><t>Osoba ${row}</t></is></c><c r="B${row}" t="inlineStr"><is><t>osoba${row}@primjer.hr</t></is></c></row>`;
let gigabyteOfSpace: ReturnType<typeof sheetOf>;
let tenMillionRows: ReturnType<typeof sheetOf>;
beforeAll(() => {
  // 1 GB of blank space inside the sheet (valid XML all the way), and ten million tiny rows with a value.
  gigabyteOfSpace = sheetOf(' '.repeat(MB), 1024);
  tenMillionRows = sheetOf(Array.from({ length: 10_000 }, () => person(2)).join(''), 1000);
});

const send = (url: string, bytes: Uint8Array, { lang = 'hr', name = 'osobe.xlsx' } = {}) => {
  const form = new FormData();
  form.append('file', new Blob([bytes]), name);
  return t.app.inject({
    method: 'POST',
    url,
    headers: { authorization: `Bearer ${admin.token}`, 'accept-language': lang },
    payload: form,
  });
};

/** The process's peak resident memory so far, in MB (it never goes down, so a rise is new memory). */
const peakRssMb = () => process.resourceUsage().maxRSS / 1024;

describe('an XLSX that unpacks past the limit', () => {
  it('is refused, on every import call, naming the limit in the caller’s language', async () => {
    const bomb = xlsx(gigabyteOfSpace);
    expect(bomb.length).toBeLessThan(2 * MB);
    for (const url of IMPORT_CALLS) {
      const res = await send(url, bomb);
      expect(res.statusCode, url).toBe(400);
      expect(res.json(), url).toMatchObject({
        code: 'BodyParamsInvalid',
        field: 'file',
        message: expect.stringContaining(`nakon raspakiranja veća od ${IMPORT_MAX_UNPACKED_BYTES / MB} MB`),
      });
    }
    expect((await send(IMPORT_CALLS[0] as string, bomb, { lang: 'en' })).json().message).toContain(
      `Unpacked, the spreadsheet is larger than ${IMPORT_MAX_UNPACKED_BYTES / MB} MB`,
    );
  });

  it('is refused by the bytes it really unpacks when it declares less, without the memory growing', async () => {
    // A small valid file first, so what the first import loads is not counted against the bomb.
    expect((await send(IMPORT_CALLS[0] as string, xlsx(sheetOf(person(2))))).statusCode).toBe(200);
    const peakBefore = peakRssMb();
    const bombs = [xlsx(gigabyteOfSpace, { lying: true }), xlsx(gigabyteOfSpace, { lying: true })];
    const answers = await Promise.all(bombs.map((bomb) => send(IMPORT_CALLS[0] as string, bomb)));
    for (const res of answers) {
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toContain(`${IMPORT_MAX_UNPACKED_BYTES / MB} MB`);
    }
    // Reading the whole sheet would take a gigabyte each; within the limit it takes a few MB.
    expect(peakRssMb() - peakBefore).toBeLessThan(64);
  });

  it('is refused for its rows when it holds ten million of them, whatever size it declares', async () => {
    for (const lying of [true, false]) {
      const res = await send(IMPORT_CALLS[0] as string, xlsx(tenMillionRows, { lying }));
      expect(res.statusCode).toBe(400);
      // Declaring its true size, it is refused for that before a row is read.
      expect(res.json().message).toContain(
        lying ? 'Tablica ima više od 10000 redaka' : `${IMPORT_MAX_UNPACKED_BYTES / MB} MB`,
      );
    }
  });

  it('still reads a sheet within the limits, with empty rows skipped and the rows numbered as in the file', async () => {
    const res = await send(
      IMPORT_CALLS[0] as string,
      xlsx(
        sheetOf(
          `${person(2)}<row r="3"/><row r="90000"><c r="B90000" t="inlineStr"><is><t>nije-adresa</t></is></c></row>`,
        ),
      ),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().payload).toMatchObject({
      rows: 2,
      problems: [
        { row: 90000, column: 'name', code: 'validation.required' },
        { row: 90000, column: 'email', code: 'validation.invalidEmail' },
      ],
    });
  });

  it('reads what exceljs writes: shared and rich texts, numbers, formulas, the first sheet only', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Osobe');
    sheet.addRow(['Ime i prezime', 'Korisničko ime', 'Telefon', 'Grupe']);
    sheet.addRow([
      { richText: [{ text: 'Ana ', font: { bold: true } }, { text: 'Anić' }] },
      { formula: 'LOWER("ANA.ANIC")', result: 'ana.anic' },
      385911234567,
      'Prodaja',
    ]);
    workbook.addWorksheet('Upute').addRow(['Ime i prezime', 'Korisničko ime']);
    const bytes = Buffer.from(await workbook.xlsx.writeBuffer());
    const res = await send('/api/import/template', bytes);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().payload).toMatchObject({ created: 1 });
    const found = await t.app.inject({
      url: `/api/user?q=${encodeURIComponent('anić')}`,
      headers: { authorization: `Bearer ${admin.token}` },
    });
    expect(found.json().payload.items[0]).toMatchObject({
      name: 'Ana Anić',
      username: 'ana.anic',
      phone: '385911234567',
      groups: [{ name: 'Prodaja' }],
    });
  });

  it('reads a ZIP64 archive whose elements carry a namespace prefix, with shared and rich texts', async () => {
    const main = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
    const cell = (ref: string, index: number) => `<x:c r="${ref}" t="s"><x:v>${index}</x:v></x:c>`;
    const sheet = `<x:worksheet xmlns:x="${main}"><x:sheetData><x:row r="1">${cell('A1', 0)}${cell('B1', 1)}</x:row><x:row r="2">${cell('A2', 2)}${cell('B2', 3)}</x:row></x:sheetData></x:worksheet>`;
    const strings = `<sst xmlns="${main}"><si><t>Ime i prezime</t></si><si><t>E-mail</t></si><si><t>Iva Ivić</t></si><si><r><t>iva</t></r><r><rPr><b/></rPr><t>@primjer.hr</t></r></si></sst>`;
    const bytes = zip(
      [
        WORKBOOK,
        RELATIONS,
        deflatedPart('xl/sharedStrings.xml', strings),
        deflatedPart('xl/worksheets/sheet1.xml', sheet),
      ],
      { zip64: true },
    );
    const res = await send(IMPORT_CALLS[0] as string, bytes);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().payload).toMatchObject({ rows: 1, problems: [] });
  });

  it('refuses an archive that is broken or not a spreadsheet as not a spreadsheet', async () => {
    const sheet = sheetOf(person(2));
    const cases = [
      // Cut short: no central directory.
      xlsx(sheetOf(person(2))).subarray(0, 200),
      // No workbook in it.
      zip([RELATIONS, { name: 'xl/worksheets/sheet1.xml', ...sheet, method: 8 }]),
      // Data that does not inflate.
      zip([WORKBOOK, RELATIONS, { ...storedPart('xl/worksheets/sheet1.xml', 'no deflate'), method: 8 }]),
      // A sheet that is not well-formed XML.
      zip([WORKBOOK, RELATIONS, storedPart('xl/worksheets/sheet1.xml', '<worksheet><sheetData><row>')]),
    ];
    for (const bytes of cases) {
      const res = await send(IMPORT_CALLS[0] as string, bytes);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toContain('Datoteka nije tablica');
    }
  });
});

describe('a CSV within limits', () => {
  const HEADER = 'Ime i prezime;E-mail';

  it('is refused past 10,000 rows, and for a line over the length limit, naming each limit', async () => {
    const rows = Array.from({ length: 10_001 }, (_, i) => `Osoba ${i};o${i}@primjer.hr`);
    const tooMany = await send(IMPORT_CALLS[0] as string, Buffer.from([HEADER, ...rows].join('\n')), {
      name: 'osobe.csv',
    });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json()).toMatchObject({ field: 'file', message: expect.stringContaining('više od 10000 redaka') });

    const longLine = Buffer.from(`${HEADER}\nOsoba;${'a'.repeat(10_000)}@primjer.hr\n`);
    for (const url of IMPORT_CALLS) {
      const res = await send(url, longLine, { name: 'osobe.csv' });
      expect(res.statusCode, url).toBe(400);
      expect(res.json(), url).toMatchObject({
        code: 'BodyParamsInvalid',
        field: 'file',
        message: expect.stringContaining('Redak tablice ima više od 10000 znakova'),
      });
    }
    const english = await send(IMPORT_CALLS[0] as string, longLine, { lang: 'en', name: 'osobe.csv' });
    expect(english.json().message).toContain('A row of the spreadsheet has more than 10000 characters');
    // A quoted field counts too, line breaks and all, even when it is the file's whole rest (2 MB).
    const quoted = Buffer.from(`${HEADER}\nOsoba;"${'a\n'.repeat(1024 * 1024)}"\n`);
    expect((await send(IMPORT_CALLS[0] as string, quoted, { lang: 'en', name: 'osobe.csv' })).json().message).toContain(
      'more than 10000 characters',
    );
  });

  it('skips empty lines without counting them, keeps quoted fields whole and numbers rows as in the file', async () => {
    const text = `${HEADER};Grupe\r\n"Kovač, Marija";marija@primjer.hr;"Prodaja"\r\n${'\r\n'.repeat(1_000_000)}"Ivo ""Ivek"" Ivić";nije-adresa;\r\n`;
    const res = await send(IMPORT_CALLS[0] as string, Buffer.from(text), { name: 'osobe.csv' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().payload).toMatchObject({
      rows: 2,
      problems: [{ row: 1_000_003, column: 'email', code: 'validation.invalidEmail' }],
    });
  });

  it('refuses a quote that is never closed as not a spreadsheet', async () => {
    const res = await send(IMPORT_CALLS[0] as string, Buffer.from(`${HEADER}\n"Marija;marija@primjer.hr\n`), {
      name: 'osobe.csv',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('Datoteka nije tablica');
  });
});
