import { useTranslation } from 'react-i18next';
import { useLocation, useParams } from 'react-router';
import { LanguageSwitch } from '@/components/language-switch';
import { CardPage } from '@/components/page';
import { ResetPasswordForm } from '@/features/auth/components/reset-password-form';
import { useDocumentTitle } from '@/lib/use-document-title';

/** A mailed link that sets a password: a new one (/reset-password), or a new person's first (/welcome). */
export function Component() {
  const { t } = useTranslation('auth');
  const { token = '' } = useParams();
  const purpose = useLocation().pathname.startsWith('/welcome/') ? 'welcome' : 'reset';
  useDocumentTitle(t(`${purpose}.title`));
  return (
    <CardPage title={t(`${purpose}.title`)} footer={<LanguageSwitch />}>
      <ResetPasswordForm token={token} purpose={purpose} />
    </CardPage>
  );
}
