import type { StaffContent } from '@kanal/contract';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ErrorView } from '@/components/feedback/status-view';
import { errorText } from '@/lib/errors';
import { useTranslation } from '@/lib/i18n';
import { useContentItem } from '../../api/content';
import { ConsolePage } from '../../layout/console-page';
import { NotAvailable } from '../../layout/not-available';
import { isMissing, useRouteId } from '../../lib/route-id';
import { TableSkeleton } from '../lists/data-table';

type Props = {
  /** The page's title while the item loads or when it failed. */
  title: string;
  /** The page, once the item is in. */
  children: (item: StaffContent) => ReactNode;
};

/** The item of the URL (/admin/content/{id}/…) loaded, or its loading, missing or failed page. */
export function WithContentItem({ title, children }: Props) {
  const { t } = useTranslation('admin');
  const id = useRouteId();
  const item = useContentItem(id);
  const crumbs = [{ label: t('content.title'), to: '/admin/content' }];
  const missing = isMissing(id, item.error);
  if (item.isError || missing) {
    return (
      <ConsolePage title={missing ? t('errors.NotFound', { ns: 'common' }) : title} crumbs={crumbs}>
        {missing ? (
          <Link to="/admin/content" className="link">
            {t('content.title')}
          </Link>
        ) : (
          <ErrorView message={errorText(t, item.error)} onRetry={() => void item.refetch()} />
        )}
      </ConsolePage>
    );
  }
  if (item.isPending) {
    return (
      <ConsolePage title={title} crumbs={crumbs}>
        <TableSkeleton columns={3} />
      </ConsolePage>
    );
  }
  return children(item.data);
}

/**
 * A page about one item (its comments, its answers), under the item in the breadcrumbs; to whom
 * `allowed` refuses the item, the "not available for your role" page.
 */
export function ContentItemPage({ title, children, allowed }: Props & { allowed?: (item: StaffContent) => boolean }) {
  const { t } = useTranslation('admin');
  return (
    <WithContentItem title={title}>
      {(item) =>
        allowed && !allowed(item) ? (
          <NotAvailable />
        ) : (
          <ConsolePage
            title={title}
            crumbs={[
              { label: t('content.title'), to: '/admin/content' },
              { label: item.name, to: `/admin/content/${item.id}` },
            ]}
          >
            {children(item)}
          </ConsolePage>
        )
      }
    </WithContentItem>
  );
}
