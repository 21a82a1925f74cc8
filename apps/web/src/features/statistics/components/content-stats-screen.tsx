import {
  AUDIENCE_STATES,
  type AudienceState,
  type ContentResults,
  hasForm,
  isUnsent,
  mayChangeItem,
  mayReadItemStats,
  POLL_RESULTS_MIN_RESPONDENTS,
  type StaffContent,
  USER_PAGE_SIZE,
} from '@kanal/contract';
import { Link } from 'react-router';
import { Button } from '@/components/button';
import { ErrorView } from '@/components/feedback/status-view';
import { showToast } from '@/components/feedback/toast';
import { ContentItemPage } from '@/console/components/content/content-item-page';
import { NotifyButton } from '@/console/components/content/notify-button';
import { EmptyState, TableFooter, TableSkeleton } from '@/console/components/lists/data-table';
import { FilterSelect } from '@/console/components/lists/list-filter';
import { SearchBox } from '@/console/components/lists/search-box';
import { AsOf, StatsSection } from '@/console/components/stats-section';
import { useConsole } from '@/console/lib/console-context';
import { pageParam, useListParams } from '@/console/lib/list-params';
import { markPercent } from '@/content/lib/score';
import { useTranslation } from '@/lib/i18n';
import '@/console/components/content/content-actions.css';
import { describeAudience } from '@/console/lib/audience-words';
import { formatDateTime } from '@/lib/format';
import {
  useAudience,
  useContentExport,
  useContentInfo,
  useContentReach,
  useContentResults,
  useGroupsReach,
} from '../api/stats';
import { dayLabel } from '../lib/stats-format';
import { StatsChart } from './chart';
import '@/console/components/responses.css';
import './stats.css';

/** /admin/content/{id}/statistics: who received the item, how far they got, and what they answered. */
export function ContentStatsScreen() {
  const { t } = useTranslation('admin');
  const { me } = useConsole();
  return (
    // A creator reads the figures of their own items only, as the server answers them.
    <ContentItemPage title={t('stats.item.title')} allowed={(item) => mayReadItemStats(me, item.creator.id)}>
      {(item) => <ItemStats item={item} />}
    </ContentItemPage>
  );
}

function ItemStats({ item }: { item: StaffContent }) {
  const { t } = useTranslation('admin');
  if (isUnsent(item.status)) return <p className="note">{t('stats.item.draft')}</p>;
  return (
    <div className="stats">
      <p className="note">{describeAudience(t, item.audience)}</p>
      <ExportButtons id={item.id} />
      <Funnel item={item} />
      <Reach id={item.id} />
      <GroupsReach id={item.id} />
      {hasForm(item.type) ? <Results item={item} /> : null}
      <People item={item} />
    </div>
  );
}

function ExportButtons({ id }: { id: number }) {
  const { t } = useTranslation('admin');
  const exporting = useContentExport(id);
  const run = (format: 'xlsx' | 'csv') =>
    exporting.mutate(format, { onError: () => showToast(t('stats.item.exportFailed')) });
  return (
    <div className="content-actions">
      <Button loading={exporting.isPending && exporting.variables === 'xlsx'} onClick={() => run('xlsx')}>
        {t('stats.item.export')}
      </Button>
      <Button
        variant="secondary"
        loading={exporting.isPending && exporting.variables === 'csv'}
        onClick={() => run('csv')}
      >
        {t('stats.item.exportCsv')}
      </Button>
    </div>
  );
}

function Funnel({ item }: { item: StaffContent }) {
  const { t } = useTranslation('admin');
  const info = useContentInfo(item.id);
  if (info.isPending) return <TableSkeleton columns={4} rows={2} />;
  if (info.isError) return <ErrorView message={t('stats.loadFailed')} onRetry={() => void info.refetch()} />;
  const { audience, viewed, finished, passed, averageMark, attempts, comments, notices } = info.data;
  const steps = [
    { label: t('stats.item.funnel.audience'), value: audience },
    { label: t('stats.item.funnel.viewed'), value: viewed },
    { label: t('stats.item.funnel.finished'), value: finished },
    ...(passed === null ? [] : [{ label: t('stats.item.funnel.passed'), value: passed }]),
  ];
  const facts = [
    hasForm(item.type) ? t('stats.item.attempts', { count: attempts }) : null,
    averageMark === null ? null : t('stats.item.averageMark', { percent: markPercent(averageMark) }),
    t('stats.item.notices', notices),
  ].filter(Boolean);
  return (
    <StatsSection title={t('stats.item.funnel.title')} aside={<AsOf computedAt={info.data.computedAt} />}>
      <ul className="stats__figures">
        {steps.map((step, i) => (
          <li key={step.label} className="stat">
            <span className="stat__label">{step.label}</span>
            <span className="stat__value">{step.value}</span>
            {i > 0 ? (
              <span className="stat__note">{audience === 0 ? 0 : Math.round((100 * step.value) / audience)} %</span>
            ) : null}
          </li>
        ))}
      </ul>
      <StatsChart
        kind="bar"
        horizontal
        title={t('stats.item.funnel.title')}
        labelHeader={t('stats.item.funnel.label')}
        labels={steps.map((s) => s.label)}
        series={[{ label: t('stats.item.funnel.people'), values: steps.map((s) => s.value), tone: 'primary' }]}
        summary={
          passed === null
            ? t('stats.item.funnel.summary', { audience, viewed, finished })
            : t('stats.item.funnel.summaryPassed', { audience, viewed, finished, passed })
        }
      />
      <p className="data-table__muted">
        {facts.join(' · ')}
        {facts.length > 0 ? ' · ' : null}
        <Link to={`/admin/content/${item.id}/comments`} className="link">
          {t('stats.item.comments', { count: comments })}
        </Link>
      </p>
    </StatsSection>
  );
}

