import { api, type ExportFormat, IMPORT_MAX_BYTES } from '@kanal/contract';
import { useMutation } from '@tanstack/react-query';
import { ApiError, call } from '@/lib/api-client';
import { pathOf } from '@/lib/api-path';
import { download } from '@/lib/browser/download';
import { inScope, useConsole } from '../lib/console-context';

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
    mutationFn: async (file: File) => call(api.checkImport, { query: inScope(scope), body: spreadsheetBody(file) }),
  });
}

/** What the check found in the file, as a spreadsheet (XLSX) to fix it by. */
export function useImportProblemsDownload() {
  const scope = useConsole();
  return useMutation({
    mutationFn: (file: File) =>
      download(pathOf(api.importProblems, {}, inScope(scope)), 'kanal-import-problems.xlsx', {
        method: api.importProblems.method,
        body: spreadsheetBody(file),
      }),
  });
}

/** Imports every row or none. */
export function useImportPeople() {
  const scope = useConsole();
  return useConsoleMutation(async (file: File) =>
    call(api.importPeople, { query: inScope(scope), body: spreadsheetBody(file) }),
  );
}

/** The import template, with its headers and instructions in the admin's language. */
export function useTemplateDownload() {
  return useMutation({ mutationFn: () => download(pathOf(api.importTemplate), 'kanal-import.xlsx') });
}

/** Everyone in the organisation, in the template's columns, so the file can be edited and imported back. */
export function usePeopleExport() {
  const scope = useConsole();
  return useMutation({
    mutationFn: (format: ExportFormat) =>
      download(pathOf(api.exportUsers, {}, { ...inScope(scope), format }), `kanal-export.${format}`),
  });
}
