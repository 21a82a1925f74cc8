import { useEffect } from 'react';
import { useTranslation } from '@/lib/i18n';

export function useDocumentTitle(title: string | undefined) {
  const { t } = useTranslation('common');
  const app = t('appName');
  useEffect(() => {
    document.title = title ? `${title} · ${app}` : app;
  }, [title, app]);
}
