import { useTranslation } from '@/lib/i18n';
import { pagerPages } from '@/lib/pager';
import { ChevronLeftIcon, ChevronRightIcon } from '../content-icons';
import '../button.css';
import './pager.css';

type Props = {
  /** Zero-based. */
  page: number;
  pageCount: number;
  onPage: (page: number) => void;
  /** Names the navigation landmark ("Archive pages"). */
  label: string;
};

/** Previous, up to five page numbers (the current one marked) and next; nothing for a single page. */
export function Pager({ page, pageCount, onPage, label }: Props) {
  const { t } = useTranslation('common');
  if (pageCount <= 1) return null;
  return (
    <nav className="pager" aria-label={label}>
      <button
        type="button"
        className="icon-button"
        aria-label={t('pager.previous')}
        title={t('pager.previous')}
        disabled={page === 0}
        onClick={() => onPage(page - 1)}
      >
        <ChevronLeftIcon />
      </button>
      <ul className="pager__pages">
        {pagerPages(page, pageCount).map((number) => (
          <li key={number}>
            <button
              type="button"
              className="pager__page"
              aria-label={t('pager.page', { number: number + 1 })}
              aria-current={number === page ? 'page' : undefined}
              onClick={() => onPage(number)}
            >
              {number + 1}
            </button>
          </li>
        ))}
      </ul>
      <button
        type="button"
        className="icon-button"
        aria-label={t('pager.next')}
        title={t('pager.next')}
        disabled={page >= pageCount - 1}
        onClick={() => onPage(page + 1)}
      >
        <ChevronRightIcon />
      </button>
    </nav>
  );
}
