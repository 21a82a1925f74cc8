import type { Overview } from '@kanal/contract';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { Link } from 'react-router';
import { ErrorView } from '@/components/feedback/status-view';
import { EmptyState, TableSkeleton } from '@/console/components/lists/data-table';
import { StatsSection } from '@/console/components/stats-section';
import { ConsolePage } from '@/console/layout/console-page';
import { markPercent } from '@/content/lib/score';
import { formatDateTime } from '@/lib/format';
import { useTranslation } from '@/lib/i18n';
import { type ActivityRange, useGroupCompletion, useOverview, useTenantActivity, useTopFive } from '../api/stats';
import { isoDay, percentText, periodLabel } from '../lib/stats-format';
import { StatsChart } from './chart';
import './stats.css';

const RANGES = ['days', 'weeks', 'months'] as const;
type RangeName = (typeof RANGES)[number];

function rangeOf(name: RangeName, today = new Date()): ActivityRange {
  const to = isoDay(today);
  if (name === 'weeks') return { from: isoDay(today, -7 * 11), to, granularity: 'week' };
  if (name === 'months') {
    const first = new Date(today.getFullYear(), today.getMonth() - 11, 1);
    return { from: isoDay(first), to, granularity: 'month' };
  }
  return { from: isoDay(today, -29), to, granularity: 'day' };
}

/** /admin/dashboard: how the organisation is doing, for its admins and analysts. */
export function DashboardScreen() {
  const { t } = useTranslation('admin');
  const overview = useOverview();
  return (
    <ConsolePage
      title={t('stats.title')}
      actions={
        overview.data ? (
          <p className="data-table__muted">
            {t('stats.computedAt', { time: formatDateTime(overview.data.computedAt) })}
          </p>
        ) : null
      }
    >
      <div className="stats">
        {overview.isPending ? (
          <TableSkeleton columns={3} rows={2} />
        ) : overview.isError ? (
          <ErrorView message={t('stats.loadFailed')} onRetry={() => void overview.refetch()} />
        ) : (
          <Figures overview={overview.data} />
        )}
        <Activity />
        {overview.data ? <ByType overview={overview.data} /> : null}
        <div className="stats__pair">
          <TopFive />
          {overview.data ? <Overdue overview={overview.data} /> : null}
        </div>
        <Groups />
      </div>
    </ConsolePage>
  );
}

/** How a figure moved against the period before, in words and an arrow (never colour alone). */
function Trend({
  value,
  previous,
  points = false,
}: {
  value: number | null;
  previous: number | null;
  points?: boolean;
}) {
  const { t, i18n } = useTranslation('admin');
  if (value === null || previous === null) return <span className="stat__trend">{t('stats.trend.none')}</span>;
  const diff = value - previous;
  // A share under 1 % comes to a tenth (percentOf).
  const size = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 1 }).format(Math.abs(diff));
  const way = diff > 0 ? 'up' : diff < 0 ? 'down' : 'same';
  const arrow = { up: '↑', down: '↓', same: '→' }[way];
  const text =
    way === 'same' ? t('stats.trend.same') : t(`stats.trend.${way}${points ? 'Points' : ''}`, { diff: size });
  return (
    <span className={`stat__trend stat__trend--${way}`}>
      <span aria-hidden="true">{arrow} </span>
      {text}
    </span>
  );
}

function Figure({ label, value, children }: { label: string; value: ReactNode; children?: ReactNode }) {
  return (
    <li className="stat">
      <span className="stat__label">{label}</span>
      <span className="stat__value">{value}</span>
      {children}
    </li>
  );
}

