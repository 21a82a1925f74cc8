import { type AnswerCheck, api } from '@kanal/contract';
import { useMutation } from '@tanstack/react-query';
import { call } from '@/lib/api-client';

export type AnswerCheckRequest = { questionId: number; answers: number[] };

export const checkAnswer = (contentId: number, { questionId, answers }: AnswerCheckRequest) =>
  call(api.checkAnswer, { params: { id: String(contentId), questionId: String(questionId) }, body: { answers } });

/**
 * Asks the server whether a quiz answer is right (the questions carry no answer key). `onChecked` is in
 * the hook's options, not in mutate()'s, so a verdict that arrives after the next pick is still heard.
 */
export const useCheckAnswer = (contentId: number, onChecked: (questionId: number, check: AnswerCheck) => void) =>
  useMutation({
    mutationFn: (request: AnswerCheckRequest) => checkAnswer(contentId, request),
    onSuccess: (check, { questionId }) => onChecked(questionId, check),
  });
