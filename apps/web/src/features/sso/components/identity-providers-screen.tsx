import type { IdentityProvider } from '@kanal/contract';
import { Link } from 'react-router';
import { ErrorView } from '@/components/feedback/status-view';
import { EmptyState, TableSkeleton } from '@/console/components/lists/data-table';
import { StatusBadge } from '@/console/components/status-badge';
import { ConsolePage } from '@/console/layout/console-page';
import { formatDateTime } from '@/lib/format';
import { useTranslation } from '@/lib/i18n';
import { useIdentityProviders } from '../api/identity-providers';
import '@/components/button.css';
import './sso.css';

export function ProviderStatusBadge({ enabled }: { enabled: boolean }) {
  const { t } = useTranslation('admin');
  return <StatusBadge tone={enabled ? 'on' : 'off'}>{t(enabled ? 'sso.state.on' : 'sso.state.off')}</StatusBadge>;
}

/** The organisation's identity providers, each opening its settings; an admin adds more. */
export function IdentityProvidersScreen() {
  const { t } = useTranslation('admin');
  const providers = useIdentityProviders();
  const addProvider = (
    <Link to="/admin/sso/new" className="button button--primary">
      {t('sso.new')}
    </Link>
  );

  return (
    <ConsolePage title={t('sso.title')} actions={addProvider}>
      <p className="sso-intro">{t('sso.intro')}</p>
      {providers.isPending ? (
        <TableSkeleton columns={5} rows={2} />
      ) : providers.isError ? (
        <ErrorView message={t('sso.loadFailed')} onRetry={() => void providers.refetch()} />
      ) : providers.data.length === 0 ? (
        <EmptyState title={t('sso.empty.title')}>
          <p>{t('sso.empty.text')}</p>
          {addProvider}
        </EmptyState>
      ) : (
        <table className="data-table">
          <caption className="visually-hidden">{t('sso.title')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('sso.columns.name')}</th>
              <th scope="col">{t('sso.columns.issuer')}</th>
              <th scope="col">{t('sso.columns.domains')}</th>
              <th scope="col">{t('sso.columns.status')}</th>
              <th scope="col">{t('sso.columns.updatedAt')}</th>
            </tr>
          </thead>
          <tbody>
            {providers.data.map((provider) => (
              <ProviderRow key={provider.id} provider={provider} />
            ))}
          </tbody>
        </table>
      )}
    </ConsolePage>
  );
}

function ProviderRow({ provider }: { provider: IdentityProvider }) {
  const { t } = useTranslation('admin');
  return (
    <tr>
      <td>
        <Link to={`/admin/sso/${provider.id}`} className="link users-table__name">
          {provider.name}
        </Link>
      </td>
      <td data-label={t('sso.columns.issuer')} className="sso-table__issuer">
        {provider.issuer}
      </td>
      <td data-label={t('sso.columns.domains')}>
        {provider.domains.length > 0 ? (
          provider.domains.join(', ')
        ) : (
          <span className="data-table__muted">{t('sso.noDomains')}</span>
        )}
      </td>
      <td data-label={t('sso.columns.status')}>
        <ProviderStatusBadge enabled={provider.enabled} />
      </td>
      <td data-label={t('sso.columns.updatedAt')} className="sso-table__date">
        {formatDateTime(provider.updatedAt)}
      </td>
    </tr>
  );
}
