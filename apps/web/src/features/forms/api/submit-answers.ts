import { api, IDEMPOTENCY_KEY_HEADER, type QuestionAnswer, type SubmissionResult } from '@kanal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, call } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const submitAnswers = (contentId: number, questionAnswers: QuestionAnswer[], idempotencyKey: string) =>
  call(api.submitAnswers, {
    params: { id: String(contentId) },
    body: { questionAnswers },
    headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
  });

/**
 * Submits one set of answers under the run's idempotency key, so a double click, a retry after a lost
 * answer or a second opening of the end screen stores one attempt. Resolves to null when the item was
 * finished by another submission (409 AlreadySubmitted: another tab or device): the answers are in,
 * which is what the end screens wait for.
 */
export const useSubmitAnswers = (contentId: number, idempotencyKey: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    // Tried even offline, to fail at once: the end screen keeps a poll's answers for later itself
    // (features/forms/lib/outbox.ts) rather than leave them in a paused mutation a reload would lose.
    networkMode: 'always',
    mutationFn: (answers: QuestionAnswer[]): Promise<SubmissionResult | null> =>
      submitAnswers(contentId, answers, idempotencyKey).catch((error: unknown) => {
        if (error instanceof ApiError && error.code === 'AlreadySubmitted') return null;
        throw error;
      }),
    // A submission moves the item between lists (finished, attempted) and changes the statistics.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.content.all }),
  });
};
