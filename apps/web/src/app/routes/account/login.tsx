import { Navigate, useLocation } from 'react-router';
import { LanguageSwitch } from '@/components/language-switch';
import { CardPage } from '@/components/page';
import { LoginForm } from '@/features/auth/components/login-form';
import { useSession } from '@/lib/auth-store';
import { useDocumentTitle } from '@/lib/hooks/use-document-title';
import { useTranslation } from '@/lib/i18n';
import { redirectTarget } from '@/lib/redirect';

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
