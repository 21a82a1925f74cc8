import { Outlet } from 'react-router';
import { ErrorView, LoadingView } from '@/components/feedback/status-view';
import { Toaster } from '@/components/feedback/toast';
import { useMe } from '@/features/auth/api/get-me';
import { useSignOut } from '@/features/auth/api/sign-out';
import { useSendKeptAnswers } from '@/features/forms/hooks/use-send-kept-answers';
import { Bell } from '@/features/notifications/components/bell';
import { useLanguageFollower } from '@/features/notifications/hooks/use-language-follower';
import { ProfileStats } from '@/features/profile/components/profile-stats';
import { TopBar } from '@/features/shell/components/top-bar';
import { useTenantColors } from '@/features/shell/hooks/use-tenant-colors';
import { useTenantManifest } from '@/features/shell/hooks/use-tenant-manifest';
import { useOnline } from '@/lib/browser/offline';
import { useTranslation } from '@/lib/i18n';
import './app-layout.css';

/** Everything behind login: the user's details first, then the top bar and the screen. */
export function Component() {
  const { t } = useTranslation('shell');
  const me = useMe();
  const signOut = useSignOut();
  const online = useOnline();
  useSendKeptAnswers();
  useLanguageFollower();
  useTenantManifest(me.isSuccess);
  useTenantColors(me.data?.tenant);

  if (me.isPending) return <LoadingView />;
  if (me.isError) {
    return (
      <main id="main">
        <ErrorView message={t('userLoadFailed')} onRetry={() => void me.refetch()} />
      </main>
    );
  }
  return (
    <>
      <a href="#main" className="skip-link">
        {t('skipToContent', { ns: 'common' })}
      </a>
      <TopBar
        me={me.data}
        onSignOut={() => signOut.mutate()}
        signingOut={signOut.isPending}
        profileStats={<ProfileStats />}
        bell={<Bell />}
      />
      {online ? null : (
        <p className="offline-banner" role="status">
          {t('offline')}
        </p>
      )}
      <main id="main" className="main" tabIndex={-1}>
        <Outlet context={me.data} />
      </main>
      <Toaster />
    </>
  );
}
