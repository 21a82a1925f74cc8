import { AlertIcon } from '@/components/icons';
import { formatDateTime } from '@/lib/format';
import { useTranslation } from '@/lib/i18n';
import './deadline.css';

/** Past its deadline and not done: the task is overdue. */
const isOverdue = (deadline: string, finishedAt: string | null): boolean =>
  finishedAt === null && Date.parse(deadline) < Date.now();

/**
 * A task's deadline: muted while it is ahead; once passed (and the task not done), in the danger
 * colour with a warning icon and words that say it is overdue, so colour is never the only sign.
 * `line` reads on its own ("Rok: …", a card); `value` follows a "Rok" label (the task's facts).
 */
export function Deadline({
  deadline,
  finishedAt,
  as,
}: {
  deadline: string;
  finishedAt: string | null;
  as: 'line' | 'value';
}) {
  const { t } = useTranslation('content');
  const date = formatDateTime(deadline);
  const overdue = isOverdue(deadline, finishedAt);
  const text =
    as === 'line'
      ? t(overdue ? 'card.overdue' : 'card.deadline', { date })
      : overdue
        ? `${date}, ${t('task.overdue')}`
        : date;
  return (
    <span className={overdue ? 'deadline deadline--overdue' : 'deadline'}>
      {overdue ? <AlertIcon /> : null}
      {text}
    </span>
  );
}
