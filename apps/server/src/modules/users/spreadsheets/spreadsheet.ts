import { setImmediate as nextTurn } from 'node:timers/promises';
import { IMPORT_MAX_LINE_LENGTH, IMPORT_MAX_ROWS, IMPORT_MAX_UNPACKED_BYTES } from '@kanal/contract';
import { SaxesParser, type SaxesTagPlain } from 'saxes';
import { AppError } from '../../../lib/app-error.js';
import {
  type UnpackBudget,
  UnpackLimitError,
  unpackEntry,
  type ZipEntry,
  ZipFormatError,
  zipEntries,
} from '../../../lib/files/zip-entries.js';

const fileProblem = (message: string, params?: Record<string, number>) =>
  new AppError('BodyParamsInvalid', { field: { name: 'file', message }, ...(params ? { params } : {}) });
const notSpreadsheet = () => fileProblem('validation.importNotSpreadsheet');

/**
 * An uploaded spreadsheet's first sheet as text: its first row (the header), and every later row that
 * has a value, with its row number. Cells are trimmed; a row's empty cells may be holes.
 */
export type Sheet = {
  header: string[];
  rows: { row: number; cells: string[] }[];
  /**
   * An XLSX file's date system: a date cell holds its number of days since the end of 1899 (or, in
   * workbooks from old Macs, since 1904). A CSV has none: its dates are text.
   */
  dates?: DateSystem;
};
export type DateSystem = '1900' | '1904';

/** Counts a row that has a value: past IMPORT_MAX_ROWS under the header, reading stops there. */
function addRow(sheet: Sheet, row: number, cells: string[]) {
  if (row === 1) sheet.header = Array.from(cells, (cell) => cell ?? '');
  else if (cells.length > 0) {
    sheet.rows.push({ row, cells });
    if (sheet.rows.length > IMPORT_MAX_ROWS) throw fileProblem('validation.importTooManyRows');
  }
}

/** An XLSX file is a zip archive: it starts with a local file header. */
const isZip = (bytes: Buffer) => bytes.subarray(0, 4).equals(Buffer.from([0x50, 0x4b, 0x03, 0x04]));

// Excel's own bounds: a larger row or column number is not a spreadsheet.
const MAX_ROW = 1_048_576;
const MAX_COLUMN = 16_384;

type Parser = SaxesParser<{ xmlns: false; position: false }>;
/** An element's name without its namespace prefix (`x:row` → `row`): some writers prefix every element. */
const localName = (tag: SaxesTagPlain) => tag.name.slice(tag.name.indexOf(':') + 1);

/**
 * Hands the text of the elements the caller is inside to `take` while `on`, and nothing otherwise: with
 * no handler set, the parser does not gather text between elements (a bomb's megabytes of blank space).
 */
const textTo = (parser: Parser, take: (text: string) => void) => (on: boolean) => {
  if (on) {
    parser.on('text', take);
    parser.on('cdata', take);
  } else {
    parser.off('text');
    parser.off('cdata');
  }
};

/**
 * Parses an entry's XML as it unpacks, chunk by chunk, with the handlers `on` sets: the unpacked bytes
 * are counted against `budget` (zip-entries.ts), and a handler may throw to stop reading at once.
 */
async function parseEntry(zip: Buffer, entry: ZipEntry, budget: UnpackBudget, on: (parser: Parser) => void) {
  const parser: Parser = new SaxesParser({ xmlns: false, position: false });
  parser.on('error', () => {
    throw notSpreadsheet();
  });
  on(parser);
  const decoder = new TextDecoder();
  for await (const chunk of unpackEntry(zip, entry, budget)) parser.write(decoder.decode(chunk, { stream: true }));
  parser.write(decoder.decode()).close();
}

/** The part the workbook lists first (its first sheet), as a path in the archive, and its date system. */
async function firstSheetPath(zip: Buffer, entries: Map<string, ZipEntry>, budget: UnpackBudget) {
  const workbook = entries.get('xl/workbook.xml');
  const relations = entries.get('xl/_rels/workbook.xml.rels');
  if (!workbook || !relations) throw notSpreadsheet();
  let firstId: string | undefined;
  let dates: DateSystem = '1900';
  await parseEntry(zip, workbook, budget, (parser) =>
    parser.on('opentag', (tag) => {
      const name = localName(tag);
      if (name === 'workbookPr' && ['1', 'true'].includes(tag.attributes.date1904 ?? '')) dates = '1904';
      if (firstId !== undefined || name !== 'sheet') return;
      // The relationship's id is the one attribute `id` in a namespace (usually `r:id`).
      firstId = Object.entries(tag.attributes).find(([attribute]) => attribute.endsWith(':id'))?.[1];
    }),
  );
  if (firstId === undefined) throw notSpreadsheet();
  let target: string | undefined;
  await parseEntry(zip, relations, budget, (parser) =>
    parser.on('opentag', (tag) => {
      if (localName(tag) === 'Relationship' && tag.attributes.Id === firstId) target = tag.attributes.Target;
    }),
  );
  if (!target) throw notSpreadsheet();
  return { path: target.startsWith('/') ? target.slice(1) : `xl/${target}`, dates };
}

