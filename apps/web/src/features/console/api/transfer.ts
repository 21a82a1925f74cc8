import type { ImportCheck, ImportResult } from '@kanal/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { scopedPath, useConsole } from '../lib/console-context';
import { useConsoleMutation } from './use-console-mutation';

const spreadsheet = (file: File) => {
  const body = new FormData();
  body.append('file', file);
  return body;
};

/** Checks a people spreadsheet row by row; nothing is written, so nothing needs refreshing. */
export function useCheckImport() {
  const scope = useConsole();
  return useMutation({
    mutationFn: (file: File) =>
      apiRequest<ImportCheck>(scopedPath('/import/template/check', scope), {
        method: 'POST',
        body: spreadsheet(file),
      }),
  });
}

/** Imports every row or none. */
export function useImportPeople() {
  const scope = useConsole();
  return useConsoleMutation((file: File) =>
    apiRequest<ImportResult>(scopedPath('/import/template', scope), { method: 'POST', body: spreadsheet(file) }),
  );
}
