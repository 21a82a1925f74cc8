import { pipeline } from 'node:stream/promises';
import { crc32, createDeflateRaw } from 'node:zlib';
import { escapeMarkup } from '../escape-markup.js';

/** A cell: text (never run as a formula), a number, a day (shown as Croatians write dates), or empty. */
export type XlsxCell = string | number | Date | null;
/** A column's width in characters and, for the cells of its empty rows too, how its values are shown. */
export type XlsxColumn = { width: number; format?: 'text' | 'date' };
/** One sheet: its name, columns, a bold header row if any, and its rows as they come. */
export type XlsxSheet = {
  name: string;
  columns: XlsxColumn[];
  header?: string[];
  rows: AsyncIterable<XlsxCell[]> | Iterable<XlsxCell[]>;
};

/**
 * Writes `sheets` as an XLSX workbook to `put`, which takes each piece of the file in turn (and may wait
 * while the reader is behind). Our own writer, not exceljs's streaming one: that made objects for every row,
 * cell and style, and writing 98,001 rows of 13 cells grew the process by 85 MB; here each cell is one short
 * string, encoded into the zip's deflate stream as it comes, and the same rows grow it by 13–14 MB (ADR 0055).
 */
export async function writeXlsx(put: (bytes: Buffer) => Promise<void>, sheets: XlsxSheet[]): Promise<void> {
  const zip = zipWriter(put);
  await zip.entry('[Content_Types].xml', [Buffer.from(contentTypes(sheets.length))]);
  await zip.entry('_rels/.rels', [Buffer.from(ROOT_RELS)]);
  await zip.entry('xl/workbook.xml', [Buffer.from(workbookXml(sheets))]);
  await zip.entry('xl/_rels/workbook.xml.rels', [Buffer.from(workbookRels(sheets.length))]);
  await zip.entry('xl/styles.xml', [Buffer.from(STYLES)]);
  for (const [i, sheet] of sheets.entries()) await zip.entry(`xl/worksheets/sheet${i + 1}.xml`, sheetXml(sheet));
  await zip.end();
}

/** The workbook as one buffer (a small file: the import template). */
export async function xlsxBuffer(sheets: XlsxSheet[]): Promise<Buffer> {
  const parts: Buffer[] = [];
  await writeXlsx(async (bytes) => {
    parts.push(bytes);
  }, sheets);
  return Buffer.concat(parts);
}

// The styles of styles.xml's cellXfs, by index: a plain cell, a bold header, text (@), a date.
const STYLE = { plain: 0, header: 1, text: 2, date: 3 } as const;
const STYLES =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n' +
  '<styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">' +
  '<numFmts count="1"><numFmt numFmtId="164" formatCode="dd.mm.yyyy."/></numFmts>' +
  '<fonts count="2"><font><sz val="11"/><name val="Calibri"/></font><font><b/><sz val="11"/><name val="Calibri"/></font></fonts>' +
  '<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>' +
  '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>' +
  '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>' +
  '<cellXfs count="4"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>' +
  '<xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/>' +
  '<xf numFmtId="49" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>' +
  '<xf numFmtId="164" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/></cellXfs>' +
  '<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles>' +
  '</styleSheet>';

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const MAIN_NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL_NS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PACKAGE_RELS = 'http://schemas.openxmlformats.org/package/2006/relationships';
const ROOT_RELS =
  `${XML_HEAD}<Relationships xmlns="${PACKAGE_RELS}">` +
  `<Relationship Id="rId1" Type="${REL_NS}/officeDocument" Target="xl/workbook.xml"/></Relationships>`;

