import { type AdminTenant, TENANT_PAGE_SIZE } from '@kanal/contract';
import { useCallback } from 'react';
import { Link } from 'react-router';
import { ErrorView } from '@/components/feedback/status-view';
import { useTenants } from '@/console/api/tenants';
import { EmptyState, TableFooter, TableSkeleton } from '@/console/components/lists/data-table';
import { SearchBox } from '@/console/components/lists/search-box';
import { StatusBadge } from '@/console/components/status-badge';
import { ConsolePage } from '@/console/layout/console-page';
import { pageParam, useListParams } from '@/console/lib/list-params';
import { fileUrl } from '@/lib/file-url';
import { formatDate } from '@/lib/format';
import { useTranslation } from '@/lib/i18n';
import '@/components/button.css';
import './tenants.css';

/**
 * Where an organisation's logo is loaded from, or null without one. `?tenant=` because the file
 * belongs to that organisation, not to the provider's own the SUPERADMIN signs in with.
 */
export const logoUrl = ({ id, image }: Pick<AdminTenant, 'id' | 'image'>) =>
  image ? fileUrl(image, { tenant: id }) : null;

export function TenantStatusBadge({ active }: { active: boolean }) {
  const { t } = useTranslation('admin');
  return (
    <StatusBadge tone={active ? 'on' : 'off'}>
      {t(active ? 'tenants.state.active' : 'tenants.state.deactivated')}
    </StatusBadge>
  );
}

/** The provider's organisations (SUPERADMIN): search and page in the URL, each opening its own page. */
export function TenantsScreen() {
  const { t } = useTranslation('admin');
  const [params, update] = useListParams();
  const q = params.get('q') ?? '';
  const page = pageParam(params);
  const tenants = useTenants({ q, page, limit: TENANT_PAGE_SIZE });
  const onSearch = useCallback((value: string) => update({ q: value }), [update]);
  const items = tenants.data?.items ?? [];
  const newTenant = (
    <Link to="/admin/tenants/new" className="button button--primary">
      {t('tenants.new')}
    </Link>
  );

  return (
    <ConsolePage title={t('tenants.title')} actions={newTenant}>
      <div className="list-toolbar">
        <SearchBox label={t('tenants.search')} placeholder={t('tenants.searchHint')} value={q} onSearch={onSearch} />
      </div>

      {tenants.isPending ? (
        <TableSkeleton columns={4} />
      ) : tenants.isError ? (
        <ErrorView message={t('tenants.loadFailed')} onRetry={() => void tenants.refetch()} />
      ) : items.length === 0 ? (
        q ? (
          <EmptyState title={t('tenants.empty.filteredTitle')}>
            <p>{t('tenants.empty.filteredText')}</p>
          </EmptyState>
        ) : (
          <EmptyState title={t('tenants.empty.title')}>
            <p>{t('tenants.empty.text')}</p>
            {newTenant}
          </EmptyState>
        )
      ) : (
        <table className="data-table" aria-busy={tenants.isPlaceholderData || undefined}>
          <caption className="visually-hidden">{t('tenants.title')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('tenants.columns.name')}</th>
              <th scope="col">{t('tenants.columns.people')}</th>
              <th scope="col">{t('tenants.columns.status')}</th>
              <th scope="col">{t('tenants.columns.createdAt')}</th>
            </tr>
          </thead>
          <tbody>
            {items.map((tenant) => (
              <TenantRow key={tenant.id} tenant={tenant} />
            ))}
          </tbody>
        </table>
      )}
      {tenants.data ? (
        <TableFooter
          count={tenants.data.count}
          page={page}
          pageSize={TENANT_PAGE_SIZE}
          onPage={(next, how) => update({ page: next }, how)}
        />
      ) : null}
    </ConsolePage>
  );
}

function TenantRow({ tenant }: { tenant: AdminTenant }) {
  const { t } = useTranslation('admin');
  const logo = logoUrl(tenant);
  return (
    <tr>
      <td className="tenants-table__who">
        {/* The name beside it says whose logo it is, so a screen reader skips it. */}
        {logo ? (
          <img className="tenants-table__logo" src={logo} alt="" />
        ) : (
          <span className="tenants-table__logo tenants-table__logo--none" aria-hidden="true">
            {tenant.name.charAt(0)}
          </span>
        )}
        <Link to={`/admin/tenants/${tenant.id}`} className="link users-table__name">
          {tenant.name}
        </Link>
      </td>
      <td data-label={t('tenants.columns.people')}>{tenant.userCount}</td>
      <td data-label={t('tenants.columns.status')}>
        <TenantStatusBadge active={tenant.active} />
      </td>
      <td data-label={t('tenants.columns.createdAt')}>{formatDate(tenant.createdAt)}</td>
    </tr>
  );
}
