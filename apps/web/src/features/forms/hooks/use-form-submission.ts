import type { SubmissionResult } from '@kanal/contract';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { useMarkFinished } from '@/content/api/mark-finished';
import { formStorageKey } from '@/lib/storage-keys';
import { removeStored } from '@/lib/stored-value';
import { useSubmitAnswers } from '../api/submit-answers';
import type { FormEndState } from '../lib/form-result';

/** What both end screens do with the answers they were handed: submit them, then finish the item. */
export function useFormSubmission({ contentId, answers, submissionKey }: FormEndState) {
  const navigate = useNavigate();
  const submit = useSubmitAnswers(contentId, submissionKey);
  const finish = useMarkFinished();

  // Spec point 2: entering an end screen clears the stored run; its answers travel in the navigation state.
  useEffect(() => {
    removeStored(formStorageKey(contentId));
  }, [contentId]);

  return {
    /** `saved` is null when the item was already finished (see useSubmitAnswers). */
    submit: (then?: (saved: SubmissionResult | null) => void) => submit.mutate(answers, { onSuccess: then }),
    /** What the submission stored, once it has answered (null as for `submit`). */
    saved: submit.data,
    finishAndGoHome: () => finish.mutate({ contentId }, { onSuccess: () => navigate('/', { replace: true }) }),
    pending: submit.isPending || finish.isPending,
    error: submit.error ?? finish.error,
  };
}

export type FormSubmission = ReturnType<typeof useFormSubmission>;
