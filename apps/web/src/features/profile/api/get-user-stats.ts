import { api } from '@kanal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { useSession } from '@/lib/auth-store';
import { queryKeys } from '@/lib/query-keys';

export const getUserStats = (signal?: AbortSignal) => call(api.myStats, { signal });

export const userStatsQueryOptions = (enabled: boolean) =>
  queryOptions({ queryKey: queryKeys.content.userStats(), queryFn: ({ signal }) => getUserStats(signal), enabled });

export const useUserStats = () => useQuery(userStatsQueryOptions(useSession() !== null));
