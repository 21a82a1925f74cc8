import { useTranslation } from 'react-i18next';
import { Page } from '@/components/page';
import { useDocumentTitle } from '@/lib/use-document-title';

export function Component() {
  const { t } = useTranslation('home');
  useDocumentTitle(t('archive.title'));
  return (
    <Page title={t('archive.title')}>
      <div className="empty-state">
        <p className="empty-state__title">{t('archive.empty')}</p>
      </div>
    </Page>
  );
}