function contentTypes(sheetCount: number) {
  const part = 'application/vnd.openxmlformats-officedocument.spreadsheetml';
  const sheets = Array.from(
    { length: sheetCount },
    (_, i) => `<Override PartName="/xl/worksheets/sheet${i + 1}.xml" ContentType="${part}.worksheet+xml"/>`,
  ).join('');
  return (
    `${XML_HEAD}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
    '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
    '<Default Extension="xml" ContentType="application/xml"/>' +
    `<Override PartName="/xl/workbook.xml" ContentType="${part}.sheet.main+xml"/>${sheets}` +
    `<Override PartName="/xl/styles.xml" ContentType="${part}.styles+xml"/></Types>`
  );
}

/**
 * Excel refuses a sheet name over 31 characters, with any of : \ / ? * [ ], starting or ending with an
 * apostrophe, or repeated (whatever the case).
 */
function sheetNames(sheets: XlsxSheet[]): string[] {
  const taken = new Set<string>();
  const bare = (name: string) => name.replace(/^[\s']+|[\s']+$/g, '');
  return sheets.map((sheet, i) => {
    let name = bare(bare(sheet.name.replace(/[:\\/?*[\]]/g, ' ')).slice(0, 31)) || `${i + 1}`;
    const suffix = ` (${i + 1})`;
    if (taken.has(name.toLowerCase())) name = `${name.slice(0, 31 - suffix.length)}${suffix}`;
    taken.add(name.toLowerCase());
    return name;
  });
}

function workbookXml(sheets: XlsxSheet[]) {
  const entries = sheetNames(sheets)
    .map((name, i) => `<sheet name="${escapeXml(name)}" sheetId="${i + 1}" r:id="rId${i + 1}"/>`)
    .join('');
  return `${XML_HEAD}<workbook xmlns="${MAIN_NS}" xmlns:r="${REL_NS}"><sheets>${entries}</sheets></workbook>`;
}

function workbookRels(sheetCount: number) {
  const sheets = Array.from(
    { length: sheetCount },
    (_, i) => `<Relationship Id="rId${i + 1}" Type="${REL_NS}/worksheet" Target="worksheets/sheet${i + 1}.xml"/>`,
  ).join('');
  return (
    `${XML_HEAD}<Relationships xmlns="${PACKAGE_RELS}">${sheets}` +
    `<Relationship Id="rId${sheetCount + 1}" Type="${REL_NS}/styles" Target="styles.xml"/></Relationships>`
  );
}

// Characters XML 1.0 cannot carry at all (control characters other than tab, line feed and carriage return,
// lone surrogates, U+FFFE and U+FFFF): dropped, or the file would not open.
const NOT_XML =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point.
  /[\0-\x08\x0B\x0C\x0E-\x1F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const escapeXml = (text: string) => escapeMarkup(text.replace(NOT_XML, ''));

/** A column's letters: 0 → A, 25 → Z, 26 → AA. */
function columnName(index: number): string {
  let name = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

/** Days since 30.12.1899. (Excel's day 0 in its 1900 system), as Excel keeps a day. */
const excelDay = (day: Date) => day.getTime() / 86_400_000 + 25_569;

const NEEDS_ESCAPE = /[&<>"'\uD800-\uDFFF\uFFFE\uFFFF]|[^\t\n\r\x20-\uFFFF]/;

/** A cell at `ref` (A1); an empty one is left out. */
function cellXml(ref: string, value: XlsxCell, style: number): string {
  const s = style === STYLE.plain ? '' : ` s="${style}"`;
  if (value === null || (typeof value === 'number' && !Number.isFinite(value))) return '';
  if (typeof value === 'number') return `<c r="${ref}"${s}><v>${value}</v></c>`;
  if (value instanceof Date) return `<c r="${ref}" s="${STYLE.date}"><v>${excelDay(value)}</v></c>`;
  const text = NEEDS_ESCAPE.test(value) ? escapeXml(value) : value;
  // Kept as typed: spaces at either end would otherwise be dropped by the reader.
  const space = text.length > 0 && text.trim().length !== text.length ? ' xml:space="preserve"' : '';
  return `<c r="${ref}"${s} t="inlineStr"><is><t${space}>${text}</t></is></c>`;
}

/** The size of the pieces a sheet is written in (what the deflate stream takes at once). */
const CHUNK_BYTES = 16 * 1024;

/**
 * Text encoded into pieces of CHUNK_BYTES as it comes, so no string outlives its cell. A sheet's XML gathered
 * as one string of 64 KB before it was encoded lived long enough to outlast V8's young generation, and the
 * writer alone grew the process by 39 MB instead of 14.
 */
function byteChunks() {
  let chunk = Buffer.allocUnsafe(CHUNK_BYTES);
  let used = 0;
  const full: Buffer[] = [];
  const flush = () => {
    if (used === 0) return;
    full.push(chunk.subarray(0, used));
    chunk = Buffer.allocUnsafe(CHUNK_BYTES);
    used = 0;
  };
  return {
    write(text: string) {
      // A UTF-8 character takes at most 3 bytes per UTF-16 unit.
      if (used + text.length * 3 > CHUNK_BYTES) flush();
      if (text.length * 3 > CHUNK_BYTES) full.push(Buffer.from(text, 'utf8'));
      else used += chunk.write(text, used);
    },
    /** The pieces filled so far, taken out; with `end`, the last one too. */
    take(end = false): Buffer[] {
      if (end) flush();
      return full.splice(0);
    },
  };
}

async function* sheetXml({ columns, header, rows }: XlsxSheet): AsyncIterable<Buffer> {
  const styles = columns.map((c) => (c.format ? STYLE[c.format] : STYLE.plain));
  const refs = columns.map((_, i) => columnName(i));
  const cols = columns
    .map((c, i) => {
      const style = styles[i] === STYLE.plain ? '' : ` style="${styles[i]}"`;
      return `<col min="${i + 1}" max="${i + 1}" width="${c.width}" customWidth="1"${style}/>`;
    })
    .join('');
  const out = byteChunks();
  out.write(`${XML_HEAD}<worksheet xmlns="${MAIN_NS}">${cols ? `<cols>${cols}</cols>` : ''}<sheetData>`);
  let r = 0;
  const row = (cells: XlsxCell[], style?: number) => {
    r += 1;
    out.write(`<row r="${r}">`);
    for (const [i, value] of cells.entries())
      out.write(cellXml(`${refs[i] ?? columnName(i)}${r}`, value, style ?? styles[i] ?? STYLE.plain));
    out.write('</row>');
  };
  if (header) row(header, STYLE.header);
  for await (const cells of rows) {
    row(cells);
    yield* out.take();
  }
  out.write('</sheetData></worksheet>');
  yield* out.take(true);
}

// The zip container (APPNOTE 6.3): each file deflated as it is written, its sizes and CRC in a data
// descriptor after it, then the central directory. No ZIP64: a part past 4 GB fails the export.
const LOCAL_HEADER = 0x04034b50;
const DATA_DESCRIPTOR = 0x08074b50;
const CENTRAL_HEADER = 0x02014b50;
const END_OF_DIRECTORY = 0x06054b50;
/** Sizes in a data descriptor after the data (bit 3), and names in UTF-8 (bit 11). */
const FLAGS = 0x0008 | 0x0800;
const DEFLATED = 8;
const VERSION = 20;
const MAX_32 = 0xffffffff;

/** The time of day and the day as MS-DOS kept them, which is what a zip's entries carry. */
function dosTime(at: Date) {
  return {
    time: (at.getHours() << 11) | (at.getMinutes() << 5) | Math.floor(at.getSeconds() / 2),
    date: ((at.getFullYear() - 1980) << 9) | ((at.getMonth() + 1) << 5) | at.getDate(),
  };
}

type Written = { name: Buffer; crc: number; size: number; compressed: number; offset: number };

function zipWriter(put: (bytes: Buffer) => Promise<void>) {
  const { time, date } = dosTime(new Date());
  /** What a local header (from byte 4) and a central one (from byte 6) both say of an entry, in the same order. */
  const headerFields = (header: Buffer, at: number, entry: Written) => {
    header.writeUInt16LE(VERSION, at);
    header.writeUInt16LE(FLAGS, at + 2);
    header.writeUInt16LE(DEFLATED, at + 4);
    header.writeUInt16LE(time, at + 6);
    header.writeUInt16LE(date, at + 8);
    header.writeUInt32LE(entry.crc, at + 10);
    header.writeUInt32LE(entry.compressed, at + 14);
    header.writeUInt32LE(entry.size, at + 18);
    header.writeUInt16LE(entry.name.length, at + 22);
  };
  const written: Written[] = [];
  let offset = 0;
  const write = async (bytes: Buffer) => {
    offset += bytes.length;
    if (offset > MAX_32) throw new Error('the spreadsheet is over 4 GB');
    await put(bytes);
  };

  return {
    async entry(path: string, body: AsyncIterable<Buffer> | Iterable<Buffer>) {
      const name = Buffer.from(path, 'utf8');
      const entry: Written = { name, crc: 0, size: 0, compressed: 0, offset };
      const local = Buffer.alloc(30);
      local.writeUInt32LE(LOCAL_HEADER, 0);
      // CRC and sizes stay 0 here: they follow the data.
      headerFields(local, 4, entry);
      await write(Buffer.concat([local, name]));
      await pipeline(
        async function* () {
          for await (const bytes of body) {
            entry.crc = crc32(bytes, entry.crc);
            entry.size += bytes.length;
            yield bytes;
          }
        },
        // zlib's fastest level: the default took another third of an export's time for a file only somewhat smaller.
        createDeflateRaw({ level: 1 }),
        async (deflated: AsyncIterable<Buffer>) => {
          for await (const chunk of deflated) {
            entry.compressed += chunk.length;
            await write(chunk);
          }
        },
      );
      if (entry.size > MAX_32) throw new Error('the spreadsheet is over 4 GB');
      const descriptor = Buffer.alloc(16);
      descriptor.writeUInt32LE(DATA_DESCRIPTOR, 0);
      descriptor.writeUInt32LE(entry.crc, 4);
      descriptor.writeUInt32LE(entry.compressed, 8);
      descriptor.writeUInt32LE(entry.size, 12);
      await write(descriptor);
      written.push(entry);
    },

    async end() {
      const start = offset;
      for (const entry of written) {
        const central = Buffer.alloc(46);
        central.writeUInt32LE(CENTRAL_HEADER, 0);
        central.writeUInt16LE(VERSION, 4);
        headerFields(central, 6, entry);
        // Extra field, comment, disk, attributes (30–41): none.
        central.writeUInt32LE(entry.offset, 42);
        await write(Buffer.concat([central, entry.name]));
      }
      const end = Buffer.alloc(22);
      end.writeUInt32LE(END_OF_DIRECTORY, 0);
      end.writeUInt16LE(written.length, 8);
      end.writeUInt16LE(written.length, 10);
      end.writeUInt32LE(offset - start, 12);
      end.writeUInt32LE(start, 16);
      await write(end);
    },
  };
}
