import { useLocation, useNavigate } from 'react-router';
import { Button } from '@/components/button';
import { CardPage } from '@/components/page';
import { useDocumentTitle } from '@/lib/hooks/use-document-title';
import { useTranslation } from '@/lib/i18n';

export function Component() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const identifier = (useLocation().state as { identifier?: unknown } | null)?.identifier;
  useDocumentTitle(t('forgot.successTitle'));
  return (
    <CardPage title={t('forgot.successTitle')}>
      <div className="notice" role="status">
        <p>
          {typeof identifier === 'string' && identifier
            ? t('forgot.successText', { identifier })
            : t('forgot.successTextNoIdentifier')}
        </p>
        <p>{t('forgot.usernameOnly')}</p>
      </div>
      <Button block onClick={() => navigate('/login', { replace: true })}>
        {t('forgot.backToLogin')}
      </Button>
    </CardPage>
  );
}
