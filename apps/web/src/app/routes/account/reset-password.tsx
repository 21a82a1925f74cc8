import { useLocation, useParams } from 'react-router';
import { LanguageSwitch } from '@/components/language-switch';
import { CardPage } from '@/components/page';
import { ResetPasswordForm } from '@/features/auth/components/reset-password-form';
import { useDocumentTitle } from '@/lib/hooks/use-document-title';
import { useTranslation } from '@/lib/i18n';

const PURPOSES = { welcome: 'welcome', activate: 'activate', 'reset-password': 'reset' } as const;

/**
 * A mailed link that sets a password: a new one (/reset-password), a new person's first (/welcome), or
 * the first one a person asked for at sign-in (/activate).
 */
export function Component() {
  const { t } = useTranslation('auth');
  const { token = '' } = useParams();
  const page = useLocation().pathname.split('/')[1] as keyof typeof PURPOSES;
  const purpose = PURPOSES[page] ?? 'reset';
  useDocumentTitle(t(`${purpose}.title`));
  return (
    <CardPage title={t(`${purpose}.title`)} footer={<LanguageSwitch />}>
      <ResetPasswordForm token={token} purpose={purpose} />
    </CardPage>
  );
}
