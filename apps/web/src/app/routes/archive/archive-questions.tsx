import type { ReactNode } from 'react';
import { ErrorView, LoadingView } from '@/components/feedback/status-view';
import { Page } from '@/components/page';
import { useRouteContent } from '@/content/hooks/use-route-content';
import { useAttempts } from '@/features/archive/api/get-attempts';
import { usePollResults } from '@/features/archive/api/get-poll-results';
import { AttemptReview, MyComments, PollResultsView } from '@/features/archive/components/answer-review';
import { ReviewLinks } from '@/features/archive/components/archive-detail';
import { useTranslation } from '@/lib/i18n';
import '@/content/components/detail.css';

export { loader } from './archive-texts';

/**
 * /archive/{id}/questions: the latest attempt's answers, or for a poll (which keeps no personal answers)
 * everyone's answers counted; then the user's own comments.
 */
export function Component() {
  const { t } = useTranslation('archive');
  const route = useRouteContent();
  const isPoll = route.item?.type === 'POLL';
  const loaded = route.item !== undefined;
  const attempts = useAttempts(route.id ?? 0, loaded && !isPoll);
  const poll = usePollResults(route.id ?? 0, loaded && isPoll);
  const answers = isPoll ? poll : attempts;

  if (route.blocker) return route.blocker;
  const { id, item } = route;

  let review: ReactNode;
  if (answers.isPending) review = <LoadingView />;
  else if (answers.isError)
    review = <ErrorView message={t('review.loadFailed')} onRetry={() => void answers.refetch()} />;
  else if (poll.data) review = <PollResultsView results={poll.data} />;
  else if (attempts.data?.attempts[0]) review = <AttemptReview attempt={attempts.data.attempts[0]} />;
  else review = <p className="note">{t('review.noAttempts')}</p>;

  return (
    <Page title={item.name} back={`/archive/${id}`}>
      {review}
      <MyComments comments={item.comments} />
      <ReviewLinks item={item} answers={false} />
    </Page>
  );
}
