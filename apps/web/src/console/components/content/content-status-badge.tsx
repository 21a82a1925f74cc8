import type { ContentStatus } from '@kanal/contract';
import { useTranslation } from '@/lib/i18n';
import { StatusBadge } from '../status-badge';

const TONE = { published: 'on', scheduled: 'waiting', review: 'waiting', draft: 'off', archived: 'off' } as const;

/** Where an item stands, as people see it: a scheduled item whose time has come is published. */
export function ContentStatusBadge({ status }: { status: ContentStatus }) {
  const { t } = useTranslation('admin');
  return <StatusBadge tone={TONE[status]}>{t(`content.status.${status}`)}</StatusBadge>;
}
