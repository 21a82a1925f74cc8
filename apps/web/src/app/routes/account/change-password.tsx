import { useTranslation } from 'react-i18next';
import { Page } from '@/components/page';
import { ChangePasswordForm } from '@/features/auth/components/change-password-form';
import { useDocumentTitle } from '@/lib/hooks/use-document-title';

export function Component() {
  const { t } = useTranslation('auth');
  useDocumentTitle(t('changePassword.title'));
  return (
    <Page title={t('changePassword.title')} narrow>
      <div className="card card--flat">
        <ChangePasswordForm />
      </div>
    </Page>
  );
}
