import type { SubmissionResult } from '@kanal/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { showToast } from '@/components/feedback/toast';
import { useMarkFinished } from '@/content/api/mark-finished';
import { useSession } from '@/lib/auth-store';
import { formStorageKey } from '@/lib/browser/storage-keys';
import { removeStored } from '@/lib/browser/stored-value';
import { useTranslation } from '@/lib/i18n';
import { queryKeys } from '@/lib/query-keys';
import { useSubmitAnswers } from '../api/submit-answers';
import type { FormEndState } from '../lib/form-result';
import { isOffline, keepForLater } from '../lib/outbox';

/**
 * What both end screens do with the answers they were handed: submit them once, then finish the item.
 * What the submission answered is kept by the run's key, so an end screen opened again (back from the
 * comment screen, say) shows that answer and does not post the answers a second time: a poll's answers
 * are anonymous, so the server keeps no key to answer such a repeat from, and refuses it as a second
 * submission. `keepOffline` (polls and inquiries, which have no result to wait for): answers given
 * without a connection go to the outbox, to be sent once when it returns, and the person goes home.
 */
export function useFormSubmission(end: FormEndState, { keepOffline }: { keepOffline: boolean }) {
  const { contentId, answers, submissionKey } = end;
  const { t } = useTranslation('content');
  const userId = useSession()?.userId;
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const submit = useSubmitAnswers(contentId, submissionKey);
  const finish = useMarkFinished();
  const keptAs = queryKeys.submission(submissionKey);
  const earlier = queryClient.getQueryData<SubmissionResult | null>(keptAs);

  // Spec point 2: entering an end screen clears the stored run; its answers travel in the navigation state.
  useEffect(() => {
    removeStored(formStorageKey(contentId));
  }, [contentId]);

  return {
    /** `saved` is null when the item was already finished (see useSubmitAnswers). */
    submit: (then?: (saved: SubmissionResult | null) => void) => {
      if (earlier !== undefined) return then?.(earlier);
      submit.mutate(answers, {
        onSuccess: (saved) => {
          queryClient.setQueryData(keptAs, saved);
          then?.(saved);
        },
        onError: (error) => {
          if (!keepOffline || !isOffline(error) || userId === undefined) return;
          keepForLater(userId, end);
          showToast(t('result.keptOffline'));
          void navigate('/', { replace: true });
        },
      });
    },
    /** What the submission stored, once it has answered (null as for `submit`). */
    saved: submit.data ?? earlier,
    finishAndGoHome: () => finish.mutate({ contentId }, { onSuccess: () => navigate('/', { replace: true }) }),
    pending: submit.isPending || finish.isPending,
    error: submit.error ?? finish.error,
  };
}

export type FormSubmission = ReturnType<typeof useFormSubmission>;
