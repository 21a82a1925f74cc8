import { ARCHIVE_PAGE_SIZE, type ArchiveItem } from '@kanal/contract';
import { type ReactNode, useEffect, useId, useState } from 'react';
import { Link } from 'react-router';
import { Pager } from '@/components/feedback/pager';
import { ErrorView } from '@/components/feedback/status-view';
import { CardListSkeleton } from '@/content/components/card-skeleton';
import { ARCHIVE_FILTERS_STORAGE_KEY, ARCHIVE_PAGE_STORAGE_KEY } from '@/lib/browser/storage-keys';
import { useStoredValue } from '@/lib/browser/stored-value';
import { useIsPhone } from '@/lib/hooks/use-media-query';
import { useTranslation } from '@/lib/i18n';
import { parsePage } from '@/lib/pager';
import { useAttempted } from '../api/get-attempted';
import { useFilterOptions } from '../api/get-filter-options';
import type { ArchiveFilters } from '../api/get-finished';
import { useFinished } from '../api/get-finished';
import { activeFilterCount, EMPTY_FILTERS, parseFilters } from '../lib/archive-filters';
import { ArchiveCard } from './archive-card';
import { ArchiveFilterPanel } from './archive-filter-panel';
import '@/components/button.css';
import '@/content/components/content-list.css';
import './archive-list.css';

function CardSection({ title, items }: { title: string; items: ArchiveItem[] }) {
  const titleId = useId();
  return (
    <section className="home__section" aria-labelledby={titleId}>
      <h2 id={titleId} className="section-title">
        {title}
      </h2>
      <ul className="card-grid">
        {items.map((item) => (
          <li key={item.id}>
            <ArchiveCard item={item} />
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * The archive (spec point 2): finished content, latest first, three a page, with the filter panel beside
 * it (a toggled panel on a phone). Page and filters are kept in localStorage.
 */
export function ArchiveList() {
  const { t } = useTranslation('archive');
  const panelId = useId();
  const isPhone = useIsPhone();
  const [panelOpen, setPanelOpen] = useState(false);
  const [filters, setFilters] = useStoredValue(ARCHIVE_FILTERS_STORAGE_KEY, parseFilters, EMPTY_FILTERS);
  const [page, setPage] = useStoredValue(ARCHIVE_PAGE_STORAGE_KEY, parsePage, 0);
  const filterCount = activeFilterCount(filters);
  const finished = useFinished(page, filters);
  // Attempted education is not finished, so no finished-content filter can describe it: it shows unfiltered only.
  const attempted = useAttempted(page === 0 && filterCount === 0);
  const options = useFilterOptions();
  const pageCount = Math.ceil((finished.data?.count ?? 0) / ARCHIVE_PAGE_SIZE);

  // A stored page beyond the end (items or filters changed since) falls back to the last page there is.
  const settled = finished.isSuccess && !finished.isPlaceholderData;
  useEffect(() => {
    if (settled && page > 0 && page >= pageCount) setPage(Math.max(0, pageCount - 1));
  }, [settled, page, pageCount, setPage]);

  const changeFilters = (next: ArchiveFilters) => {
    setFilters(next);
    setPage(0);
  };

  const attemptedItems = page === 0 && filterCount === 0 ? (attempted.data?.content ?? []) : [];

  let body: ReactNode;
  if (finished.isPending) body = <CardListSkeleton cards={3} withImage={false} />;
  else if (finished.isError) body = <ErrorView message={t('loadFailed')} onRetry={() => void finished.refetch()} />;
  else if (finished.data.count === 0 && attemptedItems.length === 0) {
    body = (
      <div className="empty-state">
        <p className="empty-state__title">{filterCount > 0 ? t('noMatch') : t('empty')}</p>
        {filterCount > 0 ? (
          <p className="empty-state__hint">{t('noMatchHint')}</p>
        ) : (
          <p className="empty-state__hint">
            {t('emptyHint')}{' '}
            <Link to="/" className="link">
              {t('emptyHomeLink')}
            </Link>
          </p>
        )}
      </div>
    );
  } else {
    body = (
      <>
        {attemptedItems.length > 0 ? <CardSection title={t('attempted')} items={attemptedItems} /> : null}
        {finished.data.content.length > 0 ? <CardSection title={t('finished')} items={finished.data.content} /> : null}
        <Pager page={page} pageCount={pageCount} onPage={setPage} label={t('pagerLabel')} />
      </>
    );
  }

  return (
    <div className="archive">
      {isPhone ? (
        <button
          type="button"
          className="button button--secondary archive__toggle"
          aria-expanded={panelOpen}
          aria-controls={panelId}
          onClick={() => setPanelOpen((open) => !open)}
        >
          {filterCount > 0 ? t('filters.toggleActive', { count: filterCount }) : t('filters.toggle')}
        </button>
      ) : null}
      <ArchiveFilterPanel
        id={panelId}
        hidden={isPhone && !panelOpen}
        options={options.data}
        filters={filters}
        onChange={changeFilters}
      />
      <div className="archive__list" aria-busy={finished.isPlaceholderData || undefined}>
        {body}
      </div>
    </div>
  );
}
