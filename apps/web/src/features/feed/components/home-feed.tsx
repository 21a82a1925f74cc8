import type { Me } from '@kanal/contract';
import { useTranslation } from 'react-i18next';
import { ErrorView } from '@/components/status-view';
import { CardListSkeleton } from '@/content/components/card-skeleton';
import { useNewContent } from '../api/get-new-content';
import { ContentCard } from './content-card';
import '@/content/components/content-list.css';
import './home-feed.css';

/** Home below the greeting: how many items wait, the tasks, then the other content. */
export function HomeFeed({ me }: { me: Me }) {
  const { t } = useTranslation('home');
  const list = useNewContent();

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
  // The first row of pictures: what the screen shows first.
  const firstWithImages = content
    .filter((item) => item.image)
    .slice(0, 2)
    .map((item) => item.id);
  const others = content.filter((item) => item.type !== 'TASK');
  const sections = [
    { key: 'tasks', title: t('tasks'), items: tasks },
    { key: 'content', title: t('content'), items: others },
  ].filter((section) => section.items.length > 0);

  return (
    <>
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
      {count > content.length ? <p className="home__more">{t('shownOf', { shown: content.length, count })}</p> : null}
    </>
  );
}
