import type { UserStatus } from '@kanal/contract';
import { StatusBadge } from '@/console/components/status-badge';
import { useTranslation } from '@/lib/i18n';

const TONES = { active: 'on', invited: 'waiting', deactivated: 'off' } as const;

export function UserStatusBadge({ status }: { status: UserStatus }) {
  const { t } = useTranslation('admin');
  return <StatusBadge tone={TONES[status]}>{t(`users.status.${status}`)}</StatusBadge>;
}
