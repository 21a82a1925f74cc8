import { CONTENT_PAGE_SIZE, type Promotion } from '@kanal/contract';
import { Link } from 'react-router';
import { ErrorView } from '@/components/feedback/status-view';
import { ContentStatusBadge } from '@/console/components/content/content-status-badge';
import { EmptyState, TableFooter, TableSkeleton } from '@/console/components/lists/data-table';
import { ConsolePage } from '@/console/layout/console-page';
import { pageParam, useListParams } from '@/console/lib/list-params';
import { errorText } from '@/lib/errors';
import { formatDate } from '@/lib/format';
import { useTranslation } from '@/lib/i18n';
import { usePromotions } from '../api/promotions';
import '@/components/button.css';

/** The provider's promotions (SUPERADMIN): each with the organisations it is sent to, the page in the URL. */
export function PromotionsScreen() {
  const { t } = useTranslation('admin');
  const [params, update] = useListParams();
  const page = pageParam(params);
  const promotions = usePromotions(page);
  const items = promotions.data?.items ?? [];
  const newPromotion = (
    <Link to="/admin/promotions/new" className="button button--primary">
      {t('promotions.new')}
    </Link>
  );

  return (
    <ConsolePage title={t('promotions.title')} actions={newPromotion}>
      <p>{t('promotions.intro')}</p>
      {promotions.isPending ? (
        <TableSkeleton columns={5} />
      ) : promotions.isError ? (
        <ErrorView message={errorText(t, promotions.error)} onRetry={() => void promotions.refetch()} />
      ) : items.length === 0 ? (
        <EmptyState title={t('promotions.empty.title')}>
          <p>{t('promotions.empty.text')}</p>
          {newPromotion}
        </EmptyState>
      ) : (
        <table className="data-table" aria-busy={promotions.isPlaceholderData || undefined}>
          <caption className="visually-hidden">{t('promotions.title')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('promotions.columns.name')}</th>
              <th scope="col">{t('promotions.columns.type')}</th>
              <th scope="col">{t('promotions.columns.status')}</th>
              <th scope="col">{t('promotions.columns.publishAt')}</th>
              <th scope="col">{t('promotions.columns.tenants')}</th>
            </tr>
          </thead>
          <tbody>
            {items.map((promotion) => (
              <PromotionRow key={promotion.id} promotion={promotion} />
            ))}
          </tbody>
        </table>
      )}
      {promotions.data ? (
        <TableFooter
          count={promotions.data.count}
          page={page}
          pageSize={CONTENT_PAGE_SIZE}
          onPage={(next, how) => update({ page: next }, how)}
        />
      ) : null}
    </ConsolePage>
  );
}

function PromotionRow({ promotion }: { promotion: Promotion }) {
  const { t } = useTranslation('admin');
  return (
    <tr>
      <td>
        <Link to={`/admin/promotions/${promotion.id}`} className="link users-table__name">
          {promotion.name}
        </Link>
      </td>
      <td data-label={t('promotions.columns.type')}>{t(`contentType.${promotion.type}`, { ns: 'common' })}</td>
      <td data-label={t('promotions.columns.status')}>
        <ContentStatusBadge status={promotion.status} />
      </td>
      <td data-label={t('promotions.columns.publishAt')}>{formatDate(promotion.publishAt)}</td>
      <td data-label={t('promotions.columns.tenants')}>
        {promotion.tenants.length === 0
          ? t('promotions.sentToNone')
          : promotion.tenants.map((tenant) => tenant.name).join(', ')}
      </td>
    </tr>
  );
}
