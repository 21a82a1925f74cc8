import { useTranslation } from 'react-i18next';
import { Page } from '@/components/page';
import { BrowserPush } from '@/features/notifications/components/browser-push';
import { NotificationSettingsForm } from '@/features/notifications/components/notification-settings';
import { useDocumentTitle } from '@/lib/use-document-title';

export function Component() {
  const { t } = useTranslation('shell');
  useDocumentTitle(t('notifications.title'));
  return (
    <Page title={t('notifications.title')} narrow>
      <div className="card card--flat notification-settings">
        <BrowserPush />
        <NotificationSettingsForm />
      </div>
    </Page>
  );
}
