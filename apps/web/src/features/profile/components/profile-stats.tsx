import { CONTENT_TYPE_DISPLAY_ORDER } from '@kanal/contract';
import { useId } from 'react';
import { ContentTypeIcon } from '@/components/content-icons';
import { Spinner } from '@/components/feedback/spinner';
import { ErrorView } from '@/components/feedback/status-view';
import { useTranslation } from '@/lib/i18n';
import { useContentStats } from '../api/get-content-stats';
import { useCountByType } from '../api/get-count-by-type';
import { useUserStats } from '../api/get-user-stats';
import '@/components/feedback/progress.css';
import './profile-stats.css';

export const percentOf = (part: number, whole: number) =>
  whole > 0 ? Math.min(100, Math.max(0, Math.round((part / whole) * 100))) : 0;

/** The profile panel's statistics: accuracy, points, rank, activity and finished items per type. */
export function ProfileStats() {
  const { t } = useTranslation('shell');
  const labelId = useId();
  const user = useUserStats();
  const content = useContentStats();
  const byType = useCountByType();
  const queries = [user, content, byType];

  if (queries.some((query) => query.isError)) {
    return (
      <ErrorView
        message={t('profile.stats.loadFailed')}
        onRetry={() => {
          for (const query of queries) if (query.isError) void query.refetch();
        }}
      />
    );
  }
  if (!user.data || !content.data || !byType.data) {
    return (
      <div className="profile-stats__loading">
        <Spinner label={t('loading', { ns: 'common' })} />
      </div>
    );
  }

  const { accuracy, points, rank } = user.data;
  const { finishedContent, totalContent } = content.data;
  const percent = percentOf(finishedContent, totalContent);
  const counts = new Map(byType.data.map((row) => [row.type, row.count]));
  const activity = t('profile.stats.activityValue', { finished: finishedContent, total: totalContent });

  return (
    <div className="profile-stats">
      <h3 className="visually-hidden">{t('profile.stats.title')}</h3>
      <dl className="profile-stats__figures">
        <div className="profile-stats__figure">
          <dt>{t('profile.stats.accuracy')}</dt>
          <dd>{t('profile.stats.percent', { value: Math.round(accuracy || 0) })}</dd>
        </div>
        <div className="profile-stats__figure">
          <dt>{t('profile.stats.points')}</dt>
          <dd>{points}</dd>
        </div>
        {rank === null ? null : (
          <div className="profile-stats__figure">
            <dt>{t('profile.stats.rank')}</dt>
            <dd>{t('profile.stats.rankValue', { rank })}</dd>
          </div>
        )}
      </dl>
      <div className="profile-stats__activity">
        <div className="profile-stats__activity-head">
          <span id={labelId}>{t('profile.stats.activity')}</span>
          <span>{t('profile.stats.percent', { value: percent })}</span>
        </div>
        <div
          className="progress"
          role="progressbar"
          aria-labelledby={labelId}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          aria-valuetext={`${t('profile.stats.percent', { value: percent })}, ${activity}`}
        >
          <div className="progress__bar" style={{ width: `${percent}%` }} />
        </div>
        <p className="profile-stats__hint">{activity}</p>
      </div>
      <h4 className="profile-stats__subtitle">{t('profile.stats.byType')}</h4>
      <ul className="profile-stats__types">
        {CONTENT_TYPE_DISPLAY_ORDER.map((type) => (
          <li key={type} className="profile-stats__type">
            <ContentTypeIcon type={type} />
            <span className="profile-stats__type-name">{t(`contentType.${type}`, { ns: 'common' })}</span>
            <span className="profile-stats__type-count">{counts.get(type) ?? 0}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
