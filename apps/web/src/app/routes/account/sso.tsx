import { type ReactNode, useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { LoadingView } from '@/components/feedback/status-view';
import { ErrorText } from '@/components/form/error-text';
import { CardPage } from '@/components/page';
import { useRedeemSsoTicket, useSsoProviders } from '@/features/auth/api/sso';
import { useDocumentTitle } from '@/lib/hooks/use-document-title';
import { loadAreaTexts, useTranslation } from '@/lib/i18n';
import '@/components/button.css';
import '@/components/form/form.css';

/** Its texts come with it, never with the sign-in screen's: /login's budget counts every text it loads. */
export async function loader() {
  await loadAreaTexts('sso', {
    hr: () => import('@/locales/hr/sso.json'),
    en: () => import('@/locales/en/sso.json'),
  });
  return null;
}

/**
 * Where a sign-in through the organisation's identity provider lands (issue 31): with a ticket in the
 * address's fragment, it is traded for a session and the app opens; with `?error=` the refusal is
 * explained; with `?tenant=` (the organisation's sign-in link) its providers are offered.
 */
export function Component() {
  const { t } = useTranslation('sso');
  useDocumentTitle(t('title'));
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const redeem = useRedeemSsoTicket();
  // Read once and wiped from the address at once: the ticket stays in neither the history nor a bookmark.
  const [fragment] = useState(() => new URLSearchParams(window.location.hash.slice(1)));
  const ticket = fragment.get('ticket');
  const error = params.get('error');
  const tenant = ticket || error ? null : params.get('tenant');
  const providers = useSsoProviders(tenant);
  const { mutate } = redeem;

  useEffect(() => {
    if (!ticket) return;
    window.history.replaceState(null, '', window.location.pathname);
    mutate(
      { ticket, rememberMe: fragment.get('remember') === '1' },
      { onSuccess: () => navigate('/', { replace: true }) },
    );
  }, [ticket, fragment, mutate, navigate]);

  let body: ReactNode;
  if (ticket) {
    body = redeem.isError ? <ErrorText alert>{t('ticketFailed')}</ErrorText> : <LoadingView />;
  } else if (error) {
    // A reason this app does not know yet (a newer server's) reads as the provider's failure.
    body = <ErrorText alert>{t(`refused.${error}`, { defaultValue: t('refused.providerError') })}</ErrorText>;
  } else if (tenant && providers.isPending) {
    body = <LoadingView />;
  } else if (tenant && providers.isError) {
    body = <ErrorText alert>{t('providersFailed')}</ErrorText>;
  } else if (tenant && providers.data?.length) {
    body = (
      <>
        <p>{t('chooseIntro')}</p>
        {providers.data.map((provider) => (
          <a key={provider.url} className="button button--primary button--block" href={provider.url}>
            {t('signInWith', { name: provider.name })}
          </a>
        ))}
      </>
    );
  } else {
    body = <p>{t(tenant ? 'noProviders' : 'nothing')}</p>;
  }

  return (
    <CardPage title={t('title')}>
      <div className="form">
        {body}
        {ticket && !redeem.isError ? null : (
          <Link to="/login" className="link">
            {t('backToLogin')}
          </Link>
        )}
      </div>
    </CardPage>
  );
}
