import { useTranslation } from 'react-i18next';
import { Outlet, useNavigation, useRouteError } from 'react-router';
import { Button } from '@/components/button';
import { LoadingView } from '@/components/status-view';
import './root-layout.css';

export function RootLayout() {
  const navigation = useNavigation();
  return (
    <>
      {navigation.state === 'loading' ? <div className="route-progress" aria-hidden="true" /> : null}
      <Outlet />
    </>
  );
}

export function RootFallback() {
  return <LoadingView />;
}

/** Mostly a screen's chunk that failed to load (a new deployment, a lost connection): offer a reload. */
export function RootError() {
  const error = useRouteError();
  const { t } = useTranslation('common');
  if (error) console.error(error);
  return (
    <main className="status-view status-view--page" id="main">
      <p className="error-text" role="alert">
        {t('loadFailed')}
      </p>
      <Button onClick={() => window.location.reload()}>{t('reload')}</Button>
    </main>
  );
}
