import { api } from '@kanal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { useSession } from '@/lib/auth-store';
import { queryKeys } from '@/lib/query-keys';

/** Education the caller has attempted but not yet passed ("new with attempts"): archive page 0 shows it. */
export const getAttempted = (signal?: AbortSignal) => call(api.listAttemptedItems, { signal });

export const attemptedQueryOptions = (enabled: boolean) =>
  queryOptions({ queryKey: queryKeys.content.attempted, queryFn: ({ signal }) => getAttempted(signal), enabled });

export const useAttempted = (enabled: boolean) => {
  const signedIn = useSession() !== null;
  return useQuery(attemptedQueryOptions(enabled && signedIn));
};
