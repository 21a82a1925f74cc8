import { Link, useParams } from 'react-router';
import { Button } from '@/components/button';
import { ErrorText } from '@/components/form/error-text';
import { CardPage } from '@/components/page';
import { useConfirmEmail } from '@/features/profile/api/update-profile';
import { ApiError } from '@/lib/api-client';
import { errorText } from '@/lib/errors';
import { useDocumentTitle } from '@/lib/hooks/use-document-title';
import { useTranslation } from '@/lib/i18n';
import '@/components/button.css';
import '@/components/form/form.css';

export { loader } from '../profile-texts';

/**
 * The link mailed to a new e-mail address. A button rather than on opening, so a mail scanner that
 * follows links confirms nothing. No sign-in: it may be opened on another device.
 */
export function Component() {
  const { t } = useTranslation('profile');
  const { token = '' } = useParams();
  const confirm = useConfirmEmail();
  useDocumentTitle(t('confirm.title'));
  const { error } = confirm;

  return (
    <CardPage title={t('confirm.title')}>
      <div className="form">
        {confirm.isSuccess ? (
          <p role="status">{t('confirm.done')}</p>
        ) : (
          <>
            <p>{t('confirm.intro')}</p>
            <ErrorText alert>
              {error
                ? error instanceof ApiError && error.status === 404
                  ? t('confirm.invalid')
                  : errorText(t, error)
                : null}
            </ErrorText>
            <Button block loading={confirm.isPending} onClick={() => confirm.mutate(token)}>
              {t('confirm.submit')}
            </Button>
          </>
        )}
        <Link to="/" className="link">
          {t('confirm.home')}
        </Link>
      </div>
    </CardPage>
  );
}
