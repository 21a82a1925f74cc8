import { PassThrough, type Readable } from 'node:stream';
import { EXPORT_TYPES, type ExportFormat } from '@kanal/contract';
import type { FastifyReply } from 'fastify';
import { writeXlsx } from './xlsx-writer.js';

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
 * Writes to the download, waiting while it is behind (memory then stays flat, however fast the rows are read),
 * and fails once it is gone: the rows' reading then stops, and whatever it holds (a cursor, a connection) is
 * let go.
 */
const putInto = (out: PassThrough) => async (chunk: Buffer | string) => {
  if (out.destroyed) throw new Error('the download was aborted');
  if (!out.write(chunk) && !out.destroyed) {
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
};

async function writeCsv(put: (chunk: string) => Promise<void>, tables: ExportTable[]) {
  // The byte-order mark tells spreadsheet programs the file is UTF-8 (č, ć, đ, š, ž).
  await put('\uFEFF');
  for (const [i, table] of tables.entries()) {
    if (tables.length > 1) await put(`${i > 0 ? '\r\n' : ''}${csvCell(table.name)}\r\n`);
    await put(`${table.headers.map(csvCell).join(',')}\r\n`);
    for await (const row of table.rows) await put(`${row.map(csvCell).join(',')}\r\n`);
  }
}

function writeXlsxTables(put: (chunk: Buffer) => Promise<void>, tables: ExportTable[]) {
  return writeXlsx(
    put,
    tables.map(({ name, headers, rows }) => ({
      name,
      header: headers,
      columns: headers.map((header) => ({ width: Math.max(12, header.length + 4) })),
      rows,
    })),
  );
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
  const put = putInto(out);
  (format === 'csv' ? writeCsv(put, tables) : writeXlsxTables(put, tables))
    .then(() => out.end())
    .catch((error: unknown) => out.destroy(error as Error));
  return out;
}
