import { useTranslation } from '@/lib/i18n';
import { Button } from '../button';
import { Spinner } from './spinner';
import '../form/error-text.css';
import './status-view.css';

export function LoadingView() {
  const { t } = useTranslation('common');
  return (
    <div className="status-view">
      <Spinner label={t('loading')} />
    </div>
  );
}

export function ErrorView({ message, onRetry }: { message: string; onRetry?: () => void }) {
  const { t } = useTranslation('common');
  return (
    <div className="status-view">
      <p className="error-text" role="alert">
        {message}
      </p>
      {onRetry ? (
        <Button variant="secondary" onClick={onRetry}>
          {t('retry')}
        </Button>
      ) : null}
    </div>
  );
}
