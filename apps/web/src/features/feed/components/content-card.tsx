import type { ContentItem } from '@kanal/contract';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { Deadline } from '@/content/components/deadline';
import { TypeLabel } from '@/content/components/type-label';
import { interactionOf, itemPath } from '@/content/lib/paths';
import { fileUrl } from '@/lib/file-url';
import { formatDate } from '@/lib/format';
import { useIsPhone } from '@/lib/hooks/use-media-query';
import { useTranslation } from '@/lib/i18n';
import '@/components/button.css';
import '@/components/tag.css';
import '@/content/components/content-list.css';
import '@/content/components/meta.css';

/**
 * `aboveTheFold`: among the first cards on screen, whose image is the page's largest paint, so it is
 * fetched at once rather than lazily after layout.
 */
export function ContentCard({
  item,
  showPromoTag,
  aboveTheFold = false,
}: {
  item: ContentItem;
  showPromoTag: boolean;
  aboveTheFold?: boolean;
}) {
  const { t } = useTranslation('content');
  const titleId = useId();
  const isPhone = useIsPhone();
  const { viewedAt, finishedAt } = interactionOf(item);
  const isTask = item.type === 'TASK';
  const [pictureFailed, setPictureFailed] = useState(false);

  return (
    <article className="content-card" aria-labelledby={titleId}>
      {item.image && pictureFailed ? (
        // Offline, or the file is gone: the picture's place, without a broken-image icon.
        <div className="content-card__image" aria-hidden="true" />
      ) : item.image ? (
        <img
          className="content-card__image"
          src={fileUrl(item.image)}
          alt=""
          loading={aboveTheFold ? 'eager' : 'lazy'}
          fetchPriority={aboveTheFold ? 'high' : 'auto'}
          onError={() => setPictureFailed(true)}
        />
      ) : null}
      <div className="content-card__body">
        <div className="content-card__meta">
          <TypeLabel item={item} showPromoTag={showPromoTag} />
          {viewedAt ? (
            <span className="content-card__seen">{t('card.seen', { date: formatDate(viewedAt) })}</span>
          ) : (
            <span className="tag tag--new">{t('card.new')}</span>
          )}
        </div>
        <h3 id={titleId} className="content-card__title">
          {item.name}
        </h3>
        {item.description ? <p className="content-card__description">{item.description}</p> : null}
        {item.task?.deadline ? (
          <p className="content-card__deadline">
            <Deadline deadline={item.task.deadline} finishedAt={finishedAt} as="line" />
          </p>
        ) : null}
        <Link
          to={itemPath(item, isPhone)}
          className="button button--secondary content-card__action"
          aria-describedby={titleId}
        >
          {isTask ? t('card.open') : t('card.review')}
        </Link>
      </div>
    </article>
  );
}
