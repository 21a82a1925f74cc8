import type { CountByType } from '@kanal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { useSession } from '@/lib/auth-store';
import { queryKeys } from '@/lib/query-keys';

/** Finished items per content type. */
export const getCountByType = (signal?: AbortSignal) =>
  apiRequest<CountByType>('/mobile/content/info/count', { signal });

export const countByTypeQueryOptions = (enabled: boolean) =>
  queryOptions({
    queryKey: queryKeys.content.countByType(),
    queryFn: ({ signal }) => getCountByType(signal),
    enabled,
  });

export const useCountByType = () => useQuery(countByTypeQueryOptions(useSession() !== null));
