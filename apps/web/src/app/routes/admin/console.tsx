import { may } from '@kanal/contract';
import { useTranslation } from 'react-i18next';
import { ErrorView, LoadingView } from '@/components/feedback/status-view';
import { useMe } from '@/features/auth/api/get-me';
import { useSignOut } from '@/features/auth/api/sign-out';
import { ConsoleHome } from '@/features/console/components/console-home';
import { ConsoleLayout } from '@/features/console/components/console-layout';
import { ContentAnswersScreen } from '@/features/console/components/content-answers-screen';
import { ContentCommentsScreen } from '@/features/console/components/content-comments-screen';
import {
  ContentEditorScreen,
  NewContentScreen,
  NewPromotionScreen,
} from '@/features/console/components/content-editor-screen';
import { ContentListScreen } from '@/features/console/components/content-list-screen';
import { ExportsScreen } from '@/features/console/components/exports-screen';
import { GroupScreen } from '@/features/console/components/group-screen';
import { GroupsScreen } from '@/features/console/components/groups-screen';
import { ImportScreen } from '@/features/console/components/import-screen';
import { guardScreens } from '@/features/console/components/not-available';
import { PromotionScreen } from '@/features/console/components/promotion-screen';
import { PromotionsScreen } from '@/features/console/components/promotions-screen';
import { SystemScreen } from '@/features/console/components/system-screen';
import { NewTenantScreen } from '@/features/console/components/tenant-new-screen';
import { TenantScreen } from '@/features/console/components/tenant-screen';
import { TenantsScreen } from '@/features/console/components/tenants-screen';
import { NewUserScreen } from '@/features/console/components/user-new-screen';
import { UserScreen } from '@/features/console/components/user-screen';
import { UsersScreen } from '@/features/console/components/users-screen';
import { loadAreaTexts } from '@/lib/i18n';
import { Component as NotFound } from '../not-found';

/**
 * The whole console is one chunk, fetched when /admin is first opened: the route table then names one
 * import instead of one per screen, and the end-user pages' first load stays as small as it was.
 */
export const screens = guardScreens({
  ConsoleHome,
  ContentListScreen,
  NewContentScreen,
  ContentEditorScreen,
  ContentCommentsScreen,
  ContentAnswersScreen,
  UsersScreen,
  NewUserScreen,
  UserScreen,
  GroupsScreen,
  GroupScreen,
  ImportScreen,
  ExportsScreen,
  TenantsScreen,
  NewTenantScreen,
  TenantScreen,
  PromotionsScreen,
  NewPromotionScreen,
  PromotionScreen,
  SystemScreen,
});
export type ConsoleScreen = keyof typeof screens;

// The console's texts come with its chunk, never with the end-user app's.
export async function loader() {
  await loadAreaTexts('admin', {
    hr: () => import('@/locales/hr/admin/index'),
    en: () => import('@/locales/en/admin/index'),
  });
  return null;
}

/** The admin console, for the staff roles; to anyone else /admin does not exist. */
export function Component() {
  const { t } = useTranslation('shell');
  const me = useMe();
  const signOut = useSignOut();
  if (me.isPending) return <LoadingView />;
  if (me.isError) {
    return (
      <main id="main">
        <ErrorView message={t('userLoadFailed')} onRetry={() => void me.refetch()} />
      </main>
    );
  }
  if (!may(me.data, 'console')) return <NotFound />;
  return <ConsoleLayout me={me.data} signOut={{ run: () => signOut.mutate(), pending: signOut.isPending }} />;
}
