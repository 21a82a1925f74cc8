import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router';
import { LanguageSwitch } from '@/components/language-switch';
import { CardPage } from '@/components/page';
import { LoginForm } from '@/features/auth/components/login-form';
import { useSession } from '@/lib/auth-store';
import { redirectTarget } from '@/lib/redirect';
import { useDocumentTitle } from '@/lib/use-document-title';

export function Component() {
  const { t } = useTranslation('auth');
  const session = useSession();
  const location = useLocation();
  useDocumentTitle(t('login.title'));
  // Signing in fills the session; this same render then takes the user where they were going.
  if (session) return <Navigate to={redirectTarget(location.state)} replace />;
  return (
    <CardPage title={t('login.title')} welcome={t('login.welcome')} footer={<LanguageSwitch />}>
      <LoginForm />
    </CardPage>
  );
}
