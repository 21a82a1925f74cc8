import { api } from '@kanal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { useSession } from '@/lib/auth-store';
import { queryKeys } from '@/lib/query-keys';

/** Finished vs total content, for the profile's activity bar. */
export const getContentStats = (signal?: AbortSignal) => call(api.myContentStats, { signal });

export const contentStatsQueryOptions = (enabled: boolean) =>
  queryOptions({
    queryKey: queryKeys.content.contentStats(),
    queryFn: ({ signal }) => getContentStats(signal),
    enabled,
  });

export const useContentStats = () => useQuery(contentStatsQueryOptions(useSession() !== null));
