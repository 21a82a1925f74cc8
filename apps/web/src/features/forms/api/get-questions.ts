import { api } from '@kanal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { useSession } from '@/lib/auth-store';
import { queryKeys } from '@/lib/query-keys';

export const getQuestions = (id: number, signal?: AbortSignal) =>
  call(api.getItemQuestions, { params: { id: String(id) }, signal });

export const questionsQueryOptions = (id: number, enabled: boolean) =>
  queryOptions({
    queryKey: queryKeys.content.questions(id),
    queryFn: ({ signal }) => getQuestions(id, signal),
    // Questions are read once per run: refetching mid-quiz could reorder what the user is answering.
    staleTime: Number.POSITIVE_INFINITY,
    enabled: enabled && Number.isInteger(id) && id > 0,
  });

export const useQuestions = (id: number) => useQuery(questionsQueryOptions(id, useSession() !== null));
