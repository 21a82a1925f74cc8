import { type ContentList, NEW_CONTENT_LIMIT } from '@kanal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { useSession } from '@/lib/auth-store';
import { queryKeys } from '@/lib/query-keys';

/** Unfinished content for the caller, tasks first, then the newest (DESIGN.md §5). */
export const getNewContent = (limit: number, offset: number, signal?: AbortSignal) =>
  apiRequest<ContentList>(`/mobile/content/list/new?limit=${limit}&offset=${offset}`, { signal });

export const newContentQueryOptions = (enabled: boolean, limit = NEW_CONTENT_LIMIT, offset = 0) =>
  queryOptions({
    queryKey: queryKeys.content.newPage(limit, offset),
    queryFn: ({ signal }) => getNewContent(limit, offset, signal),
    enabled,
  });

export const useNewContent = () => useQuery(newContentQueryOptions(useSession() !== null));
