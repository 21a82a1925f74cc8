import { useTranslation } from '@/lib/i18n';
import './card-skeleton.css';
import './content-list.css';

/**
 * A list still loading, drawn as grey cards in the shape of the cards to come (with or without an
 * image), so the screen does not jump when they arrive. Said once as "Učitavanje…" to a screen reader.
 */
export function CardListSkeleton({ cards, withImage }: { cards: number; withImage: boolean }) {
  const { t } = useTranslation('common');
  return (
    <div className="card-skeletons" aria-busy="true">
      <p className="visually-hidden" role="status">
        {t('loading')}
      </p>
      <ul className="card-grid" aria-hidden="true">
        {Array.from({ length: cards }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders with nothing but their position.
          <li key={index}>
            <div className="content-card skeleton-card">
              {withImage ? <div className="skeleton skeleton-card__image" /> : null}
              <div className="content-card__body">
                <div className="skeleton skeleton-card__tag" />
                <div className="skeleton skeleton-card__title" />
                <div className="skeleton skeleton-card__line" />
                <div className="skeleton skeleton-card__line skeleton-card__line--short" />
                <div className="skeleton skeleton-card__button" />
              </div>
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}
