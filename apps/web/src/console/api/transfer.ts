import { IMPORT_MAX_BYTES, type ImportCheck, type ImportResult } from '@kanal/contract';
import { useMutation } from '@tanstack/react-query';
import { ApiError, apiRequest } from '@/lib/api-client';
import { download } from '@/lib/browser/download';
import { scopedPath, useConsole } from '../lib/console-context';
import { useConsoleMutation } from './use-console-mutation';

/**
 * An uploaded spreadsheet as the import calls take it. A file over the server's limit is refused here,
 * with the server's own error, rather than after megabytes have gone up the wire.
 */
export function spreadsheetBody(file: File): FormData {
  if (file.size > IMPORT_MAX_BYTES) {
    throw new ApiError({ status: 413, code: 'PayloadTooLarge', message: '' });
  }
  const body = new FormData();
  body.append('file', file);
  return body;
}

/** Checks a people spreadsheet row by row; nothing is written, so nothing needs refreshing. */
export function useCheckImport() {
  const scope = useConsole();
  return useMutation({
    mutationFn: async (file: File) =>
      apiRequest<ImportCheck>(scopedPath('/import/template/check', scope), {
        method: 'POST',
        body: spreadsheetBody(file),
      }),
  });
}

/** What the check found in the file, as a spreadsheet (XLSX) to fix it by. */
export function useImportProblemsDownload() {
  const scope = useConsole();
  return useMutation({
    mutationFn: (file: File) =>
      download(scopedPath('/import/template/problems', scope), 'kanal-import-problems.xlsx', {
        method: 'POST',
        body: spreadsheetBody(file),
      }),
  });
}

/** Imports every row or none. */
export function useImportPeople() {
  const scope = useConsole();
  return useConsoleMutation(async (file: File) =>
    apiRequest<ImportResult>(scopedPath('/import/template', scope), { method: 'POST', body: spreadsheetBody(file) }),
  );
}

/** The import template, with its headers and instructions in the admin's language. */
export function useTemplateDownload() {
  const scope = useConsole();
  return useMutation({ mutationFn: () => download(scopedPath('/export/template', scope), 'kanal-import.xlsx') });
}

export const EXPORT_FORMATS = ['xlsx', 'csv'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** Everyone in the organisation, in the template's columns, so the file can be edited and imported back. */
export function usePeopleExport() {
  const scope = useConsole();
  return useMutation({
    mutationFn: (format: ExportFormat) =>
      download(scopedPath('/export/users', scope, { format }), `kanal-export.${format}`),
  });
}
