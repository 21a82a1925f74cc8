import { api } from '@kanal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { useSession } from '@/lib/auth-store';
import { queryKeys } from '@/lib/query-keys';

export const getMe = (signal?: AbortSignal) => call(api.getMe, { signal });

export const meQueryOptions = (userId: number | undefined) =>
  queryOptions({
    queryKey: queryKeys.me(userId ?? 0),
    queryFn: ({ signal }) => getMe(signal),
    // Spec point 6: every data call waits for a user id.
    enabled: userId !== undefined,
  });

export const useMe = () => useQuery(meQueryOptions(useSession()?.userId));
