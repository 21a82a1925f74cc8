import { api } from '@kanal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { useSession } from '@/lib/auth-store';
import { queryKeys } from '@/lib/query-keys';

/** Everyone's answers to a poll the caller finished, counted (a poll keeps no personal answers). */
export const getPollResults = (id: number, signal?: AbortSignal) =>
  call(api.getPollResults, { params: { id: String(id) }, signal });

export const pollResultsQueryOptions = (id: number, enabled: boolean) =>
  queryOptions({
    queryKey: queryKeys.content.pollResults(id),
    queryFn: ({ signal }) => getPollResults(id, signal),
    enabled: enabled && Number.isInteger(id) && id > 0,
  });

export const usePollResults = (id: number, enabled = true) => {
  const signedIn = useSession() !== null;
  return useQuery(pollResultsQueryOptions(id, enabled && signedIn));
};