/** The workbook's shared texts, in order: a cell of type `s` holds an index into them. */
async function sharedStrings(zip: Buffer, entry: ZipEntry | undefined, budget: UnpackBudget) {
  const strings: string[] = [];
  if (!entry) return strings;
  let current: string | undefined;
  // A phonetic reading (<rPh>, Japanese) is not part of the text.
  let phonetic = 0;
  await parseEntry(zip, entry, budget, (parser) => {
    const collect = textTo(parser, (value) => {
      current += value;
    });
    parser.on('opentag', (tag) => {
      const name = localName(tag);
      if (name === 'si') current = '';
      else if (name === 'rPh') phonetic++;
      else if (name === 't') collect(phonetic === 0 && current !== undefined);
    });
    parser.on('closetag', (tag) => {
      const name = localName(tag);
      if (name === 't') collect(false);
      else if (name === 'rPh') phonetic--;
      else if (name === 'si') {
        strings.push(current ?? '');
        current = undefined;
      }
    });
  });
  return strings;
}

/** The column (from 0) of a cell reference such as `AB12`. */
function columnOf(reference: string): number {
  let column = 0;
  for (const letter of reference.match(/^[A-Z]+/)?.[0] ?? '') column = column * 26 + letter.charCodeAt(0) - 64;
  if (column < 1 || column > MAX_COLUMN) throw notSpreadsheet();
  return column - 1;
}

/**
 * Reads a sheet's rows as its XML unpacks, as the person sees each cell: a shared or inline text, a
 * formula's last result, a number as written. Rows are counted as they come (addRow).
 */
async function readSheet(zip: Buffer, entry: ZipEntry, strings: string[], budget: UnpackBudget): Promise<Sheet> {
  const sheet: Sheet = { header: [], rows: [] };
  let row = 0;
  let cells: string[] = [];
  let column = -1;
  let cell: { type: string; value: string } | undefined;
  let phonetic = 0;
  await parseEntry(zip, entry, budget, (parser) => {
    const collect = textTo(parser, (value) => {
      if (cell) cell.value += value;
    });
    parser.on('opentag', (tag) => {
      switch (localName(tag)) {
        case 'row':
          row = tag.attributes.r ? Number(tag.attributes.r) : row + 1;
          if (!Number.isInteger(row) || row < 1 || row > MAX_ROW) throw notSpreadsheet();
          cells = [];
          column = -1;
          break;
        case 'c':
          column = tag.attributes.r ? columnOf(tag.attributes.r) : column + 1;
          if (column >= MAX_COLUMN) throw notSpreadsheet();
          cell = { type: tag.attributes.t ?? 'n', value: '' };
          break;
        case 'rPh':
          phonetic++;
          break;
        // The value, or an inline text's parts (<is><t>, <is><r><t>); a formula (<f>) is not read.
        case 'v':
        case 't':
          collect(cell !== undefined && phonetic === 0);
          break;
      }
    });
    parser.on('closetag', (tag) => {
      switch (localName(tag)) {
        case 'v':
        case 't':
          collect(false);
          break;
        case 'rPh':
          phonetic--;
          break;
        case 'c': {
          const value = (
            cell?.type === 's' ? (strings[Number.parseInt(cell.value, 10)] ?? '') : (cell?.value ?? '')
          ).trim();
          if (value !== '') cells[column] = value;
          cell = undefined;
          break;
        }
        case 'row':
          addRow(sheet, row, cells);
          break;
      }
    });
  });
  return sheet;
}

/**
 * An XLSX file's first sheet. Only the parts needed are unpacked (the workbook's index, the shared texts,
 * that sheet), streamed and counted against IMPORT_MAX_UNPACKED_BYTES together: a zip bomb is refused
 * once that much has unpacked (at once when it declares more), whatever its entries claim.
 */
async function readXlsx(zip: Buffer): Promise<Sheet> {
  const entries = zipEntries(zip);
  const budget: UnpackBudget = { left: IMPORT_MAX_UNPACKED_BYTES };
  const first = await firstSheetPath(zip, entries, budget);
  const sheet = entries.get(first.path);
  if (!sheet) throw notSpreadsheet();
  const strings = await sharedStrings(zip, entries.get('xl/sharedStrings.xml'), budget);
  return { ...(await readSheet(zip, sheet, strings, budget)), dates: first.dates };
}

