import { PassThrough, type Readable } from 'node:stream';
import { EXPORT_TYPES, type ExportFormat } from '@kanal/contract';
import ExcelJS from 'exceljs';
import type { FastifyReply } from 'fastify';

type Cell = string | number | null;
/** One table of an export: its name (the XLSX sheet), headers, and rows as they come. */
export type ExportTable = { name: string; headers: string[]; rows: AsyncIterable<Cell[]> | Iterable<Cell[]> };

/**
 * A spreadsheet program runs a CSV cell that starts with = + - @ (or a tab or carriage return) as a
 * formula (OWASP's CSV injection): such a cell is written with a leading apostrophe, as text.
 */
const inert = (value: string) => (/^[=+\-@\t\r]/.test(value) ? `'${value}` : value);

function csvCell(value: Cell): string {
  const text = value === null ? '' : typeof value === 'number' ? String(value) : inert(value);
  return /[",;\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * Waits while the download is behind (memory then stays flat, however fast the rows are read), and fails once
 * it is gone: the rows' reading then stops, and whatever it holds (a cursor, a connection) is let go.
 */
async function roomIn(out: PassThrough) {
  if (out.writableNeedDrain && !out.destroyed) {
    await new Promise<void>((resolve) => {
      const go = () => {
        out.off('drain', go);
        out.off('close', go);
        resolve();
      };
      out.on('drain', go);
      out.on('close', go);
    });
  }
  if (out.destroyed) throw new Error('the download was aborted');
}

async function writeCsv(out: PassThrough, tables: ExportTable[]) {
  // The byte-order mark tells spreadsheet programs the file is UTF-8 (č, ć, đ, š, ž).
  out.write('\uFEFF');
  for (const [i, table] of tables.entries()) {
    if (tables.length > 1) out.write(`${i > 0 ? '\r\n' : ''}${csvCell(table.name)}\r\n`);
    out.write(`${table.headers.map(csvCell).join(',')}\r\n`);
    for await (const row of table.rows) {
      out.write(`${row.map(csvCell).join(',')}\r\n`);
      await roomIn(out);
    }
  }
  out.end();
}

/**
 * The style of every cell below the headers, one object for them all: exceljs gives each new cell a style
 * object of its own, and writing a style it has not seen costs rendering it, which was half the time of an
 * export of 98,001 rows (10.5 s of writing, 4.9 s with this one object).
 */
const PLAIN: Partial<ExcelJS.Style> = Object.freeze({});

async function writeXlsx(out: PassThrough, tables: ExportTable[]) {
  // Streamed: each row is written out when committed, so memory stays flat in the number of rows. Text
  // goes into string cells, which a spreadsheet never runs as a formula. Compressed at zlib's fastest
  // level: the default took another 1.6 s of the 98,001 rows' 4.9 s, for a file only somewhat smaller.
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: true,
    useSharedStrings: false,
    zip: { zlib: { level: 1 } },
  });
  for (const table of tables) {
    const sheet = workbook.addWorksheet(table.name.slice(0, 31));
    sheet.columns = table.headers.map((header) => ({ header, width: Math.max(12, header.length + 4) }));
    sheet.getRow(1).font = { bold: true };
    sheet.getRow(1).commit();
    for await (const row of table.rows) {
      const added = sheet.addRow(row);
      added.eachCell({ includeEmpty: true }, (cell) => {
        cell.style = PLAIN;
      });
      added.commit();
      await roomIn(out);
    }
    sheet.commit();
  }
  await workbook.commit();
}

/** An export as a download named `name` (the extension follows the format), never cached. */
export const sendExport = (reply: FastifyReply, format: ExportFormat, name: string, body: Readable) =>
  reply
    .type(EXPORT_TYPES[format])
    .header('content-disposition', `attachment; filename="${name}.${format}"`)
    .header('cache-control', 'private, no-store')
    .send(body);

/** The tables as one XLSX workbook (a sheet each) or one CSV (the tables one after another), streamed. */
export function exportTables(format: ExportFormat, tables: ExportTable[]): Readable {
  const out = new PassThrough();
  (format === 'csv' ? writeCsv(out, tables) : writeXlsx(out, tables)).catch((error: unknown) =>
    out.destroy(error as Error),
  );
  return out;
}
