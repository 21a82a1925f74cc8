import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { LanguageSwitch } from '@/components/language-switch';
import { CardPage } from '@/components/page';
import { ResetPasswordForm } from '@/features/auth/components/reset-password-form';
import { useDocumentTitle } from '@/lib/use-document-title';

export function Component() {
  const { t } = useTranslation('auth');
  const { token = '' } = useParams();
  useDocumentTitle(t('reset.title'));
  return (
    <CardPage title={t('reset.title')} footer={<LanguageSwitch />}>
      <ResetPasswordForm token={token} />
    </CardPage>
  );
}