function Reach({ id }: { id: number }) {
  const { t } = useTranslation('admin');
  const reach = useContentReach(id);
  return (
    <StatsSection title={t('stats.item.reach.title')}>
      {reach.isPending ? (
        <TableSkeleton columns={3} rows={3} />
      ) : reach.isError ? (
        <ErrorView message={t('stats.loadFailed')} onRetry={() => void reach.refetch()} />
      ) : (
        <StatsChart
          kind="line"
          title={t('stats.item.reach.title')}
          labelHeader={t('stats.item.reach.label')}
          labels={reach.data.days.map((d) => dayLabel(d.date))}
          series={[
            { label: t('stats.activity.viewed'), values: reach.data.days.map((d) => d.viewed), tone: 'primary' },
            { label: t('stats.activity.finished'), values: reach.data.days.map((d) => d.finished), tone: 'success' },
          ]}
          summary={t('stats.item.reach.summary', { count: reach.data.days.length })}
        />
      )}
    </StatsSection>
  );
}

function GroupsReach({ id }: { id: number }) {
  const { t } = useTranslation('admin');
  const groups = useGroupsReach(id);
  return (
    <StatsSection
      title={t('stats.item.groups.title')}
      aside={groups.data ? <AsOf computedAt={groups.data.computedAt} /> : null}
    >
      {groups.isPending ? (
        <TableSkeleton columns={3} rows={3} />
      ) : groups.isError ? (
        <ErrorView message={t('stats.loadFailed')} onRetry={() => void groups.refetch()} />
      ) : groups.data.items.length === 0 ? (
        <p className="data-table__muted">{t('stats.item.groups.empty')}</p>
      ) : (
        <StatsChart
          kind="bar"
          horizontal
          percent
          title={t('stats.item.groups.title')}
          labelHeader={t('stats.item.groups.label')}
          labels={groups.data.items.map((g) => `${g.name} (${g.audience})`)}
          series={[
            {
              label: t('stats.item.groups.viewed'),
              values: groups.data.items.map((g) => g.percent.viewed),
              tone: 'primary',
            },
            {
              label: t('stats.item.groups.finished'),
              values: groups.data.items.map((g) => g.percent.finished),
              tone: 'success',
            },
          ]}
          summary={t('stats.item.groups.summary')}
        />
      )}
    </StatsSection>
  );
}

function Results({ item }: { item: StaffContent }) {
  const { t } = useTranslation('admin');
  const results = useContentResults(item.id);
  return (
    <StatsSection
      title={t('stats.item.results.title')}
      aside={results.data ? <AsOf computedAt={results.data.computedAt} /> : null}
    >
      {item.type === 'POLL' ? <p className="note">{t('stats.item.results.anonymous')}</p> : null}
      {results.isPending ? (
        <TableSkeleton columns={3} rows={3} />
      ) : results.isError ? (
        <ErrorView message={t('stats.loadFailed')} onRetry={() => void results.refetch()} />
      ) : results.data.hidden ? (
        <p className="note">
          {t('stats.item.results.hidden', { min: POLL_RESULTS_MIN_RESPONDENTS, count: results.data.respondents })}
        </p>
      ) : results.data.respondents === 0 ? (
        <p className="data-table__muted">{t('stats.item.results.none')}</p>
      ) : (
        results.data.questions.map((question, i) => (
          <QuestionResult key={question.id} number={i + 1} question={question} />
        ))
      )}
    </StatsSection>
  );
}

