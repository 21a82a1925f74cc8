import {
  CONTENT_PAGE_SIZE,
  CONTENT_SORTS,
  CONTENT_STATUSES,
  CONTENT_TYPE_DISPLAY_ORDER,
  CONTENT_TYPES,
  type ContentSort,
  type ContentStatus,
  type ContentType,
  mayChangeItem,
  mayReadItemStats,
  type StaffContentRow,
} from '@kanal/contract';
import { useCallback, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/button';
import { ErrorView } from '@/components/feedback/status-view';
import { type ContentListParams, useCategories, useContentList } from '@/console/api/content';
import { ContentStatusBadge } from '@/console/components/content/content-status-badge';
import { EmptyState, SortHeader, TableFooter, TableSkeleton } from '@/console/components/lists/data-table';
import { FilterSelect, PhoneSort } from '@/console/components/lists/list-filter';
import { SearchBox } from '@/console/components/lists/search-box';
import { ConsolePage } from '@/console/layout/console-page';
import { useConsole } from '@/console/lib/console-context';
import { pageParam, useListParams } from '@/console/lib/list-params';
import { formatDateTime } from '@/lib/format';
import type { TFunction } from '@/lib/i18n';
import { useTranslation } from '@/lib/i18n';
import { reachLine } from '../lib/content-reach';
import { ContentActions } from './content-actions';
import '@/console/components/lists/filter-chips.css';
import './content-list.css';

const DEFAULT_SORT: ContentSort = '-publishAt';
const sortOf = (value: string | null): ContentSort =>
  (CONTENT_SORTS as readonly string[]).includes(value ?? '') ? (value as ContentSort) : DEFAULT_SORT;
const oneOf = <T extends string>(values: readonly T[], value: string | null): T[] =>
  values.includes(value as T) ? [value as T] : [];
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const dayOf = (value: string | null) => (value && DAY.test(value) ? value : '');

function useContentListParams() {
  const [params, update] = useListParams();
  const list = useMemo<ContentListParams>(
    () => ({
      q: params.get('q') ?? '',
      types: oneOf<ContentType>(CONTENT_TYPES, params.get('type')),
      statuses: oneOf<ContentStatus>(CONTENT_STATUSES, params.get('status')),
      category: params.get('category') ?? '',
      from: dayOf(params.get('from')),
      to: dayOf(params.get('to')),
      sort: sortOf(params.get('sort')),
      page: pageParam(params),
    }),
    [params],
  );
  return [list, update] as const;
}

/** The organisation's content: status chips, search, filters, sort and paging in the URL; actions per row. */
export function ContentListScreen() {
  const { t } = useTranslation('admin');
  const { canAuthor } = useConsole();
  const [params, update] = useContentListParams();
  const list = useContentList(params);
  const categories = useCategories();
  const onSearch = useCallback((q: string) => update({ q }), [update]);
  const onSort = useCallback((sort: ContentSort) => update({ sort: sort === DEFAULT_SORT ? null : sort }), [update]);
  const filtered =
    params.q !== '' ||
    params.types.length > 0 ||
    params.statuses.length > 0 ||
    params.category !== '' ||
    params.from !== '' ||
    params.to !== '';
  const items = list.data?.items ?? [];
  const newLink = (
    <Link to="/admin/content/new" className="button button--primary">
      {t('content.new')}
    </Link>
  );

  return (
    <ConsolePage title={t('content.title')} actions={canAuthor ? newLink : null}>
      <ul className="content-list__chips" aria-label={t('content.filters.status')}>
        {[null, ...CONTENT_STATUSES].map((status) => (
          <li key={status ?? 'all'}>
            <button
              type="button"
              className="content-list__chip"
              aria-pressed={(params.statuses[0] ?? null) === status}
              onClick={() => update({ status })}
            >
              {status ? t(`content.status.${status}`) : t('content.filters.all')}
            </button>
          </li>
        ))}
      </ul>
      <div className="list-toolbar">
        <SearchBox
          label={t('content.search')}
          placeholder={t('content.searchHint')}
          value={params.q}
          onSearch={onSearch}
        />
        <fieldset className="list-toolbar__filters">
          <legend className="visually-hidden">{t('content.filters.label')}</legend>
          <FilterSelect
            label={t('content.filters.type')}
            anyLabel={t('content.filters.any')}
            value={params.types[0] ?? ''}
            options={CONTENT_TYPE_DISPLAY_ORDER.map((type) => ({
              value: type,
              label: t(`contentType.${type}`, { ns: 'common' }),
            }))}
            onChange={(type) => update({ type })}
          />
          <FilterSelect
            label={t('content.filters.category')}
            anyLabel={t('content.filters.any')}
            value={params.category}
            options={(categories.data ?? []).map((category) => ({ value: category, label: category }))}
            onChange={(category) => update({ category })}
          />
          <label className="list-filter">
            <span className="field__label">{t('content.filters.from')}</span>
            <input
              type="date"
              className="field__input"
              value={params.from}
              max={params.to || undefined}
              onChange={(event) => update({ from: event.currentTarget.value })}
            />
          </label>
          <label className="list-filter">
            <span className="field__label">{t('content.filters.to')}</span>
            <input
              type="date"
              className="field__input"
              value={params.to}
              min={params.from || undefined}
              onChange={(event) => update({ to: event.currentTarget.value })}
            />
          </label>
          <PhoneSort
            label={t('content.filters.sort')}
            value={params.sort}
            sorts={CONTENT_SORTS}
            labelOf={(sort) => t(`content.sort.${sort}`)}
            onSort={onSort}
          />
          {filtered ? (
            <Button
              variant="secondary"
              className="list-toolbar__clear"
              onClick={() => update({ q: null, type: null, status: null, category: null, from: null, to: null })}
            >
              {t('console.actions.clearFilters')}
            </Button>
          ) : null}
        </fieldset>
      </div>

      {list.isPending ? (
        <TableSkeleton columns={6} />
      ) : list.isError ? (
        <ErrorView message={t('content.loadFailed')} onRetry={() => void list.refetch()} />
      ) : items.length === 0 ? (
        filtered ? (
          <EmptyState title={t('content.empty.filteredTitle')}>
            <p>{t('content.empty.filteredText')}</p>
          </EmptyState>
        ) : (
          <EmptyState title={t('content.empty.title')}>
            <p>{t('content.empty.text')}</p>
            {canAuthor ? <div className="console-page__actions">{newLink}</div> : null}
          </EmptyState>
        )
      ) : (
        <table className="data-table content-list" aria-busy={list.isPlaceholderData || undefined}>
          <caption className="visually-hidden">{t('content.title')}</caption>
          <thead>
            <tr>
              <SortHeader column="name" label={t('content.columns.name')} sort={params.sort} onSort={onSort} />
              <th scope="col">{t('content.columns.status')}</th>
              <SortHeader
                column="publishAt"
                label={t('content.columns.publishAt')}
                sort={params.sort}
                onSort={onSort}
              />
              <th scope="col">{t('content.columns.reach')}</th>
              <th scope="col">
                <span className="visually-hidden">{t('content.columns.actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {items.map((item) => (
              <ContentRow key={item.id} item={item} />
            ))}
          </tbody>
        </table>
      )}
      {list.data ? (
        <TableFooter
          count={list.data.count}
          page={params.page}
          pageSize={CONTENT_PAGE_SIZE}
          onPage={(page, how) => update({ page }, how)}
        />
      ) : null}
    </ConsolePage>
  );
}

