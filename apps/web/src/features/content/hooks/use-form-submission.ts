import type { QuestionAnswer, SubmissionResult } from '@kanal/contract';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { formStorageKey } from '@/lib/storage-keys';
import { removeStored } from '@/lib/stored-value';
import { useMarkFinished } from '../api/mark-finished';
import { useSubmitAnswers } from '../api/submit-answers';

/** What both end screens do with the answers they were handed: submit them, then finish the item. */
export function useFormSubmission(contentId: number, answers: QuestionAnswer[]) {
  const navigate = useNavigate();
  const submit = useSubmitAnswers(contentId);
  const finish = useMarkFinished();

  // Spec point 2: entering an end screen clears the stored run; its answers travel in the navigation state.
  useEffect(() => {
    removeStored(formStorageKey(contentId));
  }, [contentId]);

  return {
    /** `saved` is null when the item was already finished (see useSubmitAnswers). */
    submit: (then: (saved: SubmissionResult | null) => void) => submit.mutate(answers, { onSuccess: then }),
    finishAndGoHome: () => finish.mutate({ contentId }, { onSuccess: () => navigate('/', { replace: true }) }),
    pending: submit.isPending || finish.isPending,
    error: submit.error ?? finish.error,
  };
}

export type FormSubmission = ReturnType<typeof useFormSubmission>;
