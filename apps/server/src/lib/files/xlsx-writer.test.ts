import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { writeXlsx, type XlsxCell, xlsxBuffer } from './xlsx-writer.js';

/** exceljs reads what we write: a reader that is not ours, as a spreadsheet program's would be. */
async function open(bytes: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  return workbook;
}

describe('the XLSX writer', () => {
  it('writes text as text, numbers, days and empty cells, with a bold header, widths and formats', async () => {
    const day = new Date('2026-11-27T00:00:00Z');
    const wide = Array.from({ length: 30 }, (_, i) => `c${i + 1}`);
    const bytes = await xlsxBuffer([
      {
        name: 'Osobe',
        columns: [{ width: 20, format: 'text' }, { width: 14 }, { width: 12, format: 'date' }, { width: 12 }],
        header: ['Ime', 'Bodovi', 'Početak', 'Prazno'],
        rows: [
          ['=SUM(A1) & <b>"Šime"</b>', 42.5, day, null],
          ['  razmak ', 0, null, 'kraj'],
          ['bez\u0001kontrole \u{1F600} \uD800x', -3, null, null],
        ],
      },
      { name: 'A/B: [x]?*', columns: [], rows: [wide] },
      { name: 'a/b: [x]?*', columns: [], rows: [['drugi']] },
      ...Array.from({ length: 8 }, () => ({ name: 'Dugo ime lista koje prelazi granicu', columns: [], rows: [] })),
    ]);
    const workbook = await open(bytes);
    const names = workbook.worksheets.map((s) => s.name);
    expect(names.slice(0, 5)).toEqual([
      'Osobe',
      'A B   x',
      'a b   x (3)',
      'Dugo ime lista koje prelazi gra',
      'Dugo ime lista koje prelazi (5)',
    ]);
    // Each within Excel's 31 characters, and none twice (whatever the case).
    expect(names.at(-1)).toBe('Dugo ime lista koje prelaz (11)');
    expect(new Set(names.map((n) => n.toLowerCase())).size).toBe(names.length);
    const sheet = workbook.getWorksheet('Osobe');
    expect(sheet?.getRow(1).values).toEqual([undefined, 'Ime', 'Bodovi', 'Početak', 'Prazno']);
    expect(sheet?.getRow(1).getCell(1).font?.bold).toBe(true);
    expect(sheet?.getColumn(1).width).toBe(20);
    expect(sheet?.getColumn(1).numFmt).toBe('@');
    const first = sheet?.getRow(2);
    expect(first?.getCell(1).type).toBe(ExcelJS.ValueType.String);
    expect(first?.getCell(1).value).toBe('=SUM(A1) & <b>"Šime"</b>');
    expect(first?.getCell(2).value).toBe(42.5);
    expect(first?.getCell(3).value).toEqual(day);
    expect(first?.getCell(3).numFmt).toBe('dd.mm.yyyy.');
    expect(first?.getCell(4).type).toBe(ExcelJS.ValueType.Null);
    expect(sheet?.getRow(3).getCell(1).value).toBe('  razmak ');
    expect(sheet?.getRow(4).getCell(1).value).toBe('bezkontrole \u{1F600} x');
    // Past Z the columns are AA, AB, …
    expect(workbook.worksheets[1]?.getRow(1).getCell(30).value).toBe('c30');
    expect(workbook.worksheets[1]?.getCell('AD1').value).toBe('c30');
  });

  it('hands the file over as the rows come, and stops reading them once the reader is gone', async () => {
    let read = 0;
    let readWhenFirstRowsWent = -1;
    let finished = false;
    async function* rows(): AsyncGenerator<XlsxCell[]> {
      try {
        for (; read < 50_000; read += 1) yield [`osoba ${read}`, read];
      } finally {
        finished = read === 50_000;
      }
    }
    const parts: Buffer[] = [];
    let sheetStarted = false;
    await writeXlsx(
      async (bytes) => {
        // The piece after the sheet's own header: its first compressed rows.
        if (sheetStarted && readWhenFirstRowsWent < 0) readWhenFirstRowsWent = read;
        sheetStarted ||= bytes.includes('xl/worksheets/sheet1.xml');
        parts.push(bytes);
      },
      [{ name: 'Osobe', columns: [{ width: 12 }, { width: 12 }], rows: rows() }],
    );
    expect(finished).toBe(true);
    expect(readWhenFirstRowsWent).toBeGreaterThan(0);
    expect(readWhenFirstRowsWent).toBeLessThan(50_000);
    const sheet = (await open(Buffer.concat(parts))).worksheets[0];
    expect(sheet?.rowCount).toBe(50_000);
    expect(sheet?.getRow(50_000).values).toEqual([undefined, 'osoba 49999', 49_999]);

    read = 0;
    let stoppedAt = -1;
    async function* endless(): AsyncGenerator<XlsxCell[]> {
      try {
        for (;;) {
          read += 1;
          yield [`osoba ${read}`];
        }
      } finally {
        stoppedAt = read;
      }
    }
    let written = 0;
    const aborted = writeXlsx(
      async (bytes) => {
        written += bytes.length;
        if (written > 200_000) throw new Error('the download was aborted');
      },
      [{ name: 'Osobe', columns: [], rows: endless() }],
    );
    await expect(aborted).rejects.toThrow('aborted');
    expect(stoppedAt).toBeGreaterThan(0);
  });
});
