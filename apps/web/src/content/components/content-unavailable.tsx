import { Link } from 'react-router';
import { ErrorView } from '@/components/feedback/status-view';
import { ApiError } from '@/lib/api-client';
import { useTranslation } from '@/lib/i18n';

/** 404, or 400 for an id the server refuses outright (beyond its integer range): either way, no such item. */
export const isNotFound = (error: unknown) =>
  error instanceof ApiError && (error.status === 404 || error.status === 400);

/** An item that does not exist (or is not the caller's: the API answers 404 for both) or did not load. */
export function ContentUnavailable({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const { t } = useTranslation('content');
  if (error === null || isNotFound(error)) {
    return (
      <div className="status-view">
        <p className="status-view__title" role="alert">
          {t('status.notFound')}
        </p>
        <Link to="/" className="link">
          {t('goHome', { ns: 'common' })}
        </Link>
      </div>
    );
  }
  return <ErrorView message={t('status.loadFailed')} onRetry={onRetry} />;
}

/** Route ids arrive as text; anything but a positive integer cannot name an item. */
export const parseId = (value: string | undefined) => {
  const id = Number(value);
  return Number.isInteger(id) && id > 0 ? id : null;
};
