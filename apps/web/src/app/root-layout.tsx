import { useLayoutEffect } from 'react';
import { Outlet, useLocation, useNavigation, useNavigationType, useRouteError } from 'react-router';
import { Button } from '@/components/button';
import { LoadingView } from '@/components/feedback/status-view';
import { useTranslation } from '@/lib/i18n';
import './root-layout.css';

/**
 * A new page opens at the top (the window otherwise keeps the last page's scroll). Back and forward
 * are left to the browser, which returns to where the person was: react-router's ScrollRestoration
 * restores before the list below has its height under Preact, and lands short.
 */
function useNewPageAtTop() {
  const { key } = useLocation();
  const navigationType = useNavigationType();
  // Once per visited location: its key is new on every push and replace.
  useLayoutEffect(() => {
    if (key && navigationType !== 'POP') window.scrollTo(0, 0);
  }, [key, navigationType]);
}

export function RootLayout() {
  const navigation = useNavigation();
  useNewPageAtTop();
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
