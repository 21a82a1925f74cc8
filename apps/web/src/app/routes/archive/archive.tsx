import { Page } from '@/components/page';
import { ArchiveList } from '@/features/archive/components/archive-list';
import { useDocumentTitle } from '@/lib/hooks/use-document-title';
import { useTranslation } from '@/lib/i18n';

export { loader } from './archive-texts';

export function Component() {
  const { t } = useTranslation('archive');
  useDocumentTitle(t('title'));
  return (
    <Page title={t('title')}>
      <ArchiveList />
    </Page>
  );
}
