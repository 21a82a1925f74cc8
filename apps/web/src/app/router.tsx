import { createBrowserRouter, type RouteObject } from 'react-router';
import { RequireAuth } from './require-auth';
import { RootError, RootFallback, RootLayout } from './root-layout';

// Every screen is its own lazily loaded chunk: the first load carries only the router and this table.
export const routes: RouteObject[] = [
  {
    Component: RootLayout,
    ErrorBoundary: RootError,
    HydrateFallback: RootFallback,
    children: [
      { path: 'login', lazy: () => import('./routes/login') },
      { path: 'forgot-password', lazy: () => import('./routes/forgot-password') },
      { path: 'forgot-password/success', lazy: () => import('./routes/forgot-password-success') },
      { path: 'reset-password/:token', lazy: () => import('./routes/reset-password') },
      { path: 'activate/:token', lazy: () => import('./routes/activate') },
      {
        Component: RequireAuth,
        children: [
          {
            lazy: () => import('./routes/app-layout'),
            children: [
              { index: true, lazy: () => import('./routes/home') },
              { path: 'content/:id', lazy: () => import('./routes/content-materials') },
              { path: 'content/:id/intro', lazy: () => import('./routes/content-intro') },
              { path: 'content/:id/comment', lazy: () => import('./routes/content-comment') },
              { path: 'task/:id', lazy: () => import('./routes/task') },
              { path: 'archive', lazy: () => import('./routes/archive') },
              { path: 'change-password', lazy: () => import('./routes/change-password') },
              { path: 'change-password/success', lazy: () => import('./routes/change-password-success') },
            ],
          },
        ],
      },
      { path: '*', lazy: () => import('./routes/not-found') },
    ],
  },
];

export const createAppRouter = () => createBrowserRouter(routes);
