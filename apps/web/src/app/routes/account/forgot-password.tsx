import { Link } from 'react-router';
import { LanguageSwitch } from '@/components/language-switch';
import { CardPage } from '@/components/page';
import { ForgotPasswordForm } from '@/features/auth/components/forgot-password-form';
import { useDocumentTitle } from '@/lib/hooks/use-document-title';
import { useTranslation } from '@/lib/i18n';

export function Component() {
  const { t } = useTranslation('auth');
  useDocumentTitle(t('forgot.title'));
  return (
    <CardPage title={t('forgot.title')} footer={<LanguageSwitch />}>
      <ForgotPasswordForm />
      <p className="card__aside">
        <Link to="/login" className="link">
          {t('forgot.backToLogin')}
        </Link>
      </p>
    </CardPage>
  );
}
