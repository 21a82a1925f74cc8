import type { ArchiveItem } from '@kanal/contract';
import { useId } from 'react';
import { Link } from 'react-router';
import { TypeLabel } from '@/content/components/type-label';
import { interactionOf } from '@/content/lib/paths';
import { markPercent, scoreTone } from '@/content/lib/score';
import { formatDate } from '@/lib/format';
import { useTranslation } from '@/lib/i18n';
import '@/components/button.css';
import '@/components/feedback/progress.css';
import '@/content/components/content-list.css';
import './archive-card.css';
import '@/content/components/meta.css';

/** The last attempt's mark: the figures as text, the bar only repeats them for the eye. */
function ScoreBar({ finalMark, correct, total }: { finalMark: number; correct: number | null; total: number }) {
  const { t } = useTranslation('archive');
  const percent = markPercent(finalMark);
  return (
    <div className="score">
      <p className="score__figures">
        <span className="score__percent">{t('card.percent', { percent })}</span>
        {correct === null ? null : <span>{t('card.correct', { correct, total })}</span>}
      </p>
      <div className="progress" aria-hidden="true">
        <div className={`progress__bar score__bar--${scoreTone(percent)}`} style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}

/** A finished item, or an education attempted but not yet passed (then dated by its last attempt). */
export function ArchiveCard({ item }: { item: ArchiveItem }) {
  const { t } = useTranslation('archive');
  const titleId = useId();
  const { finishedAt } = interactionOf(item);
  const { lastAttempt } = item;
  return (
    <article className="content-card" aria-labelledby={titleId}>
      <div className="content-card__body">
        {/* The date on a line of its own under the label, the same on every card whatever its length. */}
        <div className="content-card__meta">
          <TypeLabel item={item} />
        </div>
        <p className="content-card__seen">
          {finishedAt
            ? t('card.finished', { date: formatDate(finishedAt) })
            : lastAttempt
              ? t('card.attempted', { date: formatDate(lastAttempt.createdAt) })
              : null}
        </p>
        <h3 id={titleId} className="content-card__title">
          {item.name}
        </h3>
        {lastAttempt && lastAttempt.finalMark !== null ? (
          <ScoreBar finalMark={lastAttempt.finalMark} correct={lastAttempt.correct} total={lastAttempt.total} />
        ) : null}
        <Link
          to={`/archive/${item.id}`}
          className="button button--secondary content-card__action"
          aria-describedby={titleId}
        >
          {t('card.open')}
        </Link>
      </div>
    </article>
  );
}
