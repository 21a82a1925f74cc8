import { hasConsole } from '@kanal/contract';
import { useTranslation } from 'react-i18next';
import { ErrorView, LoadingView } from '@/components/status-view';
import { useMe } from '@/features/auth/api/get-me';
import { ConsoleLayout } from '@/features/console/components/console-layout';
import { loadAreaTexts } from '@/lib/i18n';
import { Component as NotFound } from '../not-found';

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
  if (me.isPending) return <LoadingView />;
  if (me.isError) {
    return (
      <main id="main">
        <ErrorView message={t('userLoadFailed')} onRetry={() => void me.refetch()} />
      </main>
    );
  }
  if (!hasConsole(me.data.role)) return <NotFound />;
  return <ConsoleLayout me={me.data} />;
}
