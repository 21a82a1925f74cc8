import { Page } from '@/components/page';
import { ChangePasswordForm } from '@/features/auth/components/change-password-form';
import { useDocumentTitle } from '@/lib/hooks/use-document-title';
import { useTranslation } from '@/lib/i18n';

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
