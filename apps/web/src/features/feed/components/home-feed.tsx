import { type Me, NEW_CONTENT_LIMIT } from '@kanal/contract';
import { useEffect } from 'react';
import { Pager } from '@/components/feedback/pager';
import { ErrorView } from '@/components/feedback/status-view';
import { CardListSkeleton } from '@/content/components/card-skeleton';
import { HOME_PAGE_STORAGE_KEY } from '@/lib/browser/storage-keys';
import { useStoredValue } from '@/lib/browser/stored-value';
import { useIsPhone } from '@/lib/hooks/use-media-query';
import { useTranslation } from '@/lib/i18n';
import { parsePage } from '@/lib/pager';
import { useNewContent } from '../api/get-new-content';
import { ContentCard } from './content-card';
import '@/content/components/content-list.css';
import './home-feed.css';

/**
 * Home below the greeting: how many items wait, the tasks, then the other content, NEW_CONTENT_LIMIT a
 * page. The server orders the whole list tasks first, so the tasks fill the first pages. The page is kept
 * in localStorage (spec point 3, "home page").
 */
export function HomeFeed({ me }: { me: Me }) {
  const { t } = useTranslation('home');
  const [page, setPage] = useStoredValue(HOME_PAGE_STORAGE_KEY, parsePage, 0);
  const list = useNewContent(page);
  const isPhone = useIsPhone();
  const pageCount = Math.ceil((list.data?.count ?? 0) / NEW_CONTENT_LIMIT);

  // A stored page beyond the end (items finished since) falls back to the last page there is.
  const settled = list.isSuccess && !list.isPlaceholderData;
  useEffect(() => {
    if (settled && page > 0 && page >= pageCount) setPage(Math.max(0, pageCount - 1));
  }, [settled, page, pageCount, setPage]);

  if (list.isPending) return <CardListSkeleton cards={4} withImage />;
  if (list.isError) return <ErrorView message={t('loadFailed')} onRetry={() => void list.refetch()} />;

  const { count, content } = list.data;
  if (count === 0 || content.length === 0) {
    return (
      <div className="empty-state">
        <p className="empty-state__title">{t('noActivity')}</p>
        <p className="empty-state__hint">{t('noActivityHint')}</p>
      </div>
    );
  }

  const tasks = content.filter((item) => item.type === 'TASK');
  // The first row of pictures: what the screen shows first (one card a row on a phone, two wider).
  const firstWithImages = content
    .filter((item) => item.image)
    .slice(0, isPhone ? 1 : 2)
    .map((item) => item.id);
  const others = content.filter((item) => item.type !== 'TASK');
  const sections = [
    { key: 'tasks', title: t('tasks'), items: tasks },
    { key: 'content', title: t('content'), items: others },
  ].filter((section) => section.items.length > 0);

  const first = page * NEW_CONTENT_LIMIT + 1;
  return (
    <div aria-busy={list.isPlaceholderData || undefined}>
      <p className="home__summary">{t('waiting', { count })}</p>
      {sections.map((section) => (
        <section key={section.key} className="home__section" aria-labelledby={`home-${section.key}`}>
          <h2 id={`home-${section.key}`} className="section-title">
            {section.title}
          </h2>
          <ul className="card-grid">
            {section.items.map((item) => (
              <li key={item.id}>
                <ContentCard
                  item={item}
                  showPromoTag={me.tenant.showPromoTag}
                  aboveTheFold={firstWithImages.includes(item.id)}
                />
              </li>
            ))}
          </ul>
        </section>
      ))}
      {count > content.length ? (
        <p className="home__more">{t('shownOf', { first, last: first + content.length - 1, count })}</p>
      ) : null}
      <Pager
        page={page}
        pageCount={pageCount}
        onPage={(next) => {
          setPage(next);
          window.scrollTo({ top: 0 });
        }}
        label={t('pagerLabel')}
      />
    </div>
  );
}
