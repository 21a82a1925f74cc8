import type { IdentityProvider } from '@kanal/contract';
import { useId, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button } from '@/components/button';
import { ConfirmDialog } from '@/components/dialog';
import { ErrorView } from '@/components/feedback/status-view';
import { showToast } from '@/components/feedback/toast';
import { TableSkeleton } from '@/console/components/lists/data-table';
import { ConsolePage } from '@/console/layout/console-page';
import { useRouteId } from '@/console/lib/route-id';
import { errorText } from '@/lib/errors';
import { formatDateTime } from '@/lib/format';
import { useTranslation } from '@/lib/i18n';
import { useDeleteIdentityProvider, useIdentityProviders, useUpdateIdentityProvider } from '../api/identity-providers';
import { providerChangeResolver } from '../lib/provider-values';
import { ProviderStatusBadge } from './identity-providers-screen';
import { ProviderForm } from './provider-form';
import '@/components/button.css';
import './sso.css';

/** One identity provider: its settings to change, and its deletion. */
export function IdentityProviderScreen() {
  const { t } = useTranslation('admin');
  const id = useRouteId();
  const providers = useIdentityProviders();
  const provider = providers.data?.find((candidate) => candidate.id === id);
  const crumbs = [{ label: t('sso.title'), to: '/admin/sso' }];

  if (provider) return <ProviderDetail key={provider.id} provider={provider} />;
  // Just added, it is in the list being fetched again, not yet in the one at hand.
  if (id !== null && (providers.isPending || (providers.isFetching && !providers.isError))) {
    return (
      <ConsolePage title={t('loading', { ns: 'common' })} crumbs={crumbs}>
        <TableSkeleton columns={2} rows={6} />
      </ConsolePage>
    );
  }
  if (id !== null && providers.isError) {
    return (
      <ConsolePage title={t('sso.detail.loadFailed')} crumbs={crumbs}>
        <ErrorView message={errorText(t, providers.error)} onRetry={() => void providers.refetch()} />
      </ConsolePage>
    );
  }
  return (
    <ConsolePage title={t('sso.detail.notFound')} crumbs={crumbs}>
      <p>{t('sso.detail.notFoundText')}</p>
      <Link to="/admin/sso" className="link">
        {t('sso.detail.backToList')}
      </Link>
    </ConsolePage>
  );
}

function ProviderDetail({ provider }: { provider: IdentityProvider }) {
  const { t } = useTranslation('admin');
  const update = useUpdateIdentityProvider(provider.id);
  return (
    <ConsolePage
      title={provider.name}
      crumbs={[{ label: t('sso.title'), to: '/admin/sso' }]}
      actions={<ProviderStatusBadge enabled={provider.enabled} />}
    >
      <p className="sso-meta">
        {t('sso.detail.dates', {
          created: formatDateTime(provider.createdAt),
          updated: formatDateTime(provider.updatedAt),
        })}
      </p>
      <ProviderForm
        provider={provider}
        resolver={providerChangeResolver}
        submitLabel={t('console.actions.save')}
        cancel={
          <Link to="/admin/sso" className="button button--secondary">
            {t('sso.detail.backToList')}
          </Link>
        }
        onSubmit={async (body) => {
          const saved = await update.mutateAsync(body);
          showToast(t('sso.done.saved'));
          return saved;
        }}
      />
      <ProviderDeletion provider={provider} />
    </ConsolePage>
  );
}

function ProviderDeletion({ provider }: { provider: IdentityProvider }) {
  const { t } = useTranslation('admin');
  const headingId = useId();
  const navigate = useNavigate();
  const remove = useDeleteIdentityProvider(provider.id);
  const [confirming, setConfirming] = useState(false);
  return (
    <section className="console-panel sso-danger" aria-labelledby={headingId}>
      <h2 id={headingId} className="console-panel__title">
        {t('sso.delete.title')}
      </h2>
      <p>{t('sso.delete.text')}</p>
      <Button className="button--danger" onClick={() => setConfirming(true)}>
        {t('sso.delete.button')}
      </Button>
      {confirming ? (
        <ConfirmDialog
          title={t('sso.delete.confirmTitle', { name: provider.name })}
          confirmLabel={t('sso.delete.button')}
          danger
          pending={remove.isPending}
          error={remove.error ? errorText(t, remove.error) : undefined}
          onCancel={() => {
            setConfirming(false);
            remove.reset();
          }}
          onConfirm={() =>
            remove.mutate(undefined, {
              onSuccess: () => {
                showToast(t('sso.done.deleted', { name: provider.name }));
                navigate('/admin/sso', { replace: true });
              },
            })
          }
        >
          <p>{t('sso.delete.confirmText')}</p>
        </ConfirmDialog>
      ) : null}
    </section>
  );
}
