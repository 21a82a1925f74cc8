import type { ReachCounts } from '@kanal/contract';
import type { TFunction } from '@/lib/i18n';

/** An item's reach in words, and, while its audience's inboxes are still being filled, that it is being delivered. */
export const reachLine = (t: TFunction, { counts, delivering }: { counts: ReachCounts; delivering: boolean }) =>
  [t('content.reach', { ...counts }), delivering ? t('content.delivering') : null].filter(Boolean).join(' · ');
