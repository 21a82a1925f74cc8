import { type ReactNode, useEffect, useRef } from 'react';
import { Pager } from '@/components/feedback/pager';
import { useTranslation } from '@/lib/i18n';
import './data-table.css';

/**
 * A column header that sorts: the button names the column, `aria-sort` says the direction. `sort` is
 * the list's current sort (`name` or `-name`); pressing the column sorts by it, then reverses.
 */
export function SortHeader<S extends string>({
  column,
  label,
  sort,
  onSort,
}: {
  column: S;
  label: string;
  sort: string;
  onSort: (sort: S) => void;
}) {
  const direction = sort === column ? 'ascending' : sort === `-${column}` ? 'descending' : undefined;
  return (
    <th scope="col" aria-sort={direction}>
      <button
        type="button"
        className="data-table__sort"
        onClick={() => onSort((direction === 'ascending' ? `-${column}` : column) as S)}
      >
        {label}
        <span aria-hidden="true" className="data-table__sort-mark">
          {direction === 'ascending' ? '▲' : direction === 'descending' ? '▼' : '↕'}
        </span>
      </button>
    </th>
  );
}

/** The header cell that ticks or clears every row on the page. */
export function SelectAllHeader({ checked, onChange }: { checked: boolean; onChange: () => void }) {
  const { t } = useTranslation('admin');
  return (
    <th scope="col" className="data-table__select">
      {/* The words show on a phone, where the header row is gone and this box stands alone above the cards. */}
      <label className="data-table__select-all">
        <input type="checkbox" checked={checked} onChange={onChange} />
        <span className="data-table__select-all-text">{t('console.table.selectAll')}</span>
      </label>
    </th>
  );
}

/** A row's tick box, named after the row. */
export function SelectCell({ name, checked, onChange }: { name: string; checked: boolean; onChange: () => void }) {
  const { t } = useTranslation('admin');
  return (
    <td className="data-table__select">
      <input
        type="checkbox"
        aria-label={t('console.table.selectRow', { name })}
        checked={checked}
        onChange={onChange}
      />
    </td>
  );
}

/** Rows of grey bars while the first page loads, shaped like the table that will replace them. */
export function TableSkeleton({ columns, rows = 5 }: { columns: number; rows?: number }) {
  const { t } = useTranslation('common');
  return (
    <div className="table-skeleton" role="status" aria-label={t('loading')}>
      {Array.from({ length: rows }, (_, row) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have nothing else to tell them apart.
        <div key={row} className="table-skeleton__row" aria-hidden="true">
          {Array.from({ length: columns }, (_, column) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: as above.
            <span key={column} className="table-skeleton__cell" />
          ))}
        </div>
      ))}
    </div>
  );
}

/** What an empty list says, and what to do about it. */
export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="empty-state">
      <p className="empty-state__title">{title}</p>
      {children}
    </div>
  );
}

/**
 * "21–40 od 137" and the pager under a table. A page past the end (an old link, `?page=999`, the last
 * rows removed) is put right to the last page, in place of the one in the history.
 */
export function TableFooter({
  count,
  page,
  pageSize,
  onPage,
}: {
  count: number;
  /** Zero-based. */
  page: number;
  pageSize: number;
  onPage: (page: number, options?: { replace: boolean }) => void;
}) {
  const { t } = useTranslation('admin');
  const lastPage = Math.max(0, Math.ceil(count / pageSize) - 1);
  // Once per page and count: the screens' onPage is new at each render, and the router renders again
  // while the move is under way, which would start it again (and cancel the one under way) for ever.
  const onPageNow = useRef(onPage);
  onPageNow.current = onPage;
  useEffect(() => {
    if (page > lastPage) onPageNow.current(lastPage, { replace: true });
  }, [page, lastPage]);
  if (count === 0) return null;
  return (
    <div className="data-table__footer">
      <p className="data-table__range">
        {t('console.table.range', {
          from: page * pageSize + 1,
          to: Math.min(count, (page + 1) * pageSize),
          count,
        })}
      </p>
      <Pager page={page} pageCount={Math.ceil(count / pageSize)} onPage={onPage} label={t('console.table.pages')} />
    </div>
  );
}
