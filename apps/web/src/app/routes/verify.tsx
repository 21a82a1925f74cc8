import { api, type CertificateCheck } from '@kanal/contract';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { ErrorView, LoadingView } from '@/components/feedback/status-view';
import { LanguageSwitch } from '@/components/language-switch';
import { CardPage } from '@/components/page';
import { ApiError, call } from '@/lib/api-client';
import { formatDate } from '@/lib/format';
import { useDocumentTitle } from '@/lib/hooks/use-document-title';
import { loadAreaTexts, useTranslation } from '@/lib/i18n';
import { queryKeys } from '@/lib/query-keys';
import './verify.css';

/** The check's texts come with it, never with the sign-in's. */
export async function loader() {
  await loadAreaTexts('certificate', {
    hr: () => import('@/locales/hr/certificate.json'),
    en: () => import('@/locales/en/certificate.json'),
  });
  return null;
}

/**
 * /verify/{code}: anyone a certificate is shown to checks it here, without signing in. It says whether
 * the certificate stands and repeats what it says, nothing more.
 */
export function Component() {
  const { t } = useTranslation('certificate');
  const { code = '' } = useParams();
  useDocumentTitle(t('title'));
  const check = useQuery({
    queryKey: queryKeys.certificate(code),
    queryFn: ({ signal }) => call(api.checkCertificate, { params: { code }, signal }),
    retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 2,
  });
  const missing = check.error instanceof ApiError && (check.error.status === 404 || check.error.status === 400);
  return (
    <CardPage title={t('title')} footer={<LanguageSwitch />}>
      {check.isPending ? (
        <LoadingView />
      ) : missing ? (
        <p className="verify__state verify__state--bad" role="status">
          {t('missing', { code })}
        </p>
      ) : check.isError ? (
        <ErrorView message={t('loadFailed')} onRetry={() => void check.refetch()} />
      ) : (
        <Certificate certificate={check.data} />
      )}
    </CardPage>
  );
}

function Certificate({ certificate }: { certificate: CertificateCheck }) {
  const { t } = useTranslation('certificate');
  const { revokedAt } = certificate;
  return (
    <>
      <p className={`verify__state verify__state--${revokedAt ? 'bad' : 'good'}`} role="status">
        {revokedAt ? t('revoked', { date: formatDate(revokedAt) }) : t('valid')}
      </p>
      <dl className="verify__facts">
        <dt>{t('person')}</dt>
        <dd>{certificate.person}</dd>
        <dt>{t('item')}</dt>
        <dd>{certificate.item}</dd>
        <dt>{t('organisation')}</dt>
        <dd>{certificate.organisation}</dd>
        <dt>{t('passedAt')}</dt>
        <dd>{formatDate(certificate.passedAt)}</dd>
        <dt>{t('mark')}</dt>
        <dd>{t('markValue', { percent: Math.round(certificate.mark * 100) })}</dd>
        <dt>{t('code')}</dt>
        <dd className="verify__code">{certificate.code}</dd>
      </dl>
      <p className="verify__about">{t('about')}</p>
    </>
  );
}