function QuestionResult({ number, question }: { number: number; question: ContentResults['questions'][number] }) {
  const { t } = useTranslation('admin');
  const title = `${number}. ${question.title}`;
  const labelOf = (answer: (typeof question.answers)[number]) =>
    answer.isCorrect ? t('stats.item.results.correct', { title: answer.title }) : answer.title;
  const top = [...question.answers].sort((a, b) => b.count - a.count)[0];
  return (
    <div className="stats__question">
      <h3 className="stats__question-title">{title}</h3>
      <p className="data-table__muted">{t('stats.item.results.answered', { count: question.answered })}</p>
      {question.type === 'TEXT' ? (
        question.texts.length === 0 ? (
          <p className="data-table__muted">{t('stats.item.results.noTexts')}</p>
        ) : (
          <ul className="responses" aria-label={t('stats.item.results.texts')}>
            {question.texts.map((text) => (
              <li key={`${text.user.id}-${text.at}`} className="responses__item">
                <div className="responses__head">
                  <span className="responses__who">{text.user.name}</span>
                  <time className="data-table__muted" dateTime={text.at}>
                    {formatDateTime(text.at)}
                  </time>
                </div>
                <p className="responses__text">{text.text}</p>
              </li>
            ))}
          </ul>
        )
      ) : (
        <StatsChart
          kind="bar"
          horizontal
          title={title}
          labelHeader={t('stats.item.results.label')}
          labels={question.answers.map(labelOf)}
          series={[
            { label: t('stats.item.results.chose'), values: question.answers.map((a) => a.count), tone: 'primary' },
          ]}
          summary={top ? t('stats.item.results.summary', { top: labelOf(top) }) : title}
        />
      )}
    </div>
  );
}

function People({ item }: { item: StaffContent }) {
  const { t } = useTranslation('admin');
  const { me } = useConsole();
  const [params, update] = useListParams();
  const q = params.get('q') ?? '';
  const stateParam = params.get('state') ?? '';
  const state = (AUDIENCE_STATES as readonly string[]).includes(stateParam) ? (stateParam as AudienceState) : '';
  const page = pageParam(params);
  const audience = useAudience(item.id, { q, state, page });
  const graded = item.type === 'EDUCATION';
  const mayNotify = item.status === 'published' && mayChangeItem(me, item.creator.id);
  const states = AUDIENCE_STATES.filter((s) => s !== 'failed' || graded);
  return (
    <StatsSection
      title={t('stats.item.people.title')}
      aside={
        mayNotify ? (
          <NotifyButton
            item={{ id: item.id, name: item.name, audience: item.counts.audience, finished: item.counts.finished }}
          />
        ) : null
      }
    >
      <div className="stats__filters">
        <SearchBox
          label={t('stats.item.people.search')}
          placeholder={t('stats.item.people.searchPlaceholder')}
          value={q}
          onSearch={(value) => update({ q: value })}
        />
        <FilterSelect
          label={t('stats.item.people.state')}
          anyLabel={t('stats.item.people.anyState')}
          value={state}
          options={states.map((s) => ({ value: s, label: t(`stats.item.people.states.${s}`) }))}
          onChange={(value) => update({ state: value })}
        />
      </div>
      {audience.isPending ? (
        <TableSkeleton columns={5} />
      ) : audience.isError ? (
        <ErrorView message={t('stats.loadFailed')} onRetry={() => void audience.refetch()} />
      ) : audience.data.items.length === 0 ? (
        <EmptyState title={q || state ? t('stats.item.people.empty') : t('stats.item.people.emptyAll')} />
      ) : (
        <>
          <table className="data-table" aria-busy={audience.isPlaceholderData || undefined}>
            <caption className="visually-hidden">{t('stats.item.people.title')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('stats.item.people.name')}</th>
                <th scope="col">{t('stats.item.people.state')}</th>
                <th scope="col">{t('stats.item.people.viewedAt')}</th>
                <th scope="col">{t('stats.item.people.finishedAt')}</th>
                {hasForm(item.type) && item.type !== 'POLL' ? (
                  <th scope="col">{t('stats.item.people.attempts')}</th>
                ) : null}
                {graded ? <th scope="col">{t('stats.item.people.best')}</th> : null}
              </tr>
            </thead>
            <tbody>
              {audience.data.items.map((person) => (
                <tr key={person.id}>
                  <td>
                    <Link to={`/admin/users/${person.id}`} className="link">
                      {person.name}
                    </Link>
                    {person.active ? null : (
                      <span className="data-table__muted"> ({t('stats.item.people.inactive')})</span>
                    )}
                  </td>
                  <td data-label={t('stats.item.people.state')}>
                    <span className={`stats__state stats__state--${person.state}`}>
                      {t(`stats.item.people.states.${person.state}`)}
                    </span>
                  </td>
                  <td data-label={t('stats.item.people.viewedAt')}>
                    {person.viewedAt ? formatDateTime(person.viewedAt) : '–'}
                  </td>
                  <td data-label={t('stats.item.people.finishedAt')}>
                    {person.finishedAt ? formatDateTime(person.finishedAt) : '–'}
                  </td>
                  {hasForm(item.type) && item.type !== 'POLL' ? (
                    <td data-label={t('stats.item.people.attempts')}>{person.attempts}</td>
                  ) : null}
                  {graded ? (
                    <td data-label={t('stats.item.people.best')}>
                      {person.bestMark === null ? '–' : `${markPercent(person.bestMark)} %`}
                    </td>
                  ) : null}
                </tr>
              ))}
            </tbody>
          </table>
          <TableFooter
            count={audience.data.count}
            page={page}
            pageSize={USER_PAGE_SIZE}
            onPage={(next, how) => update({ page: next }, how)}
          />
        </>
      )}
    </StatsSection>
  );
}
