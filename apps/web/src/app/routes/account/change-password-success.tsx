import { useNavigate } from 'react-router';
import { Button } from '@/components/button';
import { Page } from '@/components/page';
import { useDocumentTitle } from '@/lib/hooks/use-document-title';
import { useTranslation } from '@/lib/i18n';

export function Component() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  useDocumentTitle(t('changePassword.successTitle'));
  return (
    <Page narrow>
      <div className="card card--flat" role="status">
        <div className="notice">
          <h1 className="notice__title">{t('changePassword.successTitle')}</h1>
          <p>{t('changePassword.successText')}</p>
          <Button onClick={() => navigate('/')}>{t('changePassword.toHome')}</Button>
        </div>
      </div>
    </Page>
  );
}
