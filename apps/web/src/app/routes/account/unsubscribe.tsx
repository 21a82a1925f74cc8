import { Link, useParams } from 'react-router';
import { Button } from '@/components/button';
import { ErrorText } from '@/components/form/error-text';
import { CardPage } from '@/components/page';
import { useUnsubscribe } from '@/features/notifications/api/notifications';
import { useDocumentTitle } from '@/lib/hooks/use-document-title';
import { useTranslation } from '@/lib/i18n';
import '@/components/button.css';
import '@/components/form/form.css';

/**
 * An e-mail's unsubscribe link: a button rather than on opening, so a mail scanner that follows links
 * does not unsubscribe anyone. No sign-in: the link's token names the person and the kind of notice.
 */
export function Component() {
  const { t } = useTranslation('shell');
  const { token = '' } = useParams();
  const unsubscribe = useUnsubscribe();
  useDocumentTitle(t('unsubscribe.title'));
  const topic = unsubscribe.data?.topic;

  return (
    <CardPage title={t('unsubscribe.title')}>
      <div className="form">
        {topic ? (
          <p role="status">{t(`unsubscribe.done.${topic}`)}</p>
        ) : (
          <>
            <p>{t('unsubscribe.intro')}</p>
            <ErrorText alert>{unsubscribe.isError ? t('unsubscribe.invalid') : null}</ErrorText>
            <Button block loading={unsubscribe.isPending} onClick={() => unsubscribe.mutate(token)}>
              {t('unsubscribe.confirm')}
            </Button>
          </>
        )}
        <Link to="/profile" className="link">
          {t('unsubscribe.settings')}
        </Link>
      </div>
    </CardPage>
  );
}
