import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { ErrorText } from '@/components/error-text';
import { CardPage } from '@/components/page';
import { Spinner } from '@/components/spinner';
import { useActivate } from '@/features/auth/api/activate';
import { serverMessage } from '@/lib/errors';
import { useDocumentTitle } from '@/lib/use-document-title';
import '@/components/button.css';
import '@/components/form.css';
import '@/components/status-view.css';

export function Component() {
  const { t } = useTranslation('auth');
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const activation = useActivate();
  const { mutate } = activation;
  const started = useRef(false);
  useDocumentTitle(t('activate.title'));

  useEffect(() => {
    // The link works once: never post it twice (React's strict mode runs effects twice in development).
    if (started.current) return;
    started.current = true;
    mutate(token, { onSuccess: () => navigate('/', { replace: true }) });
  }, [mutate, token, navigate]);

  return (
    <CardPage title={t('activate.title')}>
      {activation.isError ? (
        <div className="form">
          <ErrorText alert>{serverMessage(t, activation.error)}</ErrorText>
          <Link to="/login" replace className="button button--primary button--block">
            {t('activate.toLogin')}
          </Link>
        </div>
      ) : (
        <div className="status-view">
          <Spinner label={t('activate.working')} />
          <p>{t('activate.working')}</p>
        </div>
      )}
    </CardPage>
  );
}
