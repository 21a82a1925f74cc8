import type { ContentDetail } from '@kanal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { useSession } from '@/lib/auth-store';
import { queryKeys } from '@/lib/query-keys';

export const getContent = (id: number, signal?: AbortSignal) =>
  apiRequest<ContentDetail>(`/mobile/content/${id}`, { signal });

export const contentQueryOptions = (id: number, enabled: boolean) =>
  queryOptions({
    queryKey: queryKeys.content.detail(id),
    queryFn: ({ signal }) => getContent(id, signal),
    enabled: enabled && Number.isInteger(id) && id > 0,
  });

export const useContent = (id: number) => useQuery(contentQueryOptions(id, useSession() !== null));
