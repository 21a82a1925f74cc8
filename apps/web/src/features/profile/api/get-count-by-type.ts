import { api } from '@kanal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { useSession } from '@/lib/auth-store';
import { queryKeys } from '@/lib/query-keys';

/** Finished items per content type. */
export const getCountByType = (signal?: AbortSignal) => call(api.myCountByType, { signal });

export const countByTypeQueryOptions = (enabled: boolean) =>
  queryOptions({
    queryKey: queryKeys.content.countByType(),
    queryFn: ({ signal }) => getCountByType(signal),
    enabled,
  });

export const useCountByType = () => useQuery(countByTypeQueryOptions(useSession() !== null));
