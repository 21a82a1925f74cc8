import { COMMENT_THANKS_REDIRECT_MS } from '@kanal/contract';
import { useEffect, useState } from 'react';
import { Page } from '@/components/page';
import { useRouteContent } from '@/content/hooks/use-route-content';
import { CommentForm } from '@/features/item/components/comment-form';
import { useGoBack } from '@/lib/hooks/use-go-back';
import { useTranslation } from '@/lib/i18n';
import '@/content/components/meta.css';

export function Component() {
  const { t } = useTranslation('content');
  const route = useRouteContent(t('comment.title'));
  const goBack = useGoBack(route.id ? `/content/${route.id}` : '/');
  const [sent, setSent] = useState(false);

  // Spec point 2: thanks, then back where the user came from; leaving earlier cancels the step back.
  useEffect(() => {
    if (!sent) return;
    const timer = setTimeout(goBack, COMMENT_THANKS_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [sent, goBack]);

  if (route.blocker) return route.blocker;
  const { id, item } = route;
  return (
    <Page title={t('comment.title')} narrow>
      <p className="detail__subtitle">{item.name}</p>
      {sent ? (
        <p className="success-text" role="status">
          {t('comment.thanks')}
        </p>
      ) : item.settings.comments ? (
        <div className="card card--flat">
          <CommentForm contentId={id} onSent={() => setSent(true)} />
        </div>
      ) : (
        <p className="note">{t('comment.disabled')}</p>
      )}
    </Page>
  );
}
