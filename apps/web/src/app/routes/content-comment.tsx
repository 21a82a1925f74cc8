import { COMMENT_THANKS_REDIRECT_MS } from '@kanal/contract';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { Page } from '@/components/page';
import { LoadingView } from '@/components/status-view';
import { useContent } from '@/features/content/api/get-content';
import { CommentForm } from '@/features/content/components/comment-form';
import { ContentUnavailable, parseId } from '@/features/content/components/content-unavailable';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useGoBack } from '@/lib/use-go-back';

export function Component() {
  const { t } = useTranslation('content');
  const id = parseId(useParams().id);
  const content = useContent(id ?? 0);
  const goBack = useGoBack(id ? `/content/${id}` : '/');
  const [sent, setSent] = useState(false);
  useDocumentTitle(t('comment.title'));

  // Spec point 2: thanks, then back where the user came from; leaving earlier cancels the step back.
  useEffect(() => {
    if (!sent) return;
    const timer = setTimeout(goBack, COMMENT_THANKS_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [sent, goBack]);

  if (id === null) return <ContentUnavailable error={null} />;
  if (content.isError) return <ContentUnavailable error={content.error} onRetry={() => void content.refetch()} />;
  if (content.isPending) return <LoadingView />;
  return (
    <Page title={t('comment.title')} narrow>
      <p className="detail__subtitle">{content.data.name}</p>
      {sent ? (
        <p className="success-text" role="status">
          {t('comment.thanks')}
        </p>
      ) : content.data.settings.comments ? (
        <div className="card card--flat">
          <CommentForm contentId={id} onSent={() => setSent(true)} />
        </div>
      ) : (
        <p className="note">{t('comment.disabled')}</p>
      )}
    </Page>
  );
}
