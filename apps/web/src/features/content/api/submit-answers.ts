import { IDEMPOTENCY_KEY_HEADER, type QuestionAnswer, type SubmissionResult } from '@kanal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError, apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const submitAnswers = (contentId: number, questionAnswers: QuestionAnswer[], idempotencyKey: string) =>
  apiRequest<SubmissionResult>(`/mobile/content/${contentId}/form/attempt`, {
    method: 'POST',
    body: { questionAnswers },
    headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
  });

/** randomUUID exists only in secure contexts; a plain-http deployment still gets 128 random bits. */
const newIdempotencyKey = () =>
  typeof crypto.randomUUID === 'function'
    ? crypto.randomUUID()
    : Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');

/**
 * Submits one set of answers. The key is made once per mounted screen, so a double click or a retry
 * after a lost answer stores one attempt. Resolves to null when the item was already finished
 * (409 AlreadySubmitted): the answers are in, which is what the end screens wait for (a poll's comment
 * detour submits first and comes back to a fresh screen).
 */
export const useSubmitAnswers = (contentId: number) => {
  const queryClient = useQueryClient();
  const [idempotencyKey] = useState(newIdempotencyKey);
  return useMutation({
    mutationFn: (answers: QuestionAnswer[]): Promise<SubmissionResult | null> =>
      submitAnswers(contentId, answers, idempotencyKey).catch((error: unknown) => {
        if (error instanceof ApiError && error.code === 'AlreadySubmitted') return null;
        throw error;
      }),
    // A submission moves the item between lists (finished, attempted) and changes the statistics.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.content.all }),
  });
};