function Figures({ overview }: { overview: Overview }) {
  const { t, i18n } = useTranslation('admin');
  const number = (value: number) => new Intl.NumberFormat(i18n.language).format(value);
  const percent = (value: number | null) => (value === null ? t('stats.figures.noValue') : percentText(value));
  const mark = (value: number | null) => (value === null ? null : markPercent(value));
  return (
    <ul className="stats__figures" aria-label={t('stats.figures.label')}>
      <Figure label={t('stats.figures.activeWeek')} value={number(overview.activeWeek.value)}>
        <span className="stat__note">{t('stats.figures.ofPeople', { count: overview.people })}</span>
        <Trend {...overview.activeWeek} />
      </Figure>
      <Figure label={t('stats.figures.activeMonth')} value={number(overview.activeMonth.value)}>
        <Trend {...overview.activeMonth} />
      </Figure>
      <Figure label={t('stats.figures.published')} value={number(overview.published.value)}>
        <Trend {...overview.published} />
      </Figure>
      <Figure label={t('stats.figures.completion')} value={percent(overview.completion.value)}>
        <Trend {...overview.completion} points />
      </Figure>
      <Figure label={t('stats.figures.averageMark')} value={percent(mark(overview.averageMark.value))}>
        <Trend value={mark(overview.averageMark.value)} previous={mark(overview.averageMark.previous)} points />
      </Figure>
      <Figure label={t('stats.figures.overdue')} value={number(overview.overdue.tasks)}>
        {overview.overdue.tasks > 0 ? (
          <span className="stat__note">{t('stats.figures.overduePeople', { count: overview.overdue.people })}</span>
        ) : null}
      </Figure>
    </ul>
  );
}

function Activity() {
  const { t, i18n } = useTranslation('admin');
  const [name, setName] = useState<RangeName>('days');
  const range = rangeOf(name);
  const activity = useTenantActivity(range);
  const periods = activity.data?.periods ?? [];
  const total = (key: 'viewed' | 'finished' | 'attempts') => periods.reduce((sum, p) => sum + p[key], 0);
  const picker = (
    <label className="stats__range">
      <span className="field__label">{t('stats.activity.range')}</span>
      <select
        className="field__input field__select"
        value={name}
        onChange={(event) => setName(event.currentTarget.value as RangeName)}
      >
        {RANGES.map((r) => (
          <option key={r} value={r}>
            {t(`stats.activity.ranges.${r}`)}
          </option>
        ))}
      </select>
    </label>
  );
  return (
    <StatsSection title={t('stats.activity.title')} aside={picker}>
      {activity.isPending ? (
        <TableSkeleton columns={4} rows={3} />
      ) : activity.isError ? (
        <ErrorView message={t('stats.loadFailed')} onRetry={() => void activity.refetch()} />
      ) : (
        <StatsChart
          kind="line"
          title={t('stats.activity.title')}
          labelHeader={t(`stats.activity.labels.${range.granularity}`)}
          labels={periods.map((p) => periodLabel(p.start, range.granularity, i18n.language))}
          series={[
            { label: t('stats.activity.viewed'), values: periods.map((p) => p.viewed), tone: 'primary' },
            { label: t('stats.activity.finished'), values: periods.map((p) => p.finished), tone: 'success' },
            { label: t('stats.activity.attempts'), values: periods.map((p) => p.attempts), tone: 'warning' },
          ]}
          summary={t('stats.activity.summary', {
            viewed: total('viewed'),
            finished: total('finished'),
            attempts: total('attempts'),
          })}
        />
      )}
    </StatsSection>
  );
}

function ByType({ overview }: { overview: Overview }) {
  const { t } = useTranslation('admin');
  return (
    <StatsSection title={t('stats.byType.title')}>
      {overview.byType.length === 0 ? (
        <EmptyState title={t('stats.byType.empty')} />
      ) : (
        <StatsChart
          kind="bar"
          horizontal
          percent
          title={t('stats.byType.title')}
          labelHeader={t('stats.byType.label')}
          labels={overview.byType.map((row) => t(`contentType.${row.type}`, { ns: 'common' }))}
          series={[
            { label: t('stats.byType.finished'), values: overview.byType.map((r) => r.percent), tone: 'success' },
          ]}
          summary={t('stats.byType.summary')}
        />
      )}
    </StatsSection>
  );
}

