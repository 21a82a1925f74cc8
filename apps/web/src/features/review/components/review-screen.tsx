import { CONTENT_PAGE_SIZE, may, type ReviewQueueRow, type ReviewSettings } from '@kanal/contract';
import { useId } from 'react';
import { Link } from 'react-router';
import { ErrorView } from '@/components/feedback/status-view';
import { useReviewQueue, useReviewSettings } from '@/console/api/review';
import { EmptyState, TableFooter, TableSkeleton } from '@/console/components/lists/data-table';
import { ConsolePage } from '@/console/layout/console-page';
import { useConsole } from '@/console/lib/console-context';
import { pageParam, useListParams } from '@/console/lib/list-params';
import { formatDateTime } from '@/lib/format';
import { useTranslation } from '@/lib/i18n';
import { ReviewSettingsForm } from './review-settings-form';
import './review.css';

/**
 * /admin/reviews: review before publishing. The items waiting, the longest first: a reviewer opens each as
 * its audience will see it and decides there; another creator follows their own. An admin also chooses
 * here whether the organisation reviews, and who reviews besides its admins.
 */
export function ReviewScreen() {
  const { t } = useTranslation('admin');
  const { me } = useConsole();
  const settings = useReviewSettings();
  return (
    <ConsolePage title={t('review.title')}>
      {settings.isPending ? (
        <TableSkeleton columns={3} rows={2} />
      ) : settings.isError ? (
        <ErrorView message={t('review.settingsLoadFailed')} onRetry={() => void settings.refetch()} />
      ) : (
        <>
          <p className="review__intro">{settings.data.required ? t('review.introOn') : t('review.introOff')}</p>
          {may(me, 'review.manage') ? <ReviewSettingsForm settings={settings.data} /> : null}
          <ReviewQueueSection settings={settings.data} />
        </>
      )}
    </ConsolePage>
  );
}

function ReviewQueueSection({ settings }: { settings: ReviewSettings }) {
  const { t } = useTranslation('admin');
  const [params, update] = useListParams();
  const page = pageParam(params);
  const queue = useReviewQueue(page);
  const headingId = useId();
  const items = queue.data?.items ?? [];
  return (
    <section className="review__queue" aria-labelledby={headingId}>
      <h2 id={headingId} className="console-panel__title">
        {settings.mayReview ? t('review.queueTitle') : t('review.ownTitle')}
      </h2>
      {queue.isPending ? (
        <TableSkeleton columns={5} rows={3} />
      ) : queue.isError ? (
        <ErrorView message={t('review.loadFailed')} onRetry={() => void queue.refetch()} />
      ) : items.length === 0 ? (
        <EmptyState title={t('review.emptyTitle')}>
          <p>{settings.mayReview ? t('review.emptyText') : t('review.emptyOwnText')}</p>
        </EmptyState>
      ) : (
        <table className="data-table" aria-labelledby={headingId} aria-busy={queue.isPlaceholderData || undefined}>
          <thead>
            <tr>
              <th scope="col">{t('review.columns.name')}</th>
              <th scope="col">{t('review.columns.creator')}</th>
              <th scope="col">{t('review.columns.submittedAt')}</th>
              <th scope="col">{t('review.columns.publishAt')}</th>
              <th scope="col">
                <span className="visually-hidden">{t('review.columns.actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {items.map((row) => (
              <QueueRow key={row.id} row={row} />
            ))}
          </tbody>
        </table>
      )}
      {queue.data ? (
        <TableFooter
          count={queue.data.count}
          page={page}
          pageSize={CONTENT_PAGE_SIZE}
          onPage={(next, how) => update({ page: next }, how)}
        />
      ) : null}
    </section>
  );
}

function QueueRow({ row }: { row: ReviewQueueRow }) {
  const { t } = useTranslation('admin');
  return (
    <tr>
      <td>
        <Link to={`/admin/content/${row.id}`} className="link">
          {row.name}
        </Link>
        <span className="data-table__muted review__type">{t(`contentType.${row.type}`, { ns: 'common' })}</span>
      </td>
      <td data-label={t('review.columns.creator')}>{row.creator.name}</td>
      <td data-label={t('review.columns.submittedAt')}>{formatDateTime(row.submittedAt)}</td>
      <td data-label={t('review.columns.publishAt')}>
        {row.publishAt ? formatDateTime(row.publishAt) : t('review.onApproval')}
      </td>
      <td className="data-table__actions">
        {row.mayReview ? (
          <Link
            to={`/admin/content/${row.id}/preview`}
            className="button button--primary"
            aria-label={t('review.openNamed', { name: row.name })}
          >
            {t('review.open')}
          </Link>
        ) : null}
      </td>
    </tr>
  );
}
