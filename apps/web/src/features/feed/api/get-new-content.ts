import { api, NEW_CONTENT_LIMIT } from '@kanal/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { useSession } from '@/lib/auth-store';
import { queryKeys } from '@/lib/query-keys';

/** Unfinished content for the caller, tasks first, then the newest (DESIGN.md §5). */
export const getNewContent = (limit: number, offset: number, signal?: AbortSignal) =>
  call(api.listNewItems, { query: { limit, offset }, signal });

/** Home's page (zero-based) of NEW_CONTENT_LIMIT items. */
export const newContentQueryOptions = (enabled: boolean, page = 0) =>
  queryOptions({
    queryKey: queryKeys.content.newPage(NEW_CONTENT_LIMIT, page * NEW_CONTENT_LIMIT),
    queryFn: ({ signal }) => getNewContent(NEW_CONTENT_LIMIT, page * NEW_CONTENT_LIMIT, signal),
    // The pager keeps showing the last page until the next one arrives, instead of jumping to a skeleton.
    placeholderData: keepPreviousData,
    enabled,
  });

export const useNewContent = (page: number) => useQuery(newContentQueryOptions(useSession() !== null, page));
