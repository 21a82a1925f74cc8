import { createBrowserRouter, type RouteObject } from 'react-router';
import { RequireAuth } from './require-auth';
import { RootError, RootFallback, RootLayout } from './root-layout';
import type { ConsoleScreen } from './routes/admin/console';
import type { StatsScreen } from './routes/admin/statistics';

const loadConsole = () => import('./routes/admin/console');
const consoleScreen = (name: ConsoleScreen) => async () => ({ Component: (await loadConsole()).screens[name] });
const statsScreen = (name: StatsScreen) => async () => ({
  Component: (await import('./routes/admin/statistics')).screens[name],
});

// Every screen is its own lazily loaded chunk, and the admin console one chunk for all its screens: the
// first load carries only the router and this table.
export const routes: RouteObject[] = [
  {
    Component: RootLayout,
    ErrorBoundary: RootError,
    HydrateFallback: RootFallback,
    children: [
      { path: 'login', lazy: () => import('./routes/account/login') },
      { path: 'forgot-password', lazy: () => import('./routes/account/forgot-password') },
      { path: 'forgot-password/success', lazy: () => import('./routes/account/forgot-password-success') },
      { path: 'reset-password/:token', lazy: () => import('./routes/account/reset-password') },
      { path: 'welcome/:token', lazy: () => import('./routes/account/reset-password') },
      { path: 'activate/:token', lazy: () => import('./routes/account/reset-password') },
      { path: 'unsubscribe/:token', lazy: () => import('./routes/account/unsubscribe') },
      { path: 'confirm-email/:token', lazy: () => import('./routes/account/confirm-email') },
      { path: 'sso', lazy: () => import('./routes/account/sso') },
      { path: 'verify/:code', lazy: () => import('./routes/verify') },
      {
        Component: RequireAuth,
        children: [
          {
            lazy: () => import('./routes/app-layout'),
            children: [
              { index: true, lazy: () => import('./routes/home') },
              { path: 'content/:id', lazy: () => import('./routes/content/content-materials') },
              { path: 'content/:id/intro', lazy: () => import('./routes/content/content-intro') },
              { path: 'content/:id/comment', lazy: () => import('./routes/content/content-comment') },
              // One question screen and one end screen serve quizzes and polls alike.
              { path: 'content/:id/quiz', lazy: () => import('./routes/content/content-questions') },
              { path: 'content/:id/poll', lazy: () => import('./routes/content/content-questions') },
              { path: 'content/:id/quiz/end', lazy: () => import('./routes/content/content-form-end') },
              { path: 'content/:id/poll/end', lazy: () => import('./routes/content/content-form-end') },
              { path: 'task/:id', lazy: () => import('./routes/content/task') },
              { path: 'archive', lazy: () => import('./routes/archive/archive') },
              { path: 'archive/:id', lazy: () => import('./routes/archive/archive-detail') },
              { path: 'archive/:id/content', lazy: () => import('./routes/archive/archive-content') },
              { path: 'archive/:id/questions', lazy: () => import('./routes/archive/archive-questions') },
              { path: 'change-password', lazy: () => import('./routes/account/change-password') },
              { path: 'change-password/success', lazy: () => import('./routes/account/change-password-success') },
              { path: 'profile', lazy: () => import('./routes/profile') },
            ],
          },
          {
            path: 'admin',
            lazy: async () => {
              const { loader, Component } = await loadConsole();
              return { loader, Component };
            },
            children: [
              { index: true, lazy: consoleScreen('ConsoleHome') },
              { path: 'dashboard', lazy: statsScreen('DashboardScreen') },
              { path: 'content', lazy: consoleScreen('ContentListScreen') },
              { path: 'content/new', lazy: consoleScreen('NewContentScreen') },
              { path: 'content/:id', lazy: consoleScreen('ContentEditorScreen') },
              { path: 'content/:id/comments', lazy: consoleScreen('ContentCommentsScreen') },
              { path: 'content/:id/certificates', lazy: consoleScreen('CertificatesScreen') },
              { path: 'comments', lazy: consoleScreen('CommentQueueScreen') },
              { path: 'reviews', lazy: consoleScreen('ReviewScreen') },
              { path: 'question-bank', lazy: consoleScreen('QuestionBankScreen') },
              { path: 'content/:id/answers', lazy: consoleScreen('ContentAnswersScreen') },
              { path: 'content/:id/statistics', lazy: statsScreen('ContentStatsScreen') },
              // Its own chunk: it brings the end-user screens, which the rest of the console does not need.
              { path: 'content/:id/preview', lazy: () => import('./routes/admin/content-preview') },
              { path: 'users', lazy: consoleScreen('UsersScreen') },
              { path: 'users/new', lazy: consoleScreen('NewUserScreen') },
              { path: 'users/:id', lazy: consoleScreen('UserScreen') },
              { path: 'groups', lazy: consoleScreen('GroupsScreen') },
              { path: 'groups/:id', lazy: consoleScreen('GroupScreen') },
              { path: 'import', lazy: consoleScreen('ImportScreen') },
              { path: 'exports', lazy: consoleScreen('ExportsScreen') },
              { path: 'sso', lazy: consoleScreen('IdentityProvidersScreen') },
              { path: 'sso/new', lazy: consoleScreen('NewIdentityProviderScreen') },
              { path: 'sso/:id', lazy: consoleScreen('IdentityProviderScreen') },
              { path: 'scim', lazy: consoleScreen('ScimTokensScreen') },
              { path: 'tenants', lazy: consoleScreen('TenantsScreen') },
              { path: 'tenants/new', lazy: consoleScreen('NewTenantScreen') },
              { path: 'tenants/:id', lazy: consoleScreen('TenantScreen') },
              { path: 'promotions', lazy: consoleScreen('PromotionsScreen') },
              { path: 'promotions/new', lazy: consoleScreen('NewPromotionScreen') },
              { path: 'promotions/:id', lazy: consoleScreen('PromotionScreen') },
              { path: 'system', lazy: consoleScreen('SystemScreen') },
            ],
          },
        ],
      },
      { path: '*', lazy: () => import('./routes/not-found') },
    ],
  },
];

export const createAppRouter = () => createBrowserRouter(routes);
