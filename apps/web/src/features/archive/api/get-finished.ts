import { ARCHIVE_PAGE_SIZE, api, type FinishedFilters } from '@kanal/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { useSession } from '@/lib/auth-store';
import { queryKeys } from '@/lib/query-keys';

export type ArchiveFilters = { [K in keyof FinishedFilters]: string[] };

/**
 * The caller's finished content, the latest finished first. Spec point 7: limit 3, offset 3·page, each
 * filter as comma-separated values; empty filters are left out.
 */
export const getFinished = (page: number, filters: ArchiveFilters, signal?: AbortSignal) =>
  call(api.listFinishedItems, {
    query: { limit: ARCHIVE_PAGE_SIZE, offset: ARCHIVE_PAGE_SIZE * page, ...filters },
    signal,
  });

export const finishedQueryOptions = (page: number, filters: ArchiveFilters, enabled: boolean) =>
  queryOptions({
    queryKey: queryKeys.content.finishedPage(page, filters),
    queryFn: ({ signal }) => getFinished(page, filters, signal),
    // The pager keeps showing the last page until the next one arrives, instead of jumping to a spinner.
    placeholderData: keepPreviousData,
    enabled,
  });

export const useFinished = (page: number, filters: ArchiveFilters) =>
  useQuery(finishedQueryOptions(page, filters, useSession() !== null));
