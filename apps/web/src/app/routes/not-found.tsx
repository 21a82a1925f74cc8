import { Link } from 'react-router';
import { useDocumentTitle } from '@/lib/hooks/use-document-title';
import { useTranslation } from '@/lib/i18n';
import '@/components/feedback/status-view.css';
import './not-found.css';

export function Component() {
  const { t } = useTranslation('common');
  useDocumentTitle('404');
  return (
    <main className="status-view status-view--page" id="main">
      <h1 className="not-found__title">{t('notFound')}</h1>
      <Link to="/" className="link">
        {t('goHome')}
      </Link>
    </main>
  );
}