/**
 * The text of a file, if it is text: no NUL byte and valid UTF-8 all through (not a binary file named
 * .csv). The decoder drops a leading byte order mark.
 */
function textOf(bytes: Buffer): string | undefined {
  if (bytes.includes(0)) return undefined;
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return undefined;
  }
}

/** Croatian spreadsheet programs write CSV with semicolons: the header line tells which it is. */
function delimiterOf(text: string): ',' | ';' {
  const header = text.slice(0, text.indexOf('\n') === -1 ? undefined : text.indexOf('\n'));
  return (header.match(/;/g)?.length ?? 0) > (header.match(/,/g)?.length ?? 0) ? ';' : ',';
}

const lineTooLong = () => fileProblem('validation.importLineTooLong');

/**
 * The records of a CSV text with a value, each with its row number (RFC 4180: a quoted field may hold
 * the delimiter, doubled quotes and line breaks; lines end in CRLF, LF or CR). Empty lines are passed
 * over at once. A record is refused as soon as it runs past IMPORT_MAX_LINE_LENGTH characters, and so is
 * a quote that is never closed.
 */
function* csvRecords(text: string, delimiter: ',' | ';') {
  const unquoted = new RegExp(`[^${delimiter}\\r\\n]*`, 'y');
  let at = 0;
  for (let row = 1; at < text.length; row++) {
    if (text[at] === '\n' || text[at] === '\r') {
      at += text.startsWith('\r\n', at) ? 2 : 1;
      continue;
    }
    const start = at;
    const fields: string[] = [];
    for (;;) {
      let value = '';
      if (text[at] === '"') {
        // Quote to quote, a doubled one kept as one, checked against the limit at each quote.
        for (let from = at + 1; ; ) {
          const quote = text.indexOf('"', from);
          if (quote === -1) throw notSpreadsheet();
          if (quote - start > IMPORT_MAX_LINE_LENGTH) throw lineTooLong();
          value += text.slice(from, quote);
          at = quote + 1;
          if (text[at] !== '"') break;
          value += '"';
          from = at + 1;
        }
      } else {
        unquoted.lastIndex = at;
        value = unquoted.exec(text)?.[0] ?? '';
        at = unquoted.lastIndex;
      }
      if (at - start > IMPORT_MAX_LINE_LENGTH) throw lineTooLong();
      fields.push(value);
      if (text[at] !== delimiter) break;
      at++;
    }
    if (text.startsWith('\r\n', at)) at += 2;
    else if (text[at] === '\n' || text[at] === '\r') at++;
    // Anything else after a field is text after a closing quote.
    else if (at < text.length) throw notSpreadsheet();
    yield { row, fields, at };
  }
}

/** How much CSV is read at a time before other requests get their turn: reading is synchronous. */
const CSV_CHARS_PER_TURN = 256 * 1024;

/**
 * A CSV file in UTF-8 (comma or semicolon), every value kept as text: a phone's leading zero, a username
 * that looks like a number. The apostrophe our CSV exports put before a formula-like value is taken off,
 * so they import back. Rows are counted as they come (addRow).
 */
async function readCsv(bytes: Buffer): Promise<Sheet> {
  const text = textOf(bytes);
  if (text === undefined) throw notSpreadsheet();
  const sheet: Sheet = { header: [], rows: [] };
  let turn = 0;
  for (const { row, fields, at } of csvRecords(text, delimiterOf(text))) {
    const cells: string[] = [];
    fields.forEach((value, column) => {
      const cell = value.replace(/^'(?=[=+\-@])/, '').trim();
      if (cell !== '') cells[column] = cell;
    });
    addRow(sheet, row, cells);
    if (at - turn > CSV_CHARS_PER_TURN) {
      turn = at;
      await nextTurn();
    }
  }
  return sheet;
}

/**
 * The first sheet of an uploaded spreadsheet (XLSX by its signature, otherwise CSV in UTF-8), read within
 * the import's limits (IMPORT_MAX_ROWS rows, IMPORT_MAX_UNPACKED_BYTES unpacked, IMPORT_MAX_LINE_LENGTH
 * characters a CSV line), each refused with a clear 400 on `file` that names it, as is anything else.
 */
export async function readSpreadsheet(bytes: Buffer): Promise<Sheet> {
  if (bytes.length === 0) throw fileProblem('validation.importEmpty');
  if (!isZip(bytes)) return readCsv(bytes);
  try {
    return await readXlsx(bytes);
  } catch (error) {
    if (error instanceof UnpackLimitError) throw fileProblem('validation.importTooLargeUnpacked');
    // A broken archive, or deflated data that does not inflate (zlib's codes start with Z_).
    if (error instanceof ZipFormatError || String((error as { code?: unknown }).code).startsWith('Z_'))
      throw notSpreadsheet();
    throw error;
  }
}

export { fileProblem };
