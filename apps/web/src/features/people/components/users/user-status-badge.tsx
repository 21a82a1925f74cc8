import type { UserStatus } from '@kanal/contract';
import { useTranslation } from 'react-i18next';
import { StatusBadge } from '@/console/components/status-badge';

const TONES = { active: 'on', invited: 'waiting', deactivated: 'off' } as const;

export function UserStatusBadge({ status }: { status: UserStatus }) {
  const { t } = useTranslation('admin');
  return <StatusBadge tone={TONES[status]}>{t(`users.status.${status}`)}</StatusBadge>;
}
