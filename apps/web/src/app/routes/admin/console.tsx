import { may } from '@kanal/contract';
import { ErrorView, LoadingView } from '@/components/feedback/status-view';
import { ConsoleHome } from '@/console/layout/console-home';
import { ConsoleLayout } from '@/console/layout/console-layout';
import { guardScreens } from '@/console/layout/not-available';
import { useMe } from '@/features/auth/api/get-me';
import { useSignOut } from '@/features/auth/api/sign-out';
import { QuestionBankScreen } from '@/features/authoring/components/bank/question-bank-screen';
import {
  ContentEditorScreen,
  NewContentScreen,
  NewPromotionScreen,
} from '@/features/authoring/components/content-editor-screen';
import { ContentListScreen } from '@/features/authoring/components/content-list-screen';
import { CertificatesScreen } from '@/features/certificates/components/certificates-screen';
import { CommentQueueScreen } from '@/features/moderation/components/comment-queue-screen';
import { ContentCommentsScreen } from '@/features/moderation/components/content-comments-screen';
import { SystemScreen } from '@/features/operations/components/system-screen';
import { PromotionScreen } from '@/features/organisations/components/promotion-screen';
import { PromotionsScreen } from '@/features/organisations/components/promotions-screen';
import { NewTenantScreen } from '@/features/organisations/components/tenant-new-screen';
import { TenantScreen } from '@/features/organisations/components/tenant-screen';
import { TenantsScreen } from '@/features/organisations/components/tenants-screen';
import { GroupScreen } from '@/features/people/components/groups/group-screen';
import { GroupsScreen } from '@/features/people/components/groups/groups-screen';
import { ExportsScreen } from '@/features/people/components/transfer/exports-screen';
import { ImportScreen } from '@/features/people/components/transfer/import-screen';
import { NewUserScreen } from '@/features/people/components/users/user-new-screen';
import { UserScreen } from '@/features/people/components/users/user-screen';
import { UsersScreen } from '@/features/people/components/users/users-screen';
import { ReviewScreen } from '@/features/review/components/review-screen';
import { ScimTokensScreen } from '@/features/scim/components/scim-tokens-screen';
import { NewIdentityProviderScreen } from '@/features/sso/components/identity-provider-new-screen';
import { IdentityProviderScreen } from '@/features/sso/components/identity-provider-screen';
import { IdentityProvidersScreen } from '@/features/sso/components/identity-providers-screen';
import { ContentAnswersScreen } from '@/features/statistics/components/content-answers-screen';
import { loadAreaTexts, useTranslation } from '@/lib/i18n';
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
  CommentQueueScreen,
  ReviewScreen,
  QuestionBankScreen,
  CertificatesScreen,
  ContentAnswersScreen,
  UsersScreen,
  NewUserScreen,
  UserScreen,
  GroupsScreen,
  GroupScreen,
  ImportScreen,
  ExportsScreen,
  IdentityProvidersScreen,
  NewIdentityProviderScreen,
  IdentityProviderScreen,
  ScimTokensScreen,
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
