import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { AppError } from '../../lib/app-error.js';

const fileProblem = (message: string, params?: Record<string, number>) =>
  new AppError('BodyParamsInvalid', 400, { field: { name: 'file', message }, ...(params ? { params } : {}) });

/** An XLSX file is a zip archive: it starts with a local file header. */
const isZip = (bytes: Buffer) => bytes.subarray(0, 4).equals(Buffer.from([0x50, 0x4b, 0x03, 0x04]));

/** Text, not a binary file given a .csv name: no NUL byte and valid UTF-8 all through. */
function isText(bytes: Buffer): boolean {
  if (bytes.includes(0)) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
}

/** Croatian spreadsheet programs write CSV with semicolons: the header line tells which it is. */
function delimiterOf(text: string): string {
  const header = text.slice(0, text.indexOf('\n') === -1 ? undefined : text.indexOf('\n'));
  return (header.match(/;/g)?.length ?? 0) > (header.match(/,/g)?.length ?? 0) ? ';' : ',';
}

/** A cell as the person sees it: a formula's result, a date's text, nothing for an empty cell. */
function cellText(cell: ExcelJS.Cell): string {
  const value = cell.value;
  if (value === null || value === undefined) return '';
  if (typeof value === 'object' && 'result' in value) return String(value.result ?? '');
  return cell.text;
}

/**
 * The rows of an uploaded spreadsheet's first sheet as text (XLSX by its signature, otherwise CSV in
 * UTF-8, comma or semicolon). An import is bounded (IMPORT_MAX_BYTES), so it is read whole. Anything
 * else is refused with a clear 400 on `file`.
 */
export async function readSpreadsheet(bytes: Buffer): Promise<string[][]> {
  if (bytes.length === 0) throw fileProblem('validation.importEmpty');
  const workbook = new ExcelJS.Workbook();
  if (isZip(bytes)) {
    try {
      await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
    } catch {
      throw fileProblem('validation.importNotSpreadsheet');
    }
  } else {
    if (!isText(bytes)) throw fileProblem('validation.importNotSpreadsheet');
    const text = bytes.toString('utf8').replace(/^\uFEFF/, '');
    try {
      await workbook.csv.read(Readable.from([text]), {
        // Every value stays text: a phone's leading zero, a username that looks like a number. The
        // apostrophe our CSV exports put before a formula-like value is taken off, so they import back.
        map: (value: unknown) => (typeof value === 'string' ? value.replace(/^'(?=[=+\-@])/, '') : value),
        parserOptions: { delimiter: delimiterOf(text) },
      });
    } catch {
      throw fileProblem('validation.importNotSpreadsheet');
    }
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw fileProblem('validation.importEmpty');
  const rows: string[][] = [];
  sheet.eachRow({ includeEmpty: true }, (row, number) => {
    const cells: string[] = [];
    row.eachCell({ includeEmpty: true }, (cell, column) => {
      cells[column - 1] = cellText(cell).trim();
    });
    rows[number - 1] = Array.from(cells, (cell) => cell ?? '');
  });
  return Array.from(rows, (row) => row ?? []);
}

export { fileProblem };
