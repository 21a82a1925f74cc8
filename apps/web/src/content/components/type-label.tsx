import type { ContentItem } from '@kanal/contract';
import { ContentTypeIcon } from '@/components/content-icons';
import { useTranslation } from '@/lib/i18n';
import '@/components/tag.css';

/** The item's type, or 'Promo' for provider promotions when the tenant asks for the tag. */
export function TypeLabel({
  item,
  showPromoTag = false,
}: {
  item: Pick<ContentItem, 'type' | 'configuration'>;
  showPromoTag?: boolean;
}) {
  const { t } = useTranslation('content');
  if (showPromoTag && item.configuration === 'PROMOTION') {
    return <span className="tag tag--promo">{t('card.promo')}</span>;
  }
  return (
    <span className="tag">
      <ContentTypeIcon type={item.type} />
      {t(`contentType.${item.type}`, { ns: 'common' })}
    </span>
  );
}
