import { api } from '@kanal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { useSession } from '@/lib/auth-store';
import { queryKeys } from '@/lib/query-keys';

/** The caller's attempts at one item, newest first. */
export const getAttempts = (id: number, signal?: AbortSignal) =>
  call(api.listItemAttempts, { params: { id: String(id) }, signal });

export const attemptsQueryOptions = (id: number, enabled: boolean) =>
  queryOptions({
    queryKey: queryKeys.content.attempts(id),
    queryFn: ({ signal }) => getAttempts(id, signal),
    enabled: enabled && Number.isInteger(id) && id > 0,
  });

export const useAttempts = (id: number, enabled = true) => {
  const signedIn = useSession() !== null;
  return useQuery(attemptsQueryOptions(id, enabled && signedIn));
};