function TopFive() {
  const { t } = useTranslation('admin');
  const top = useTopFive();
  if (top.isPending) return <TableSkeleton columns={2} />;
  if (top.isError) return <ErrorView message={t('stats.loadFailed')} onRetry={() => void top.refetch()} />;
  return (
    <>
      <StatsSection title={t('stats.top.peopleTitle')}>
        {top.data.people.length === 0 ? (
          <p className="data-table__muted">{t('stats.top.peopleEmpty')}</p>
        ) : (
          <ol className="stats__ranking">
            {top.data.people.map((person) => (
              <li key={person.id}>
                <span className="stats__rank">{person.rank}.</span>
                <Link to={`/admin/users/${person.id}`} className="link">
                  {person.name}
                </Link>
                <span className="data-table__muted">{t('stats.top.points', { count: person.points })}</span>
              </li>
            ))}
          </ol>
        )}
      </StatsSection>
      <StatsSection title={t('stats.top.itemsTitle')}>
        {top.data.items.length === 0 ? (
          <p className="data-table__muted">{t('stats.top.itemsEmpty')}</p>
        ) : (
          <ol className="stats__ranking">
            {top.data.items.map((item, i) => (
              <li key={item.id}>
                <span className="stats__rank">{i + 1}.</span>
                <Link to={`/admin/content/${item.id}/statistics`} className="link">
                  {item.name}
                </Link>
                <span className="data-table__muted">
                  {t('stats.top.share', { percent: percentText(item.percent), audience: item.audience })}
                </span>
              </li>
            ))}
          </ol>
        )}
      </StatsSection>
    </>
  );
}

function Overdue({ overview }: { overview: Overview }) {
  const { t } = useTranslation('admin');
  return (
    <StatsSection title={t('stats.overdue.title')}>
      {overview.overdue.items.length === 0 ? (
        <p className="data-table__muted">{t('stats.overdue.empty')}</p>
      ) : (
        <ul className="stats__ranking">
          {overview.overdue.items.map((task) => (
            <li key={task.id}>
              <span className="stats__overdue" aria-hidden="true">
                !
              </span>
              <Link to={`/admin/content/${task.id}/statistics`} className="link">
                {task.name}
              </Link>
              <span className="data-table__muted">
                {t('stats.overdue.row', {
                  deadline: formatDateTime(task.deadline),
                  unfinished: task.unfinished,
                  audience: task.audience,
                })}
              </span>
            </li>
          ))}
        </ul>
      )}
    </StatsSection>
  );
}

function Groups() {
  const { t } = useTranslation('admin');
  const groups = useGroupCompletion();
  return (
    <StatsSection title={t('stats.groups.title')}>
      {groups.isPending ? (
        <TableSkeleton columns={4} />
      ) : groups.isError ? (
        <ErrorView message={t('stats.loadFailed')} onRetry={() => void groups.refetch()} />
      ) : groups.data.items.length === 0 ? (
        <EmptyState title={t('stats.groups.empty')} />
      ) : (
        <table className="data-table">
          <caption className="visually-hidden">{t('stats.groups.title')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('stats.groups.group')}</th>
              <th scope="col">{t('stats.groups.members')}</th>
              <th scope="col">{t('stats.groups.received')}</th>
              <th scope="col">{t('stats.groups.finished')}</th>
              <th scope="col">{t('stats.groups.completion')}</th>
            </tr>
          </thead>
          <tbody>
            {groups.data.items.map((group) => (
              <tr key={group.id}>
                <td>
                  <Link to={`/admin/groups/${group.id}`} className="link">
                    {group.name}
                  </Link>
                </td>
                <td data-label={t('stats.groups.members')}>{group.members}</td>
                <td data-label={t('stats.groups.received')}>{group.received}</td>
                <td data-label={t('stats.groups.finished')}>{group.finished}</td>
                <td data-label={t('stats.groups.completion')}>
                  <span className="stats__meter" aria-hidden="true">
                    <span className="stats__meter-bar" style={{ width: `${group.percent}%` }} />
                  </span>
                  {percentText(group.percent)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </StatsSection>
  );
}
