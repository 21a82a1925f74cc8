import type { StaffContent } from '@kanal/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ErrorView } from '@/components/status-view';
import { ApiError } from '@/lib/api-client';
import { errorText } from '@/lib/errors';
import { useContentItem } from '../api/content';
import { ConsolePage } from './console-page';
import { TableSkeleton } from './data-table';

type Props = {
  /** The page's title, after the item's name in the breadcrumbs. */
  title: string;
  children: (item: StaffContent) => ReactNode;
};

/** A page about one item (its comments, its answers): the item loaded, or its loading, missing or failed state. */
export function ContentItemPage({ title, children }: Props) {
  const { t } = useTranslation('admin');
  const id = Number(useParams().id);
  const item = useContentItem(id);
  const list = { label: t('content.title'), to: '/admin/content' };
  if (item.isPending) {
    return (
      <ConsolePage title={title} crumbs={[list]}>
        <TableSkeleton columns={3} />
      </ConsolePage>
    );
  }
  if (item.isError) {
    const missing = item.error instanceof ApiError && item.error.status === 404;
    return (
      <ConsolePage title={missing ? t('errors.NotFound', { ns: 'common' }) : title} crumbs={[list]}>
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
  return (
    <ConsolePage title={title} crumbs={[list, { label: item.data.name, to: `/admin/content/${id}` }]}>
      {children(item.data)}
    </ConsolePage>
  );
}
