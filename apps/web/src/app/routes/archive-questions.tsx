import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { Page } from '@/components/page';
import { ErrorView, LoadingView } from '@/components/status-view';
import { useAttempts } from '@/features/content/api/get-attempts';
import { useContent } from '@/features/content/api/get-content';
import { usePollResults } from '@/features/content/api/get-poll-results';
import { AttemptReview, MyComments, PollResultsView } from '@/features/content/components/answer-review';
import { ReviewLinks } from '@/features/content/components/archive-detail';
import { ContentUnavailable, parseId } from '@/features/content/components/content-unavailable';
import { useDocumentTitle } from '@/lib/use-document-title';

/**
 * /archive/{id}/questions: the latest attempt's answers, or for a poll (which keeps no personal answers)
 * everyone's answers counted; then the user's own comments.
 */
export function Component() {
  const { t } = useTranslation('archive');
  const id = parseId(useParams().id);
  const content = useContent(id ?? 0);
  const isPoll = content.data?.type === 'POLL';
  const loaded = content.isSuccess;
  const attempts = useAttempts(id ?? 0, loaded && !isPoll);
  const poll = usePollResults(id ?? 0, loaded && isPoll);
  const answers = isPoll ? poll : attempts;
  useDocumentTitle(content.data?.name);

  if (id === null) return <ContentUnavailable error={null} />;
  if (content.isError) return <ContentUnavailable error={content.error} onRetry={() => void content.refetch()} />;
  if (content.isPending) return <LoadingView />;

  let review: ReactNode;
  if (answers.isPending) review = <LoadingView />;
  else if (answers.isError)
    review = <ErrorView message={t('review.loadFailed')} onRetry={() => void answers.refetch()} />;
  else if (poll.data) review = <PollResultsView results={poll.data} />;
  else if (attempts.data?.attempts[0]) review = <AttemptReview attempt={attempts.data.attempts[0]} />;
  else review = <p className="note">{t('review.noAttempts')}</p>;

  return (
    <Page title={content.data.name}>
      <div className="detail__toolbar">
        <Link to={`/archive/${id}`} className="button button--ghost detail__back">
          {t('back', { ns: 'content' })}
        </Link>
      </div>
      {review}
      <MyComments comments={content.data.comments} />
      <ReviewLinks item={content.data} answers={false} />
    </Page>
  );
}