/** A task's deadline and, when it repeats, how often, which repeat this is and whether the next replaced it. */
function taskLine(t: TFunction, task: NonNullable<StaffContentRow['task']>) {
  return [
    task.deadline ? t('content.task.deadline', { date: formatDateTime(task.deadline) }) : null,
    task.repeat === 'NO_REPEAT' ? null : t(`content.editor.repeats.${task.repeat}`),
    task.occurrence > 0 ? t('content.task.occurrence', { n: task.occurrence }) : null,
    task.replaced ? t('content.task.replaced') : null,
  ]
    .filter(Boolean)
    .join(' · ');
}

function ContentRow({ item }: { item: StaffContentRow }) {
  const { t } = useTranslation('admin');
  const { me } = useConsole();
  const [open, setOpen] = useState(false);
  const editable = mayChangeItem(me, item.creator.id);
  const reach = reachLine(t, item);
  return (
    <tr>
      <td>
        {/* A flex cell would stop being a table cell and leave its border behind as the row grows. */}
        <div className="content-list__what">
          <Link to={`/admin/content/${item.id}`} className="link content-list__name">
            {item.name}
          </Link>
          <span className="data-table__muted">
            {[t(`contentType.${item.type}`, { ns: 'common' }), item.category, item.creator.name]
              .filter(Boolean)
              .join(' · ')}
          </span>
          {item.task ? <span className="data-table__muted">{taskLine(t, item.task)}</span> : null}
        </div>
      </td>
      <td data-label={t('content.columns.status')}>
        <ContentStatusBadge status={item.status} />
      </td>
      <td data-label={t('content.columns.publishAt')}>
        {item.status === 'draft' ? '–' : formatDateTime(item.publishAt)}
      </td>
      <td data-label={t('content.columns.reach')}>
        {item.status === 'draft' ? (
          '–'
        ) : !mayReadItemStats(me, item.creator.id) ? (
          reach
        ) : (
          <Link to={`/admin/content/${item.id}/statistics`} className="link">
            {reach}
            <span className="visually-hidden">
              : {t('stats.item.link')}, {item.name}
            </span>
          </Link>
        )}
      </td>
      <td className="content-list__actions">
        {editable ? (
          <>
            <button
              type="button"
              className="button button--ghost"
              aria-expanded={open}
              onClick={() => setOpen((shown) => !shown)}
            >
              {t('content.actions.more')}
              <span className="visually-hidden">: {item.name}</span>
            </button>
            {open ? (
              <ContentActions
                item={{ id: item.id, name: item.name, status: item.status, ...item.counts }}
                onDeleted={() => setOpen(false)}
              />
            ) : null}
          </>
        ) : null}
      </td>
    </tr>
  );
}
