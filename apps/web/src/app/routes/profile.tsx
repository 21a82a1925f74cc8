import { ErrorView, LoadingView } from '@/components/feedback/status-view';
import { LanguageSwitch } from '@/components/language-switch';
import { Page } from '@/components/page';
import { useMe } from '@/features/auth/api/get-me';
import { BrowserPush } from '@/features/notifications/components/browser-push';
import { NotificationSettingsForm } from '@/features/notifications/components/notification-settings';
import {
  AvatarSection,
  DetailsSection,
  EmailSection,
  ProfileSection,
} from '@/features/profile/components/profile-editor';
import { useDocumentTitle } from '@/lib/hooks/use-document-title';
import { useTranslation } from '@/lib/i18n';

export { loader } from './profile-texts';

/** /profile: what the person may change of their own account, and how they are told of new content. */
export function Component() {
  const { t } = useTranslation('profile');
  const me = useMe();
  useDocumentTitle(t('title'));
  if (me.isPending) return <LoadingView />;
  if (me.isError) return <ErrorView message={t('userLoadFailed', { ns: 'shell' })} onRetry={() => void me.refetch()} />;
  return (
    <Page title={t('title')} narrow>
      <AvatarSection me={me.data} />
      <DetailsSection key={me.data.id} me={me.data} />
      <EmailSection me={me.data} />
      {/* The switch's own legend names it. */}
      <div className="card card--flat profile-section">
        <LanguageSwitch />
      </div>
      <ProfileSection title={t('notifications.title')}>
        <div className="notification-settings">
          <BrowserPush />
          <NotificationSettingsForm />
        </div>
      </ProfileSection>
    </Page>
  );
}
